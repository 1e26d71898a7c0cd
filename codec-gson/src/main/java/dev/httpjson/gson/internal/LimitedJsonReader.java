package dev.httpjson.gson.internal;

import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.httpjson.JsonReadException;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Gson's reader with httpjson's parser limits (number, string and name length; Gson enforces the
 * nesting depth itself) and the property matching Gson lacks: case-insensitive names and a
 * rejection of unknown ones, applied to the objects that {@link PropertyNames} announces.
 */
final class LimitedJsonReader extends JsonReader {
  private static final Pattern LOCATION =
      Pattern.compile(" at line (\\d+) column (\\d+) path (.*)");

  private final ReadSettings settings;
  private final ArrayDeque<Frame> frames = new ArrayDeque<>();
  private int depth;

  LimitedJsonReader(Reader in, ReadSettings settings, boolean sequence) {
    super(in);
    this.settings = settings;
    // NDJSON is several top-level values, which only Gson's lenient mode reads.
    setStrictness(sequence ? Strictness.LENIENT : Strictness.STRICT);
    setNestingLimit(settings.maxNestingDepth);
  }

  /** The properties of the object about to be read (by a reflective adapter). */
  void expectObject(Set<String> names, Map<String, String> byLowerCase) {
    frames.push(new Frame(depth + 1, names, byLowerCase));
  }

  void endExpectation() {
    frames.pop();
  }

  @Override
  public void beginObject() throws IOException {
    super.beginObject();
    depth++;
  }

  @Override
  public void endObject() throws IOException {
    super.endObject();
    depth--;
  }

  @Override
  public void beginArray() throws IOException {
    super.beginArray();
    depth++;
  }

  @Override
  public void endArray() throws IOException {
    super.endArray();
    depth--;
  }

  @Override
  public String nextName() throws IOException {
    String name = super.nextName();
    if (name.length() > ReadSettings.MAX_NAME_LENGTH) {
      throw failure(
          "Name length ("
              + name.length()
              + ") exceeds the maximum allowed ("
              + ReadSettings.MAX_NAME_LENGTH
              + ") (the parsers' limit on a property name, not a JsonOptions setting)",
          null);
    }
    Frame frame = frames.peek();
    if (frame == null || frame.depth != depth || frame.names.contains(name)) {
      return name;
    }
    if (settings.caseInsensitive) {
      String canonical = frame.byLowerCase.get(name.toLowerCase(Locale.ROOT));
      if (canonical != null) {
        return canonical;
      }
    }
    if (!settings.ignoreUnknown) {
      throw failure(
          "Unrecognized property \""
              + name
              + "\" (known properties: "
              + frame.names.stream()
                  .map(n -> '"' + n + '"')
                  .collect(java.util.stream.Collectors.joining(", "))
              + ")",
          null);
    }
    return name;
  }

  @Override
  public String nextString() throws IOException {
    JsonToken token = peek();
    String s = super.nextString();
    check(token, s);
    return s;
  }

  @Override
  public int nextInt() throws IOException {
    if (peek() != JsonToken.NUMBER) {
      return super.nextInt();
    }
    String s = nextString();
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      double d = Double.parseDouble(s);
      int i = (int) d;
      if (i != d) {
        throw new NumberFormatException("Expected an int but was " + s + location());
      }
      return i;
    }
  }

  @Override
  public long nextLong() throws IOException {
    if (peek() != JsonToken.NUMBER) {
      return super.nextLong();
    }
    String s = nextString();
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      double d = Double.parseDouble(s);
      long l = (long) d;
      if (l != d) {
        throw new NumberFormatException("Expected a long but was " + s + location());
      }
      return l;
    }
  }

  @Override
  public double nextDouble() throws IOException {
    if (peek() != JsonToken.NUMBER) {
      return super.nextDouble();
    }
    // A JSON number too large for a double is an infinity, as in the Jackson codecs; NaN and
    // Infinity literals are not numbers in strict mode, so they never get here.
    return Double.parseDouble(nextString());
  }

  private void check(JsonToken token, String s) throws JsonReadException {
    if (token == JsonToken.NUMBER) {
      if (s.length() > settings.maxNumberLength) {
        throw failure(
            "Number value length ("
                + s.length()
                + ") exceeds the maximum allowed ("
                + settings.maxNumberLength
                + ") (the limit is JsonOptions.maxNumberLength)",
            null);
      }
    } else if (s.length() > settings.maxStringLength) {
      throw failure(
          "String value length ("
              + s.length()
              + ") exceeds the maximum allowed ("
              + settings.maxStringLength
              + ") (the limit is JsonOptions.maxStringLength)",
          null);
    }
  }

  private String location() {
    String s = toString();
    return s.substring(s.indexOf(" at line"));
  }

  /** A failure at the reader's current position. */
  JsonReadException failure(String problem, @Nullable Throwable cause) {
    Matcher m = LOCATION.matcher(toString());
    if (m.find()) {
      return new JsonReadException(
          problem, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), m.group(3), cause);
    }
    return new JsonReadException(problem, -1, -1, getPath(), cause);
  }

  /**
   * A Gson failure as a read failure: the position and path from Gson's message when it has them,
   * else the reader's; the problem without Gson's position and troubleshooting link.
   */
  JsonReadException failure(Throwable e) {
    String message = String.valueOf(e.getMessage());
    int link = message.indexOf("\nSee https://");
    if (link >= 0) {
      message = message.substring(0, link);
    }
    Matcher m = LOCATION.matcher(message);
    String problem = m.find() ? message.substring(0, m.start()) : message;
    if (e instanceof java.io.EOFException || problem.startsWith("End of input")) {
      problem = "Unexpected end-of-input";
    } else if (problem.startsWith("Nesting limit")) {
      // In the words of the Jackson codecs, so that every codec names the limit alike.
      problem =
          "Document nesting depth ("
              + (settings.maxNestingDepth + 1)
              + ") exceeds the maximum allowed ("
              + settings.maxNestingDepth
              + ") (the limit is JsonOptions.maxNestingDepth)";
    }
    if (m.find(0)) {
      return new JsonReadException(
          problem, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), m.group(3), e);
    }
    return failure(problem, e);
  }

  private static final class Frame {
    final int depth;
    final Set<String> names;
    final Map<String, String> byLowerCase;

    Frame(int depth, Set<String> names, Map<String, String> byLowerCase) {
      this.depth = depth;
      this.names = names;
      this.byLowerCase = byLowerCase;
    }
  }
}

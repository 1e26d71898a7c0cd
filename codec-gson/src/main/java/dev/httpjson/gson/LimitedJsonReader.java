package dev.httpjson.gson;

import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.httpjson.JsonReadException;
import dev.httpjson.codec.support.internal.ReadProblems;
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

  private static final Pattern GSON_PATH = Pattern.compile("; at path \\$.*$", Pattern.DOTALL);

  private final ReadSettings settings;
  private final ArrayDeque<Frame> frames = new ArrayDeque<>();
  private int depth;

  /** The name read last in the object at each depth (from 1), as read: for {@link #getPath}. */
  private @Nullable String[] names = new String[16];

  /**
   * Whether the last call consumed a value: Gson's path then names the array element after it, and
   * a failure about that value is named by {@link #getPreviousPath()}.
   */
  private boolean consumed;

  /** The input, kept back a little to say what was wrong where Gson only gives advice. */
  private final RecentChars recent;

  LimitedJsonReader(Reader in, ReadSettings settings, boolean sequence) {
    this(new RecentChars(in), settings, sequence);
  }

  private LimitedJsonReader(RecentChars in, ReadSettings settings, boolean sequence) {
    super(in);
    this.recent = in;
    this.settings = settings;
    // NDJSON is several top-level values, which only Gson's lenient mode looks for: see
    // peekNextValue.
    setStrictness(Strictness.STRICT);
    setNestingLimit(settings.maxNestingDepth);
  }

  /** The properties of the object about to be read (by a reflective adapter). */
  void expectObject(
      Set<String> names,
      Map<String, String> byLowerCase,
      PropertyNames.@Nullable RecordCheck record) {
    frames.push(
        new Frame(
            depth + 1,
            names,
            byLowerCase,
            settings.strictRecords ? record : null,
            settings.strictRecords && record != null ? getPath() : ""));
  }

  void endExpectation() {
    frames.pop();
  }

  @Override
  public JsonToken peek() throws IOException {
    consumed = false;
    return super.peek();
  }

  @Override
  public boolean hasNext() throws IOException {
    consumed = false;
    return super.hasNext();
  }

  @Override
  public boolean nextBoolean() throws IOException {
    consumed = false;
    boolean value = super.nextBoolean();
    consumed = true;
    return value;
  }

  @Override
  public void beginObject() throws IOException {
    consumed = false;
    super.beginObject();
    depth++;
    named(null);
  }

  /** The object at this depth is now at the member {@code name}. */
  private void named(@Nullable String name) {
    if (depth >= names.length) {
      names = java.util.Arrays.copyOf(names, Math.max(depth + 1, names.length * 2));
    }
    names[depth] = name;
  }

  /**
   * The JSON path as every codec writes it: a name that is not an identifier in brackets ({@code
   * $.m['1']}, {@code $['a b']}), where Gson writes {@code $.m.1} and {@code $.a b}; an object
   * before its first name is its own path ({@code $}, not {@code $.}).
   */
  @Override
  public String getPath() {
    return reformat(super.getPath());
  }

  @Override
  public String getPreviousPath() {
    return reformat(super.getPreviousPath());
  }

  /**
   * Gson's path with each name written by {@link ReadProblems#appendName}: Gson writes {@code .}
   * and the name, which may hold any character, so the names come from what this reader read;
   * Gson's path as it is if they do not match.
   */
  private String reformat(String gson) {
    if (!gson.startsWith("$")) {
      return gson;
    }
    StringBuilder sb = new StringBuilder("$");
    int i = 1;
    for (int level = 1; i < gson.length(); level++) {
      char c = gson.charAt(i);
      if (c == '[') {
        int end = gson.indexOf(']', i);
        if (end < 0) {
          return gson;
        }
        sb.append(gson, i, end + 1);
        i = end + 1;
      } else if (c == '.') {
        String name = level <= depth && level < names.length ? names[level] : null;
        if (name == null) {
          i++;
        } else if (gson.startsWith(name, i + 1)) {
          ReadProblems.appendName(sb, name);
          i += 1 + name.length();
        } else {
          return gson;
        }
      } else {
        return gson;
      }
    }
    return sb.toString();
  }

  @Override
  public void endObject() throws IOException {
    Frame frame = frames.peek();
    if (frame != null && frame.record != null && frame.depth == depth) {
      missingComponents(frame, frame.record);
    }
    consumed = false;
    super.endObject();
    depth--;
    consumed = true;
  }

  /** Strict records: each required component was in the object. */
  private void missingComponents(Frame frame, PropertyNames.RecordCheck record)
      throws JsonReadException {
    for (int i = 0; i < record.jsonNames.length; i++) {
      String name = record.jsonNames[i];
      if (record.rules.required(i) && !frame.seen.contains(name)) {
        String component = record.rules.components().get(i).getName();
        JsonReadException here = failure("", null);
        throw new JsonReadException(
            "Missing required property '"
                + name
                + "'"
                + (component.equals(name) ? "" : " (component " + component + ")")
                + " of record "
                + record.rules.recordClass().getSimpleName()
                + " (mark the component @Nullable if it may be absent)",
            here.line(),
            here.column(),
            frame.path,
            null);
      }
    }
  }

  @Override
  public void nextNull() throws IOException {
    Frame frame = frames.peek();
    if (frame != null && frame.record != null && frame.depth == depth && frame.last != null) {
      int i = frame.record.indexOf(frame.last);
      if (i >= 0 && frame.record.rules.nonNull(i)) {
        boolean primitive = frame.record.rules.components().get(i).getType().isPrimitive();
        throw failure(
            "Null for "
                + (primitive ? "primitive" : "non-null")
                + " property '"
                + frame.last
                + "' of record "
                + frame.record.rules.recordClass().getSimpleName()
                + (primitive ? "" : " (mark the component @Nullable if it may be null)"),
            null);
      }
    }
    consumed = false;
    super.nextNull();
    consumed = true;
  }

  @Override
  public void beginArray() throws IOException {
    consumed = false;
    super.beginArray();
    depth++;
    named(ARRAY);
  }

  /** The entry of {@link #names} at the depth of an array, which has no names. */
  private static final String ARRAY = "[]";

  @Override
  public void endArray() throws IOException {
    consumed = false;
    super.endArray();
    depth--;
    consumed = true;
  }

  @Override
  public String nextName() throws IOException {
    consumed = false;
    String name = super.nextName();
    named(name);
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
    if (frame == null || frame.depth != depth) {
      return name;
    }
    if (frame.names.contains(name)) {
      return frame.saw(name);
    }
    if (settings.caseInsensitive) {
      String canonical = frame.byLowerCase.get(name.toLowerCase(Locale.ROOT));
      if (canonical != null) {
        return frame.saw(canonical);
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
    return frame.saw(name);
  }

  /**
   * Skips a value as the reads do, so that what is skipped (an ignored property) is checked too:
   * Gson's own skip passes a raw control character inside a string.
   */
  @Override
  public void skipValue() throws IOException {
    JsonToken first = peek();
    if (first == JsonToken.END_ARRAY || first == JsonToken.END_OBJECT) {
      super.skipValue();
      consumed = true;
      return;
    }
    int open = 0;
    do {
      switch (peek()) {
        case BEGIN_ARRAY:
          beginArray();
          open++;
          break;
        case BEGIN_OBJECT:
          beginObject();
          open++;
          break;
        case END_ARRAY:
          endArray();
          open--;
          break;
        case END_OBJECT:
          endObject();
          open--;
          break;
        case NAME:
          if (open == 0) {
            named(super.nextName());
          } else {
            nextName();
          }
          break;
        case STRING:
        case NUMBER: // held to maxNumberLength, as a number read
          nextString();
          break;
        default:
          super.skipValue();
          break;
      }
    } while (open > 0);
    consumed = true;
  }

  /**
   * A string value read as the other codecs read it: a lone surrogate escape ({@code "\\ud800"},
   * which every codec writes) is that char. Gson's strict mode refuses it, so a string is read in
   * Gson's legacy strict mode, which takes it, and the rules of the strict mode that the legacy one
   * drops are checked here: a raw control character, {@code \\'} and an escaped line feed, found by
   * {@link RecentChars} as the input passes; a name stays strict, a map key Gson's map adapter
   * reads as a value too.
   */
  @Override
  public String nextString() throws IOException {
    JsonToken token = peek();
    if (token != JsonToken.STRING) {
      String s = super.nextString();
      consumed = true;
      check(token, s);
      return s;
    }
    String s;
    setStrictness(Strictness.LEGACY_STRICT);
    try {
      s = super.nextString();
    } finally {
      setStrictness(Strictness.STRICT);
    }
    consumed = true;
    long violation = recent.strictViolation();
    if (violation >= 0) {
      long end = position(); // just past the closing quote
      if (end >= 0 && violation < end) {
        throw new JsonReadException(
            recent.violationProblem(),
            recent.violationLine(),
            recent.violationColumn(),
            path(),
            null);
      }
    }
    if (hasLoneSurrogate(s) && isMapKey()) {
      throw failure("Unpaired surrogate characters are not allowed in a name", null);
    }
    check(token, s);
    return s;
  }

  private static boolean hasLoneSurrogate(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < s.length()
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether the string just read was a name that Gson's map adapter turned into a value (its key):
   * in an object, with no name read there ({@link #nextName} was not called; an array's entry in
   * {@link #names} is {@link #ARRAY}).
   */
  private boolean isMapKey() {
    return depth > 0 && depth < names.length && names[depth] == null;
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
    return s.substring(s.indexOf(" at line"), s.indexOf(" path ")) + " path " + path();
  }

  /** The path of the value read last, or of the one about to be read. */
  private String path() {
    return consumed ? getPreviousPath() : getPath();
  }

  /**
   * Peeks at the next top-level value of a sequence (NDJSON). Gson's strict mode refuses to look
   * for a second top-level value, and its lenient mode also takes comments, unquoted and
   * single-quoted strings there: so this peeks leniently (the value itself is read strictly) and
   * then checks the characters from the end of the last value to the start of the next one.
   *
   * @return the next value's token, or {@link JsonToken#END_DOCUMENT}
   */
  JsonToken peekNextValue() throws IOException {
    long from = position();
    setStrictness(Strictness.LENIENT);
    JsonToken token;
    try {
      token = peek();
    } finally {
      setStrictness(Strictness.STRICT);
    }
    if (from < 0) {
      return token; // too far back to check (kilobytes of whitespace)
    }
    long to = token == JsonToken.END_DOCUMENT ? recent.count() : position();
    for (long at = from; at < to || (token != JsonToken.END_DOCUMENT && at == to); at++) {
      int c = recent.charAt(at);
      if (c < 0) {
        return token;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        continue;
      }
      boolean starts =
          token == JsonToken.STRING
              ? c == '"'
              : token != JsonToken.END_DOCUMENT && "[{-0123456789tfn".indexOf(c) >= 0;
      if (!starts) {
        throw failure(
            c == '/' || c == '#'
                ? unexpected(c) + ": JSON has no comments"
                : c == '\''
                    ? unexpected(c) + ": strings and names must be in double quotes"
                    : "Unrecognized token '" + word(at) + "': was expecting a JSON value",
            null);
      }
      break;
    }
    return token;
  }

  /** The offset of the reader's position, or -1 if it is no longer known. */
  private long position() {
    Matcher m = LOCATION.matcher(toString());
    return m.find() ? recent.offset(Long.parseLong(m.group(1)), Long.parseLong(m.group(2))) : -1;
  }

  private String word(long from) {
    StringBuilder word = new StringBuilder();
    for (long at = from; word.length() < 40; at++) {
      int c = recent.charAt(at);
      if (c < 0 || " \t\r\n,:[]{}\"".indexOf(c) >= 0) {
        break;
      }
      word.append((char) c);
    }
    return word.toString();
  }

  /** A failure at the reader's current position. */
  JsonReadException failure(String problem, @Nullable Throwable cause) {
    Matcher m = LOCATION.matcher(toString());
    if (m.find()) {
      return new JsonReadException(
          problem, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), path(), cause);
    }
    return new JsonReadException(problem, -1, -1, path(), cause);
  }

  /**
   * A Gson failure as a read failure: the position and path from Gson's message when it has them,
   * else the reader's; the problem without Gson's position and troubleshooting link.
   */
  JsonReadException failure(Throwable e) {
    String message = String.valueOf(e.getMessage());
    Throwable cause = e.getCause();
    if (cause != null && cause.getMessage() != null && message.equals(cause.toString())) {
      // Gson wraps a shape mismatch's IllegalStateException in an exception whose message is the
      // wrapped one's toString(): the problem is said without the Java class's name.
      message = cause.getMessage();
    }
    int link = message.indexOf("\nSee https://");
    if (link >= 0) {
      message = message.substring(0, link);
    }
    Matcher m = LOCATION.matcher(message);
    String problem = m.find() ? message.substring(0, m.start()) : message;
    boolean located = m.find(0);
    // Gson's adapters add the path to their message ("Failed parsing 'x' as URL; at path $.v"):
    // the exception names it.
    problem = GSON_PATH.matcher(problem).replaceFirst("");
    if (problem.contains("setStrictness") || problem.contains("LENIENT")) {
      // Gson's advice to read malformed JSON leniently: say what is malformed instead.
      problem =
          located
              ? malformed(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)))
              : "Malformed JSON";
    } else if (e instanceof java.io.EOFException || problem.startsWith("End of input")) {
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
    if (located) {
      // Gson's message names the path when it was thrown, which is the reader's now: see path().
      return new JsonReadException(
          problem, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), path(), e);
    }
    return failure(problem, e);
  }

  /**
   * What is wrong where Gson's strict mode stopped: the character there (Gson's column is the one
   * after a separator or quote it has taken, or the first of an unquoted word it has not).
   */
  private String malformed(long line, long column) {
    int before = recent.at(line, column - 1);
    if (before == '\'') {
      return unexpected(before) + ": strings and names must be in double quotes";
    }
    if (before == '/' || before == '#') {
      return unexpected(before) + ": JSON has no comments";
    }
    if (before == ';') {
      return unexpected(before) + ": was expecting comma to separate entries";
    }
    if (before == '=') {
      return unexpected(before) + ": was expecting a colon to separate field name and value";
    }
    StringBuilder word = new StringBuilder();
    for (long c = column; word.length() < 40; c++) {
      int ch = recent.at(line, c);
      if (ch < 0 || " \t\r\n,:[]{}\"".indexOf(ch) >= 0) {
        break;
      }
      word.append((char) ch);
    }
    if (word.length() > 0 && isNumberStart(word.charAt(0))) {
      // Gson reads a number only whole within its buffer (1,024 characters), and calls a longer
      // one a word: count it, for the limit's message when it is over it.
      long length = 0;
      for (long c = column; length <= settings.maxNumberLength; c++, length++) {
        int ch = recent.at(line, c);
        if (ch < 0 || !isNumberChar(ch)) {
          break;
        }
      }
      if (length > settings.maxNumberLength) {
        return "Number value length (more than "
            + settings.maxNumberLength
            + ") exceeds the maximum allowed ("
            + settings.maxNumberLength
            + ") (the limit is JsonOptions.maxNumberLength)";
      }
      if (length >= GSON_LONGEST_NUMBER) {
        return "Number too long for Gson's parser, which reads numbers of at most about "
            + GSON_LONGEST_NUMBER
            + " characters (less than JsonOptions.maxNumberLength, "
            + settings.maxNumberLength
            + ")";
      }
    }
    if (word.length() > 0) {
      return "Unrecognized token '"
          + word
          + "': was expecting a JSON value (a string, a number, an array, an object, true, false or"
          + " null) or a double-quoted name";
    }
    return "Malformed JSON: a token RFC 8259 does not allow";
  }

  /** Gson's read-ahead buffer: a number must fit in it whole. */
  private static final int GSON_LONGEST_NUMBER = 1024;

  private static boolean isNumberStart(int c) {
    return c == '-' || (c >= '0' && c <= '9');
  }

  private static boolean isNumberChar(int c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
  }

  private static String unexpected(int c) {
    return "Unexpected character ('" + (char) c + "' (code " + c + "))";
  }

  private static final class Frame {
    final int depth;
    final Set<String> names;
    final Map<String, String> byLowerCase;

    /** The record's components, when strict records check them; else null. */
    final PropertyNames.@Nullable RecordCheck record;

    /** Where the record's object starts (strict records only). */
    final String path;

    /** The names read so far (strict records only). */
    final Set<String> seen;

    /** The last name read. */
    @Nullable String last;

    Frame(
        int depth,
        Set<String> names,
        Map<String, String> byLowerCase,
        PropertyNames.@Nullable RecordCheck record,
        String path) {
      this.depth = depth;
      this.names = names;
      this.byLowerCase = byLowerCase;
      this.record = record;
      this.path = path;
      this.seen = record == null ? Set.of() : new java.util.HashSet<>();
    }

    String saw(String name) {
      last = name;
      if (record != null) {
        seen.add(name);
      }
      return name;
    }
  }
}

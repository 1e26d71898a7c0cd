package dev.httpjson.internal;

import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonReadException;
import dev.httpjson.spi.JsonReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Pages whose body says where their elements are and which page comes next, at JSON Pointers (RFC
 * 6901): the elements' array ({@code /data}), a cursor sent back as a query parameter ({@code
 * /response_metadata/next_cursor} as {@code cursor}, {@code /data/-1/id} as {@code
 * starting_after}), or the next page's URI ({@code /next}), and a flag saying there is more ({@code
 * /has_more}). The body is scanned once, without a tree: the elements' array is read by the codec
 * straight from its bytes, the cursor and flag are decoded here. Works with every codec.
 */
public final class BodyPages {
  private BodyPages() {}

  /**
   * A page: its elements, where the next one is ({@code null} after the last), and whether its flag
   * says it is the last.
   */
  public record Page<T>(List<T> items, @Nullable String next, boolean last) {}

  /** How the next page is named in a page's body. */
  public enum Next {
    /** By the {@code Link: <…>; rel="next"} header, not the body. */
    LINK,
    /** By a cursor, sent as a query parameter of the page's URI. */
    CURSOR,
    /** By a URI, resolved against the page's URI. */
    URI
  }

  /** The parsed pointers of a paging, checked where it was made. */
  public static final class Spec {
    final String itemsPointer;
    final String[] items;
    final Next kind;
    final @Nullable String nextPointer;
    final String @Nullable [] next;
    final @Nullable String parameter;
    final @Nullable String morePointer;
    final String @Nullable [] more;

    public Spec(
        String items,
        Next kind,
        @Nullable String next,
        @Nullable String parameter,
        @Nullable String more) {
      this.itemsPointer = items;
      this.items = parse(items, "items");
      this.kind = kind;
      this.nextPointer = next;
      this.next = next == null ? null : parse(next, kind == Next.CURSOR ? "cursor" : "next");
      this.parameter = parameter == null ? null : Uris.checkQueryName(parameter);
      this.morePointer = more;
      this.more = more == null ? null : parse(more, "hasMore");
    }

    public String itemsPointer() {
      return itemsPointer;
    }

    public @Nullable String nextPointer() {
      return nextPointer;
    }

    public @Nullable String morePointer() {
      return morePointer;
    }

    public Next kind() {
      return kind;
    }

    public @Nullable String parameter() {
      return parameter;
    }

    /** What names the next page, for messages. */
    public String naming() {
      switch (kind) {
        case CURSOR:
          return "the cursor at " + nextPointer + " (query parameter " + parameter + ")";
        case URI:
          return "the next page's URI at " + nextPointer;
        default:
          return "the Link rel=\"next\"";
      }
    }

    /** The reader of a page whose elements {@code elements} reads (a JSON array of them). */
    public <T> JsonReader<Page<T>> reader(Supplier<JsonReader<List<T>>> elements) {
      return new PageReader<>(this, elements);
    }

    /** The elements and next page of a response read by {@link #reader}. */
    public <T> Pages.Step<Page<T>, T> step() {
      return new Pages.Step<>() {
        @Override
        public List<? extends T> elements(HttpResponse<@Nullable Page<T>> response) {
          Page<T> page = response.body();
          return page == null ? List.of() : page.items();
        }

        @Override
        public @Nullable URI next(HttpResponse<@Nullable Page<T>> response) throws IOException {
          Page<T> page = response.body();
          if (kind == Next.LINK) {
            return page == null || page.last() // an empty body is the last page
                ? null
                : Pages.Links.find(response.headers(), "next", response.uri());
          }
          if (page == null || page.next() == null) {
            return null;
          }
          String next = page.next();
          if (kind == Next.CURSOR) {
            return Uris.withQueryParameter(response.uri(), Objects.requireNonNull(parameter), next);
          }
          try {
            return Uris.resolve(response.uri(), new URI(next));
          } catch (URISyntaxException | IllegalArgumentException e) {
            throw new HttpJsonException(
                "The value at "
                    + nextPointer
                    + " of the page from "
                    + Uris.redact(response.uri())
                    + " is not a URI: "
                    + Uris.redact(next),
                e);
          }
        }
      };
    }
  }

  /**
   * The segments of a JSON Pointer (RFC 6901): {@code ""} is the whole document, else {@code /}
   * before each segment, {@code ~0} for {@code ~} and {@code ~1} for {@code /}.
   *
   * @throws IllegalArgumentException naming {@code what} and the pointer when it is not one
   */
  public static String[] parse(String pointer, String what) {
    Objects.requireNonNull(pointer, what + " == null");
    String problem = problem(pointer);
    if (problem != null) {
      throw new IllegalArgumentException(
          what + " is not a JSON Pointer (" + problem + "): \"" + pointer + "\"");
    }
    if (pointer.isEmpty()) {
      return new String[0];
    }
    String[] raw = pointer.substring(1).split("/", -1);
    for (int i = 0; i < raw.length; i++) {
      raw[i] = raw[i].replace("~1", "/").replace("~0", "~");
    }
    return raw;
  }

  /**
   * What makes {@code pointer} no JSON Pointer, or {@code null} if it is one. Shared with the
   * interface processor's check, so that an annotation and a call refuse the same pointers.
   */
  public static @Nullable String problem(String pointer) {
    if (!pointer.isEmpty() && pointer.charAt(0) != '/') {
      return "it must be empty or start with '/'";
    }
    for (int i = 0; i < pointer.length(); i++) {
      if (pointer.charAt(i) == '~'
          && (i + 1 == pointer.length()
              || (pointer.charAt(i + 1) != '0' && pointer.charAt(i + 1) != '1'))) {
        return "'~' at index " + i + " is not followed by 0 or 1";
      }
    }
    return null;
  }

  private static final class PageReader<T> implements JsonReader<Page<T>> {
    private final Spec spec;
    private final Supplier<JsonReader<List<T>>> elements;

    PageReader(Spec spec, Supplier<JsonReader<List<T>>> elements) {
      this.spec = spec;
      this.elements = elements;
    }

    @Override
    public @Nullable Page<T> read(byte[] bytes, int offset, int length) throws IOException {
      Scanner s = new Scanner(bytes, offset, offset + length);
      s.document();
      List<T> items = List.of();
      long at = s.find(spec.items, spec.itemsPointer);
      if (at >= 0 && !s.isNull(at)) {
        if (bytes[(int) (at >>> 32)] != '[') {
          throw s.error("the value at " + quoted(spec.itemsPointer) + " is not an array", at);
        }
        List<T> read;
        try {
          read = elements.get().read(bytes, (int) (at >>> 32), s.length(at));
        } catch (JsonReadException e) {
          throw s.within(e, (int) (at >>> 32), spec.items);
        }
        items = read == null ? List.of() : read;
      }
      boolean more = more(s);
      String next = null;
      if (spec.next != null && more) {
        next = s.text(s.find(spec.next, spec.nextPointer), spec.nextPointer);
        if (next != null && next.isEmpty()) {
          next = null; // Slack's last page: "next_cursor": ""
        }
      }
      return new Page<>(items, next, !more);
    }

    private boolean more(Scanner s) throws JsonReadException {
      if (spec.more == null) {
        return true;
      }
      long at = s.find(spec.more, spec.morePointer);
      if (at < 0 || s.isNull(at)) {
        return false;
      }
      String literal = s.literal(at);
      if (literal.equals("true")) {
        return true;
      }
      if (literal.equals("false")) {
        return false;
      }
      throw s.error("the value at " + quoted(spec.morePointer) + " is not a boolean", at);
    }

    @Override
    public @Nullable Page<T> read(InputStream in) throws IOException {
      byte[] bytes = in.readAllBytes();
      return read(bytes, 0, bytes.length);
    }

    @Override
    public @Nullable Page<T> read(Reader reader) throws IOException {
      StringWriter w = new StringWriter();
      reader.transferTo(w);
      byte[] bytes = w.toString().getBytes(StandardCharsets.UTF_8);
      return read(bytes, 0, bytes.length);
    }
  }

  private static String quoted(@Nullable String pointer) {
    return "\"" + pointer + "\"";
  }

  /**
   * Finds values in one UTF-8 JSON document, a range as {@code start << 32 | end}, stepping over
   * the values it passes without building them. It checks that strings end and brackets balance,
   * and the grammar of the objects and arrays a pointer goes through: a page cut short, or not JSON
   * there, fails with the position, as a codec's failure does. The elements are the codec's to
   * check; what lies elsewhere in the page is not checked further.
   */
  static final class Scanner {
    private final byte[] b;
    private final int from;
    private final int end;

    Scanner(byte[] b, int from, int end) {
      this.b = b;
      this.from = from;
      this.end = end;
    }

    /** Where the document starts, after a UTF-8 byte order mark if there is one. */
    private int bom() {
      return end - from >= 3
              && b[from] == (byte) 0xEF
              && b[from + 1] == (byte) 0xBB
              && b[from + 2] == (byte) 0xBF
          ? from + 3
          : from;
    }

    /** Checks that the document is one value and nothing after it. */
    void document() throws JsonReadException {
      int i = skipWs(bom());
      if (i == end) {
        throw error("no JSON value in the page", i);
      }
      int after = skipWs(value(i));
      if (after != end) {
        throw error("content after the JSON value", after);
      }
    }

    /** The range of the value at {@code pointer}, or -1 if there is none. */
    long find(String[] segments, @Nullable String pointer) throws JsonReadException {
      int i = skipWs(bom());
      for (String segment : segments) {
        if (b[i] == '{') {
          i = member(i, segment);
        } else if (b[i] == '[') {
          i = element(i, segment);
        } else {
          i = -1;
        }
        if (i < 0) {
          return -1;
        }
      }
      return ((long) i << 32) | value(i);
    }

    /**
     * The start of member {@code name}'s value in the object at {@code i}, or -1: of its last
     * occurrence, as a codec reads a repeated key (the last value wins).
     */
    private int member(int i, String name) throws JsonReadException {
      i = skipWs(i + 1);
      if (i < end && b[i] == '}') {
        return -1;
      }
      int found = -1;
      while (true) {
        if (i >= end || b[i] != '"') {
          throw error("expected a member name", i);
        }
        int keyEnd = string(i);
        boolean match = decode(i, keyEnd).equals(name);
        i = skipWs(keyEnd);
        if (i >= end || b[i] != ':') {
          throw error("expected ':'", i);
        }
        i = skipWs(i + 1);
        if (match) {
          found = i;
        }
        i = skipWs(value(i));
        if (i < end && b[i] == ',') {
          i = skipWs(i + 1);
        } else if (i < end && b[i] == '}') {
          return found;
        } else {
          throw error("expected ',' or '}'", i);
        }
      }
    }

    /**
     * The start of element {@code index} ({@code -1}: the last) of the array at {@code i}, or -1.
     */
    private int element(int i, String index) throws JsonReadException {
      int wanted;
      if (index.equals("-1")) {
        wanted = -1;
      } else if (!index.isEmpty()
          && index.chars().allMatch(c -> c >= '0' && c <= '9')
          && (index.length() == 1 || index.charAt(0) != '0')
          && index.length() < 10) {
        wanted = Integer.parseInt(index);
      } else {
        return -1;
      }
      i = skipWs(i + 1);
      if (i < end && b[i] == ']') {
        return -1;
      }
      int last = -1;
      for (int n = 0; ; n++) {
        if (n == wanted) {
          return i;
        }
        last = i;
        i = skipWs(value(i));
        if (i < end && b[i] == ',') {
          i = skipWs(i + 1);
        } else if (i < end && b[i] == ']') {
          return wanted == -1 ? last : -1;
        } else {
          throw error("expected ',' or ']'", i);
        }
      }
    }

    /** The end of the value starting at {@code i}. */
    private int value(int i) throws JsonReadException {
      if (i >= end) {
        throw error("expected a value", i);
      }
      byte c = b[i];
      if (c == '"') {
        return string(i);
      }
      if (c == '{' || c == '[') {
        int depth = 0;
        for (int j = i; j < end; j++) {
          byte x = b[j];
          if (x == '"') {
            j = string(j) - 1;
          } else if (x == '{' || x == '[') {
            depth++;
          } else if (x == '}' || x == ']') {
            if (--depth == 0) {
              return j + 1;
            }
          }
        }
        throw error("unexpected end of input", end);
      }
      int j = i;
      while (j < end && "{}[],: \t\r\n\"".indexOf(b[j]) < 0) {
        j++;
      }
      if (j == i) {
        throw error("expected a value", i);
      }
      return j;
    }

    /** The end (after the closing quote) of the string starting at {@code i}. */
    private int string(int i) throws JsonReadException {
      for (int j = i + 1; j < end; j++) {
        if (b[j] == '\\') {
          j++;
        } else if (b[j] == '"') {
          return j + 1;
        }
      }
      throw error("unterminated string", end);
    }

    boolean isNull(long at) {
      return literal(at).equals("null");
    }

    int length(long at) {
      return (int) at - (int) (at >>> 32);
    }

    String literal(long at) {
      int start = (int) (at >>> 32);
      return new String(b, start, length(at), StandardCharsets.UTF_8);
    }

    /**
     * The text of a string or number at {@code at} ({@code -1}: absent), {@code null} for none or
     * JSON null.
     */
    @Nullable String text(long at, @Nullable String pointer) throws JsonReadException {
      if (at < 0 || isNull(at)) {
        return null;
      }
      int start = (int) (at >>> 32);
      byte c = b[start];
      if (c == '"') {
        return decode(start, (int) at);
      }
      if (c == '-' || (c >= '0' && c <= '9')) {
        return literal(at);
      }
      throw error("the value at " + quoted(pointer) + " is not a string or a number", at);
    }

    /** The string whose quotes are at {@code start} and {@code end - 1}, escapes decoded. */
    private String decode(int start, int stop) throws JsonReadException {
      int i = start + 1;
      int last = stop - 1;
      boolean plain = true;
      for (int j = i; j < last; j++) {
        if (b[j] >= 0 && b[j] < 0x20) {
          throw error("a control character in a string must be escaped", j);
        }
        if (b[j] == '\\') {
          plain = false;
        }
      }
      if (plain) {
        return new String(b, i, last - i, StandardCharsets.UTF_8);
      }
      StringBuilder sb = new StringBuilder();
      int run = i;
      while (i < last) {
        if (b[i] != '\\') {
          i++;
          continue;
        }
        sb.append(new String(b, run, i - run, StandardCharsets.UTF_8));
        if (i + 1 >= last) {
          throw error("bad escape", i);
        }
        char e = (char) b[i + 1];
        switch (e) {
          case '"':
          case '\\':
          case '/':
            sb.append(e);
            break;
          case 'b':
            sb.append('\b');
            break;
          case 'f':
            sb.append('\f');
            break;
          case 'n':
            sb.append('\n');
            break;
          case 'r':
            sb.append('\r');
            break;
          case 't':
            sb.append('\t');
            break;
          case 'u':
            if (i + 6 > last) {
              throw error("bad \\u escape", i);
            }
            int unit = 0;
            for (int k = i + 2; k < i + 6; k++) {
              int digit = Character.digit(b[k], 16); // four hex digits, no sign
              if (digit < 0) {
                throw error("bad \\u escape", i);
              }
              unit = unit << 4 | digit;
            }
            sb.append((char) unit);
            i += 4;
            break;
          default:
            throw error("bad escape", i);
        }
        i += 2;
        run = i;
      }
      sb.append(new String(b, run, last - run, StandardCharsets.UTF_8));
      return sb.toString();
    }

    private int skipWs(int i) {
      while (i < end && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
        i++;
      }
      return i;
    }

    /**
     * {@code e}, which the codec raised reading the value starting at {@code start} (the value at
     * {@code segments}), with the position and path in the whole page.
     */
    JsonReadException within(JsonReadException e, int start, String[] segments) {
      long[] at = position(start);
      long line = e.line();
      long column = e.column();
      if (line == 1) {
        column = at[1] + column - 1;
      }
      if (line > 0) {
        line = at[0] + line - 1;
      }
      StringBuilder path = new StringBuilder("$");
      for (String segment : segments) {
        if (!segment.isEmpty() && segment.chars().allMatch(c -> c >= '0' && c <= '9')) {
          path.append('[').append(segment).append(']');
        } else {
          path.append('.').append(segment);
        }
      }
      String inner = e.path();
      path.append(inner.startsWith("$") ? inner.substring(1) : inner);
      return new JsonReadException(e.problem(), line, column, path.toString(), e);
    }

    /** The 1-based line and column of byte {@code at}. */
    private long[] position(int at) {
      long line = 1;
      long column = 1;
      for (int j = from; j < at && j < end; j++) {
        if (b[j] == '\n') {
          line++;
          column = 1;
        } else if ((b[j] & 0xC0) != 0x80) {
          column++;
        }
      }
      return new long[] {line, column};
    }

    JsonReadException error(String problem, long at) {
      return error(problem, (int) (at >>> 32));
    }

    JsonReadException error(String problem, int at) {
      long[] p = position(at);
      return new JsonReadException(problem, p[0], p[1], "$", null);
    }
  }
}

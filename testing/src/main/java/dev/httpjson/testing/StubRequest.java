package dev.httpjson.testing;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.internal.Uris;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import org.jspecify.annotations.Nullable;

/**
 * A request the stub received, as the server would have seen it: method, URI, headers and the body
 * bytes, which {@link #bodyAs(Class)} reads back as a value with the stub's options, decoded from
 * their {@code Content-Encoding} ({@code gzip}, {@code deflate}) as a server would. Its {@link
 * #toString()} shows all of it but credentials, so an assertion failure names what was sent.
 *
 * <p>Immutable and thread-safe.
 */
public final class StubRequest {
  private static final int SHOWN = 2000;
  // The headers httpjson's LoggingInterceptor always shows as ***: credentials and the usual
  // API-key and token headers.
  private static final Set<String> CREDENTIALS = dev.httpjson.internal.SecretHeaders.NAMES;
  // The headers whose value is a URI, which the logger shows as it shows the request's.
  private static final Set<String> URI_VALUED = Set.of("location", "content-location", "referer");

  private final String method;
  private final URI uri;
  private final HttpHeaders headers;
  private final byte[] body;
  private final byte @Nullable [] decoded;
  private final @Nullable String undecodable;
  private final JsonOptions options;
  private final @Nullable String route;

  StubRequest(
      String method,
      URI uri,
      HttpHeaders headers,
      byte[] body,
      JsonOptions options,
      @Nullable String route) {
    this.method = method;
    this.uri = uri;
    this.headers = headers;
    this.body = body;
    this.options = options;
    this.route = route;
    byte[] plain = null;
    String why = null;
    try {
      plain = decode(body, headers.allValues("Content-Encoding"));
    } catch (IOException e) {
      why = e.getMessage();
    }
    this.decoded = plain;
    this.undecodable = why;
  }

  /** Undoes the codings in the reverse of the order they were applied, as RFC 9110 says. */
  private static byte[] decode(byte[] body, List<String> encodings) throws IOException {
    byte[] bytes = body;
    List<String> codings = new java.util.ArrayList<>();
    for (String value : encodings) {
      for (String coding : value.split(",")) {
        String c = coding.trim().toLowerCase(Locale.ROOT);
        if (!c.isEmpty() && !c.equals("identity")) {
          codings.add(c);
        }
      }
    }
    for (int i = codings.size() - 1; i >= 0; i--) {
      String coding = codings.get(i);
      InputStream in;
      if (coding.equals("gzip") || coding.equals("x-gzip")) {
        in = new GZIPInputStream(new ByteArrayInputStream(bytes));
      } else if (coding.equals("deflate")) {
        in = new InflaterInputStream(new ByteArrayInputStream(bytes));
      } else {
        throw new IOException(
            "cannot decode Content-Encoding " + coding + " (the kit decodes gzip and deflate)");
      }
      try (InputStream decoding = in) {
        bytes = decoding.readAllBytes();
      } catch (IOException e) {
        throw new IOException(
            "the body is not valid Content-Encoding " + coding + ": " + e.getMessage(), e);
      }
    }
    return bytes;
  }

  /**
   * The request method.
   *
   * @return the method, e.g. {@code "POST"}
   */
  public String method() {
    return method;
  }

  /**
   * The request URI, query included.
   *
   * @return the URI
   */
  public URI uri() {
    return uri;
  }

  /**
   * The request path, without the query.
   *
   * @return the raw path of {@link #uri()}
   */
  public String path() {
    String path = uri.getRawPath();
    return path == null || path.isEmpty() ? "/" : path;
  }

  /**
   * The first value of the query parameter {@code name}, decoded as a server reads a query
   * (percent-escapes as UTF-8, {@code +} as a space; {@code ""} for a name without {@code =}), or
   * {@code null} when the URI has none. A stub serving pages answers by the cursor it was sent, and
   * a test checks that every page asked for the same page size:
   *
   * <pre>{@code
   * stub.on("GET", "/v1/charges").reply(r -> r.query("starting_after") == null ? first : second);
   * assertThat(stub.requests()).allSatisfy(r -> assertThat(r.query("limit")).isEqualTo("100"));
   * }</pre>
   *
   * @param name the parameter's name, decoded
   * @return its first value, decoded, or {@code null}
   */
  public @Nullable String query(String name) {
    Objects.requireNonNull(name, "name == null");
    String query = uri.getRawQuery();
    if (query == null) {
      return null;
    }
    for (String pair : query.split("&", -1)) {
      int eq = pair.indexOf('=');
      String n = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      if (n.equals(name)) {
        return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      }
    }
    return null;
  }

  /**
   * The headers the caller set (the JDK client adds a few of its own on the wire, such as {@code
   * Host} and {@code Content-Length}, which a stub has no wire to add).
   *
   * @return the headers
   */
  public HttpHeaders headers() {
    return headers;
  }

  /**
   * A header's first value.
   *
   * @param name the header's name, in any case
   * @return its first value, or {@code null} when the request has none
   */
  public @Nullable String header(String name) {
    Optional<String> value = headers.firstValue(name);
    return value.orElse(null);
  }

  /**
   * The body's bytes as sent, still in their {@code Content-Encoding} when they have one.
   *
   * @return a copy of the body, empty when there was none
   */
  public byte[] body() {
    return body.clone();
  }

  /**
   * The body as text: decoded from its {@code Content-Encoding} ({@code gzip}, {@code deflate}),
   * then from UTF-8.
   *
   * @return the body as text
   * @throws AssertionError if the body's {@code Content-Encoding} cannot be decoded, naming the
   *     request
   */
  public String bodyAsString() {
    return new String(decoded(), StandardCharsets.UTF_8);
  }

  private byte[] decoded() {
    if (decoded == null) {
      throw new AssertionError("the body cannot be decoded: " + this);
    }
    return decoded;
  }

  /**
   * The body read as a value with the stub's options, e.g. {@code bodyAs(Order.class)}, once
   * decoded from its {@code Content-Encoding} ({@code gzip}, {@code deflate}).
   *
   * @param <T> the value's type
   * @param type the value's class
   * @return the value; {@code null} for a body that is JSON {@code null}
   * @throws AssertionError if the body is not a JSON document of that type, naming the request
   */
  public <T> @Nullable T bodyAs(Class<T> type) {
    return bodyAs(JsonType.of(type, options));
  }

  /**
   * The body read as a value of a generic type, with the type's own options, once decoded from its
   * {@code Content-Encoding} ({@code gzip}, {@code deflate}).
   *
   * @param <T> the value's type
   * @param type the value's type, e.g. {@code JsonType.listOf(Item.class)}
   * @return the value; {@code null} for a body that is JSON {@code null}
   * @throws AssertionError if the body is not a JSON document of that type, naming the request
   */
  public <T> @Nullable T bodyAs(JsonType<T> type) {
    byte[] json = decoded();
    try {
      return type.fromJson(json);
    } catch (IOException | RuntimeException e) {
      AssertionError error =
          new AssertionError(
              "expected a body of type " + type.type().getTypeName() + ", but was sent: " + this);
      error.initCause(e);
      throw error;
    }
  }

  /**
   * The body read as form fields ({@code application/x-www-form-urlencoded}), decoded, in the order
   * sent: {@code form().get("scope")} lists each value of a repeated field.
   *
   * @return the fields, by name, in the order their names first appear
   * @throws AssertionError if the body is not a form, or not url-encoded, naming the request
   */
  public Map<String, List<String>> form() {
    String type = header("Content-Type");
    if (type == null
        || !type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded")) {
      throw new AssertionError("expected a form body, but was sent: " + this);
    }
    Map<String, List<String>> fields = new LinkedHashMap<>();
    // UTF-8, as a server reads a form: bytes a careless client left unencoded read as they were.
    String text = new String(decoded(), StandardCharsets.UTF_8);
    if (text.isEmpty()) {
      return fields;
    }
    String[] pairs = text.split("&", -1);
    for (int i = 0; i < pairs.length; i++) {
      String pair = pairs[i];
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      String value = eq < 0 ? "" : pair.substring(eq + 1);
      try {
        fields
            .computeIfAbsent(
                URLDecoder.decode(name, StandardCharsets.UTF_8), k -> new ArrayList<>())
            .add(URLDecoder.decode(value, StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        AssertionError error =
            new AssertionError(
                "the form body is not url-encoded (field "
                    + (i + 1)
                    + ", "
                    + name
                    + ": "
                    + e.getMessage()
                    + "): "
                    + this);
        error.initCause(e);
        throw error;
      }
    }
    return fields;
  }

  /**
   * The body read as the parts of a {@code multipart/form-data} body, in the order sent; each part
   * reads its own body as this request does ({@link Part#bodyAs(Class)}, {@link
   * Part#bodyAsString()}).
   *
   * @return the parts
   * @throws AssertionError if the body is not a well-formed multipart body, naming the request
   */
  public List<Part> parts() {
    String type = header("Content-Type");
    String lower = type == null ? "" : type.toLowerCase(Locale.ROOT);
    int at = lower.indexOf("boundary=");
    if (type == null || at < 0 || !lower.startsWith("multipart/")) {
      throw new AssertionError("expected a multipart body, but was sent: " + this);
    }
    String boundary = type.substring(at + 9).split(";", 2)[0].trim();
    if (boundary.length() > 1 && boundary.startsWith("\"")) {
      boundary = boundary.substring(1, boundary.length() - 1);
    }
    byte[] bytes = decoded();
    byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
    List<Part> parts = new ArrayList<>();
    int i = indexOf(bytes, delimiter, 0);
    if (i != 0) {
      throw new AssertionError("a multipart body starts with --" + boundary + ": " + this);
    }
    byte[] next = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
    int start = delimiter.length;
    while (true) {
      if (start + 2 <= bytes.length && bytes[start] == '-' && bytes[start + 1] == '-') {
        return parts; // the close delimiter
      }
      int head = start + 2; // after CRLF
      int blank = indexOf(bytes, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), head);
      int end = blank < 0 ? -1 : indexOf(bytes, next, blank + 4);
      if (blank < 0 || end < 0) {
        throw new AssertionError(
            "a multipart body whose part " + parts.size() + " is cut: " + this);
      }
      String headers = new String(bytes, head, blank - head, StandardCharsets.UTF_8);
      parts.add(
          Part.parse(headers, Arrays.copyOfRange(bytes, blank + 4, end), options, parts.size()));
      start = end + next.length;
    }
  }

  private static int indexOf(byte[] bytes, byte[] what, int from) {
    outer:
    for (int i = from; i <= bytes.length - what.length; i++) {
      for (int j = 0; j < what.length; j++) {
        if (bytes[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** One part of a multipart body a {@link StubRequest} received. Immutable and thread-safe. */
  public static final class Part {
    private final String name;
    private final @Nullable String filename;
    private final @Nullable String contentType;
    private final byte[] body;
    private final JsonOptions options;

    private Part(
        String name,
        @Nullable String filename,
        @Nullable String contentType,
        byte[] body,
        JsonOptions options) {
      this.name = name;
      this.filename = filename;
      this.contentType = contentType;
      this.body = body;
      this.options = options;
    }

    static Part parse(String headers, byte[] body, JsonOptions options, int index) {
      String name = null;
      String filename = null;
      String contentType = null;
      for (String line : headers.split("\r\n")) {
        int colon = line.indexOf(':');
        if (colon < 0) {
          continue;
        }
        String key = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
        String value = line.substring(colon + 1).trim();
        if (key.equals("content-type")) {
          contentType = value;
        } else if (key.equals("content-disposition")) {
          name = parameter(value, "name");
          filename = parameter(value, "filename");
        }
      }
      if (name == null) {
        throw new AssertionError("part " + index + " has no Content-Disposition name: " + headers);
      }
      return new Part(name, filename, contentType, body, options);
    }

    /**
     * A parameter of a {@code Content-Disposition} value, its quoted string read whole ({@code ;}
     * and {@code =} inside quotes are the value's, a backslash escapes the next character) and
     * httpjson's {@code %22}, {@code %0D} and {@code %0A} decoded; a token value as it is.
     */
    private static @Nullable String parameter(String disposition, String key) {
      int n = disposition.length();
      int i = disposition.indexOf(';');
      while (i >= 0 && i < n) {
        int eq = disposition.indexOf('=', i + 1);
        if (eq < 0) {
          return null;
        }
        String name = disposition.substring(i + 1, eq).trim();
        int at = eq + 1;
        while (at < n && disposition.charAt(at) == ' ') {
          at++;
        }
        StringBuilder value = new StringBuilder();
        boolean quoted = at < n && disposition.charAt(at) == '"';
        if (quoted) {
          at++;
          while (at < n && disposition.charAt(at) != '"') {
            char c = disposition.charAt(at);
            if (c == '\\' && at + 1 < n) {
              c = disposition.charAt(++at);
            }
            value.append(c);
            at++;
          }
          at++; // the closing quote
        } else {
          while (at < n && disposition.charAt(at) != ';') {
            value.append(disposition.charAt(at++));
          }
        }
        if (name.equalsIgnoreCase(key)) {
          String v = quoted ? value.toString() : value.toString().trim();
          return v.replace("%22", "\"").replace("%0D", "\r").replace("%0A", "\n");
        }
        i = disposition.indexOf(';', Math.min(at, n));
      }
      return null;
    }

    /** {@return the part's name} */
    public String name() {
      return name;
    }

    /** {@return the file name sent, or {@code null} for a field} */
    public @Nullable String filename() {
      return filename;
    }

    /** {@return the part's Content-Type, or {@code null} when it has none (a text field)} */
    public @Nullable String contentType() {
      return contentType;
    }

    /** {@return a copy of the part's bytes} */
    public byte[] body() {
      return body.clone();
    }

    /** {@return the part's bytes as UTF-8 text} */
    public String bodyAsString() {
      return new String(body, StandardCharsets.UTF_8);
    }

    /**
     * The part's body read as a value with the stub's options, as {@link StubRequest#bodyAs(Class)}
     * reads a request's.
     *
     * @param <T> the value's type
     * @param type the value's class
     * @return the value; {@code null} for a part that is JSON {@code null}
     * @throws AssertionError if the part is not a JSON document of that type, naming the part
     */
    public <T> @Nullable T bodyAs(Class<T> type) {
      try {
        return JsonType.of(type, options).fromJson(body);
      } catch (IOException | RuntimeException e) {
        AssertionError error =
            new AssertionError(
                "expected part " + name + " of type " + type.getName() + ", but was: " + this);
        error.initCause(e);
        throw error;
      }
    }

    /** {@return the part's name, file name, Content-Type and text} */
    @Override
    public String toString() {
      return "Part{"
          + name
          + (filename == null ? "" : ", filename=" + filename)
          + (contentType == null ? "" : ", " + contentType)
          + ", "
          + (body.length > SHOWN ? body.length + " bytes" : bodyAsString())
          + "}";
    }
  }

  /**
   * The route that answered, as {@link Route#toString()} shows it.
   *
   * @return the route, or {@code null} when none matched (an unexpected request)
   */
  public @Nullable String route() {
    return route;
  }

  /**
   * The method, URI, headers and the body (its first 2000 characters, decoded from its {@code
   * Content-Encoding}), one per line; the URI shown as httpjson's messages and logs show it ({@link
   * JsonOptions#redact(String)} with the stub's options: userinfo and fragment left out, each query
   * value but the shown ones as {@code ***}, so is a {@code Referer}), and the values of {@code
   * Authorization}, {@code Proxy-Authorization}, {@code Cookie}, {@code Set-Cookie} and the usual
   * API-key and token headers ({@code X-Api-Key}, {@code Api-Key}, {@code ApiKey}, {@code
   * X-Auth-Token}, {@code Private-Token}) shown as {@code ***}, as httpjson's logs show them, and
   * so are the values of a form body's fields.
   */
  @Override
  public String toString() {
    // Credentials and query values shown as httpjson's LoggingInterceptor shows them: a test's
    // output often ends up in CI logs. uri(), query(name), header(name) and headers() still give
    // them to assertions.
    StringBuilder s = new StringBuilder(method).append(' ').append(options.redact(uri.toString()));
    headers
        .map()
        .forEach(
            (k, v) -> {
              String name = k.toLowerCase(Locale.ROOT);
              for (String x : v) {
                s.append('\n').append(k).append(": ");
                if (CREDENTIALS.contains(name)) {
                  s.append("***");
                } else if (URI_VALUED.contains(name)) {
                  s.append(options.redact(x.trim()));
                } else {
                  s.append(x);
                }
              }
            });
    if (decoded == null) {
      s.append("\n\n(").append(body.length).append(" bytes: ").append(undecodable).append(')');
    } else if (decoded.length > 0) {
      String text = new String(decoded, StandardCharsets.UTF_8);
      if (headers
          .firstValue("Content-Type")
          .orElse("")
          .toLowerCase(Locale.ROOT)
          .startsWith("application/x-www-form-urlencoded")) {
        // As FormContent's own text: forms carry passwords and client secrets. form() has them.
        text = Uris.redactQuery(text);
      }
      s.append("\n\n")
          .append(
              text.length() > SHOWN
                  ? text.substring(0, SHOWN) + "… (" + decoded.length + " bytes)"
                  : text);
    }
    return s.toString();
  }
}

package dev.httpjson;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.jspecify.annotations.Nullable;

/**
 * Logs each exchange to a {@link System.Logger} — which reaches SLF4J, Log4j or {@code
 * java.util.logging} with no dependency — at {@link System.Logger.Level#INFO}, as much as the
 * {@link Level} says, in the style of OkHttp's {@code HttpLoggingInterceptor}:
 *
 * <pre>
 * --&gt; GET https://api.example.com/v1/users?token=*** (0-byte body)
 * &lt;-- 200 GET https://api.example.com/v1/users?token=*** (38 ms, 412-byte body)
 * </pre>
 *
 * <p><b>Secrets stay out.</b> URIs, in lines and in URI-valued headers ({@code Location}, {@code
 * Link}, …), are shown as exception messages show them: query values, a parameter without {@code =}
 * ({@code ?abcdef123}) and userinfo as {@code ***}, but the parameters named with {@link
 * JsonOptions.Builder#showQueryParameter(String)} or {@link Builder#showQueryParameter(String)}.
 * {@code Authorization}, {@code Proxy-Authorization}, {@code Cookie}, {@code Set-Cookie}, the usual
 * API-key and token headers ({@code X-Api-Key}, {@code Api-Key}, {@code ApiKey}, {@code
 * X-Auth-Token}, {@code Private-Token}, {@code X-Access-Token}, {@code X-Vault-Token}, {@code
 * X-CSRF-Token}, {@code X-XSRF-Token}), the clouds' ({@code X-Amz-Security-Token}, {@code
 * X-Goog-Api-Key}, {@code Ocp-Apim-Subscription-Key}) and the headers named with {@link
 * Builder#redactHeader(String)} show as {@code ***}. Bodies ({@link Level#BODY}) can hold secrets
 * of their own.
 *
 * <p><b>Bodies are read once.</b> A request body is shown from a {@link JsonContent}'s bytes (other
 * publishers by length only); a response body is copied, up to {@link Builder#maxBodyBytes(int)},
 * as the caller's handler reads it, and logged when it ends, is closed early or fails. A body is
 * read as text in the charset its {@code Content-Type} names (UTF-8 when none). A compressed
 * response body shows only its length, and so does a body that is not text ({@code (binary body,
 * not shown)}): malformed in that charset, or a control character other than a tab or a line break.
 *
 * <p><b>One measurement.</b> When httpjson already measures the call (a {@link CallListener} or a
 * JFR recording) and this interceptor forwards with the call's own body handler, the response line
 * comes from that measurement, with the decoded size when it differs ({@code (38 ms, 412-byte body,
 * 2048 decoded)}); otherwise this interceptor measures each attempt itself.
 *
 * <pre>{@code
 * HttpJsonClient api = HttpJsonClient.newBuilder(http)
 *     .baseUri("https://api.example.com/v1/")
 *     .interceptor(LoggingInterceptor.newBuilder().level(LoggingInterceptor.Level.HEADERS).build())
 *     .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class LoggingInterceptor implements Interceptor {
  /** How much is logged. */
  public enum Level {
    /** Nothing. */
    NONE,
    /** The request line and the response line: method, URI, status, duration, bytes. */
    BASIC,
    /** As {@link #BASIC}, with the headers. */
    HEADERS,
    /** As {@link #HEADERS}, with a bounded prefix of each body. */
    BODY
  }

  // The header fields that carry a credential or a session's secret whoever set them: the one
  // list, which the implementation reads as dev.httpjson.internal.SecretHeaders (through Access).
  static final Set<String> ALWAYS_REDACTED =
      Set.of(
          "authorization",
          "proxy-authorization",
          "cookie",
          "set-cookie",
          "x-api-key",
          "api-key",
          "apikey",
          "x-auth-token",
          "private-token",
          "x-access-token",
          "x-amz-security-token",
          "x-goog-api-key",
          "ocp-apim-subscription-key",
          "x-vault-token",
          "x-csrf-token",
          "x-xsrf-token");

  /** Headers whose value is a URI, shown as the request line shows one. */
  private static final Set<String> URI_VALUED = Set.of("location", "content-location", "referer");

  private final Level level;
  private final System.Logger logger;
  private final Set<String> redacted;

  /** The options of a call without any, showing this interceptor's query parameters. */
  private final JsonOptions shownQuery;

  private final int maxBodyBytes;

  private LoggingInterceptor(Builder b) {
    this.level = b.level;
    this.logger = b.logger;
    this.redacted = Set.copyOf(b.redacted);
    this.shownQuery = b.shownQuery.build();
    this.maxBodyBytes = b.maxBodyBytes;
  }

  /**
   * A builder with the defaults: {@link Level#BASIC}, the logger {@code
   * System.getLogger("dev.httpjson")}, bodies shown up to 4096 bytes.
   */
  public static Builder newBuilder() {
    return new Builder();
  }

  private boolean off() {
    return level == Level.NONE || !logger.isLoggable(System.Logger.Level.INFO);
  }

  private void log(String message) {
    logger.log(System.Logger.Level.INFO, message);
  }

  /**
   * How the lines of one call show URIs: the call's options, which show the query parameters its
   * exception messages show ({@link JsonOptions#shownQueryParameters()}), and this interceptor's.
   */
  private JsonOptions shown(Chain<?> chain) {
    JsonOptions options = chain.options().orElse(null);
    if (options == null) {
      return shownQuery;
    }
    Set<String> own = shownQuery.shownQueryParameters();
    if (options.shownQueryParameters().containsAll(own)) {
      return options;
    }
    JsonOptions.Builder both = options.toBuilder();
    own.forEach(both::showQueryParameter);
    return both.build();
  }

  private void logRequest(HttpRequest request, JsonOptions shown) {
    logRequest(request, shown.redact(request.uri().toString()), shown);
  }

  private void logRequest(HttpRequest request, String uri, JsonOptions shown) {
    long length = request.bodyPublisher().map(HttpRequest.BodyPublisher::contentLength).orElse(0L);
    String coding =
        request.bodyPublisher().isPresent()
            ? request.headers().firstValue("Content-Encoding").orElse(null)
            : null;
    String body = coding == null ? "body)" : coding + " body)";
    StringBuilder sb =
        new StringBuilder("--> ")
            .append(request.method())
            .append(' ')
            .append(uri)
            .append(length < 0 ? " (unknown-length " + body : " (" + length + "-byte " + body);
    if (level.compareTo(Level.HEADERS) >= 0) {
      appendHeaders(sb, request.headers(), shown);
    }
    if (level == Level.BODY) {
      request
          .bodyPublisher()
          .filter(p -> p instanceof JsonContent)
          .ifPresent(
              p -> {
                // Only the prefix shown is copied, never the whole body. A gzip body shows the
                // JSON it carries, decoded up to the limit (its size unknown).
                boolean gzip = "gzip".equalsIgnoreCase(coding);
                Charset charset = charset(request.headers());
                byte[] bytes = prefixOf(p, gzip ? maxBodyBytes + GZIP_SLACK : maxBodyBytes);
                if (!gzip) {
                  appendBody(sb, bytes, bytes.length, p.contentLength(), charset);
                  return;
                }
                byte[] json = gunzipPrefix(bytes, maxBodyBytes + 1);
                boolean more = json.length > maxBodyBytes || bytes.length < p.contentLength();
                appendBody(
                    sb,
                    json,
                    Math.min(json.length, maxBodyBytes),
                    more ? -1 : json.length,
                    charset);
              });
    }
    log(sb.toString());
  }

  private void appendHeaders(StringBuilder sb, HttpHeaders headers, JsonOptions shown) {
    for (Map.Entry<String, List<String>> e : headers.map().entrySet()) {
      String name = e.getKey().toLowerCase(Locale.ROOT);
      boolean hide = redacted.contains(name);
      for (String value : e.getValue()) {
        appendOneLine(sb.append('\n'), e.getKey()).append(": ");
        if (hide) {
          sb.append("***");
        } else if (URI_VALUED.contains(name)) {
          appendOneLine(sb, shown.redact(value.trim()));
        } else if (name.equals("link")) {
          StringBuilder links = new StringBuilder();
          appendLinks(links, value, shown);
          appendOneLine(sb, links);
        } else {
          appendOneLine(sb, value);
        }
      }
    }
  }

  /**
   * Appends {@code text}, which came from the server or from an exception's message, on one line: a
   * control character or a line separator shown escaped as in a Java string literal (a carriage
   * return as backslash and {@code r}, an escape as backslash, {@code u001b}), so that a header
   * value or a message cannot forge a log line or drive a terminal. The JDK's client refuses such a
   * header value (and quotes it in its exception's message); other transports pass it on.
   */
  static StringBuilder appendOneLine(StringBuilder sb, CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n') {
        sb.append("\\n");
      } else if (c == '\r') {
        sb.append("\\r");
      } else if (c == '\t') {
        sb.append("\\t");
      } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb;
  }

  /** {@code failure} as a log line shows it: its {@code toString()}, on one line. */
  private static String describe(Throwable failure) {
    return appendOneLine(new StringBuilder(), String.valueOf(failure)).toString();
  }

  /** A {@code Link} value with each {@code <target>} redacted, its parameters as they are. */
  private static void appendLinks(StringBuilder sb, String value, JsonOptions shown) {
    boolean quoted = false;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (quoted) {
        if (c == '\\' && i + 1 < value.length()) {
          sb.append(c);
          c = value.charAt(++i);
        } else if (c == '"') {
          quoted = false;
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == '<') {
        int close = value.indexOf('>', i + 1);
        if (close < 0) {
          sb.append("<").append(shown.redact(value.substring(i + 1).trim()));
          return;
        }
        sb.append('<').append(shown.redact(value.substring(i + 1, close).trim())).append('>');
        i = close;
        continue;
      }
      sb.append(c);
    }
  }

  /**
   * The charset the {@code Content-Type} of {@code headers} names, in which the body is text; UTF-8
   * when it names none, or one this JVM does not know.
   */
  private static Charset charset(HttpHeaders headers) {
    String type = headers.firstValue("Content-Type").orElse(null);
    if (type == null) {
      return StandardCharsets.UTF_8;
    }
    for (String parameter : type.split(";")) {
      int eq = parameter.indexOf('=');
      if (eq > 0 && parameter.substring(0, eq).trim().equalsIgnoreCase("charset")) {
        String name = parameter.substring(eq + 1).trim();
        if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
          name = name.substring(1, name.length() - 1);
        }
        try {
          return Charset.forName(name);
        } catch (IllegalArgumentException e) { // illegal or unsupported: read as UTF-8
          return StandardCharsets.UTF_8;
        }
      }
    }
    return StandardCharsets.UTF_8;
  }

  /**
   * Appends the first {@code shown} bytes of a body of {@code length} bytes (-1: more, how many
   * unknown) as text in {@code charset} (the one its Content-Type names, else UTF-8), a character
   * cut by the prefix's end left out; or, for a body that is not text (malformed in that charset,
   * or a control character other than a tab or a line break, such as a NUL or an escape that would
   * drive a terminal), only that it is binary.
   */
  private static void appendBody(
      StringBuilder sb, byte[] bytes, int shown, long length, Charset charset) {
    ByteBuffer in = ByteBuffer.wrap(bytes, 0, shown);
    CharsetDecoder decoder =
        charset
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    CharBuffer text =
        CharBuffer.allocate(
            (int)
                Math.min(
                    Integer.MAX_VALUE - 8,
                    (long) Math.ceil(shown * (double) decoder.maxCharsPerByte())));
    // a character cut by the end stays in the input
    CoderResult result = decoder.decode(in, text, false);
    text.flip();
    boolean binary = result.isError() || (in.hasRemaining() && shown == length);
    for (int i = 0; !binary && i < text.length(); i++) {
      char c = text.charAt(i);
      binary = Character.isISOControl(c) && c != '\t' && c != '\n' && c != '\r';
    }
    if (binary) {
      sb.append("\n(binary body, not shown)");
      return;
    }
    sb.append('\n').append(text);
    if (length < 0) {
      sb.append("… (more bytes)");
    } else if (length > in.position()) {
      sb.append("… (").append(length - in.position()).append(" more bytes)");
    }
  }

  private <T> Chain<T> watching(
      Chain<T> chain, HttpRequest request, long start, JsonOptions shown) {
    BodyHandler<T> handler = chain.bodyHandler();
    return chain.withBodyHandler(
        info -> new Watcher<>(handler.apply(info), info, request, start, chain, shown));
  }

  /** Counts (and copies a prefix of) the body as the caller's subscriber reads it. */
  private final class Watcher<T> implements BodySubscriber<T> {
    private final BodySubscriber<T> delegate;
    private final HttpResponse.ResponseInfo info;
    private final HttpRequest request;
    private final long start;
    private final Chain<?> chain;
    private final JsonOptions shown;
    private final boolean copy;
    private final byte[] prefix;
    private int copied;
    private long bytes;
    private boolean logged;

    Watcher(
        BodySubscriber<T> delegate,
        HttpResponse.ResponseInfo info,
        HttpRequest request,
        long start,
        Chain<?> chain,
        JsonOptions shown) {
      this.delegate = delegate;
      this.info = info;
      this.request = request;
      this.start = start;
      this.chain = chain;
      this.shown = shown;
      String encoding = info.headers().firstValue("Content-Encoding").orElse("identity").trim();
      this.copy = level == Level.BODY && encoding.equalsIgnoreCase("identity");
      this.prefix = new byte[copy ? maxBodyBytes : 0];
    }

    @Override
    public CompletionStage<T> getBody() {
      return delegate.getBody();
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      delegate.onSubscribe(
          new Flow.Subscription() {
            @Override
            public void request(long n) {
              subscription.request(n);
            }

            @Override
            public void cancel() {
              // A stream that fails says so before it closes the body; else its caller closed it.
              Throwable failure = chain.streamFailure().orElse(null);
              done(failure == null ? "body closed early" : "failed: " + describe(failure));
              subscription.cancel();
            }
          });
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
      for (ByteBuffer b : item) {
        int n = b.remaining();
        bytes += n;
        if (copy && copied < prefix.length) {
          int take = Math.min(n, prefix.length - copied);
          b.duplicate().get(prefix, copied, take);
          copied += take;
        }
      }
      delegate.onNext(item);
    }

    @Override
    public void onError(Throwable throwable) {
      done("failed: " + describe(throwable));
      delegate.onError(throwable);
    }

    @Override
    public void onComplete() {
      done(null);
      delegate.onComplete();
    }

    private void done(@Nullable String failure) {
      synchronized (this) {
        if (logged) {
          return;
        }
        logged = true;
      }
      StringBuilder sb =
          responseLine(
              info.statusCode(),
              request,
              shown.redact(request.uri().toString()),
              start,
              bytes,
              failure == null ? "" : ", " + failure,
              info.headers(),
              shown);
      if (copy) {
        appendBody(sb, prefix, copied, bytes, charset(info.headers()));
      }
      log(sb.toString());
    }
  }

  private void logFailure(HttpRequest request, String uri, long start, Throwable failure) {
    log(
        "<-- HTTP FAILED "
            + request.method()
            + " "
            + uri
            + " ("
            + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)
            + " ms): "
            + describe(failure));
  }

  @Override
  public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
      throws IOException, InterruptedException {
    if (off()) {
      return chain.forward(request);
    }
    JsonOptions shown = shown(chain);
    Measurement measured = level == Level.BODY ? null : chain.measurement().orElse(null);
    if (measured != null) {
      return fromMeasurement(request, chain, measured, shown);
    }
    logRequest(request, shown);
    long start = System.nanoTime();
    try {
      return watching(chain, request, start, shown).forward(request);
    } catch (IOException | InterruptedException | RuntimeException e) {
      logFailure(request, shown.redact(request.uri().toString()), start, e);
      throw e;
    }
  }

  /**
   * Logs an exchange whose body httpjson reads for the call and measures for its listeners and JFR
   * event: the response line takes the status, bytes and end from that one measurement (adding the
   * decoded size when it differs), written when the call is over, rather than counting the body a
   * second time.
   */
  private <T> HttpResponse<T> fromMeasurement(
      HttpRequest request, Chain<T> chain, Measurement measured, JsonOptions shown)
      throws IOException, InterruptedException {
    String uri = shown.redact(request.uri().toString());
    logRequest(request, uri, shown);
    long start = System.nanoTime();
    HttpResponse<T> response;
    try {
      response = chain.forward(request);
    } catch (IOException | InterruptedException | RuntimeException e) {
      if (e instanceof HttpJsonStatusException) {
        HttpJsonStatusException status = (HttpJsonStatusException) e;
        logResponse(
            status.statusCode(), request, uri, start, measured, null, status.headers(), shown);
      }
      logFailure(request, uri, start, e);
      throw e;
    }
    int status = response.statusCode();
    HttpHeaders headers = response.headers();
    measured.whenOver(
        failure ->
            logResponse(
                status,
                request,
                uri,
                start,
                measured,
                failure != null
                    ? "failed: " + describe(failure)
                    : measured.closedEarly() ? "body closed early" : null,
                headers,
                shown));
    return response;
  }

  private void logResponse(
      int status,
      HttpRequest request,
      String uri,
      long start,
      Measurement measured,
      @Nullable String failure,
      @Nullable HttpHeaders headers,
      JsonOptions shown) {
    long wire = Math.max(0, measured.wireBytes());
    long decoded = measured.decodedBytes();
    String extra =
        (decoded >= 0 && decoded != wire ? ", " + decoded + " decoded" : "")
            + (failure == null ? "" : ", " + failure);
    log(responseLine(status, request, uri, start, wire, extra, headers, shown).toString());
  }

  /** The response line ending now, with the headers at {@link Level#HEADERS} and above. */
  private StringBuilder responseLine(
      int status,
      HttpRequest request,
      String uri,
      long start,
      long bytes,
      String extra,
      @Nullable HttpHeaders headers,
      JsonOptions shown) {
    StringBuilder sb =
        new StringBuilder("<-- ")
            .append(status)
            .append(' ')
            .append(request.method())
            .append(' ')
            .append(uri)
            .append(" (")
            .append(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
            .append(" ms, ")
            .append(bytes)
            .append("-byte body")
            .append(extra)
            .append(')');
    if (headers != null && level.compareTo(Level.HEADERS) >= 0) {
      appendHeaders(sb, headers, shown);
    }
    return sb;
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
      HttpRequest request, Chain<T> chain) {
    if (off()) {
      return chain.forwardAsync(request);
    }
    JsonOptions shown = shown(chain);
    logRequest(request, shown);
    long start = System.nanoTime();
    CompletableFuture<HttpResponse<T>> f =
        watching(chain, request, start, shown).forwardAsync(request);
    f.whenComplete(
        (r, e) -> {
          if (e != null) {
            // What the caller gets: the exception a stage wrapped on its way.
            Throwable failure = e;
            while (failure instanceof java.util.concurrent.CompletionException
                && failure.getCause() != null) {
              failure = failure.getCause();
            }
            logFailure(request, shown.redact(request.uri().toString()), start, failure);
          }
        });
    return f;
  }

  /**
   * The compressed bytes copied beyond the limit of a gzip body, so that its first {@code
   * maxBodyBytes} decode whatever they hold: deflate grows incompressible data by a few bytes a
   * block, and gzip adds a header.
   */
  private static final int GZIP_SLACK = 1024;

  /**
   * The first {@code limit} bytes a {@link JsonContent} sends, read as any subscriber reads them
   * (it publishes its buffered bytes when asked, on the asking thread, and can be sent again
   * after), and no more: the rest is never copied.
   */
  private static byte[] prefixOf(HttpRequest.BodyPublisher content, int limit) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(limit, 8192));
    content.subscribe(
        new Flow.Subscriber<ByteBuffer>() {
          private Flow.@Nullable Subscription subscription;

          @Override
          public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            if (limit == 0) {
              s.cancel();
            } else {
              s.request(1);
            }
          }

          @Override
          public void onNext(ByteBuffer item) {
            int take = Math.min(item.remaining(), limit - out.size());
            byte[] chunk = new byte[take];
            item.duplicate().get(chunk);
            out.write(chunk, 0, take);
            Flow.Subscription s = java.util.Objects.requireNonNull(subscription);
            if (out.size() >= limit) {
              s.cancel();
            } else {
              s.request(1);
            }
          }

          @Override
          public void onError(Throwable throwable) {}

          @Override
          public void onComplete() {}
        });
    return out.toByteArray();
  }

  /**
   * At most {@code max} bytes of gzip {@code body} decoded: as many as it decodes to when {@code
   * body} is only the start of the compressed bytes.
   */
  private static byte[] gunzipPrefix(byte[] body, int max) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      byte[] buffer = new byte[Math.max(1, Math.min(max, 8192))];
      int n;
      while (out.size() < max
          && (n = in.read(buffer, 0, Math.min(buffer.length, max - out.size()))) > 0) {
        out.write(buffer, 0, n);
      }
    } catch (IOException e) {
      // the compressed bytes end before the limit: what they decoded to
    }
    return out.toByteArray();
  }

  @Override
  public String toString() {
    return "LoggingInterceptor{level=" + level + ", logger=" + logger.getName() + "}";
  }

  /** Builds {@link LoggingInterceptor}; each setter returns this builder. Not thread-safe. */
  public static final class Builder {
    private Level level = Level.BASIC;
    private System.Logger logger = System.getLogger("dev.httpjson");
    private final Set<String> redacted = new TreeSet<>(ALWAYS_REDACTED);
    private final JsonOptions.Builder shownQuery = JsonOptions.newBuilder();
    private int maxBodyBytes = 4096;

    Builder() {}

    /**
     * Sets how much is logged. Default {@link Level#BASIC}.
     *
     * @param level the level
     */
    public Builder level(Level level) {
      this.level = Objects.requireNonNull(level, "level == null");
      return this;
    }

    /**
     * Sets the logger. Default {@code System.getLogger("dev.httpjson")}.
     *
     * @param logger the logger, written to at {@link System.Logger.Level#INFO}
     */
    public Builder logger(System.Logger logger) {
      this.logger = Objects.requireNonNull(logger, "logger == null");
      return this;
    }

    /**
     * Shows the value of the query parameter {@code name} as it is, wherever a URI is logged: the
     * request and response lines and the URI-valued headers ({@code Location}, {@code
     * Content-Location}, {@code Referer}, {@code Link} targets). Every other query value stays
     * {@code ***}. Name only what can never carry a secret, such as a page number or a resource
     * version; call it once per name.
     *
     * <pre>{@code
     * LoggingInterceptor.newBuilder().showQueryParameter("page").showQueryParameter("limit").build();
     * // --> GET https://api.example.com/v1/users?page=2&limit=50&token=*** (0-byte body)
     * }</pre>
     *
     * <p>The lines also show the parameters the call's options show ({@link
     * JsonOptions.Builder#showQueryParameter(String)}), which the call's exception messages show
     * too: name a parameter there to see its value in both.
     *
     * @param name the parameter name as it appears in the URI (percent-encoded, if it is),
     *     case-sensitive
     * @throws IllegalArgumentException if {@code name} is empty or contains {@code =} or {@code &}
     */
    public Builder showQueryParameter(String name) {
      shownQuery.showQueryParameter(name);
      return this;
    }

    /**
     * Adds a header whose values are shown as {@code ***}, besides {@code Authorization}, {@code
     * Proxy-Authorization}, {@code Cookie}, {@code Set-Cookie} and the API-key and token headers
     * the class description lists.
     *
     * @param name the header name, case-insensitive
     */
    public Builder redactHeader(String name) {
      redacted.add(Objects.requireNonNull(name, "name == null").toLowerCase(Locale.ROOT));
      return this;
    }

    /**
     * Sets how many bytes of each body {@link Level#BODY} shows. Default 4096.
     *
     * @param maxBodyBytes the bytes, zero or more
     * @throws IllegalArgumentException if {@code maxBodyBytes < 0}
     */
    public Builder maxBodyBytes(int maxBodyBytes) {
      if (maxBodyBytes < 0) {
        throw new IllegalArgumentException("maxBodyBytes < 0: " + maxBodyBytes);
      }
      this.maxBodyBytes = maxBodyBytes;
      return this;
    }

    /** Returns the interceptor. */
    public LoggingInterceptor build() {
      return new LoggingInterceptor(this);
    }
  }
}

package dev.httpjson.internal;

import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpResponse;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The entry points of every call: argument checks, the request and its plan, which {@link
 * CallRunner} runs.
 */
public final class Calls {
  private static final String[] NO_HEADERS = {};

  private Calls() {}

  public static HttpClient client(HttpClient client) {
    return Objects.requireNonNull(client, "client == null");
  }

  public static URI uri(String uri) {
    if (uri == null || uri.isEmpty()) {
      throw new IllegalArgumentException(
          "uri is "
              + (uri == null ? "null" : "empty")
              + "; HttpJson has no base address"
              + " (bind one with HttpJsonClient)");
    }
    return absolute(parse(uri));
  }

  /**
   * {@link URI#create}, with a message that shows the string {@linkplain Uris#redact(String)
   * redacted}: the JDK's message quotes it whole, query credentials included.
   */
  public static URI parse(String uri) {
    try {
      return new URI(uri);
    } catch (URISyntaxException e) {
      int at = e.getIndex();
      throw new IllegalArgumentException(
          "uri is malformed ("
              + e.getReason()
              + (at >= 0 ? " at index " + at + illegal(uri, at) : "")
              + "): "
              + Uris.redact(uri));
    }
  }

  /**
   * What the character at {@code at} is, with its escape, when it is one a URI never holds as it
   * is: a space, a control or a character such as {@code "} or {@code |} says nothing secret (a
   * letter or digit might, and is never illegal).
   */
  private static String illegal(String uri, int at) {
    if (at >= uri.length()) {
      return "";
    }
    char c = uri.charAt(at);
    if (Character.isLetterOrDigit(c) || c > 0x7e) {
      return "";
    }
    String name =
        c == ' ' ? "a space" : c < 0x20 || c == 0x7f ? "a control character" : "'" + c + "'";
    return ": " + name + "; percent-encode it, %" + String.format("%02X", (int) c);
  }

  /** The request header naming the codings httpjson decodes. */
  public static final String ACCEPT_ENCODING = "Accept-Encoding";

  /** The request header naming the coding of a body httpjson compressed. */
  public static final String CONTENT_ENCODING = "Content-Encoding";

  /** The codings httpjson asks for, when compression is on and the caller named none. */
  public static final String ENCODINGS = "gzip, deflate";

  public static URI absolute(URI uri) {
    Objects.requireNonNull(uri, "uri == null");
    if (!uri.isAbsolute()) {
      throw new IllegalArgumentException(
          "uri is relative and no base URI is set (bind one with HttpJsonClient): "
              + Uris.redact(uri));
    }
    return uri;
  }

  public static Type type(Type type) {
    return Objects.requireNonNull(type, "type == null");
  }

  public static <T> JsonType<T> type(JsonType<T> type) {
    return Objects.requireNonNull(type, "type == null");
  }

  /** The handler of {@code type}, its reader resolved: for {@code JsonBodyHandlers}. */
  public static <T> Responses.JsonHandler<T> prepared(Responses.JsonHandler<T> type) {
    type.reader();
    return type;
  }

  /** {@code type} with {@code options}, both checked: the one-liners' {@code Class} form. */
  public static <T> JsonType<T> of(Class<T> type, JsonOptions options) {
    return ApiAccess.get().resolve(Objects.requireNonNull(type, "type == null"), options(options));
  }

  public static JsonOptions options(JsonOptions options) {
    return Objects.requireNonNull(options, "options == null");
  }

  /** A request for a call that reads one value: {@code Accept} {@link MediaTypes#ACCEPT_JSON}. */
  public static HttpRequest request(
      String method,
      URI uri,
      @Nullable BodyPublisher content,
      JsonOptions options,
      String[] headers) {
    return request(method, uri, content, options, headers, MediaTypes.ACCEPT_JSON);
  }

  /**
   * A request with httpjson's headers where {@code headers} has none of its own: {@code accept}
   * (the media types the call reads, and problem details) and those of the body and compression.
   */
  public static HttpRequest request(
      String method,
      URI uri,
      @Nullable BodyPublisher content,
      JsonOptions options,
      String[] headers,
      String acceptDefault) {
    HttpRequest.Builder b = HttpRequest.newBuilder(absolute(uri));
    if (content != null) {
      b.method(method, content);
    } else if (!method.equals("GET")) {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    }
    // A header the caller set replaces httpjson's own value of it: one on the wire, not two.
    boolean accept = false;
    boolean contentType = false;
    boolean acceptEncoding = false;
    String coding = content == null ? null : ApiAccess.get().contentEncoding(content);
    // A form's or a multipart body's own type names how it is encoded (a multipart's, its
    // boundary): a Content-Type given for JSON bodies does not replace it.
    boolean ownType =
        content instanceof dev.httpjson.FormContent
            || content instanceof dev.httpjson.MultipartContent;
    for (int i = 0; i < headers.length; i += 2) {
      if (ownType && JsonRequestBuilder.isContentType(headers[i])) {
        continue;
      }
      if (coding != null && headers[i].equalsIgnoreCase(CONTENT_ENCODING)) {
        if (!headers[i + 1].trim().equalsIgnoreCase(coding)) {
          throw new IllegalArgumentException(
              "Content-Encoding: "
                  + headers[i + 1]
                  + " on a body httpjson writes "
                  + coding
                  + "-compressed (JsonOptions requestCompression): turn requestCompression off to"
                  + " send the body otherwise");
        }
        continue; // the body's own coding, added below: one on the wire
      }
      b.header(headers[i], headers[i + 1]);
      accept |= JsonRequestBuilder.isAccept(headers[i]);
      contentType |= JsonRequestBuilder.isContentType(headers[i]);
      acceptEncoding |= headers[i].equalsIgnoreCase(ACCEPT_ENCODING);
    }
    if (!accept) {
      b.header("Accept", acceptDefault);
    }
    if (!acceptEncoding && options.compression()) {
      b.header(ACCEPT_ENCODING, ENCODINGS);
    }
    if (content != null && !contentType) {
      b.header("Content-Type", ApiAccess.get().mediaType(content));
    }
    if (coding != null) {
      b.header(CONTENT_ENCODING, coding); // the body's own: it is written compressed
    }
    // No request timeout: the whole-call timer (sendAsync) covers the headers too, and names
    // itself.
    return b.build();
  }

  /**
   * The Content-Type among the caller's headers, or {@code null}: it replaces httpjson's, so the
   * body is encoded in its charset.
   */
  public static @Nullable String contentType(String[] headers) {
    for (int i = 0; i < headers.length; i += 2) {
      if (JsonRequestBuilder.isContentType(headers[i])) {
        return headers[i + 1];
      }
    }
    return null;
  }

  // ---- the entry points: a request and its plan, for HttpJson and HttpJsonClient alike ---------

  /**
   * Sends, reads the body with {@code type} (the handler of a {@code JsonType}, made once), fails
   * non-2xx; blocking.
   */
  public static <T> @Nullable T receive(
      HttpClient client,
      String method,
      URI uri,
      @Nullable BodyPublisher content,
      Responses.JsonHandler<T> type,
      String[] headers)
      throws IOException, InterruptedException {
    return CallRunner.run(
        client, request(method, uri, content, type.options(), headers), type.plan());
  }

  public static <T> CompletableFuture<@Nullable T> receiveAsync(
      HttpClient client,
      String method,
      URI uri,
      @Nullable BodyPublisher content,
      Responses.JsonHandler<T> type,
      String[] headers) {
    return AsyncCall.run(
        client, request(method, uri, content, type.options(), headers), type.plan());
  }

  /**
   * Sends a request the caller built, reads the body as {@code type}, fails non-2xx, and keeps the
   * response: its status and headers with the value read.
   */
  public static <T> HttpResponse<@Nullable T> exchange(
      HttpClient client, HttpRequest request, Responses.JsonHandler<T> type)
      throws IOException, InterruptedException {
    HttpRequest r = withAccept(request, type.options());
    return CallRunner.run(client, r, Plan.response(type));
  }

  public static <T> CompletableFuture<HttpResponse<@Nullable T>> exchangeAsync(
      HttpClient client, HttpRequest request, Responses.JsonHandler<T> type) {
    HttpRequest r = withAccept(request, type.options());
    return AsyncCall.run(client, r, Plan.response(type));
  }

  /**
   * A caller's request with httpjson's {@code Accept} and {@code Accept-Encoding} where it has
   * none, and its body, when the caller's publisher of a known length, held to that length ({@link
   * ExactLength}).
   */
  private static HttpRequest withAccept(HttpRequest request, JsonOptions options) {
    Objects.requireNonNull(request, "request == null");
    boolean accept = request.headers().firstValue("Accept").isEmpty();
    boolean encoding =
        options.compression() && request.headers().firstValue(ACCEPT_ENCODING).isEmpty();
    BodyPublisher body = request.bodyPublisher().orElse(null);
    BodyPublisher exact = ExactLength.of(body);
    if (!accept && !encoding && exact == body) {
      return request;
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(request, (name, value) -> true);
    if (exact != body) {
      b.method(request.method(), exact);
    }
    if (accept) {
      b.header("Accept", MediaTypes.ACCEPT_JSON);
    }
    if (encoding) {
      b.header(ACCEPT_ENCODING, ENCODINGS);
    }
    return b.build();
  }

  /** Sends {@code method} without a body; the response with its bytes, status checked. */
  public static HttpResponse<byte[]> sendChecked(
      HttpClient client, String method, URI uri, JsonOptions options, String[] headers)
      throws IOException, InterruptedException {
    return sendValue(client, method, uri, false, null, options, headers, true);
  }

  public static CompletableFuture<HttpResponse<byte[]>> sendCheckedAsync(
      HttpClient client, String method, URI uri, JsonOptions options, String[] headers) {
    return sendValueAsync(client, method, uri, false, null, options, headers, true);
  }

  /**
   * Sends {@code method} with {@code value} as JSON, or without a body unless {@code hasBody}; the
   * response with its bytes, its status checked when {@code checked} (a call that reads no value).
   */
  public static HttpResponse<byte[]> sendValue(
      HttpClient client,
      String method,
      URI uri,
      boolean hasBody,
      @Nullable Object value,
      JsonOptions options,
      String[] headers,
      boolean checked)
      throws IOException, InterruptedException {
    BodyPublisher content = hasBody ? content(value, options, headers) : null;
    HttpRequest request = request(method, uri, content, options, headers);
    return CallRunner.run(client, request, Plan.bytes(options, checked));
  }

  public static CompletableFuture<HttpResponse<byte[]>> sendValueAsync(
      HttpClient client,
      String method,
      URI uri,
      boolean hasBody,
      @Nullable Object value,
      JsonOptions options,
      String[] headers,
      boolean checked) {
    BodyPublisher content;
    try {
      content = hasBody ? content(value, options, headers) : null;
    } catch (JsonWriteException e) {
      return CompletableFuture.failedFuture(e);
    }
    HttpRequest request = request(method, uri, content, options, headers);
    return AsyncCall.run(client, request, Plan.bytes(options, checked));
  }

  /** {@code value} as the JSON body of a request with {@code headers}. */
  private static BodyPublisher content(
      @Nullable Object value, JsonOptions options, String[] headers) throws JsonWriteException {
    return ApiAccess.get().content(value, options, contentType(headers));
  }

  /** Serializes {@code value}, sends it, reads the response as {@code type}; blocking. */
  public static <R> @Nullable R exchangeValue(
      HttpClient client,
      String method,
      URI uri,
      @Nullable Object value,
      Responses.JsonHandler<R> type,
      String[] headers)
      throws IOException, InterruptedException {
    return receive(client, method, uri, content(value, type.options(), headers), type, headers);
  }

  public static <R> CompletableFuture<@Nullable R> exchangeValueAsync(
      HttpClient client,
      String method,
      URI uri,
      @Nullable Object value,
      Responses.JsonHandler<R> type,
      String[] headers) {
    BodyPublisher content;
    try {
      content = content(value, type.options(), headers);
    } catch (JsonWriteException e) {
      return CompletableFuture.failedFuture(e);
    }
    return receiveAsync(client, method, uri, content, type, headers);
  }

  /**
   * Sends GET and streams the body's elements in the format the type's options name; status checked
   * before the stream is returned.
   */
  public static <T> Stream<T> stream(
      HttpClient client, URI uri, Responses.JsonHandler<T> elementType, String[] headers)
      throws IOException, InterruptedException {
    JsonType<T> type = elementType.jsonType();
    HttpRequest request =
        request("GET", uri, null, type.options(), headers, MediaTypes.accept(type));
    ElementStream.pollDropped(client); // a stream starts: those dropped unclosed end first
    return CallRunner.run(client, request, Plan.elements(type));
  }

  public static <T> CompletableFuture<Stream<T>> streamAsync(
      HttpClient client, URI uri, Responses.JsonHandler<T> elementType, String[] headers) {
    JsonType<T> type = elementType.jsonType();
    HttpRequest request =
        request("GET", uri, null, type.options(), headers, MediaTypes.accept(type));
    ElementStream.pollDropped(client); // a stream starts: those dropped unclosed end first
    return AsyncCall.run(client, request, Plan.elements(type));
  }

  /** Reads a buffered body (status unchecked). */
  public static <T> @Nullable T read(HttpResponse<byte[]> response, Responses.JsonHandler<T> type)
      throws JsonReadException {
    Objects.requireNonNull(response, "response == null");
    byte[] body = response.body();
    if (body == null) {
      return null;
    }
    JsonReadException failure;
    try {
      HttpHeaders headers = response.headers();
      byte[] decoded = Responses.decodeAll(headers, body, type.limit(), type.type());
      return type.decode(decoded, decoded.length, Responses.contentType(headers), null);
    } catch (JsonReadException e) {
      failure = e;
    } catch (IOException e) {
      failure = new JsonReadException(String.valueOf(e.getMessage()), -1, -1, "$", e);
    }
    // Named as every read failure names the call: by the response's request, when it has one.
    HttpRequest request = response.request();
    throw Responses.answering(
        failure,
        response.statusCode(),
        request == null ? null : request.method(),
        response.uri(),
        type.jsonType().options());
  }

  /**
   * Streams the elements of a body the caller received as an {@link InputStream} (status
   * unchecked), in the format the type's options name (by default NDJSON by content type, else a
   * top-level array).
   */
  public static <T> Stream<T> readStream(
      HttpResponse<InputStream> response, Responses.JsonHandler<T> prepared)
      throws JsonReadException {
    JsonType<T> elementType = prepared.jsonType();
    Objects.requireNonNull(response, "response == null");
    InputStream body = Objects.requireNonNull(response.body(), "response.body() == null");
    Responses.StreamHandler<T> handler =
        new Responses.StreamHandler<>(
            elementType,
            elementType.options().streamFormat(),
            response.request().method(),
            response.request().uri());
    try {
      Responses.coding(response.headers(), elementType.type()); // names one it cannot decode
      MediaTypes.decodingCharset(Responses.contentType(response.headers())); // names a bad one
      return handler.open(body, response.headers(), response.statusCode(), null, null).stream();
    } catch (JsonReadException | RuntimeException | Error e) {
      CallRunner.closeQuietly(body);
      throw e;
    }
  }

  /** The response itself on 2xx, else the status exception the checked calls throw. */
  public static <R extends HttpResponse<byte[]>> R ensureSuccess(R response)
      throws HttpJsonStatusException {
    Objects.requireNonNull(response, "response == null");
    int status = response.statusCode();
    if (Responses.isSuccess(status)) {
      return response;
    }
    byte[] body = response.body();
    if (body == null) {
      body = new byte[0];
    }
    HttpHeaders headers = response.headers();
    if (Responses.decodableCoding(headers) != null) {
      try {
        // One byte past the prefix kept: a body cut there is known to be longer than the prefix.
        body =
            Responses.decodeAll(
                headers,
                body,
                HttpJsonStatusException.MAX_BODY_PREFIX_BYTES + 1L,
                Object.class,
                true);
        headers = ContentDecoder.decodedHeaders(headers);
      } catch (IOException e) {
        // Undecodable or long: the status is the failure; the body is shown as it came.
      }
    }
    int length = Math.min(body.length, HttpJsonStatusException.MAX_BODY_PREFIX_BYTES);
    HttpRequest request = response.request();
    throw Responses.statusException(
        status,
        headers,
        request.method(),
        request.uri(),
        body,
        length,
        length < body.length,
        optionsOf(response));
  }

  /** The options of the call that read {@code response}, or the web defaults when not known. */
  private static JsonOptions optionsOf(HttpResponse<?> response) {
    JsonOptions options =
        response instanceof BufferedResponse ? ((BufferedResponse<?>) response).options() : null;
    return options != null ? options : JsonOptions.web();
  }

  public static String[] noHeaders() {
    return NO_HEADERS;
  }
}

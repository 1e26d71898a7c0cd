package dev.httpjson.internal;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJsonException;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/** The one place every httpjson call goes through: argument checks, request, send, await. */
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
      throw new IllegalArgumentException(
          "uri is malformed ("
              + e.getReason()
              + (e.getIndex() >= 0 ? " at index " + e.getIndex() : "")
              + "): "
              + Uris.redact(uri));
    }
  }

  /** The request header naming the codings httpjson decodes. */
  public static final String ACCEPT_ENCODING = "Accept-Encoding";

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

  public static JsonOptions options(JsonOptions options) {
    return Objects.requireNonNull(options, "options == null");
  }

  public static HttpRequest request(
      String method,
      URI uri,
      @Nullable JsonContent content,
      JsonOptions options,
      String[] headers) {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri);
    if (content != null) {
      b.method(method, content);
    } else if (!method.equals("GET")) {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    }
    // A header the caller set replaces httpjson's own value of it: one on the wire, not two.
    boolean accept = false;
    boolean contentType = false;
    boolean acceptEncoding = false;
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
      accept |= JsonRequestBuilder.isAccept(headers[i]);
      contentType |= JsonRequestBuilder.isContentType(headers[i]);
      acceptEncoding |= headers[i].equalsIgnoreCase(ACCEPT_ENCODING);
    }
    if (!accept) {
      b.header("Accept", MediaTypes.APPLICATION_JSON);
    }
    if (!acceptEncoding && options.compression()) {
      b.header(ACCEPT_ENCODING, ENCODINGS);
    }
    if (content != null && !contentType) {
      b.header("Content-Type", content.mediaType());
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

  /** Sends, reads the body as {@code type}, fails non-2xx; blocking. */
  public static <T> @Nullable T receive(
      HttpClient client,
      String method,
      URI uri,
      @Nullable JsonContent content,
      JsonType<T> type,
      String[] headers)
      throws IOException, InterruptedException {
    HttpRequest request = request(method, uri, content, type.options(), headers);
    return receive(client, request, new Responses.JsonHandler<>(type, true, method, uri));
  }

  private static <T> @Nullable T receive(
      HttpClient client, HttpRequest request, Responses.JsonHandler<T> handler)
      throws IOException, InterruptedException {
    CallTrace trace = CallTrace.start(client, request, handler.type(), handler.options());
    Responses.Collector body = new Responses.Collector(handler, trace);
    if (trace == null) {
      body.received(sendBlocking(client, request, body, handler.options(), null, null));
      return body.value();
    }
    try {
      body.received(sendBlocking(client, request, body, handler.options(), null, trace));
      T value = body.value();
      trace.end();
      return value;
    } catch (Throwable t) {
      trace.failed(t);
      throw t;
    }
  }

  public static <T> CompletableFuture<@Nullable T> receiveAsync(
      HttpClient client,
      String method,
      URI uri,
      @Nullable JsonContent content,
      JsonType<T> type,
      String[] headers) {
    HttpRequest request = request(method, uri, content, type.options(), headers);
    return receiveAsync(client, request, new Responses.JsonHandler<>(type, true, method, uri));
  }

  private static <T> CompletableFuture<@Nullable T> receiveAsync(
      HttpClient client, HttpRequest request, Responses.JsonHandler<T> handler) {
    return AsyncCall.start(
        client,
        () -> receive(client, request, handler),
        call -> sendAsync(call, client, request, handler, handler.options(), HttpResponse::body));
  }

  /**
   * Sends a request the caller built, reads the body as {@code type}, fails non-2xx; blocking. A
   * request without an {@code Accept} header gets {@code Accept: application/json}.
   */
  public static <T> @Nullable T exchange(HttpClient client, HttpRequest request, JsonType<T> type)
      throws IOException, InterruptedException {
    HttpRequest r = withAccept(request, type.options());
    return receive(client, r, new Responses.JsonHandler<>(type, true, r.method(), r.uri()));
  }

  public static <T> CompletableFuture<@Nullable T> exchangeAsync(
      HttpClient client, HttpRequest request, JsonType<T> type) {
    HttpRequest r = withAccept(request, type.options());
    return receiveAsync(client, r, new Responses.JsonHandler<>(type, true, r.method(), r.uri()));
  }

  /** As {@link #exchange}, keeping the response: its status and headers with the value read. */
  public static <T> HttpResponse<@Nullable T> exchangeResponse(
      HttpClient client, HttpRequest request, JsonType<T> type)
      throws IOException, InterruptedException {
    HttpRequest r = withAccept(request, type.options());
    Responses.JsonHandler<T> handler = new Responses.JsonHandler<>(type, true, r.method(), r.uri());
    CallTrace trace = CallTrace.start(client, r, handler.type(), handler.options());
    Responses.Collector body = new Responses.Collector(handler, trace);
    try {
      HttpResponse<@Nullable Object> response =
          sendBlocking(client, r, body, handler.options(), null, trace);
      body.received(response);
      BufferedResponse<@Nullable T> value =
          new BufferedResponse<@Nullable T>(response, body.value(), null);
      if (trace != null) {
        trace.end();
      }
      return value;
    } catch (Throwable t) {
      if (trace != null) {
        trace.failed(t);
      }
      throw t;
    }
  }

  public static <T> CompletableFuture<HttpResponse<@Nullable T>> exchangeResponseAsync(
      HttpClient client, HttpRequest request, JsonType<T> type) {
    HttpRequest r = withAccept(request, type.options());
    Responses.JsonHandler<T> handler = new Responses.JsonHandler<>(type, true, r.method(), r.uri());
    return AsyncCall.start(
        client,
        () -> exchangeResponse(client, r, type),
        call ->
            sendAsync(
                call,
                client,
                r,
                handler,
                handler.options(),
                response -> new BufferedResponse<@Nullable T>(response, response.body(), null)));
  }

  /** Sends {@code method} without a body; the response with its bytes, status checked. */
  public static HttpResponse<byte[]> sendChecked(
      HttpClient client, String method, URI uri, JsonOptions options, String[] headers)
      throws IOException, InterruptedException {
    HttpRequest request = request(method, uri, null, options, headers);
    CallTrace trace = CallTrace.start(client, request, null, options);
    Responses.BytesHandler handler = checkedBytes(request, options);
    handler.trace = trace;
    try {
      HttpResponse<byte[]> response = sendBlocking(client, request, handler, options, null, trace);
      BufferedResponse<byte[]> value = BufferedResponse.ofBytes(response, response.body());
      if (trace != null) {
        trace.end();
      }
      return value;
    } catch (Throwable t) {
      if (trace != null) {
        trace.failed(t);
      }
      throw t;
    }
  }

  public static CompletableFuture<HttpResponse<byte[]>> sendCheckedAsync(
      HttpClient client, String method, URI uri, JsonOptions options, String[] headers) {
    HttpRequest request = request(method, uri, null, options, headers);
    return AsyncCall.start(
        client,
        () -> sendChecked(client, method, uri, options, headers),
        call ->
            sendAsync(
                call,
                client,
                request,
                checkedBytes(request, options),
                options,
                response -> BufferedResponse.ofBytes(response, response.body())));
  }

  private static Responses.BytesHandler checkedBytes(HttpRequest request, JsonOptions options) {
    return new Responses.BytesHandler(
        options.maxResponseSize(), options, request.method(), request.uri());
  }

  private static HttpRequest withAccept(HttpRequest request, JsonOptions options) {
    Objects.requireNonNull(request, "request == null");
    boolean accept = request.headers().firstValue("Accept").isEmpty();
    boolean encoding =
        options.compression() && request.headers().firstValue(ACCEPT_ENCODING).isEmpty();
    if (!accept && !encoding) {
      return request;
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(request, (name, value) -> true);
    if (accept) {
      b.header("Accept", MediaTypes.APPLICATION_JSON);
    }
    if (encoding) {
      b.header(ACCEPT_ENCODING, ENCODINGS);
    }
    return b.build();
  }

  /** Sends {@code content}; returns the response with its body bytes, status unchecked. */
  public static HttpResponse<byte[]> send(
      HttpClient client,
      String method,
      URI uri,
      JsonContent content,
      JsonOptions options,
      String[] headers)
      throws IOException, InterruptedException {
    return send(client, request(method, uri, content, options, headers), options);
  }

  private static HttpResponse<byte[]> send(
      HttpClient client, HttpRequest request, JsonOptions options)
      throws IOException, InterruptedException {
    CallTrace trace = CallTrace.start(client, request, null, options);
    Responses.Collector body = new Responses.Collector(options.maxResponseSize(), trace);
    try {
      HttpResponse<@Nullable Object> response =
          sendBlocking(client, request, body, options, null, trace);
      body.received(response);
      BufferedResponse<byte[]> value = BufferedResponse.ofBytes(response, body.bytes());
      if (trace != null) {
        trace.end();
      }
      return value;
    } catch (Throwable t) {
      if (trace != null) {
        trace.failed(t);
      }
      throw t;
    }
  }

  public static CompletableFuture<HttpResponse<byte[]>> sendAsync(
      HttpClient client,
      String method,
      URI uri,
      JsonContent content,
      JsonOptions options,
      String[] headers) {
    HttpRequest request = request(method, uri, content, options, headers);
    return AsyncCall.start(
        client,
        () -> send(client, request, options),
        call ->
            sendAsync(
                call,
                client,
                request,
                new Responses.BytesHandler(options.maxResponseSize()),
                options,
                response -> BufferedResponse.ofBytes(response, response.body())));
  }

  /** Sends GET and streams the body's elements; status checked before the stream is returned. */
  public static <T> Stream<T> stream(
      HttpClient client,
      URI uri,
      JsonType<T> elementType,
      Responses.StreamFormat format,
      String[] headers)
      throws IOException, InterruptedException {
    HttpRequest request = request("GET", uri, null, elementType.options(), headers);
    return stream(client, request, new Responses.StreamHandler<>(elementType, format, "GET", uri));
  }

  private static <T> Stream<T> stream(
      HttpClient client, HttpRequest request, Responses.StreamHandler<T> handler)
      throws IOException, InterruptedException {
    Deadline[] deadline = new Deadline[1];
    CallTrace trace = CallTrace.start(client, request, handler.elementType(), handler.options());
    handler.trace = trace;
    HttpResponse<InputStream> response;
    try {
      response =
          sendBlocking(client, request, handler.blocking(), handler.options(), deadline, trace);
    } catch (Throwable t) {
      if (trace != null) {
        trace.failed(t);
      }
      throw t;
    }
    ElementStream<T> stream;
    try {
      stream = handler.open(response.body(), response.headers());
    } catch (Throwable t) {
      if (deadline[0] != null) {
        deadline[0].end();
      }
      closeQuietly(response.body());
      if (trace != null) {
        trace.failed(t);
      }
      throw t;
    }
    if (deadline[0] != null) {
      // The deadline bounded connecting and the headers; what is left of it bounds the time the
      // stream's reads wait for body bytes, never the consumer's pace between them.
      long remaining = deadline[0].endForStream();
      if (remaining < 0) {
        CallTimeoutException failure = deadline[0].failure();
        if (trace != null) {
          trace.failed(failure);
        }
        stream.closeQuietly();
        throw failure;
      }
      stream.remaining(remaining);
    }
    return stream.stream();
  }

  public static <T> CompletableFuture<Stream<T>> streamAsync(
      HttpClient client,
      URI uri,
      JsonType<T> elementType,
      Responses.StreamFormat format,
      String[] headers) {
    HttpRequest request = request("GET", uri, null, elementType.options(), headers);
    Responses.StreamHandler<T> handler =
        new Responses.StreamHandler<>(elementType, format, "GET", uri);
    return AsyncCall.start(
        client,
        () -> stream(client, request, handler),
        call ->
            sendAsync(
                call,
                client,
                request,
                handler,
                elementType.options(),
                response -> response.body().stream()));
  }

  /** Serializes {@code value}, sends it, returns the response unchecked; blocking. */
  public static HttpResponse<byte[]> sendValue(
      HttpClient client,
      String method,
      URI uri,
      @Nullable Object value,
      JsonOptions options,
      String[] headers)
      throws IOException, InterruptedException {
    return send(
        client,
        method,
        uri,
        ApiAccess.get().content(value, options, contentType(headers)),
        options,
        headers);
  }

  public static CompletableFuture<HttpResponse<byte[]>> sendValueAsync(
      HttpClient client,
      String method,
      URI uri,
      @Nullable Object value,
      JsonOptions options,
      String[] headers) {
    JsonContent content;
    try {
      content = ApiAccess.get().content(value, options, contentType(headers));
    } catch (JsonWriteException e) {
      return CompletableFuture.failedFuture(e);
    }
    return sendAsync(client, method, uri, content, options, headers);
  }

  /** Serializes {@code value}, sends it, reads the response as {@code type}; blocking. */
  public static <R> @Nullable R exchangeValue(
      HttpClient client,
      String method,
      URI uri,
      @Nullable Object value,
      JsonType<R> type,
      String[] headers)
      throws IOException, InterruptedException {
    JsonContent content = ApiAccess.get().content(value, type.options(), contentType(headers));
    return receive(client, method, uri, content, type, headers);
  }

  public static <R> CompletableFuture<@Nullable R> exchangeValueAsync(
      HttpClient client,
      String method,
      URI uri,
      @Nullable Object value,
      JsonType<R> type,
      String[] headers) {
    JsonContent content;
    try {
      content = ApiAccess.get().content(value, type.options(), contentType(headers));
    } catch (JsonWriteException e) {
      return CompletableFuture.failedFuture(e);
    }
    return receiveAsync(client, method, uri, content, type, headers);
  }

  /** Reads a buffered body (status unchecked). */
  public static <T> @Nullable T read(HttpResponse<byte[]> response, JsonType<T> type)
      throws JsonReadException {
    Objects.requireNonNull(response, "response == null");
    byte[] body = response.body();
    if (body == null) {
      return null;
    }
    try {
      HttpHeaders headers = response.headers();
      byte[] decoded =
          Responses.decodeAll(headers, body, type.options().maxResponseSize(), type.type());
      return Responses.decode(
          ApiAccess.get().reader(type),
          decoded,
          decoded.length,
          Responses.contentType(headers),
          type.type());
    } catch (JsonReadException e) {
      throw e;
    } catch (IOException e) {
      throw new JsonReadException(String.valueOf(e.getMessage()), -1, -1, "$", e);
    }
  }

  /**
   * Streams the elements of a body the caller received as an {@link InputStream} (status
   * unchecked): NDJSON by content type, else a top-level array. Closing the stream closes the body.
   */
  public static <T> Stream<T> readStream(
      HttpResponse<InputStream> response, JsonType<T> elementType) throws JsonReadException {
    Objects.requireNonNull(response, "response == null");
    InputStream body = Objects.requireNonNull(response.body(), "response.body() == null");
    Responses.StreamHandler<T> handler =
        new Responses.StreamHandler<>(
            elementType,
            Responses.StreamFormat.AUTO,
            response.request().method(),
            response.request().uri());
    try {
      Responses.coding(response.headers(), elementType.type()); // names one it cannot decode
      MediaTypes.decodingCharset(Responses.contentType(response.headers())); // names a bad one
      return handler.open(body, response.headers()).stream();
    } catch (JsonReadException | RuntimeException | Error e) {
      closeQuietly(body);
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
        body =
            Responses.decodeAll(
                headers, body, HttpJsonStatusException.MAX_BODY_PREFIX_BYTES, Object.class, true);
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
        JsonOptions.web());
  }

  public static String[] noHeaders() {
    return NO_HEADERS;
  }

  /**
   * Runs {@code call} on the JDK's {@code sendAsync}: used when no async lane is free (Java 17
   * under load), since it holds no thread while the exchange waits.
   */
  private static <T, R> void sendAsync(
      AsyncCall<R> call,
      HttpClient client,
      HttpRequest request,
      BodyHandler<T> handler,
      JsonOptions options,
      Function<HttpResponse<T>, R> finish) {
    CompletableFuture<HttpResponse<T>> exchange;
    Duration timeout = options.timeout();
    CallTrace trace = CallTrace.start(client, request, traced(handler), options);
    if (trace != null) {
      trace(handler, trace);
      call.result()
          .whenComplete(
              (value, failure) -> {
                if (failure != null) {
                  trace.failed(unwrap(failure));
                } else if (!(value instanceof Stream)) {
                  trace.end(); // a stream's ends when it is closed
                }
              });
    }
    HttpClient sender = InterceptingClient.sender(client);
    try {
      exchange =
          sender instanceof InterceptingClient
              ? ((InterceptingClient) sender)
                  .sendAsync(request, handler, null, deadline(timeout), trace)
              : sender.sendAsync(request, handler);
    } catch (RuntimeException | Error e) {
      call.fail(e);
      return;
    }
    call.exchange(exchange);
    long due = timeout == null ? 0 : System.nanoTime() + timeout.toNanos();
    DeadlineTimer.Task timer;
    try {
      timer =
          timeout == null
              ? null
              : DeadlineTimer.INSTANCE.schedule(
                  () -> expire(exchange, call, timeout, request), timeout.toNanos());
    } catch (RuntimeException | Error e) { // no timer thread to be had
      exchange.cancel(true);
      call.fail(e);
      return;
    }
    exchange.whenComplete(
        (response, failure) -> {
          if (failure != null) {
            if (timer != null) {
              timer.cancel();
            }
            call.fail(exchangeFailure(unwrap(failure), request, sender));
            return;
          }
          if (timer != null) {
            timer.cancel();
            if (response.body() instanceof ElementStream) {
              // What is left of the deadline bounds the stream's waits for body bytes.
              ((ElementStream<?>) response.body()).remaining(due - System.nanoTime());
            }
          }
          R value;
          try {
            value = finish.apply(response);
          } catch (RuntimeException e) {
            closeQuietly(response.body());
            call.fail(e);
            return;
          }
          call.deliver(value);
        });
  }

  /** The type a handler of httpjson's reads, for its call's trace. */
  private static @Nullable Type traced(BodyHandler<?> handler) {
    if (handler instanceof Responses.JsonHandler) {
      return ((Responses.JsonHandler<?>) handler).type();
    }
    if (handler instanceof Responses.StreamHandler) {
      return ((Responses.StreamHandler<?>) handler).elementType();
    }
    return null;
  }

  private static void trace(BodyHandler<?> handler, CallTrace trace) {
    if (handler instanceof Responses.JsonHandler) {
      ((Responses.JsonHandler<?>) handler).trace = trace;
    } else if (handler instanceof Responses.StreamHandler) {
      ((Responses.StreamHandler<?>) handler).trace = trace;
    } else if (handler instanceof Responses.BytesHandler) {
      ((Responses.BytesHandler) handler).trace = trace;
    }
  }

  /**
   * The JDK client lets some server-caused parse errors out unchecked (a malformed Content-Length
   * is a {@link NumberFormatException}); arguments were checked before sending, so here they are a
   * bad response and become an {@link IOException} like every other. Another client (the OkHttp
   * transport, which refuses a body on GET) may reject a request the JDK's would send: its {@link
   * IllegalArgumentException}, other than a {@link NumberFormatException}, is passed on as it is.
   */
  private static Throwable exchangeFailure(
      Throwable failure, HttpRequest request, HttpClient client) {
    if (!(failure instanceof IllegalArgumentException) || refusedRequest(failure, client)) {
      return failure;
    }
    String what =
        failure instanceof NumberFormatException
            ? "a numeric header such as Content-Length is malformed"
            : "the client rejected it";
    return new java.net.ProtocolException(
            "Malformed response to "
                + request.method()
                + " "
                + Uris.redact(request.uri())
                + " ("
                + what
                + "): "
                + failure.getMessage())
        .initCause(failure);
  }

  /** An argument error of a client other than the JDK's: a request it cannot send. */
  private static boolean refusedRequest(Throwable failure, HttpClient client) {
    return failure instanceof IllegalArgumentException
        && !(failure instanceof NumberFormatException)
        && client.getClass().getModule() != HttpClient.class.getModule();
  }

  private static void expire(
      CompletableFuture<? extends HttpResponse<?>> exchange,
      AsyncCall<?> call,
      Duration timeout,
      HttpRequest request) {
    CallTimeoutException e = ApiAccess.get().callTimeout(timeout, request.method(), request.uri());
    call.failFromTimer(e, () -> exchange.cancel(true));
  }

  private static void closeQuietly(@Nullable Object body) {
    if (body instanceof AutoCloseable) {
      try {
        ((AutoCloseable) body).close();
      } catch (Exception ignored) {
        // The call has already failed; that failure is the one to report.
      }
    }
  }

  /**
   * Sends on the calling thread with {@link HttpClient#send}, which runs the exchange inline where
   * it can; {@code sendAsync} always hands every step to the client's executor and completes on the
   * common pool, which costs a blocking caller several thread hops per call (about 4× the
   * throughput of small GETs on loopback, measured in benchmarks/).
   *
   * <p>The whole-call timeout interrupts the calling thread, which makes {@code send} abort the
   * exchange; a {@link Deadline} makes sure no interrupt escapes once the call is over.
   */

  /**
   * As above; with {@code keep}, a running deadline is left running and put in {@code keep[0]} for
   * the caller to hand over to the stream it builds from the response.
   */
  private static <T> HttpResponse<T> sendBlocking(
      HttpClient client,
      HttpRequest request,
      BodyHandler<T> handler,
      JsonOptions options,
      Deadline @Nullable [] keep,
      @Nullable CallTrace trace)
      throws IOException, InterruptedException {
    Duration timeout = options.timeout();
    client = InterceptingClient.sender(client);
    if (client instanceof InterceptingClient) {
      // The chain's last link reports failures as sendFailure does; an interceptor's own are
      // reported as it threw them.
      return sendIntercepted((InterceptingClient) client, request, handler, timeout, keep, trace);
    }
    if (timeout == null) {
      try {
        return client.send(request, handler);
      } catch (IOException | IllegalArgumentException e) {
        throw sendFailure(e, request, client);
      }
    }
    Deadline deadline = new Deadline(timeout, request);
    boolean handedOver = false;
    try {
      HttpResponse<T> response = client.send(request, handler);
      if (keep != null) {
        keep[0] = deadline; // a stream's body is read after the call returns: the caller ends it
        handedOver = true;
      }
      return response;
    } catch (InterruptedException e) {
      if (deadline.end()) {
        throw deadline.failure();
      }
      throw e;
    } catch (IOException | IllegalArgumentException e) {
      if (deadline.end()) {
        throw deadline.failure();
      }
      throw sendFailure(e, request, client);
    } finally {
      if (!handedOver) {
        // On every exit, also an unexpected RuntimeException or Error from a client wrapper: a
        // deadline left running would interrupt this thread later, in unrelated work.
        deadline.end();
      }
    }
  }

  private static <T> HttpResponse<T> sendIntercepted(
      InterceptingClient client,
      HttpRequest request,
      BodyHandler<T> handler,
      @Nullable Duration timeout,
      Deadline @Nullable [] keep,
      @Nullable CallTrace trace)
      throws IOException, InterruptedException {
    if (timeout == null) {
      return client.send(request, handler, InterceptingClient.NO_DEADLINE, trace);
    }
    Deadline deadline = new Deadline(timeout, request);
    boolean handedOver = false;
    try {
      HttpResponse<T> response = client.send(request, handler, deadline(timeout), trace);
      if (keep != null) {
        keep[0] = deadline;
        handedOver = true;
      }
      return response;
    } catch (InterruptedException | IOException e) {
      if (deadline.end()) {
        throw deadline.failure();
      }
      throw e;
    } finally {
      if (!handedOver) {
        deadline.end();
      }
    }
  }

  private static long deadline(@Nullable Duration timeout) {
    return timeout == null ? InterceptingClient.NO_DEADLINE : System.nanoTime() + timeout.toNanos();
  }

  /**
   * {@link HttpClient#send} wraps every failure in a new exception of a JDK type; httpjson's own
   * exceptions (from its body subscribers) come back out as they were raised.
   */
  public static IOException sendFailure(Exception e, HttpRequest request, HttpClient client) {
    if (refusedRequest(e, client)) {
      throw (IllegalArgumentException) e;
    }
    Throwable cause = e.getCause();
    if (cause instanceof UncheckedIOException) {
      cause = cause.getCause(); // thrown by a Collector to make the client abort the exchange
    }
    if (cause instanceof HttpJsonException || cause instanceof java.net.ProtocolException) {
      return (IOException) cause;
    }
    if (e instanceof IllegalArgumentException) {
      // The request was built and checked before sending: this is a response the JDK rejected.
      Throwable failure = exchangeFailure(cause != null ? cause : e, request, client);
      return failure instanceof IOException ? (IOException) failure : new IOException(failure);
    }
    return (IOException) e;
  }

  /**
   * The whole-call timeout of a blocking call: interrupts the calling thread when it elapses during
   * {@code send}. All under one lock, so that an interrupt is either delivered while the call runs
   * or not at all.
   */
  private static final class Deadline implements Runnable {
    private static final int RUNNING = 0;
    private static final int ENDED = 1;
    private static final int FIRED = 2;

    private final Thread caller = Thread.currentThread();
    private final Duration timeout;
    private final HttpRequest request;
    private final long due;
    private final DeadlineTimer.Task task;
    private int state = RUNNING;

    public Deadline(Duration timeout, HttpRequest request) {
      this.timeout = timeout;
      this.request = request;
      long nanos = timeout.toNanos();
      this.due = System.nanoTime() + nanos;
      this.task = DeadlineTimer.INSTANCE.schedule(this, nanos);
    }

    @Override
    public synchronized void run() {
      if (state == RUNNING) {
        state = FIRED;
        caller.interrupt();
      }
    }

    /**
     * Ends the deadline; true if it had fired (the interrupt it sent is cleared, once). Idempotent:
     * an interrupt from elsewhere that arrives after the first call is left alone.
     */
    public synchronized boolean end() {
      if (state == FIRED) {
        state = ENDED;
        Thread.interrupted();
        return true;
      }
      if (state != ENDED) {
        state = ENDED;
        task.cancel();
      }
      return false;
    }

    /**
     * Ends the deadline of a call that returns a stream: the nanoseconds left of it, for the
     * stream's waits for body bytes, or -1 if it had fired (its interrupt cleared).
     */
    public synchronized long endForStream() {
      if (end()) {
        return -1;
      }
      return Math.max(0, due - System.nanoTime());
    }

    public CallTimeoutException failure() {
      return ApiAccess.get().callTimeout(timeout, request.method(), request.uri());
    }
  }

  private static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}

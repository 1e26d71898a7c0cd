package dev.httpjson.internal;

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
      @Nullable JsonContent content,
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
      @Nullable JsonContent content,
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
    for (int i = 0; i < headers.length; i += 2) {
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
      b.header("Content-Type", content.mediaType());
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

  /** Sends, reads the body as {@code type}, fails non-2xx; blocking. */
  public static <T> @Nullable T receive(
      HttpClient client,
      String method,
      URI uri,
      @Nullable JsonContent content,
      JsonType<T> type,
      String[] headers)
      throws IOException, InterruptedException {
    return run(
        client, request(method, uri, content, type.options(), headers), value(type, method, uri));
  }

  public static <T> CompletableFuture<@Nullable T> receiveAsync(
      HttpClient client,
      String method,
      URI uri,
      @Nullable JsonContent content,
      JsonType<T> type,
      String[] headers) {
    return runAsync(
        client, request(method, uri, content, type.options(), headers), value(type, method, uri));
  }

  private static <T> Plan<@Nullable T> value(JsonType<T> type, String method, URI uri) {
    return new Plan.Value<T, @Nullable T>(type, method, uri, false);
  }

  /**
   * Sends a request the caller built, reads the body as {@code type}, fails non-2xx, and keeps the
   * response: its status and headers with the value read. A request without an {@code Accept}
   * header gets {@code Accept: application/json, application/problem+json}.
   */
  public static <T> HttpResponse<@Nullable T> exchange(
      HttpClient client, HttpRequest request, JsonType<T> type)
      throws IOException, InterruptedException {
    HttpRequest r = withAccept(request, type.options());
    return run(client, r, response(type, r));
  }

  public static <T> CompletableFuture<HttpResponse<@Nullable T>> exchangeAsync(
      HttpClient client, HttpRequest request, JsonType<T> type) {
    HttpRequest r = withAccept(request, type.options());
    return runAsync(client, r, response(type, r));
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
      b.header("Accept", MediaTypes.ACCEPT_JSON);
    }
    if (encoding) {
      b.header(ACCEPT_ENCODING, ENCODINGS);
    }
    return b.build();
  }

  private static <T> Plan<HttpResponse<@Nullable T>> response(JsonType<T> type, HttpRequest r) {
    return new Plan.Value<T, HttpResponse<@Nullable T>>(type, r.method(), r.uri(), true);
  }

  /** Sends {@code method} without a body; the response with its bytes, status checked. */
  public static HttpResponse<byte[]> sendChecked(
      HttpClient client, String method, URI uri, JsonOptions options, String[] headers)
      throws IOException, InterruptedException {
    return sendChecked(client, method, uri, null, options, headers);
  }

  public static CompletableFuture<HttpResponse<byte[]>> sendCheckedAsync(
      HttpClient client, String method, URI uri, JsonOptions options, String[] headers) {
    return sendCheckedAsync(client, method, uri, null, options, headers);
  }

  /**
   * Sends {@code method} with {@code content}, or without a body when it is null; the response with
   * its bytes, status checked: for a call that reads no value.
   */
  public static HttpResponse<byte[]> sendChecked(
      HttpClient client,
      String method,
      URI uri,
      @Nullable JsonContent content,
      JsonOptions options,
      String[] headers)
      throws IOException, InterruptedException {
    HttpRequest request = request(method, uri, content, options, headers);
    return run(client, request, new Plan.Bytes(request, options, true));
  }

  public static CompletableFuture<HttpResponse<byte[]>> sendCheckedAsync(
      HttpClient client,
      String method,
      URI uri,
      @Nullable JsonContent content,
      JsonOptions options,
      String[] headers) {
    HttpRequest request = request(method, uri, content, options, headers);
    return runAsync(client, request, new Plan.Bytes(request, options, true));
  }

  /** Serializes {@code value}, sends it, returns the response with its bytes, status unchecked. */
  public static HttpResponse<byte[]> sendValue(
      HttpClient client,
      String method,
      URI uri,
      @Nullable Object value,
      JsonOptions options,
      String[] headers)
      throws IOException, InterruptedException {
    JsonContent content = ApiAccess.get().content(value, options, contentType(headers));
    HttpRequest request = request(method, uri, content, options, headers);
    return run(client, request, new Plan.Bytes(request, options, false));
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
    HttpRequest request = request(method, uri, content, options, headers);
    return runAsync(client, request, new Plan.Bytes(request, options, false));
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

  /**
   * Sends GET and streams the body's elements in the format the type's options name; status checked
   * before the stream is returned.
   */
  public static <T> Stream<T> stream(
      HttpClient client, URI uri, JsonType<T> elementType, String[] headers)
      throws IOException, InterruptedException {
    HttpRequest request =
        request("GET", uri, null, elementType.options(), headers, MediaTypes.accept(elementType));
    return run(client, request, new Plan.Elements<>(elementType, "GET", uri));
  }

  public static <T> CompletableFuture<Stream<T>> streamAsync(
      HttpClient client, URI uri, JsonType<T> elementType, String[] headers) {
    HttpRequest request =
        request("GET", uri, null, elementType.options(), headers, MediaTypes.accept(elementType));
    return runAsync(client, request, new Plan.Elements<>(elementType, "GET", uri));
  }

  // ---- the runner
  // ---------------------------------------------------------------------------------

  /**
   * Runs {@code plan} for {@code request} on the calling thread: the one blocking call path. The
   * trace (when there are listeners or a recording), the whole-call deadline and the failure
   * translation are here and nowhere else.
   */
  public static <R> R run(HttpClient client, HttpRequest request, Plan<R> plan)
      throws IOException, InterruptedException {
    client(client);
    CallLimit limit = InterceptingClient.limit(client);
    if (limit == null) {
      return traced(client, request, plan, null);
    }
    try {
      R result = traced(client, request, plan, plan.permit == null ? limit : null);
      if (!plan.streams()) {
        plan.release();
      } // else the stream gives it back when it ends
      return result;
    } catch (Throwable t) {
      plan.release(); // on every failure: a permit lost here would shrink the limit for good
      throw t;
    }
  }

  /** {@link #run} after the limit: the trace around {@link #execute}. */
  private static <R> R traced(
      HttpClient client, HttpRequest request, Plan<R> plan, @Nullable CallLimit limit)
      throws IOException, InterruptedException {
    CallTrace trace = CallTrace.start(client, request, plan.traced(), plan.options());
    if (trace == null) {
      return execute(client, request, plan, limit);
    }
    plan.trace = trace;
    try {
      R result = execute(client, request, plan, limit);
      if (!plan.streams()) {
        trace.end(); // a stream's ends when it is closed
      }
      return result;
    } catch (Throwable t) {
      trace.failed(t);
      throw t;
    }
  }

  /**
   * Runs {@code plan} asynchronously: on an async lane, as {@link #run}, or — when none is free —
   * on the JDK's {@code sendAsync} ({@link #sendAsync}).
   */
  public static <R> CompletableFuture<R> runAsync(
      HttpClient client, HttpRequest request, Plan<R> plan) {
    client(client); // before anything starts: the caller's mistake is thrown, not a failed future
    CallLimit limit = InterceptingClient.limit(client);
    if (limit == null) {
      return AsyncCall.start(
          client, () -> run(client, request, plan), call -> sendAsync(call, client, request, plan));
    }
    AsyncCall.Blocking<R> blocking =
        InterceptingClient.withSnapshots(client, () -> run(client, request, plan));
    CompletableFuture<CallLimit.Permit> place = limit.enqueue();
    if (place.isDone()) {
      plan.permit = place.join();
      return holding(plan, blocking, client, request);
    }
    return queued(limit, place, plan, blocking, client, request);
  }

  /** Starts a call that holds its permit; gives it back if the call fails or is not a stream. */
  private static <R> CompletableFuture<R> holding(
      Plan<R> plan, AsyncCall.Blocking<R> blocking, HttpClient client, HttpRequest request) {
    CompletableFuture<R> result;
    try {
      result = AsyncCall.startTaken(blocking, call -> sendAsync(call, client, request, plan));
    } catch (RuntimeException | Error e) {
      plan.release();
      throw e;
    }
    // Also a call cancelled before it ran; a stream's own end gives it back otherwise.
    result.whenComplete(
        (value, failure) -> {
          if (failure != null || !plan.streams()) {
            plan.release();
          }
        });
    return result;
  }

  /**
   * A call that waits for a permit without a thread: it starts when one comes back, or fails with
   * its timeout when none did in time; completing its future while it waits gives its place up.
   */
  private static <R> CompletableFuture<R> queued(
      CallLimit limit,
      CompletableFuture<CallLimit.Permit> place,
      Plan<R> plan,
      AsyncCall.Blocking<R> blocking,
      HttpClient client,
      HttpRequest request) {
    plan.waitedSince = System.nanoTime();
    CompletableFuture<R> result = new CompletableFuture<>();
    java.util.concurrent.atomic.AtomicReference<CompletableFuture<R>> started =
        new java.util.concurrent.atomic.AtomicReference<>();
    Duration timeout = plan.options().timeout();
    DeadlineTimer.Task timer =
        timeout == null
            ? null
            : DeadlineTimer.INSTANCE.schedule(
                () -> {
                  if (limit.giveUp(place)) {
                    // Never on the timer thread: the caller's stages run elsewhere.
                    AsyncCall.COMPLETION.execute(
                        () -> result.completeExceptionally(plan.limitTimeout(request, limit)));
                  }
                },
                timeout.toNanos());
    place.thenAccept(
        permit -> {
          if (timer != null) {
            timer.cancel();
          }
          plan.permit = permit;
          if (result.isDone()) {
            plan.release();
            return;
          }
          CompletableFuture<R> call;
          try {
            call = holding(plan, blocking, client, request);
          } catch (RuntimeException | Error e) {
            result.completeExceptionally(e);
            return;
          }
          started.set(call);
          if (result.isDone()) {
            call.cancel(true);
            return;
          }
          call.whenComplete(
              (value, failure) -> {
                if (failure != null) {
                  result.completeExceptionally(unwrap(failure));
                } else if (!result.complete(value)) {
                  closeQuietly(value); // the caller completed first: a stream is closed
                }
              });
        });
    result.whenComplete(
        (value, failure) -> {
          if (timer != null) {
            timer.cancel(); // the wait is over however it ended: a cancel or a failure too
          }
          if (failure != null && !limit.giveUp(place)) {
            CompletableFuture<R> call = started.get();
            if (call != null) {
              call.cancel(true);
            }
          }
        });
    return result;
  }

  /**
   * Sends on the calling thread with {@link HttpClient#send}, which runs the exchange inline where
   * it can; {@code sendAsync} always hands every step to the client's executor and completes on the
   * common pool, which costs a blocking caller several thread hops per call (about 4× the
   * throughput of small GETs on loopback, measured in benchmarks/).
   *
   * <p>The whole-call timeout interrupts the calling thread, which makes {@code send} abort the
   * exchange; a {@link Deadline} makes sure no interrupt escapes once the call is over. A streamed
   * result gets what is left of it for its reads.
   */
  @SuppressWarnings("unchecked")
  private static <R> R execute(
      HttpClient client, HttpRequest request, Plan<R> plan, @Nullable CallLimit limit)
      throws IOException, InterruptedException {
    plan.started(request);
    BodyHandler<Object> handler = (BodyHandler<Object>) plan.handler();
    HttpClient sender = InterceptingClient.sender(client);
    InterceptingClient chain =
        sender instanceof InterceptingClient ? (InterceptingClient) sender : null;
    Duration timeout = plan.options().timeout();
    Deadline deadline = null;
    if (timeout != null) {
      deadline = new Deadline(plan.timeoutNanos(timeout));
      plan.deadline = deadline;
      plan.due = deadline.due;
    }
    if (limit != null) {
      try {
        plan.permit = limit.acquire(); // the deadline's interrupt ends the wait
      } catch (InterruptedException e) {
        if (deadline != null && deadline.end()) {
          throw plan.limitTimeout(request, limit);
        }
        throw e;
      } finally {
        if (deadline != null && plan.permit == null) {
          deadline.end();
        }
      }
    }
    HttpResponse<Object> response;
    long remaining = Plan.NONE;
    try {
      try {
        if (chain != null) {
          plan.sent = handler;
          // The chain's last link reports failures as sendFailure does; an interceptor's own are
          // reported as it threw them.
          response = chain.send(request, handler, plan);
        } else {
          response = sender.send(request, handler);
        }
      } catch (Throwable t) {
        plan.abandon(); // a stream's body made for a response send did not return
        throw t;
      }
      if (deadline != null && plan.streams()) {
        remaining = deadline.endForStream();
        if (remaining < 0) {
          closeQuietly(response.body());
          throw plan.timeout(request);
        }
      }
    } catch (InterruptedException e) {
      if (deadline != null && deadline.end()) {
        throw plan.timeout(request);
      }
      throw e;
    } catch (IOException | IllegalArgumentException e) {
      if (deadline != null && deadline.end()) {
        throw plan.timeout(request);
      }
      if (chain != null) {
        throw e;
      }
      throw sendFailure(e, request, sender);
    } finally {
      if (deadline != null) {
        // On every exit, also an unexpected RuntimeException or Error from a client wrapper: a
        // deadline left running would interrupt this thread later, in unrelated work.
        deadline.end();
      }
    }
    try {
      return plan.finish(response, remaining);
    } catch (IOException | RuntimeException | Error e) {
      closeQuietly(response.body());
      throw e;
    }
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
   * unchecked), in the format the type's options name (by default NDJSON by content type, else a
   * top-level array). Closing the stream closes the body.
   */
  public static <T> Stream<T> readStream(
      HttpResponse<InputStream> response, JsonType<T> elementType) throws JsonReadException {
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
  @SuppressWarnings("unchecked")
  private static <R> void sendAsync(
      AsyncCall<R> call, HttpClient client, HttpRequest request, Plan<R> plan) {
    CompletableFuture<HttpResponse<Object>> exchange;
    plan.started(request);
    Duration timeout = plan.options().timeout();
    CallTrace trace = CallTrace.start(client, request, plan.traced(), plan.options());
    if (trace != null) {
      plan.trace = trace;
      call.result()
          .whenComplete(
              (value, failure) -> {
                if (failure != null) {
                  trace.failed(unwrap(failure));
                } else if (!plan.streams()) {
                  trace.end(); // a stream's ends when it is closed
                }
              });
    }
    BodyHandler<Object> handler = (BodyHandler<Object>) plan.handler();
    HttpClient sender = InterceptingClient.sender(client);
    long left = timeout == null ? 0 : plan.timeoutNanos(timeout);
    long due = timeout == null ? InterceptingClient.NO_DEADLINE : System.nanoTime() + left;
    plan.due = due;
    try {
      if (sender instanceof InterceptingClient) {
        plan.sent = handler;
        exchange = ((InterceptingClient) sender).sendAsync(request, handler, null, plan);
      } else {
        exchange = sender.sendAsync(request, handler);
      }
    } catch (RuntimeException | Error e) {
      call.fail(e);
      return;
    }
    call.exchange(exchange);
    DeadlineTimer.Task timer;
    try {
      timer =
          timeout == null
              ? null
              : DeadlineTimer.INSTANCE.schedule(
                  () ->
                      call.failFromTimer(
                          plan.timeout(request),
                          () -> {
                            plan.expire(request); // the interceptors see it as the caller does
                            exchange.cancel(true);
                          }),
                  left);
    } catch (RuntimeException | Error e) { // no timer thread to be had
      exchange.cancel(true);
      call.fail(e);
      return;
    }
    exchange.whenComplete(
        (response, failure) -> {
          if (timer != null) {
            timer.cancel();
          }
          if (failure != null) {
            call.fail(exchangeFailure(unwrap(ownFailure(failure)), request, sender));
            return;
          }
          R value;
          try {
            value = plan.finish(response, timer == null ? Plan.NONE : due - System.nanoTime());
          } catch (IOException | RuntimeException e) {
            closeQuietly(response.body());
            call.fail(e);
            return;
          }
          call.deliver(value);
        });
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

  static void closeQuietly(@Nullable Object body) {
    if (body instanceof AutoCloseable) {
      try {
        ((AutoCloseable) body).close();
      } catch (Exception ignored) {
        // The call has already failed; that failure is the one to report.
      }
    }
  }

  /**
   * What the call's own body handler raised, when {@code failure} carries it (a {@link
   * Responses.Collector} aborts an exchange with an {@link UncheckedIOException}), else {@code
   * failure}: the asynchronous form of {@link #sendFailure}.
   */
  static Throwable ownFailure(Throwable failure) {
    Throwable t = unwrap(failure);
    Throwable own = t instanceof UncheckedIOException ? t.getCause() : t;
    if (!(own instanceof HttpJsonException)
        && own != null
        && own.getCause() instanceof UncheckedIOException) {
      own = own.getCause().getCause();
    }
    return own instanceof HttpJsonException || own instanceof java.net.ProtocolException
        ? own
        : failure;
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
  static final class Deadline implements Runnable {
    private static final int RUNNING = 0;
    private static final int ENDED = 1;
    private static final int FIRED = 2;

    private final Thread caller = Thread.currentThread();
    final long due;
    private final DeadlineTimer.Task task;
    private int state = RUNNING;

    Deadline(long nanos) {
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

    /** Whether it fired and was not ended yet. */
    synchronized boolean fired() {
      return state == FIRED;
    }

    /**
     * Ends the deadline; true if it had fired (the interrupt it sent is cleared, once). Idempotent:
     * an interrupt from elsewhere that arrives after the first call is left alone.
     */
    synchronized boolean end() {
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
    synchronized long endForStream() {
      if (end()) {
        return -1;
      }
      return Math.max(0, due - System.nanoTime());
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

package dev.httpjson;

import dev.httpjson.internal.Calls;
import dev.httpjson.internal.Curl;
import dev.httpjson.internal.EventCalls;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * One-call JSON over {@link HttpClient}: the Java counterpart of .NET's {@code
 * System.Net.Http.Json} extension methods.
 *
 * <pre>{@code
 * HttpClient client = HttpClient.newHttpClient();
 * URI api = URI.create("https://api.example.com/");
 * WeatherForecast today = HttpJson.getFromJson(client, api.resolve("today"), WeatherForecast.class);
 * List<WeatherForecast> week =
 *     HttpJson.getFromJson(client, api.resolve("week"), new JsonType<List<WeatherForecast>>() {});
 * Receipt receipt = HttpJson.postAsJson(client, ordersUri, order, Receipt.class);
 * }</pre>
 *
 * <p>Every method takes the client first and has an {@code ...Async} twin returning a {@link
 * CompletableFuture}. A type is a {@link Class} or a {@link JsonType} — the super type token for
 * generic types ({@code new JsonType<List<User>>() {}}), a runtime {@link java.lang.reflect.Type}
 * ({@link JsonType#of(java.lang.reflect.Type)}), and the carrier of options ({@link
 * JsonType#of(Class, JsonOptions)}). Without options, {@link JsonOptions#web()} applies. Readers
 * and writers are resolved once per (codec settings, type) and cached, so calls never rebuild
 * serializer state — also when options are built per call with a remaining deadline or a size limit
 * of their own.
 *
 * <p>URIs are absolute {@link URI}s, as {@link HttpRequest} takes them: httpjson has no base
 * address. For a base URI, relative paths as strings, default headers and per-call headers, use
 * {@link HttpJsonClient}; for a request of your own (any method, headers, body), {@link
 * #exchange(HttpClient, HttpRequest, Class)} ({@code .body()} for the value alone).
 *
 * <p><b>Form and multipart bodies.</b> A {@link FormContent} or {@link MultipartContent} given as
 * the value to send (to {@code postAsJson}, {@code putAsJson}, {@code patchAsJson}, {@code
 * queryAsJson}, here and in {@link HttpJsonClient}) is sent as it is, with its own Content-Type,
 * instead of as JSON; the response is read as for any other value.
 *
 * <p><b>Forms.</b> Each call takes the {@link HttpClient} to send with first and comes in the two
 * type forms: the {@link Class} form is exactly the {@link JsonType} form given {@link
 * JsonType#of(Class)} (so it reads and writes with {@link JsonOptions#web()}; {@code T} or {@code
 * R}, the type read, is the type's), and the {@code JsonType} form reads and writes with the type's
 * options. A call that reads no value ({@code postAsJson}, {@code putAsJson}, {@code patchAsJson}
 * and {@code deleteFromJson} without a type) runs with {@link JsonOptions#web()}, or with the
 * {@link JsonOptions} it is given, used as given to write the value and for the call. An overload
 * documents what it adds in one sentence and links the form whose description it shares; each
 * {@code ...Async} method returns a future of what its blocking twin returns.
 *
 * <ul>
 *   <li>GET and DELETE ({@code getFromJson}, {@code deleteFromJson}), QUERY ({@code queryAsJson}),
 *       the typed send-and-receive forms, {@code exchange} and the streams check the status first:
 *       outside 200–299 they fail with {@link HttpJsonStatusException}, which carries the status,
 *       method, URI, headers, a bounded prefix of the body and, for {@code
 *       application/problem+json}, the parsed {@link ProblemDetails}; the body is not read as JSON.
 *   <li>A 204 or otherwise empty body reads as {@code null}.
 *   <li>A value to send is serialized as its runtime class ({@code null} sends JSON {@code null})
 *       with the options of the type the call reads, if any, before connecting.
 *   <li>POST, PUT and PATCH without a response type return the {@link HttpResponse} unchecked, its
 *       body buffered as bytes: check it with {@link #ensureSuccess(HttpResponse)}, read it with
 *       {@link #readFromJson(HttpResponse, Class)}. A body not in the {@code gzip} or {@code
 *       deflate} coding it is labelled with is returned as sent, its {@code Content-Encoding} kept,
 *       for a status outside 200–299, and fails the call with {@link JsonReadException} for a
 *       success, whose corrupt body must not pass as data.
 *   <li>Request bodies are sent with a Content-Length and {@code Content-Type: application/json;
 *       charset=utf-8}; requests carry {@code Accept: application/json, application/problem+json}
 *       (a server that negotiates answers its declared problem details only to a client that
 *       accepts them; streams add {@code application/x-ndjson}, event streams ask for {@code
 *       text/event-stream, application/problem+json}) unless they name their own, and, unless
 *       {@link JsonOptions.Builder#compression(boolean) compression} is off or they name their own,
 *       {@code Accept-Encoding: gzip, deflate}. A {@code gzip} or {@code deflate} body is decoded
 *       as it arrives; {@link JsonOptions#maxResponseSize()} limits the decoded bytes.
 *   <li>{@code getFromJsonAsStream} and {@code readFromJsonAsStream} read a top-level JSON array or
 *       NDJSON lazily, one element at a time, with memory bounded by one element. An element is
 *       delivered as soon as the body shows it complete, never before: a string, object or array at
 *       its closing character, a number or {@code true}/{@code false}/{@code null} at the {@code ,}
 *       or {@code ]} after it (in NDJSON the whitespace after it, or the body's end; a second value
 *       on a line fails the stream at that line). So a stream that fails delivers every complete
 *       element first and never a piece of one: {@code [1_000]} or a body cut after {@code [65535}
 *       delivers nothing.
 * </ul>
 *
 * <p><b>Failures.</b> A blocking call throws an {@link IOException}, one of: {@link
 * HttpJsonStatusException} for a checked status outside 200–299; {@link JsonReadException} when the
 * body is not JSON of the type, with the position and path; {@link ResponseTooLargeException} when
 * the body exceeds {@link JsonOptions#maxResponseSize()}; {@link JsonWriteException} when the value
 * to send cannot be serialized (it is serialized before connecting, so nothing is sent); {@link
 * CallTimeoutException} when {@link JsonOptions#timeout()} elapses; or the transport's own
 * exception. Blocking methods may be called from any thread and throw {@link InterruptedException}
 * like {@link HttpClient#send}: an interrupt while waiting aborts the exchange. Every response is
 * released, also on error. A whole-call {@link JsonOptions#timeout()} ends with the call on every
 * path: no interrupt from it reaches the calling thread afterwards, and an interrupt from elsewhere
 * is kept.
 *
 * <p><b>Async threads.</b> An {@code ...Async} method checks its arguments and builds the request
 * on the calling thread and returns at once; the exchange runs the blocking {@link HttpClient#send}
 * on a thread of httpjson's — one of a few platform threads named {@code httpjson-async-N}, or,
 * when all of those are busy, a new virtual thread on Java 21 and later and the JDK's own {@link
 * HttpClient#sendAsync} on Java 17, so in-flight calls never hold a platform thread each. A thread
 * that waits for the returned future with {@code get()} or {@code join()} before httpjson's thread
 * has started the call runs the call itself (as a {@link java.util.concurrent.ForkJoinTask} joins)
 * and completes the future: an awaited call then costs no hand-off at all. Interrupting such a
 * waiter aborts the call ({@code get} throws {@link InterruptedException}, the future fails with
 * it). This costs no more than a blocking call, where {@code sendAsync} alone costs more than half
 * of the throughput on machines with two CPUs or fewer.
 *
 * <p><b>Which threads run user code.</b> A dependent stage added without an executor runs on the
 * thread that completes the future (keep it short, or use the {@code ...Async} forms of {@link
 * CompletableFuture}): an {@code httpjson-async-N} lane, a virtual thread named {@code
 * httpjson-async-virtual}, the waiter that ran the call, the caller that completed or cancelled the
 * future, or — past the lanes on Java 17, also when the call timed out — {@link
 * CompletableFuture}'s default executor, where the JDK client completes its own {@code sendAsync}
 * futures. Never the timer thread {@code httpjson-timeout}: it runs httpjson's short tasks only, so
 * a stage that blocks holds up no other call's timeout. httpjson's threads inherit nothing from the
 * call that starts them (no inheritable thread locals, context class loader or access-control
 * context) and end after a few seconds idle.
 *
 * <p>Whoever completes a returned future first wins: {@code cancel}, {@code complete}, {@code
 * completeExceptionally}, {@code orTimeout} or {@code completeOnTimeout} by the caller aborts the
 * exchange, and a value httpjson builds afterwards (a stream holding the connection) is closed. A
 * failed future holds the exception the blocking form would throw.
 */
public final class HttpJson {
  private HttpJson() {}

  // ---- GET ----------------------------------------------------------------------------------

  /** {@return the body of a GET of {@code uri} read as {@code type}, or {@code null} when empty} */
  public static <T> @Nullable T getFromJson(HttpClient client, URI uri, Class<T> type)
      throws IOException, InterruptedException {
    return getFromJson(client, uri, JsonType.of(type));
  }

  /** {@return a future of what {@link #getFromJson(HttpClient, URI, Class)} returns} */
  public static <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      HttpClient client, URI uri, Class<T> type) {
    return getFromJsonAsync(client, uri, JsonType.of(type));
  }

  /** As {@link #getFromJson(HttpClient, URI, Class)}, reading the prepared {@code type}. */
  public static <T> @Nullable T getFromJson(HttpClient client, URI uri, JsonType<T> type)
      throws IOException, InterruptedException {
    return receive(client, "GET", uri, type);
  }

  /** {@return a future of what {@link #getFromJson(HttpClient, URI, JsonType)} returns} */
  public static <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      HttpClient client, URI uri, JsonType<T> type) {
    return receiveAsync(client, "GET", uri, type);
  }

  // ---- DELETE -------------------------------------------------------------------------------

  /**
   * Sends DELETE to {@code uri} and checks the status, for an API that answers 204 or a body you do
   * not need: no type to name. The response it returns has its body buffered as bytes (within
   * {@link JsonOptions#maxResponseSize()}), for its headers or a body read later with {@link
   * #readFromJson(HttpResponse, Class)}.
   *
   * <pre>{@code HttpJson.deleteFromJson(client, issueUri); // throws on 404, 409, ... }</pre>
   *
   * @param client the client to send with
   * @return the response, its body buffered as bytes
   * @throws IOException if the call fails (see the class description)
   * @throws InterruptedException if interrupted while waiting
   */
  public static HttpResponse<byte[]> deleteFromJson(HttpClient client, URI uri)
      throws IOException, InterruptedException {
    return Calls.sendChecked(
        Calls.client(client), "DELETE", Calls.absolute(uri), JsonOptions.web(), Calls.noHeaders());
  }

  /** {@return a future of what {@link #deleteFromJson(HttpClient, URI)} returns} */
  public static CompletableFuture<HttpResponse<byte[]>> deleteFromJsonAsync(
      HttpClient client, URI uri) {
    return Calls.sendCheckedAsync(
        Calls.client(client), "DELETE", Calls.absolute(uri), JsonOptions.web(), Calls.noHeaders());
  }

  /**
   * {@return the body of a DELETE of {@code uri} read as {@code type}, or {@code null} when empty}
   */
  public static <T> @Nullable T deleteFromJson(HttpClient client, URI uri, Class<T> type)
      throws IOException, InterruptedException {
    return deleteFromJson(client, uri, JsonType.of(type));
  }

  /** {@return a future of what {@link #deleteFromJson(HttpClient, URI, Class)} returns} */
  public static <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      HttpClient client, URI uri, Class<T> type) {
    return deleteFromJsonAsync(client, uri, JsonType.of(type));
  }

  /** As {@link #deleteFromJson(HttpClient, URI, Class)}, reading the prepared {@code type}. */
  public static <T> @Nullable T deleteFromJson(HttpClient client, URI uri, JsonType<T> type)
      throws IOException, InterruptedException {
    return receive(client, "DELETE", uri, type);
  }

  /** {@return a future of what {@link #deleteFromJson(HttpClient, URI, JsonType)} returns} */
  public static <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      HttpClient client, URI uri, JsonType<T> type) {
    return receiveAsync(client, "DELETE", uri, type);
  }

  // ---- POST ---------------------------------------------------------------------------------

  /** {@return the response, its status unchecked, to a POST of {@code value} to {@code uri}} */
  public static HttpResponse<byte[]> postAsJson(HttpClient client, URI uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return postAsJson(client, uri, value, JsonOptions.web());
  }

  /** {@return a future of what {@link #postAsJson(HttpClient, URI, Object)} returns} */
  public static CompletableFuture<HttpResponse<byte[]>> postAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value) {
    return postAsJsonAsync(client, uri, value, JsonOptions.web());
  }

  /** As {@link #postAsJson(HttpClient, URI, Object)}, writing with {@code options}. */
  public static HttpResponse<byte[]> postAsJson(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return send(client, "POST", uri, value, options);
  }

  /**
   * {@return a future of what {@link #postAsJson(HttpClient, URI, Object, JsonOptions)} returns}
   */
  public static CompletableFuture<HttpResponse<byte[]>> postAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options) {
    return sendAsync(client, "POST", uri, value, options);
  }

  /** {@return the body of the response to a POST of {@code value}, read as {@code responseType}} */
  public static <R> @Nullable R postAsJson(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return postAsJson(client, uri, value, JsonType.of(responseType));
  }

  /** {@return a future of what {@link #postAsJson(HttpClient, URI, Object, Class)} returns} */
  public static <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType) {
    return postAsJsonAsync(client, uri, value, JsonType.of(responseType));
  }

  /** As {@link #postAsJson(HttpClient, URI, Object, Class)}, reading the prepared type. */
  public static <R> @Nullable R postAsJson(
      HttpClient client, URI uri, @Nullable Object value, JsonType<R> responseType)
      throws IOException, InterruptedException {
    return exchange(client, "POST", uri, value, responseType);
  }

  /** {@return a future of what {@link #postAsJson(HttpClient, URI, Object, JsonType)} returns} */
  public static <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, JsonType<R> responseType) {
    return exchangeAsync(client, "POST", uri, value, responseType);
  }

  // ---- QUERY --------------------------------------------------------------------------------

  /**
   * {@return the body of the response to a QUERY of {@code value}, read as {@code responseType}}
   *
   * <p>QUERY sends a search or a filter too large or too structured for the URI's query in the body
   * of a safe, idempotent request (the HTTP QUERY method, IETF httpbis draft); a {@link
   * RetryInterceptor} retries it as it retries a GET. A server that does not know QUERY typically
   * answers 405 or 501, which fails as a status.
   *
   * <pre>{@code
   * List<Order> late = HttpJson.queryAsJson(client, ordersUri,
   *     Map.of("status", "late", "limit", 50), JsonType.listOf(Order.class));
   * }</pre>
   */
  public static <R> @Nullable R queryAsJson(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return queryAsJson(client, uri, value, JsonType.of(responseType));
  }

  /** {@return a future of what {@link #queryAsJson(HttpClient, URI, Object, Class)} returns} */
  public static <R> CompletableFuture<@Nullable R> queryAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType) {
    return queryAsJsonAsync(client, uri, value, JsonType.of(responseType));
  }

  /** As {@link #queryAsJson(HttpClient, URI, Object, Class)}, reading the prepared type. */
  public static <R> @Nullable R queryAsJson(
      HttpClient client, URI uri, @Nullable Object value, JsonType<R> responseType)
      throws IOException, InterruptedException {
    return exchange(client, "QUERY", uri, value, responseType);
  }

  /** {@return a future of what {@link #queryAsJson(HttpClient, URI, Object, JsonType)} returns} */
  public static <R> CompletableFuture<@Nullable R> queryAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, JsonType<R> responseType) {
    return exchangeAsync(client, "QUERY", uri, value, responseType);
  }

  // ---- PUT ----------------------------------------------------------------------------------

  /** {@return the response, its status unchecked, to a PUT of {@code value} to {@code uri}} */
  public static HttpResponse<byte[]> putAsJson(HttpClient client, URI uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return putAsJson(client, uri, value, JsonOptions.web());
  }

  /** {@return a future of what {@link #putAsJson(HttpClient, URI, Object)} returns} */
  public static CompletableFuture<HttpResponse<byte[]>> putAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value) {
    return putAsJsonAsync(client, uri, value, JsonOptions.web());
  }

  /** As {@link #putAsJson(HttpClient, URI, Object)}, writing with {@code options}. */
  public static HttpResponse<byte[]> putAsJson(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return send(client, "PUT", uri, value, options);
  }

  /** {@return a future of what {@link #putAsJson(HttpClient, URI, Object, JsonOptions)} returns} */
  public static CompletableFuture<HttpResponse<byte[]>> putAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options) {
    return sendAsync(client, "PUT", uri, value, options);
  }

  /** {@return the body of the response to a PUT of {@code value}, read as {@code responseType}} */
  public static <R> @Nullable R putAsJson(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return putAsJson(client, uri, value, JsonType.of(responseType));
  }

  /** {@return a future of what {@link #putAsJson(HttpClient, URI, Object, Class)} returns} */
  public static <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType) {
    return putAsJsonAsync(client, uri, value, JsonType.of(responseType));
  }

  /** As {@link #putAsJson(HttpClient, URI, Object, Class)}, reading the prepared type. */
  public static <R> @Nullable R putAsJson(
      HttpClient client, URI uri, @Nullable Object value, JsonType<R> responseType)
      throws IOException, InterruptedException {
    return exchange(client, "PUT", uri, value, responseType);
  }

  /** {@return a future of what {@link #putAsJson(HttpClient, URI, Object, JsonType)} returns} */
  public static <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, JsonType<R> responseType) {
    return exchangeAsync(client, "PUT", uri, value, responseType);
  }

  // ---- PATCH --------------------------------------------------------------------------------

  /** {@return the response, its status unchecked, to a PATCH of {@code value} to {@code uri}} */
  public static HttpResponse<byte[]> patchAsJson(HttpClient client, URI uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return patchAsJson(client, uri, value, JsonOptions.web());
  }

  /** {@return a future of what {@link #patchAsJson(HttpClient, URI, Object)} returns} */
  public static CompletableFuture<HttpResponse<byte[]>> patchAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value) {
    return patchAsJsonAsync(client, uri, value, JsonOptions.web());
  }

  /** As {@link #patchAsJson(HttpClient, URI, Object)}, writing with {@code options}. */
  public static HttpResponse<byte[]> patchAsJson(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return send(client, "PATCH", uri, value, options);
  }

  /**
   * {@return a future of what {@link #patchAsJson(HttpClient, URI, Object, JsonOptions)} returns}
   */
  public static CompletableFuture<HttpResponse<byte[]>> patchAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options) {
    return sendAsync(client, "PATCH", uri, value, options);
  }

  /**
   * {@return the body of the response to a PATCH of {@code value}, read as {@code responseType}}
   */
  public static <R> @Nullable R patchAsJson(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return patchAsJson(client, uri, value, JsonType.of(responseType));
  }

  /** {@return a future of what {@link #patchAsJson(HttpClient, URI, Object, Class)} returns} */
  public static <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType) {
    return patchAsJsonAsync(client, uri, value, JsonType.of(responseType));
  }

  /** As {@link #patchAsJson(HttpClient, URI, Object, Class)}, reading the prepared type. */
  public static <R> @Nullable R patchAsJson(
      HttpClient client, URI uri, @Nullable Object value, JsonType<R> responseType)
      throws IOException, InterruptedException {
    return exchange(client, "PATCH", uri, value, responseType);
  }

  /** {@return a future of what {@link #patchAsJson(HttpClient, URI, Object, JsonType)} returns} */
  public static <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, JsonType<R> responseType) {
    return exchangeAsync(client, "PATCH", uri, value, responseType);
  }

  // ---- the one-liners' shapes: a value read, a value sent and one read, a value sent ---------

  private static <T> @Nullable T receive(
      HttpClient client, String method, URI uri, JsonType<T> type)
      throws IOException, InterruptedException {
    return Calls.receive(client, method, uri, null, Calls.type(type).handler(), Calls.noHeaders());
  }

  private static <T> CompletableFuture<@Nullable T> receiveAsync(
      HttpClient client, String method, URI uri, JsonType<T> type) {
    return Calls.receiveAsync(
        client, method, uri, null, Calls.type(type).handler(), Calls.noHeaders());
  }

  private static <R> @Nullable R exchange(
      HttpClient client, String method, URI uri, @Nullable Object value, JsonType<R> type)
      throws IOException, InterruptedException {
    return Calls.exchangeValue(
        client, method, uri, value, Calls.type(type).handler(), Calls.noHeaders());
  }

  private static <R> CompletableFuture<@Nullable R> exchangeAsync(
      HttpClient client, String method, URI uri, @Nullable Object value, JsonType<R> type) {
    return Calls.exchangeValueAsync(
        client, method, uri, value, Calls.type(type).handler(), Calls.noHeaders());
  }

  private static HttpResponse<byte[]> send(
      HttpClient client, String method, URI uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return Calls.sendValue(
        client, method, uri, true, value, Calls.options(options), Calls.noHeaders(), false);
  }

  private static CompletableFuture<HttpResponse<byte[]>> sendAsync(
      HttpClient client, String method, URI uri, @Nullable Object value, JsonOptions options) {
    return Calls.sendValueAsync(
        client, method, uri, true, value, Calls.options(options), Calls.noHeaders(), false);
  }

  // ---- a request of your own ----------------------------------------------------------------

  /**
   * Sends a request you built — any method, headers and body — in one call, and returns the whole
   * response — status, headers (a {@code Location}, a {@code Link} to the next page, an {@code
   * ETag}) and the body read as JSON of {@code type} ({@code null} for a 204 or an empty body;
   * responses before it in a redirect chain have a {@code null} body). The request is sent as
   * built, the status is checked, {@code Accept: application/json, application/problem+json} is
   * added when the request has no {@code Accept}, and the size limit, charset rules, timeout and
   * decompression apply exactly as in the one-line calls, with the same exceptions. The counterpart
   * of Retrofit's {@code Response<T>} and Spring's {@code toEntity}.
   *
   * <pre>{@code
   * HttpResponse<Issue> created = HttpJson.exchange(client,
   *     JsonContent.of(draft).requestBuilder("POST", issuesUri).build(), Issue.class);
   * URI location = URI.create(created.headers().firstValue("Location").orElseThrow());
   * }</pre>
   */
  public static <T> HttpResponse<@Nullable T> exchange(
      HttpClient client, HttpRequest request, Class<T> type)
      throws IOException, InterruptedException {
    return exchange(client, request, JsonType.of(type));
  }

  /** {@return a future of what {@link #exchange(HttpClient, HttpRequest, Class)} returns} */
  public static <T> CompletableFuture<HttpResponse<@Nullable T>> exchangeAsync(
      HttpClient client, HttpRequest request, Class<T> type) {
    return exchangeAsync(client, request, JsonType.of(type));
  }

  /** As {@link #exchange(HttpClient, HttpRequest, Class)}, reading the prepared {@code type}. */
  public static <T> HttpResponse<@Nullable T> exchange(
      HttpClient client, HttpRequest request, JsonType<T> type)
      throws IOException, InterruptedException {
    return Calls.exchange(client, request, Calls.type(type).handler());
  }

  /** {@return a future of what {@link #exchange(HttpClient, HttpRequest, JsonType)} returns} */
  public static <T> CompletableFuture<HttpResponse<@Nullable T>> exchangeAsync(
      HttpClient client, HttpRequest request, JsonType<T> type) {
    return Calls.exchangeAsync(client, request, Calls.type(type).handler());
  }

  // ---- a response you have ------------------------------------------------------------------

  /**
   * Returns {@code response} if its status is within 200–299, otherwise throws the {@link
   * HttpJsonStatusException} the checked calls throw: status, method, URI, headers, a bounded
   * prefix of the body and, for {@code application/problem+json}, the parsed {@link
   * ProblemDetails}. The counterpart of .NET's {@code EnsureSuccessStatusCode}. A response an
   * httpjson call returned keeps that call's options, which the exception's {@link
   * HttpJsonStatusException#bodyAs(Class) bodyAs} reads with and its message shows the query by;
   * any other response gets the {@linkplain JsonOptions#web() web defaults}.
   *
   * <pre>{@code Receipt receipt = HttpJson.readFromJson(
   * HttpJson.ensureSuccess(HttpJson.postAsJson(client, ordersUri, order)), Receipt.class); }</pre>
   *
   * @param response a response with a buffered body, as the untyped {@code postAsJson}, {@code
   *     putAsJson} and {@code patchAsJson} return
   * @return the same response
   * @throws HttpJsonStatusException if the status is outside 200–299
   */
  public static HttpResponse<byte[]> ensureSuccess(HttpResponse<byte[]> response)
      throws HttpJsonStatusException {
    return Calls.ensureSuccess(response);
  }

  /**
   * Reads the buffered body of {@code response} — such as the untyped {@code postAsJson} returns —
   * as JSON of {@code type} without checking the status (see {@link #ensureSuccess(HttpResponse)}).
   * The charset of its Content-Type is honoured; an empty body gives {@code null}. It throws a
   * {@link JsonReadException} if the body is not JSON of the type, or its charset is unknown. The
   * counterpart of .NET's {@code ReadFromJsonAsync}.
   */
  public static <T> @Nullable T readFromJson(HttpResponse<byte[]> response, Class<T> type)
      throws JsonReadException {
    return readFromJson(response, JsonType.of(type));
  }

  /** As {@link #readFromJson(HttpResponse, Class)}, reading the prepared {@code type}. */
  public static <T> @Nullable T readFromJson(HttpResponse<byte[]> response, JsonType<T> type)
      throws JsonReadException {
    return Calls.read(response, Calls.type(type).handler());
  }

  // ---- streams ------------------------------------------------------------------------------

  /**
   * Sends GET to {@code uri} and returns the elements of the body, parsed lazily, one at a time, as
   * they arrive: the body is a top-level JSON array, or NDJSON when the response's Content-Type is
   * {@code application/x-ndjson} (or {@code application/jsonl}); options with a {@link
   * JsonOptions.Builder#streamFormat stream format} read that format whatever the Content-Type says
   * (a server that sends NDJSON as {@code application/json}). Memory is bounded by one element;
   * elements may be {@code null}; a 204 or empty body is an empty stream.
   *
   * <p>The status is checked before the stream is returned: a call that fails before the body
   * throws as any call does, and an interrupt while waiting for the headers throws {@link
   * InterruptedException}. {@link JsonOptions#maxResponseSize()} applies to each element, not to
   * the whole body. {@link JsonOptions#timeout()} bounds the time spent waiting for the network —
   * connecting, the headers and the waits for body bytes while iterating — never the consumer's
   * pace; {@link JsonOptions#idleTimeout()} bounds each wait for the next bytes. A failure while
   * iterating is thrown as an {@link UncheckedHttpJsonException} (an {@link
   * java.io.UncheckedIOException}) whose cause is the exception the call would have thrown ({@link
   * JsonReadException}, {@link ResponseTooLargeException}, {@link CallTimeoutException}) or the
   * transport's: catch it around the iteration as you catch {@link IOException} around the call.
   *
   * <p><b>Close the stream</b> (try-with-resources) if you may stop before its end: closing
   * releases the connection. It is also released when the stream reaches its end or fails. Iterate
   * on one thread; reads block until bytes arrive. The future of an {@code ...Async} form completes
   * when the response headers arrive.
   */
  public static <T> Stream<T> getFromJsonAsStream(HttpClient client, URI uri, Class<T> elementType)
      throws IOException, InterruptedException {
    return getFromJsonAsStream(client, uri, JsonType.of(elementType));
  }

  /** {@return a future of what {@link #getFromJsonAsStream(HttpClient, URI, Class)} returns} */
  public static <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      HttpClient client, URI uri, Class<T> elementType) {
    return getFromJsonAsStreamAsync(client, uri, JsonType.of(elementType));
  }

  /** As {@link #getFromJsonAsStream(HttpClient, URI, Class)}, reading the prepared type. */
  public static <T> Stream<T> getFromJsonAsStream(
      HttpClient client, URI uri, JsonType<T> elementType)
      throws IOException, InterruptedException {
    return Calls.stream(client, uri, Calls.type(elementType).handler(), Calls.noHeaders());
  }

  /** {@return a future of what {@link #getFromJsonAsStream(HttpClient, URI, JsonType)} returns} */
  public static <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      HttpClient client, URI uri, JsonType<T> elementType) {
    return Calls.streamAsync(client, uri, Calls.type(elementType).handler(), Calls.noHeaders());
  }

  /**
   * Returns the elements of the body of {@code response} — an unread {@link InputStream} from any
   * request, say a POST that streams its results back — parsed lazily as in {@link
   * #getFromJsonAsStream(HttpClient, URI, Class)}: NDJSON when the Content-Type is {@code
   * application/x-ndjson} (or {@code application/jsonl}), else a top-level JSON array, unless the
   * options name a {@link JsonOptions.Builder#streamFormat stream format}. The status is not
   * checked; a gzip or deflate body is decoded as it is read; a Content-Type naming an unknown
   * charset, or a body in another coding, throws a {@link JsonReadException} (the body is closed).
   * <b>Close the stream</b>: closing it closes the body and releases the connection. The
   * counterpart of .NET's {@code ReadFromJsonAsAsyncEnumerable}.
   *
   * <pre>{@code
   * HttpResponse<InputStream> response = client.send(request, BodyHandlers.ofInputStream());
   * try (Stream<Result> results = HttpJson.readFromJsonAsStream(response, Result.class)) {
   *   results.forEach(this::handle);
   * }
   * }</pre>
   */
  public static <T> Stream<T> readFromJsonAsStream(
      HttpResponse<InputStream> response, Class<T> elementType) throws JsonReadException {
    return readFromJsonAsStream(response, JsonType.of(elementType));
  }

  /** As {@link #readFromJsonAsStream(HttpResponse, Class)}, reading the prepared type. */
  public static <T> Stream<T> readFromJsonAsStream(
      HttpResponse<InputStream> response, JsonType<T> elementType) throws JsonReadException {
    return Calls.readStream(response, Calls.type(elementType).handler());
  }

  // ---- Server-Sent Events -------------------------------------------------------------------

  /**
   * Sends GET to {@code uri} with {@code Accept: text/event-stream, application/problem+json} and
   * returns its Server-Sent Events as they arrive, each event's data read as JSON of {@code type}
   * (with {@code String} as the type, the data's text unparsed).
   *
   * <pre>{@code
   * try (Stream<ServerSentEvent<Change>> changes =
   *     HttpJson.getFromJsonAsEvents(client, feedUri, Change.class)) {
   *   changes.forEach(e -> apply(e.data()));
   * }
   * }</pre>
   *
   * <p>The status is checked before the stream is returned, as by {@link #getFromJsonAsStream(
   * HttpClient, URI, Class)} (so are a failure before the body and an interrupt while waiting for
   * the headers); a 204 is an empty stream; a response whose Content-Type is not {@code
   * text/event-stream} fails with {@link JsonReadException} naming the one it has. Events are
   * framed by the WHATWG HTML standard's event-stream rules (see {@link ServerSentEvent}), decoded
   * as UTF-8 whatever the Content-Type says (invalid bytes become U+FFFD, as the standard says) and
   * delivered as soon as their blank line arrives. An event without data is not delivered.
   *
   * <p><b>End.</b> The stream ends where the response ends (an event the body ends inside is
   * dropped) or, when {@code type} is not {@code String}, at an event whose data is exactly {@code
   * [DONE]}: the end marker of the LLM APIs, which is not JSON and so never a value of {@code T}.
   * Read {@code String} to see every event as it is. The stream is not reopened; see {@link
   * #getFromJsonAsEvents(HttpClient, URI, JsonType, EventStreamOptions)} for reconnection.
   *
   * <p><b>Failures while iterating</b> are thrown as an {@link UncheckedHttpJsonException} (an
   * {@link java.io.UncheckedIOException}, one type to catch around the iteration) whose cause is a
   * {@link JsonReadException} when an event's data is not JSON of the type (its message names the
   * event: index, id and type), a {@link ResponseTooLargeException} when a line or an event's data
   * exceeds {@link JsonOptions#maxResponseSize()} — which applies to each event, not to the endless
   * whole — a {@link CallTimeoutException} when a read (or a reconnection's wait for its headers)
   * waits longer than {@link JsonOptions#idleTimeout()}, or the transport's {@link IOException}.
   * {@link JsonOptions#timeout()} bounds the call up to the headers, not the endless body.
   *
   * <p><b>Close the stream</b> (try-with-resources): closing it, from any thread, releases the
   * connection at once. Iterate on one thread; reads block until bytes arrive.
   */
  public static <T> Stream<ServerSentEvent<T>> getFromJsonAsEvents(
      HttpClient client, URI uri, Class<T> type) throws IOException, InterruptedException {
    return getFromJsonAsEvents(client, uri, JsonType.of(type));
  }

  /** As {@link #getFromJsonAsEvents(HttpClient, URI, Class)}, reading the prepared {@code type}. */
  public static <T> Stream<ServerSentEvent<T>> getFromJsonAsEvents(
      HttpClient client, URI uri, JsonType<T> type) throws IOException, InterruptedException {
    return getFromJsonAsEvents(client, uri, type, EventStreamOptions.defaults());
  }

  /**
   * Sends GET to {@code uri} and returns its Server-Sent Events as {@link
   * #getFromJsonAsEvents(HttpClient, URI, Class)} does, reopening the stream as {@code events} say.
   *
   * <pre>{@code
   * EventStreamOptions feed = EventStreamOptions.newBuilder().maxReconnects(100).build();
   * try (Stream<ServerSentEvent<Change>> changes =
   *     HttpJson.getFromJsonAsEvents(client, feedUri, JsonType.of(Change.class), feed)) {
   *   changes.forEach(e -> apply(e.data()));
   * }
   * }</pre>
   *
   * <p>With reconnects allowed, when the response ends (or its connection fails while reading), the
   * request is sent again after the server's last {@code retry:} time, or {@link
   * EventStreamOptions#retryDelay()}, with a {@code Last-Event-ID} header naming the last event id
   * the server sent; a 204 ends the stream, a status outside 200–299 fails it (an {@link
   * UncheckedHttpJsonException} whose {@link UncheckedHttpJsonException#statusCode()} is that
   * status), and {@link JsonOptions#timeout()} bounds each reconnection up to its headers. Closing
   * the stream ends a wait at once.
   */
  public static <T> Stream<ServerSentEvent<T>> getFromJsonAsEvents(
      HttpClient client, URI uri, JsonType<T> type, EventStreamOptions events)
      throws IOException, InterruptedException {
    return EventCalls.get(
        Calls.client(client),
        Calls.absolute(uri),
        Calls.type(type),
        EventCalls.options(events),
        Calls.noHeaders());
  }

  /**
   * Returns the Server-Sent Events of the body of {@code response} — an unread {@link InputStream}
   * from any request, such as the POST of an LLM API sent with {@code client.send(post,
   * BodyHandlers.ofInputStream())} — each event's data read as JSON of {@code type} ({@code
   * String.class} for the raw text), as {@link #getFromJsonAsEvents(HttpClient, URI, Class)} reads
   * them. The status is not checked; a gzip or deflate body is decoded as it is read; a
   * Content-Type other than {@code text/event-stream} (it is named), or a body in another coding,
   * throws a {@link JsonReadException} (the body is closed). <b>Close the stream</b>: closing it
   * closes the body and releases the connection.
   */
  public static <T> Stream<ServerSentEvent<T>> readFromJsonAsEvents(
      HttpResponse<InputStream> response, Class<T> type) throws JsonReadException {
    return readFromJsonAsEvents(response, JsonType.of(type));
  }

  /**
   * As {@link #readFromJsonAsEvents(HttpResponse, Class)}, reading the prepared {@code type}; its
   * {@link JsonOptions#idleTimeout()}, if any, bounds each read.
   */
  public static <T> Stream<ServerSentEvent<T>> readFromJsonAsEvents(
      HttpResponse<InputStream> response, JsonType<T> type) throws JsonReadException {
    return EventCalls.read(response, Calls.type(type), EventStreamOptions.defaults());
  }

  // ---- a request you can see ------------------------------------------------------------------

  /**
   * {@code request} as a {@code curl} command line, to read, log or paste into a shell: method,
   * URI, headers and body, one option a line. The values of the headers that carry a credential
   * (those {@link LoggingInterceptor} hides: {@code Authorization}, {@code Proxy-Authorization},
   * {@code Cookie}, and the usual API key and token headers such as {@code X-Api-Key}, {@code
   * X-Goog-Api-Key}, {@code X-Amz-Security-Token}, {@code Ocp-Apim-Subscription-Key}), of the query
   * parameters and form fields that carry secrets by convention ({@code access_token}, {@code
   * refresh_token}, {@code id_token}, {@code client_secret}, {@code api_key}, {@code apikey},
   * {@code api-key}, {@code x-api-key}, {@code x-auth-token}, {@code private-token}, {@code
   * password}, {@code secret}, {@code signature}, {@code sig}) and of the headers, query parameters
   * and form fields named in {@code redact} (compared without case) are shown as {@code ***}, and
   * so is the URI's userinfo; its fragment, which is never sent, is left out. A JSON body is shown
   * as it is: a secret in it is the caller's to name or keep out. A body is shown when it is JSON,
   * a form or text of at most 4 KiB in UTF-8 and not content-encoded; any other body is a {@code
   * --data-binary @-} that says why it is not shown (its length, its type).
   *
   * <pre>{@code
   * HttpRequest post = JsonContent.of(new NewIssue("Crash"))
   *     .requestBuilder("POST", URI.create("https://api.github.com/repos/acme/widgets/issues"))
   *     .header("Authorization", "Bearer " + token)
   *     .build();
   * System.out.println(HttpJson.toCurl(post));
   * // curl -X POST 'https://api.github.com/repos/acme/widgets/issues' \
   * //   -H 'Accept: application/json, application/problem+json' \
   * //   -H 'Authorization: ***' \
   * //   -H 'Content-Type: application/json; charset=utf-8' \
   * //   --data-raw '{"title":"Crash"}'
   * }</pre>
   *
   * <p>Only the request is printed: what a client adds when it sends it ({@code HttpJsonClient}'s
   * default headers — an API interface method returning {@code HttpRequest} includes them —, an
   * interceptor's headers, {@code Host}, {@code Content-Length}) is not in it. A shown body is read
   * from the request's body publisher when it gives the same bytes to every subscriber (httpjson's
   * {@code JsonContent} and {@code FormContent}, the JDK's {@code BodyPublishers.ofString} and
   * {@code ofByteArray}), so that printing takes nothing from the call; any other publisher's body,
   * and one that does not give its bytes within a second, is not shown.
   *
   * @param request the request
   * @param redact more headers, query parameters or form fields whose values to hide, such as
   *     {@code "X-Tenant-Key"} or {@code "key"}
   * @return the command line
   */
  public static String toCurl(HttpRequest request, String... redact) {
    java.util.Objects.requireNonNull(request, "request == null");
    java.util.Set<String> redacted = new java.util.HashSet<>(Curl.ALWAYS_REDACTED);
    for (String name : redact) {
      redacted.add(
          java.util.Objects.requireNonNull(name, "redact has null")
              .toLowerCase(java.util.Locale.ROOT));
    }
    return Curl.of(request, redacted);
  }
}

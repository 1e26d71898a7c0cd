package dev.httpjson;

import java.io.IOException;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
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
 * WeatherForecast today = HttpJson.getFromJson(client, "https://api.example.com/today", WeatherForecast.class);
 * List<WeatherForecast> week = HttpJson.getFromJson(client, uri, new TypeRef<List<WeatherForecast>>() {});
 * Receipt receipt = HttpJson.postAsJson(client, ordersUri, order, Receipt.class);
 * }</pre>
 *
 * <p>Every method takes the client first, has an {@code ...Async} twin returning a {@link
 * CompletableFuture}, and uses {@link JsonOptions#web()} unless given options. Readers and writers
 * are resolved once per (codec settings, type) and cached, so calls never rebuild serializer state
 * — also when options are built per call with a remaining deadline or a size limit of their own.
 *
 * <ul>
 *   <li>GET and DELETE ({@code getFromJson}, {@code deleteFromJson}) and the typed send-and-receive
 *       forms check the status first: outside 200–299 they fail with {@link
 *       HttpJsonStatusException}, which carries the status, headers, a bounded prefix of the body
 *       and, for {@code application/problem+json}, the parsed {@link ProblemDetails}.
 *   <li>A 204 or otherwise empty body reads as {@code null}.
 *   <li>POST, PUT and PATCH without a response type return the {@link HttpResponse} unchecked, its
 *       body buffered as bytes; read it with {@link #readFromJson(HttpResponse, Class)}.
 *   <li>Request bodies are sent with a Content-Length and {@code Content-Type: application/json;
 *       charset=utf-8}; requests carry {@code Accept: application/json}.
 *   <li>{@code getFromJsonAsStream} reads a top-level JSON array or NDJSON lazily, one element at a
 *       time, with memory bounded by one element.
 *   <li>URIs must be absolute; for a base URI and default headers use {@link HttpJsonClient}.
 * </ul>
 *
 * <p>Blocking methods may be called from any thread and throw {@link InterruptedException} like
 * {@link HttpClient#send}; an interrupt aborts the exchange. Every response is released, also on
 * error. A whole-call {@link JsonOptions#timeout()} ends with the call on every path: no interrupt
 * from it reaches the calling thread afterwards, and an interrupt from elsewhere is kept.
 *
 * <p><b>Async threads.</b> An {@code ...Async} method builds the request on the calling thread and
 * returns at once; the exchange runs the blocking {@link HttpClient#send} on a thread of httpjson's
 * — a new virtual thread per call on Java 21 and later; on Java 17 one of a few platform threads
 * named {@code httpjson-async-N}, or, when all of those are busy, the JDK's own {@link
 * HttpClient#sendAsync}, so in-flight calls never hold a platform thread each. That thread (or the
 * JDK's) completes the future: dependent stages added without an executor run on it, so keep them
 * short or use the {@code ...Async} forms of {@link CompletableFuture}. This costs no more than a
 * blocking call, where {@code sendAsync} alone costs more than half of the throughput on machines
 * with two CPUs or fewer.
 *
 * <p>Whoever completes a returned future first wins: {@code cancel}, {@code complete}, {@code
 * completeExceptionally}, {@code orTimeout} or {@code completeOnTimeout} by the caller aborts the
 * exchange, and a value httpjson builds afterwards (a stream holding the connection) is closed.
 */
public final class HttpJson {
  private HttpJson() {}

  /**
   * Sends GET to {@code uri} with {@code Accept: application/json} and reads the body as JSON of
   * {@code type}.
   *
   * <p>A status outside 200–299 fails with {@link HttpJsonStatusException} before the body is read
   * as JSON (only a bounded prefix of an error body is read); a 204 or empty body gives {@code
   * null}. The response is always released, also on error.
   *
   * @param client the client to send with
   * @param uri an absolute URI
   * @param type the class to read
   * @param options the options, used as given
   * @return the value, or {@code null} for an empty body
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code type}
   * @throws ResponseTooLargeException if the body exceeds {@link JsonOptions#maxResponseSize()}
   * @throws CallTimeoutException if {@link JsonOptions#timeout()} elapses
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting (the exchange is aborted)
   */
  public static <T> @Nullable T getFromJson(
      HttpClient client, URI uri, Class<T> type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, type, options);
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}: the future completes
   * with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      HttpClient client, URI uri, Class<T> type, JsonOptions options) {
    return Checked.receiveAsync(client, "GET", uri, type, options);
  }

  /**
   * As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options.
   */
  public static <T> @Nullable T getFromJson(HttpClient client, URI uri, Class<T> type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, type, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      HttpClient client, URI uri, Class<T> type) {
    return Checked.receiveAsync(client, "GET", uri, type, JsonOptions.web());
  }

  /** As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with a generic type token. */
  public static <T> @Nullable T getFromJson(
      HttpClient client, URI uri, TypeRef<T> type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, Calls.type(type), options);
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with a generic type
   * token: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      HttpClient client, URI uri, TypeRef<T> type, JsonOptions options) {
    return Checked.receiveAsync(client, "GET", uri, Calls.type(type), options);
  }

  /**
   * As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with a generic type token and the
   * {@link JsonOptions#web()} options.
   */
  public static <T> @Nullable T getFromJson(HttpClient client, URI uri, TypeRef<T> type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, Calls.type(type), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with a generic type
   * token and the {@link JsonOptions#web()} options: the future completes with the value or fails
   * with the same exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      HttpClient client, URI uri, TypeRef<T> type) {
    return Checked.receiveAsync(client, "GET", uri, Calls.type(type), JsonOptions.web());
  }

  /**
   * As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with a runtime {@link Type},
   * returning {@code Object}.
   */
  public static @Nullable Object getFromJson(
      HttpClient client, URI uri, Type type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, type, options);
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with a runtime {@link
   * Type}, returning {@code Object}: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<@Nullable Object> getFromJsonAsync(
      HttpClient client, URI uri, Type type, JsonOptions options) {
    return Checked.receiveAsync(client, "GET", uri, type, options);
  }

  /**
   * As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with a runtime {@link Type},
   * returning {@code Object} and the {@link JsonOptions#web()} options.
   */
  public static @Nullable Object getFromJson(HttpClient client, URI uri, Type type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, type, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with a runtime {@link
   * Type}, returning {@code Object} and the {@link JsonOptions#web()} options: the future completes
   * with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<@Nullable Object> getFromJsonAsync(
      HttpClient client, URI uri, Type type) {
    return Checked.receiveAsync(client, "GET", uri, type, JsonOptions.web());
  }

  /** As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string. */
  public static <T> @Nullable T getFromJson(
      HttpClient client, String uri, Class<T> type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, type, options);
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      HttpClient client, String uri, Class<T> type, JsonOptions options) {
    return Checked.receiveAsync(client, "GET", uri, type, options);
  }

  /**
   * As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string and the
   * {@link JsonOptions#web()} options.
   */
  public static <T> @Nullable T getFromJson(HttpClient client, String uri, Class<T> type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, type, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string and the {@link JsonOptions#web()} options: the future completes with the value or fails
   * with the same exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      HttpClient client, String uri, Class<T> type) {
    return Checked.receiveAsync(client, "GET", uri, type, JsonOptions.web());
  }

  /**
   * As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string and a
   * generic type token.
   */
  public static <T> @Nullable T getFromJson(
      HttpClient client, String uri, TypeRef<T> type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, Calls.type(type), options);
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string and a generic type token: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      HttpClient client, String uri, TypeRef<T> type, JsonOptions options) {
    return Checked.receiveAsync(client, "GET", uri, Calls.type(type), options);
  }

  /**
   * As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string and a
   * generic type token and the {@link JsonOptions#web()} options.
   */
  public static <T> @Nullable T getFromJson(HttpClient client, String uri, TypeRef<T> type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, Calls.type(type), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string and a generic type token and the {@link JsonOptions#web()} options: the future completes
   * with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      HttpClient client, String uri, TypeRef<T> type) {
    return Checked.receiveAsync(client, "GET", uri, Calls.type(type), JsonOptions.web());
  }

  /**
   * As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string and a
   * runtime {@link Type}, returning {@code Object}.
   */
  public static @Nullable Object getFromJson(
      HttpClient client, String uri, Type type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, type, options);
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string and a runtime {@link Type}, returning {@code Object}: the future completes with the
   * value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<@Nullable Object> getFromJsonAsync(
      HttpClient client, String uri, Type type, JsonOptions options) {
    return Checked.receiveAsync(client, "GET", uri, type, options);
  }

  /**
   * As {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string and a
   * runtime {@link Type}, returning {@code Object} and the {@link JsonOptions#web()} options.
   */
  public static @Nullable Object getFromJson(HttpClient client, String uri, Type type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "GET", uri, type, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #getFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string and a runtime {@link Type}, returning {@code Object} and the {@link JsonOptions#web()}
   * options: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static CompletableFuture<@Nullable Object> getFromJsonAsync(
      HttpClient client, String uri, Type type) {
    return Checked.receiveAsync(client, "GET", uri, type, JsonOptions.web());
  }

  /**
   * Sends DELETE to {@code uri} with {@code Accept: application/json} and reads the body as JSON of
   * {@code type}.
   *
   * <p>A status outside 200–299 fails with {@link HttpJsonStatusException} before the body is read
   * as JSON (only a bounded prefix of an error body is read); a 204 or empty body gives {@code
   * null}. The response is always released, also on error.
   *
   * @param client the client to send with
   * @param uri an absolute URI
   * @param type the class to read
   * @param options the options, used as given
   * @return the value, or {@code null} for an empty body
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code type}
   * @throws ResponseTooLargeException if the body exceeds {@link JsonOptions#maxResponseSize()}
   * @throws CallTimeoutException if {@link JsonOptions#timeout()} elapses
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting (the exchange is aborted)
   */
  public static <T> @Nullable T deleteFromJson(
      HttpClient client, URI uri, Class<T> type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, type, options);
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}: the future completes
   * with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      HttpClient client, URI uri, Class<T> type, JsonOptions options) {
    return Checked.receiveAsync(client, "DELETE", uri, type, options);
  }

  /**
   * As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options.
   */
  public static <T> @Nullable T deleteFromJson(HttpClient client, URI uri, Class<T> type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, type, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      HttpClient client, URI uri, Class<T> type) {
    return Checked.receiveAsync(client, "DELETE", uri, type, JsonOptions.web());
  }

  /** As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with a generic type token. */
  public static <T> @Nullable T deleteFromJson(
      HttpClient client, URI uri, TypeRef<T> type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, Calls.type(type), options);
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with a generic type
   * token: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      HttpClient client, URI uri, TypeRef<T> type, JsonOptions options) {
    return Checked.receiveAsync(client, "DELETE", uri, Calls.type(type), options);
  }

  /**
   * As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with a generic type token and
   * the {@link JsonOptions#web()} options.
   */
  public static <T> @Nullable T deleteFromJson(HttpClient client, URI uri, TypeRef<T> type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, Calls.type(type), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with a generic type
   * token and the {@link JsonOptions#web()} options: the future completes with the value or fails
   * with the same exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      HttpClient client, URI uri, TypeRef<T> type) {
    return Checked.receiveAsync(client, "DELETE", uri, Calls.type(type), JsonOptions.web());
  }

  /**
   * As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with a runtime {@link Type},
   * returning {@code Object}.
   */
  public static @Nullable Object deleteFromJson(
      HttpClient client, URI uri, Type type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, type, options);
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with a runtime
   * {@link Type}, returning {@code Object}: the future completes with the value or fails with the
   * same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<@Nullable Object> deleteFromJsonAsync(
      HttpClient client, URI uri, Type type, JsonOptions options) {
    return Checked.receiveAsync(client, "DELETE", uri, type, options);
  }

  /**
   * As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with a runtime {@link Type},
   * returning {@code Object} and the {@link JsonOptions#web()} options.
   */
  public static @Nullable Object deleteFromJson(HttpClient client, URI uri, Type type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, type, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with a runtime
   * {@link Type}, returning {@code Object} and the {@link JsonOptions#web()} options: the future
   * completes with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<@Nullable Object> deleteFromJsonAsync(
      HttpClient client, URI uri, Type type) {
    return Checked.receiveAsync(client, "DELETE", uri, type, JsonOptions.web());
  }

  /** As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string. */
  public static <T> @Nullable T deleteFromJson(
      HttpClient client, String uri, Class<T> type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, type, options);
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      HttpClient client, String uri, Class<T> type, JsonOptions options) {
    return Checked.receiveAsync(client, "DELETE", uri, type, options);
  }

  /**
   * As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string and
   * the {@link JsonOptions#web()} options.
   */
  public static <T> @Nullable T deleteFromJson(HttpClient client, String uri, Class<T> type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, type, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string and the {@link JsonOptions#web()} options: the future completes with the value or fails
   * with the same exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      HttpClient client, String uri, Class<T> type) {
    return Checked.receiveAsync(client, "DELETE", uri, type, JsonOptions.web());
  }

  /**
   * As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string and a
   * generic type token.
   */
  public static <T> @Nullable T deleteFromJson(
      HttpClient client, String uri, TypeRef<T> type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, Calls.type(type), options);
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string and a generic type token: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      HttpClient client, String uri, TypeRef<T> type, JsonOptions options) {
    return Checked.receiveAsync(client, "DELETE", uri, Calls.type(type), options);
  }

  /**
   * As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string and a
   * generic type token and the {@link JsonOptions#web()} options.
   */
  public static <T> @Nullable T deleteFromJson(HttpClient client, String uri, TypeRef<T> type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, Calls.type(type), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string and a generic type token and the {@link JsonOptions#web()} options: the future completes
   * with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      HttpClient client, String uri, TypeRef<T> type) {
    return Checked.receiveAsync(client, "DELETE", uri, Calls.type(type), JsonOptions.web());
  }

  /**
   * As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string and a
   * runtime {@link Type}, returning {@code Object}.
   */
  public static @Nullable Object deleteFromJson(
      HttpClient client, String uri, Type type, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, type, options);
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string and a runtime {@link Type}, returning {@code Object}: the future completes with the
   * value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<@Nullable Object> deleteFromJsonAsync(
      HttpClient client, String uri, Type type, JsonOptions options) {
    return Checked.receiveAsync(client, "DELETE", uri, type, options);
  }

  /**
   * As {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a string and a
   * runtime {@link Type}, returning {@code Object} and the {@link JsonOptions#web()} options.
   */
  public static @Nullable Object deleteFromJson(HttpClient client, String uri, Type type)
      throws IOException, InterruptedException {
    return Checked.receive(client, "DELETE", uri, type, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #deleteFromJson(HttpClient, URI, Class, JsonOptions)}, with the URI as a
   * string and a runtime {@link Type}, returning {@code Object} and the {@link JsonOptions#web()}
   * options: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static CompletableFuture<@Nullable Object> deleteFromJsonAsync(
      HttpClient client, String uri, Type type) {
    return Checked.receiveAsync(client, "DELETE", uri, type, JsonOptions.web());
  }

  /**
   * Sends {@code value} serialized as JSON with POST to {@code uri}, with a Content-Length, and
   * returns the response without checking its status (as .NET does). The body is buffered as bytes
   * within {@link JsonOptions#maxResponseSize()}; read it as JSON of any type with {@link
   * #readFromJson(HttpResponse, Class, JsonOptions)}. The value is serialized before connecting.
   *
   * @param client the client to send with
   * @param uri an absolute URI
   * @param value the value to send, serialized as its runtime class; {@code null} sends {@code
   *     null}
   * @param options the options, used as given
   * @return the response, whatever its status
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws ResponseTooLargeException if the response body exceeds {@link
   *     JsonOptions#maxResponseSize()}
   * @throws CallTimeoutException if {@link JsonOptions#timeout()} elapses
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting (the exchange is aborted)
   */
  public static HttpResponse<byte[]> postAsJson(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.send(client, "POST", uri, value, options);
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, JsonOptions)}: the future completes
   * with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> postAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options) {
    return Checked.sendAsync(client, "POST", uri, value, options);
  }

  /**
   * As {@link #postAsJson(HttpClient, URI, Object, JsonOptions)}, with the {@link
   * JsonOptions#web()} options.
   */
  public static HttpResponse<byte[]> postAsJson(HttpClient client, URI uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return Checked.send(client, "POST", uri, value, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, JsonOptions)}, with the {@link
   * JsonOptions#web()} options: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> postAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value) {
    return Checked.sendAsync(client, "POST", uri, value, JsonOptions.web());
  }

  /** As {@link #postAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a string. */
  public static HttpResponse<byte[]> postAsJson(
      HttpClient client, String uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.send(client, "POST", uri, value, options);
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a
   * string: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> postAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value, JsonOptions options) {
    return Checked.sendAsync(client, "POST", uri, value, options);
  }

  /**
   * As {@link #postAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a string and the
   * {@link JsonOptions#web()} options.
   */
  public static HttpResponse<byte[]> postAsJson(
      HttpClient client, String uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return Checked.send(client, "POST", uri, value, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a
   * string and the {@link JsonOptions#web()} options: the future completes with the value or fails
   * with the same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> postAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value) {
    return Checked.sendAsync(client, "POST", uri, value, JsonOptions.web());
  }

  /**
   * Sends {@code value} serialized as JSON with POST to {@code uri} and reads the response body as
   * JSON of {@code responseType}: a status outside 200–299 fails with {@link
   * HttpJsonStatusException}; a 204 or empty body gives {@code null}.
   *
   * @param client the client to send with
   * @param uri an absolute URI
   * @param value the value to send, serialized as its runtime class
   * @param responseType the class to read the response as
   * @param options the options, used as given for writing and reading
   * @return the response value, or {@code null} for an empty body
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code responseType}
   * @throws CallTimeoutException if {@link JsonOptions#timeout()} elapses
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting (the exchange is aborted)
   */
  public static <R> @Nullable R postAsJson(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "POST", uri, value, responseType, options);
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}: the future
   * completes with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "POST", uri, value, responseType, options);
  }

  /**
   * As {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options.
   */
  public static <R> @Nullable R postAsJson(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "POST", uri, value, responseType, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType) {
    return Checked.exchangeAsync(client, "POST", uri, value, responseType, JsonOptions.web());
  }

  /**
   * As {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic type token.
   */
  public static <R> @Nullable R postAsJson(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "POST", uri, value, Calls.type(responseType), options);
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic
   * type token: the future completes with the value or fails with the same exceptions; cancelling
   * it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "POST", uri, value, Calls.type(responseType), options);
  }

  /**
   * As {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic type token
   * and the {@link JsonOptions#web()} options.
   */
  public static <R> @Nullable R postAsJson(
      HttpClient client, URI uri, @Nullable Object value, TypeRef<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(
        client, "POST", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic
   * type token and the {@link JsonOptions#web()} options: the future completes with the value or
   * fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, TypeRef<R> responseType) {
    return Checked.exchangeAsync(
        client, "POST", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * As {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string.
   */
  public static <R> @Nullable R postAsJson(
      HttpClient client,
      String uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "POST", uri, value, responseType, options);
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as
   * a string: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      HttpClient client,
      String uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "POST", uri, value, responseType, options);
  }

  /**
   * As {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string
   * and the {@link JsonOptions#web()} options.
   */
  public static <R> @Nullable R postAsJson(
      HttpClient client, String uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "POST", uri, value, responseType, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as
   * a string and the {@link JsonOptions#web()} options: the future completes with the value or
   * fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value, Class<R> responseType) {
    return Checked.exchangeAsync(client, "POST", uri, value, responseType, JsonOptions.web());
  }

  /**
   * As {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string
   * and a generic type token.
   */
  public static <R> @Nullable R postAsJson(
      HttpClient client,
      String uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "POST", uri, value, Calls.type(responseType), options);
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as
   * a string and a generic type token: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      HttpClient client,
      String uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "POST", uri, value, Calls.type(responseType), options);
  }

  /**
   * As {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string
   * and a generic type token and the {@link JsonOptions#web()} options.
   */
  public static <R> @Nullable R postAsJson(
      HttpClient client, String uri, @Nullable Object value, TypeRef<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(
        client, "POST", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #postAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as
   * a string and a generic type token and the {@link JsonOptions#web()} options: the future
   * completes with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value, TypeRef<R> responseType) {
    return Checked.exchangeAsync(
        client, "POST", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * Sends {@code value} serialized as JSON with PUT to {@code uri}, with a Content-Length, and
   * returns the response without checking its status (as .NET does). The body is buffered as bytes
   * within {@link JsonOptions#maxResponseSize()}; read it as JSON of any type with {@link
   * #readFromJson(HttpResponse, Class, JsonOptions)}. The value is serialized before connecting.
   *
   * @param client the client to send with
   * @param uri an absolute URI
   * @param value the value to send, serialized as its runtime class; {@code null} sends {@code
   *     null}
   * @param options the options, used as given
   * @return the response, whatever its status
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws ResponseTooLargeException if the response body exceeds {@link
   *     JsonOptions#maxResponseSize()}
   * @throws CallTimeoutException if {@link JsonOptions#timeout()} elapses
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting (the exchange is aborted)
   */
  public static HttpResponse<byte[]> putAsJson(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.send(client, "PUT", uri, value, options);
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, JsonOptions)}: the future completes
   * with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> putAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options) {
    return Checked.sendAsync(client, "PUT", uri, value, options);
  }

  /**
   * As {@link #putAsJson(HttpClient, URI, Object, JsonOptions)}, with the {@link JsonOptions#web()}
   * options.
   */
  public static HttpResponse<byte[]> putAsJson(HttpClient client, URI uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return Checked.send(client, "PUT", uri, value, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, JsonOptions)}, with the {@link
   * JsonOptions#web()} options: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> putAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value) {
    return Checked.sendAsync(client, "PUT", uri, value, JsonOptions.web());
  }

  /** As {@link #putAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a string. */
  public static HttpResponse<byte[]> putAsJson(
      HttpClient client, String uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.send(client, "PUT", uri, value, options);
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a
   * string: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> putAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value, JsonOptions options) {
    return Checked.sendAsync(client, "PUT", uri, value, options);
  }

  /**
   * As {@link #putAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a string and the
   * {@link JsonOptions#web()} options.
   */
  public static HttpResponse<byte[]> putAsJson(
      HttpClient client, String uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return Checked.send(client, "PUT", uri, value, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a string
   * and the {@link JsonOptions#web()} options: the future completes with the value or fails with
   * the same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> putAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value) {
    return Checked.sendAsync(client, "PUT", uri, value, JsonOptions.web());
  }

  /**
   * Sends {@code value} serialized as JSON with PUT to {@code uri} and reads the response body as
   * JSON of {@code responseType}: a status outside 200–299 fails with {@link
   * HttpJsonStatusException}; a 204 or empty body gives {@code null}.
   *
   * @param client the client to send with
   * @param uri an absolute URI
   * @param value the value to send, serialized as its runtime class
   * @param responseType the class to read the response as
   * @param options the options, used as given for writing and reading
   * @return the response value, or {@code null} for an empty body
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code responseType}
   * @throws CallTimeoutException if {@link JsonOptions#timeout()} elapses
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting (the exchange is aborted)
   */
  public static <R> @Nullable R putAsJson(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PUT", uri, value, responseType, options);
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}: the future
   * completes with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "PUT", uri, value, responseType, options);
  }

  /**
   * As {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options.
   */
  public static <R> @Nullable R putAsJson(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PUT", uri, value, responseType, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType) {
    return Checked.exchangeAsync(client, "PUT", uri, value, responseType, JsonOptions.web());
  }

  /**
   * As {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic type token.
   */
  public static <R> @Nullable R putAsJson(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PUT", uri, value, Calls.type(responseType), options);
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic
   * type token: the future completes with the value or fails with the same exceptions; cancelling
   * it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "PUT", uri, value, Calls.type(responseType), options);
  }

  /**
   * As {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic type token
   * and the {@link JsonOptions#web()} options.
   */
  public static <R> @Nullable R putAsJson(
      HttpClient client, URI uri, @Nullable Object value, TypeRef<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PUT", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic
   * type token and the {@link JsonOptions#web()} options: the future completes with the value or
   * fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, TypeRef<R> responseType) {
    return Checked.exchangeAsync(
        client, "PUT", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * As {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string.
   */
  public static <R> @Nullable R putAsJson(
      HttpClient client,
      String uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PUT", uri, value, responseType, options);
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a
   * string: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      HttpClient client,
      String uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "PUT", uri, value, responseType, options);
  }

  /**
   * As {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string
   * and the {@link JsonOptions#web()} options.
   */
  public static <R> @Nullable R putAsJson(
      HttpClient client, String uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PUT", uri, value, responseType, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a
   * string and the {@link JsonOptions#web()} options: the future completes with the value or fails
   * with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value, Class<R> responseType) {
    return Checked.exchangeAsync(client, "PUT", uri, value, responseType, JsonOptions.web());
  }

  /**
   * As {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string
   * and a generic type token.
   */
  public static <R> @Nullable R putAsJson(
      HttpClient client,
      String uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PUT", uri, value, Calls.type(responseType), options);
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a
   * string and a generic type token: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      HttpClient client,
      String uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "PUT", uri, value, Calls.type(responseType), options);
  }

  /**
   * As {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string
   * and a generic type token and the {@link JsonOptions#web()} options.
   */
  public static <R> @Nullable R putAsJson(
      HttpClient client, String uri, @Nullable Object value, TypeRef<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PUT", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #putAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a
   * string and a generic type token and the {@link JsonOptions#web()} options: the future completes
   * with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value, TypeRef<R> responseType) {
    return Checked.exchangeAsync(
        client, "PUT", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * Sends {@code value} serialized as JSON with PATCH to {@code uri}, with a Content-Length, and
   * returns the response without checking its status (as .NET does). The body is buffered as bytes
   * within {@link JsonOptions#maxResponseSize()}; read it as JSON of any type with {@link
   * #readFromJson(HttpResponse, Class, JsonOptions)}. The value is serialized before connecting.
   *
   * @param client the client to send with
   * @param uri an absolute URI
   * @param value the value to send, serialized as its runtime class; {@code null} sends {@code
   *     null}
   * @param options the options, used as given
   * @return the response, whatever its status
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws ResponseTooLargeException if the response body exceeds {@link
   *     JsonOptions#maxResponseSize()}
   * @throws CallTimeoutException if {@link JsonOptions#timeout()} elapses
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting (the exchange is aborted)
   */
  public static HttpResponse<byte[]> patchAsJson(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.send(client, "PATCH", uri, value, options);
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, JsonOptions)}: the future completes
   * with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> patchAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, JsonOptions options) {
    return Checked.sendAsync(client, "PATCH", uri, value, options);
  }

  /**
   * As {@link #patchAsJson(HttpClient, URI, Object, JsonOptions)}, with the {@link
   * JsonOptions#web()} options.
   */
  public static HttpResponse<byte[]> patchAsJson(HttpClient client, URI uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return Checked.send(client, "PATCH", uri, value, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, JsonOptions)}, with the {@link
   * JsonOptions#web()} options: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> patchAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value) {
    return Checked.sendAsync(client, "PATCH", uri, value, JsonOptions.web());
  }

  /** As {@link #patchAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a string. */
  public static HttpResponse<byte[]> patchAsJson(
      HttpClient client, String uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.send(client, "PATCH", uri, value, options);
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a
   * string: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> patchAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value, JsonOptions options) {
    return Checked.sendAsync(client, "PATCH", uri, value, options);
  }

  /**
   * As {@link #patchAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a string and the
   * {@link JsonOptions#web()} options.
   */
  public static HttpResponse<byte[]> patchAsJson(
      HttpClient client, String uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return Checked.send(client, "PATCH", uri, value, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, JsonOptions)}, with the URI as a
   * string and the {@link JsonOptions#web()} options: the future completes with the value or fails
   * with the same exceptions; cancelling it aborts the exchange.
   */
  public static CompletableFuture<HttpResponse<byte[]>> patchAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value) {
    return Checked.sendAsync(client, "PATCH", uri, value, JsonOptions.web());
  }

  /**
   * Sends {@code value} serialized as JSON with PATCH to {@code uri} and reads the response body as
   * JSON of {@code responseType}: a status outside 200–299 fails with {@link
   * HttpJsonStatusException}; a 204 or empty body gives {@code null}.
   *
   * @param client the client to send with
   * @param uri an absolute URI
   * @param value the value to send, serialized as its runtime class
   * @param responseType the class to read the response as
   * @param options the options, used as given for writing and reading
   * @return the response value, or {@code null} for an empty body
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code responseType}
   * @throws CallTimeoutException if {@link JsonOptions#timeout()} elapses
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting (the exchange is aborted)
   */
  public static <R> @Nullable R patchAsJson(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PATCH", uri, value, responseType, options);
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}: the future
   * completes with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "PATCH", uri, value, responseType, options);
  }

  /**
   * As {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options.
   */
  public static <R> @Nullable R patchAsJson(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PATCH", uri, value, responseType, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, Class<R> responseType) {
    return Checked.exchangeAsync(client, "PATCH", uri, value, responseType, JsonOptions.web());
  }

  /**
   * As {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic type
   * token.
   */
  public static <R> @Nullable R patchAsJson(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PATCH", uri, value, Calls.type(responseType), options);
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic
   * type token: the future completes with the value or fails with the same exceptions; cancelling
   * it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "PATCH", uri, value, Calls.type(responseType), options);
  }

  /**
   * As {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic type token
   * and the {@link JsonOptions#web()} options.
   */
  public static <R> @Nullable R patchAsJson(
      HttpClient client, URI uri, @Nullable Object value, TypeRef<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(
        client, "PATCH", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with a generic
   * type token and the {@link JsonOptions#web()} options: the future completes with the value or
   * fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      HttpClient client, URI uri, @Nullable Object value, TypeRef<R> responseType) {
    return Checked.exchangeAsync(
        client, "PATCH", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * As {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string.
   */
  public static <R> @Nullable R patchAsJson(
      HttpClient client,
      String uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PATCH", uri, value, responseType, options);
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as
   * a string: the future completes with the value or fails with the same exceptions; cancelling it
   * aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      HttpClient client,
      String uri,
      @Nullable Object value,
      Class<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "PATCH", uri, value, responseType, options);
  }

  /**
   * As {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string
   * and the {@link JsonOptions#web()} options.
   */
  public static <R> @Nullable R patchAsJson(
      HttpClient client, String uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PATCH", uri, value, responseType, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as
   * a string and the {@link JsonOptions#web()} options: the future completes with the value or
   * fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value, Class<R> responseType) {
    return Checked.exchangeAsync(client, "PATCH", uri, value, responseType, JsonOptions.web());
  }

  /**
   * As {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string
   * and a generic type token.
   */
  public static <R> @Nullable R patchAsJson(
      HttpClient client,
      String uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.exchange(client, "PATCH", uri, value, Calls.type(responseType), options);
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as
   * a string and a generic type token: the future completes with the value or fails with the same
   * exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      HttpClient client,
      String uri,
      @Nullable Object value,
      TypeRef<R> responseType,
      JsonOptions options) {
    return Checked.exchangeAsync(client, "PATCH", uri, value, Calls.type(responseType), options);
  }

  /**
   * As {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as a string
   * and a generic type token and the {@link JsonOptions#web()} options.
   */
  public static <R> @Nullable R patchAsJson(
      HttpClient client, String uri, @Nullable Object value, TypeRef<R> responseType)
      throws IOException, InterruptedException {
    return Checked.exchange(
        client, "PATCH", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #patchAsJson(HttpClient, URI, Object, Class, JsonOptions)}, with the URI as
   * a string and a generic type token and the {@link JsonOptions#web()} options: the future
   * completes with the value or fails with the same exceptions; cancelling it aborts the exchange.
   */
  public static <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      HttpClient client, String uri, @Nullable Object value, TypeRef<R> responseType) {
    return Checked.exchangeAsync(
        client, "PATCH", uri, value, Calls.type(responseType), JsonOptions.web());
  }

  /**
   * Sends GET to {@code uri} and returns the elements of the body, parsed lazily, one at a time, as
   * they arrive: the body is a top-level JSON array, or NDJSON when the response's Content-Type is
   * {@code application/x-ndjson} (or {@code application/jsonl}). Memory is bounded by one element;
   * elements may be {@code null}; a 204 or empty body is an empty stream.
   *
   * <p>The status is checked before the stream is returned. {@link JsonOptions#maxResponseSize()}
   * applies to each element, not to the whole body, and {@link JsonOptions#timeout()} to the whole
   * call including the iteration. A failure while iterating is thrown as an {@link
   * java.io.UncheckedIOException} whose cause is the httpjson exception ({@link JsonReadException},
   * {@link ResponseTooLargeException}, {@link CallTimeoutException}) or the transport's.
   *
   * <p><b>Close the stream</b> (try-with-resources) if you may stop before its end: closing
   * releases the connection. It is also released when the stream reaches its end or fails. Iterate
   * on one thread; reads block until bytes arrive.
   *
   * @param client the client to send with
   * @param uri an absolute URI
   * @param elementType the type of each element
   * @param options the options, used as given
   * @return the stream of elements; close it
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws IOException on any other I/O failure before the body
   * @throws InterruptedException if interrupted while waiting for the headers
   */
  public static <T> Stream<T> getFromJsonAsStream(
      HttpClient client, URI uri, Class<T> elementType, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.stream(client, uri, elementType, options);
  }

  /**
   * Asynchronous {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}: the future
   * completes with the stream when the response headers arrive.
   */
  public static <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      HttpClient client, URI uri, Class<T> elementType, JsonOptions options) {
    return Checked.streamAsync(client, uri, elementType, options);
  }

  /**
   * As {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options.
   */
  public static <T> Stream<T> getFromJsonAsStream(HttpClient client, URI uri, Class<T> elementType)
      throws IOException, InterruptedException {
    return Checked.stream(client, uri, elementType, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with the {@link
   * JsonOptions#web()} options: the future completes with the stream when the response headers
   * arrive.
   */
  public static <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      HttpClient client, URI uri, Class<T> elementType) {
    return Checked.streamAsync(client, uri, elementType, JsonOptions.web());
  }

  /**
   * As {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with a generic type
   * token.
   */
  public static <T> Stream<T> getFromJsonAsStream(
      HttpClient client, URI uri, TypeRef<T> elementType, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.stream(client, uri, Calls.type(elementType), options);
  }

  /**
   * Asynchronous {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with a generic
   * type token: the future completes with the stream when the response headers arrive.
   */
  public static <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      HttpClient client, URI uri, TypeRef<T> elementType, JsonOptions options) {
    return Checked.streamAsync(client, uri, Calls.type(elementType), options);
  }

  /**
   * As {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with a generic type token
   * and the {@link JsonOptions#web()} options.
   */
  public static <T> Stream<T> getFromJsonAsStream(
      HttpClient client, URI uri, TypeRef<T> elementType) throws IOException, InterruptedException {
    return Checked.stream(client, uri, Calls.type(elementType), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with a generic
   * type token and the {@link JsonOptions#web()} options: the future completes with the stream when
   * the response headers arrive.
   */
  public static <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      HttpClient client, URI uri, TypeRef<T> elementType) {
    return Checked.streamAsync(client, uri, Calls.type(elementType), JsonOptions.web());
  }

  /**
   * As {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with the URI as a string.
   */
  public static <T> Stream<T> getFromJsonAsStream(
      HttpClient client, String uri, Class<T> elementType, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.stream(client, uri, elementType, options);
  }

  /**
   * Asynchronous {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with the URI as
   * a string: the future completes with the stream when the response headers arrive.
   */
  public static <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      HttpClient client, String uri, Class<T> elementType, JsonOptions options) {
    return Checked.streamAsync(client, uri, elementType, options);
  }

  /**
   * As {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with the URI as a string
   * and the {@link JsonOptions#web()} options.
   */
  public static <T> Stream<T> getFromJsonAsStream(
      HttpClient client, String uri, Class<T> elementType)
      throws IOException, InterruptedException {
    return Checked.stream(client, uri, elementType, JsonOptions.web());
  }

  /**
   * Asynchronous {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with the URI as
   * a string and the {@link JsonOptions#web()} options: the future completes with the stream when
   * the response headers arrive.
   */
  public static <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      HttpClient client, String uri, Class<T> elementType) {
    return Checked.streamAsync(client, uri, elementType, JsonOptions.web());
  }

  /**
   * As {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with the URI as a string
   * and a generic type token.
   */
  public static <T> Stream<T> getFromJsonAsStream(
      HttpClient client, String uri, TypeRef<T> elementType, JsonOptions options)
      throws IOException, InterruptedException {
    return Checked.stream(client, uri, Calls.type(elementType), options);
  }

  /**
   * Asynchronous {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with the URI as
   * a string and a generic type token: the future completes with the stream when the response
   * headers arrive.
   */
  public static <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      HttpClient client, String uri, TypeRef<T> elementType, JsonOptions options) {
    return Checked.streamAsync(client, uri, Calls.type(elementType), options);
  }

  /**
   * As {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with the URI as a string
   * and a generic type token and the {@link JsonOptions#web()} options.
   */
  public static <T> Stream<T> getFromJsonAsStream(
      HttpClient client, String uri, TypeRef<T> elementType)
      throws IOException, InterruptedException {
    return Checked.stream(client, uri, Calls.type(elementType), JsonOptions.web());
  }

  /**
   * Asynchronous {@link #getFromJsonAsStream(HttpClient, URI, Class, JsonOptions)}, with the URI as
   * a string and a generic type token and the {@link JsonOptions#web()} options: the future
   * completes with the stream when the response headers arrive.
   */
  public static <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      HttpClient client, String uri, TypeRef<T> elementType) {
    return Checked.streamAsync(client, uri, Calls.type(elementType), JsonOptions.web());
  }

  /**
   * Reads a buffered response body (as {@link #postAsJson(HttpClient, URI, Object, JsonOptions)}
   * returns it) as JSON of {@code type}, decoding it with the charset of its Content-Type. The
   * status is not checked (as .NET's {@code ReadFromJsonAsync}); an empty body gives {@code null}.
   *
   * @param response a response whose body holds the raw bytes
   * @param type the class to read
   * @param options the options, used as given
   * @return the value, or {@code null} for an empty body
   * @throws JsonReadException if the body is not JSON of {@code type}
   */
  public static <T> @Nullable T readFromJson(
      HttpResponse<byte[]> response, Class<T> type, JsonOptions options) throws JsonReadException {
    return Calls.read(response, Calls.type(type), Calls.options(options));
  }

  /**
   * As {@link #readFromJson(HttpResponse, Class, JsonOptions)}, with the {@link JsonOptions#web()}
   * options.
   */
  public static <T> @Nullable T readFromJson(HttpResponse<byte[]> response, Class<T> type)
      throws JsonReadException {
    return Calls.read(response, Calls.type(type), JsonOptions.web());
  }

  /** As {@link #readFromJson(HttpResponse, Class, JsonOptions)}, with a generic type token. */
  public static <T> @Nullable T readFromJson(
      HttpResponse<byte[]> response, TypeRef<T> type, JsonOptions options)
      throws JsonReadException {
    return Calls.read(response, Calls.type(type), Calls.options(options));
  }

  /**
   * As {@link #readFromJson(HttpResponse, Class, JsonOptions)}, with a generic type token and the
   * {@link JsonOptions#web()} options.
   */
  public static <T> @Nullable T readFromJson(HttpResponse<byte[]> response, TypeRef<T> type)
      throws JsonReadException {
    return Calls.read(response, Calls.type(type), JsonOptions.web());
  }

  /**
   * As {@link #readFromJson(HttpResponse, Class, JsonOptions)}, with a runtime {@link Type},
   * returning {@code Object}.
   */
  public static @Nullable Object readFromJson(
      HttpResponse<byte[]> response, Type type, JsonOptions options) throws JsonReadException {
    return Calls.read(response, Calls.type(type), Calls.options(options));
  }

  /**
   * As {@link #readFromJson(HttpResponse, Class, JsonOptions)}, with a runtime {@link Type},
   * returning {@code Object} and the {@link JsonOptions#web()} options.
   */
  public static @Nullable Object readFromJson(HttpResponse<byte[]> response, Type type)
      throws JsonReadException {
    return Calls.read(response, Calls.type(type), JsonOptions.web());
  }
}

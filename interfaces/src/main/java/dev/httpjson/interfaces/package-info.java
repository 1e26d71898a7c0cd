/**
 * Declarative API interfaces: annotate an interface's methods with {@link
 * dev.httpjson.interfaces.GET}, {@link dev.httpjson.interfaces.POST}, … and their parameters with
 * {@link dev.httpjson.interfaces.Path}, {@link dev.httpjson.interfaces.Query}, {@link
 * dev.httpjson.interfaces.Header} and {@link dev.httpjson.interfaces.Body}; this artifact's
 * annotation processor generates the implementation at compile time, and {@code
 * HttpJsonClient.create(Api.class)} binds it to a client.
 *
 * <p>A method's return type says how the response is read: {@code T} (the status checked, {@code
 * null} for a 204 or an empty body), {@code HttpResponse<T>} (status, headers such as {@code
 * Location}, and the value), {@code void} (the status checked; the body, whatever its content type,
 * is read within the size limit and dropped, never parsed), {@code HttpResponse<Void>} (status and
 * headers, the body dropped likewise), {@code CompletableFuture<T>}, {@code
 * CompletableFuture<HttpResponse<T>>}, {@code CompletableFuture<Void>} and {@code
 * CompletableFuture<HttpResponse<Void>>}, {@code Stream<T>} (a JSON array or NDJSON, read lazily),
 * a {@link dev.httpjson.interfaces.Paged} {@code Stream<T>} (pages linked by {@code Link} headers
 * or by a cursor in their body), {@code Stream<ServerSentEvent<T>>} (an event stream, reconnected
 * with {@code Last-Event-ID} on a GET), and {@code java.net.http.HttpRequest} (nothing sent: the
 * request the client would send, its default headers included, to print with {@code
 * HttpJson.toCurl} or send later). A blocking method declares {@code throws IOException,
 * InterruptedException}; one returning a request with a body, {@code throws IOException}.
 *
 * <p>Interfaces compose: {@code interface GitHub extends Repos, Stars {}} is implemented too, when
 * each of its abstract methods has an HTTP annotation (an interface with a method of its own
 * without one is left to its author). javac runs the processor only on a compilation where one of
 * these annotations appears: an interface composing those of a library, alone in its compilation,
 * needs one of its own, such as an empty {@code @Headers({})}. An inherited method keeps the {@link
 * dev.httpjson.interfaces.Headers} and {@link dev.httpjson.interfaces.Timeout} of the interface
 * that declares it; those of an interface extending it apply to every method it has, inherited ones
 * included, where a nearer level (the method, the declaring interface) sets neither the same header
 * nor a timeout.
 *
 * <p>A method returning a {@code Stream} throws what fails before it returns (the status, the first
 * page) as those checked exceptions; what fails while the stream is iterated (a later page, a
 * malformed element, a broken connection, an event stream's reconnection) is thrown from the stream
 * as a {@code dev.httpjson.UncheckedHttpJsonException}, an {@link java.io.UncheckedIOException}
 * whose cause is the checked exception the method would have thrown and whose {@code statusCode()}
 * and {@code problem()} give the status and Problem Details. Catch it around the iteration, as the
 * checked ones around the call.
 *
 * <p>Two escape hatches: an abstract method without parameters returning {@code HttpJsonClient}
 * returns the client the implementation is bound to, for a call the annotations cannot say; and a
 * parameter of type {@code UnaryOperator<HttpJsonClient>} (no annotation) adjusts the client of one
 * call ({@code c -> c.withHeader("If-None-Match", etag).withTimeout(remaining)}).
 */
package dev.httpjson.interfaces;

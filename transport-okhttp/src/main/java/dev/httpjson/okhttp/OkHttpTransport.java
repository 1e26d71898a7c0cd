package dev.httpjson.okhttp;

import java.net.http.HttpClient;
import java.util.Objects;
import okhttp3.OkHttpClient;

/**
 * A {@link HttpClient} backed by OkHttp, so httpjson's API (or any code written against the JDK
 * client) runs over OkHttp unchanged:
 *
 * <pre>{@code
 * HttpClient client = OkHttpTransport.newHttpClient(new OkHttpClient());
 * Forecast forecast = HttpJson.getFromJson(client, uri, Forecast.class);
 * }</pre>
 *
 * <p>{@link HttpClient#send send} runs the call on the calling thread, from writing the request to
 * reading the body the handler's subscriber asks for; {@link HttpClient#sendAsync sendAsync} uses
 * OkHttp's asynchronous calls (its dispatcher's threads). Request publishers of every kind are
 * written honouring their demand (an unknown length is sent chunked), body subscribers are fed only
 * what they request, and cancelling a subscription, completing a returned future or interrupting a
 * blocked {@code send} cancels the OkHttp call.
 *
 * <p>The client's settings are the {@link OkHttpClient}'s: its redirect policy ({@link
 * HttpClient#followRedirects()} reports it), connect timeout, protocols, proxy, TLS, cookies and
 * authenticator. Per request: the method, URI, headers, body, {@link
 * java.net.http.HttpRequest#timeout() timeout} (from the start up to the response headers, as in
 * the JDK, a request body whose publisher stalls included) and {@link
 * java.net.http.HttpRequest#expectContinue() expectContinue}.
 *
 * <p>Sending again: after a failed connection OkHttp sends a request again (unless the {@link
 * OkHttpClient}'s {@code retryOnConnectionFailure} is off), but one that is not idempotent — a POST
 * or PATCH without an {@code Idempotency-Key} header — only when it never reached the server: its
 * pooled HTTP/1 connection was found closed by the server before the request was written (a
 * connection idle 100 ms or more is looked at first, as servers close idle keep-alive connections),
 * or a response asks for it again (307, 308, 401, 407), as the JDK client does. A request the
 * server may have read is not sent again. A request whose HTTP/2 stream the server refused ({@code
 * REFUSED_STREAM}), which it did not process, is sent again on a new call, whatever its method, up
 * to three times within its timeout (unless {@code retryOnConnectionFailure} is off); its body is
 * published again, as for a redirect.
 *
 * <p>What OkHttp cannot express throws {@link UnsupportedOperationException}: {@link
 * HttpClient#newWebSocketBuilder()}, push promises (a non-null {@code PushPromiseHandler}), {@link
 * HttpClient#sslContext()} and {@link HttpClient#sslParameters()}. The request's {@link
 * java.net.http.HttpRequest#version() version} is not used: OkHttp negotiates the protocol.
 *
 * <p>Compression: OkHttp asks for gzip itself when the request names no {@code Accept-Encoding},
 * and decompresses the answer, removing its {@code Content-Encoding} and {@code Content-Length}; a
 * body handler then sees the decoded bytes. A request that sets {@code Accept-Encoding} itself —
 * httpjson's own calls do — gets the body as sent, which httpjson decodes.
 *
 * <p>Interrupts: interrupting a thread blocked in {@code send} — connecting, writing the request,
 * waiting for the response or reading the body the handler asked for — cancels the OkHttp call,
 * which closes its socket, and {@code send} throws {@link InterruptedException}; this holds
 * whatever socket factory the {@link OkHttpClient} has.
 *
 * <p>This class is a static factory; the clients it returns are immutable and thread-safe, share
 * the {@link OkHttpClient}'s connection pool and dispatcher, and need no closing of their own.
 */
public final class OkHttpTransport {
  private OkHttpTransport() {}

  /**
   * A client with OkHttp's defaults but one: it follows no redirect, as {@code
   * HttpClient.newHttpClient()} does ({@code new OkHttpClient.Builder().followRedirects(false)}),
   * so that it answers as the JDK's default client where it replaces it, and an {@code
   * HttpJsonClient} with credentials on it follows redirects hop by hop ({@code
   * HttpJsonClient.Builder#followRedirects}). It asks for HTTP/2 over TLS, and gives each call 10 s
   * to connect, read and write.
   *
   * @return a new client with its own connection pool and dispatcher
   */
  public static HttpClient newHttpClient() {
    return newHttpClient(new OkHttpClient.Builder().followRedirects(false).build());
  }

  /**
   * A client that runs every exchange on {@code client}.
   *
   * @param client the OkHttp client whose configuration, connection pool and dispatcher are used
   * @return a client backed by {@code client}
   * @throws NullPointerException if {@code client} is null
   */
  public static HttpClient newHttpClient(OkHttpClient client) {
    Objects.requireNonNull(client, "client == null");
    return new OkHttpHttpClient(client);
  }
}

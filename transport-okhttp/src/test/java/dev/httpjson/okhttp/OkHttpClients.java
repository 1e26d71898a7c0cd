package dev.httpjson.okhttp;

import dev.httpjson.contract.Http2Loopback;
import java.net.http.HttpClient;
import java.util.List;
import java.util.concurrent.ExecutorService;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.tls.HandshakeCertificates;

/**
 * OkHttp-backed clients for the suites, configured like the JDK clients the suites were written
 * for: no redirects followed (the JDK's default) and no read timeout of OkHttp's own (the suites
 * bring their deadlines).
 */
public final class OkHttpClients {
  private OkHttpClients() {}

  /** Like {@code HttpClient.newHttpClient()}. */
  public static HttpClient http1() {
    return OkHttpTransport.newHttpClient(builder().build());
  }

  /**
   * Like {@code HttpClient.newBuilder().executor(executor).build()}; without OkHttp's limits on
   * concurrent asynchronous calls (64, and 5 per host), which the JDK client does not have.
   */
  public static HttpClient http1(ExecutorService executor) {
    Dispatcher dispatcher = new Dispatcher(executor);
    dispatcher.setMaxRequests(1024);
    dispatcher.setMaxRequestsPerHost(1024);
    return OkHttpTransport.newHttpClient(builder().dispatcher(dispatcher).build());
  }

  /** Like {@link Http2Loopback#client()}: trusts its certificate and prefers HTTP/2. */
  public static HttpClient http2() {
    HandshakeCertificates trust = Http2Loopback.clientCertificates();
    return OkHttpTransport.newHttpClient(
        builder()
            .sslSocketFactory(trust.sslSocketFactory(), trust.trustManager())
            .protocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1))
            .build());
  }

  static OkHttpClient.Builder builder() {
    return new OkHttpClient.Builder()
        .followRedirects(false)
        .followSslRedirects(false)
        .readTimeout(java.time.Duration.ZERO)
        .writeTimeout(java.time.Duration.ZERO);
  }
}

package dev.httpjson.okhttp;

import dev.httpjson.contract.InterceptorContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The interceptor contract on the OkHttp transport. */
class OkHttpInterceptorTest extends InterceptorContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }

  /** OkHttp does not repeat a GET that fails on a new connection (it does on a pooled one). */
  @Override
  protected int sendsOfAGetWhoseConnectionDrops() {
    return 1;
  }

  /** OkHttp repeats a request answered 503 with {@code Retry-After: 0}, once. */
  @Override
  protected int sendsOfAGetAnswered503RetryAfterZero() {
    return 2;
  }

  @Override
  protected HttpClient newRedirectingClient() {
    return OkHttpTransport.newHttpClient(new okhttp3.OkHttpClient()); // OkHttp's default follows
  }
}

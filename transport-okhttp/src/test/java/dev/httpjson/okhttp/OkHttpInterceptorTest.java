package dev.httpjson.okhttp;

import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.InterceptorContract;
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

  @Override
  protected HttpClient newRedirectingClient() {
    return OkHttpTransport.newHttpClient(); // OkHttp follows redirects by default
  }
}

package dev.httpjson.jackson;

import dev.httpjson.contract.InterceptorContract;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The interceptor contract on the JDK's client with Jackson (streams included). */
class JacksonInterceptorTest extends InterceptorContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newRedirectingClient() {
    return HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
  }
}

package dev.httpjson.jackson;

import com.github.mizosoft.methanol.Methanol;
import dev.httpjson.contract.InterceptorContract;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/**
 * The interceptor contract with a Methanol client underneath: httpjson's chain composes with
 * another {@link HttpClient} subclass (Methanol's own interceptors, if any, run inside it).
 */
class MethanolInterceptorTest extends InterceptorContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return Methanol.newBuilder().build();
  }

  @Override
  protected HttpClient newRedirectingClient() {
    return Methanol.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
  }
}

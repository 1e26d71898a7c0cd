package dev.httpjson.apache5;

import dev.httpjson.contract.InterceptorContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The interceptor contract on the Apache transport. */
class Apache5InterceptorTest extends InterceptorContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }

  @Override
  protected HttpClient newRedirectingClient() {
    // HttpClients.createDefault() follows redirects.
    return Apache5Transport.newHttpClient(
        org.apache.hc.client5.http.impl.classic.HttpClients.createDefault());
  }
}

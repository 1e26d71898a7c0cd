package dev.httpjson;

import dev.httpjson.contract.InterceptorContract;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The interceptor contract on the JDK's client. */
class InterceptorTest extends InterceptorContract {
  @Override
  protected JsonCodec codec() {
    return new CountingCodec();
  }

  @Override
  protected boolean codecStreams() {
    return false;
  }

  @Override
  protected HttpClient newRedirectingClient() {
    return HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
  }
}

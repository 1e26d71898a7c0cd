package dev.httpjson.okhttp;

import dev.httpjson.contract.ResponseContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** Typed responses, error bodies, pagination and text on the OkHttp transport. */
class OkHttpResponseTest extends ResponseContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }
}

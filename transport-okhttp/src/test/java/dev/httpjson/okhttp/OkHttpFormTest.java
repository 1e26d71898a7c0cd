package dev.httpjson.okhttp;

import dev.httpjson.contract.FormContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The form and multipart contract on the OkHttp transport. */
class OkHttpFormTest extends FormContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }
}

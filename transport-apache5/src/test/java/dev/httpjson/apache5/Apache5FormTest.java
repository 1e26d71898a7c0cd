package dev.httpjson.apache5;

import dev.httpjson.contract.FormContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The form and multipart contract on the Apache5 transport. */
class Apache5FormTest extends FormContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}

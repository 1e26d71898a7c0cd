package dev.httpjson.apache5;

import dev.httpjson.contract.ResponseContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** Typed responses, error bodies, pagination and text on the Apache transport. */
class Apache5ResponseTest extends ResponseContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}

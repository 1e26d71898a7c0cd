package dev.httpjson.apache5;

import dev.httpjson.contract.HttpJsonContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The whole contract on the Apache transport (its default client: no decoding of its own). */
class Apache5ContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}

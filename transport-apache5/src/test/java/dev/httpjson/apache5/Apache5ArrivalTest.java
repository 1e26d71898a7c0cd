package dev.httpjson.apache5;

import dev.httpjson.contract.ArrivalContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** Stream data arrives promptly on the Apache transport. */
class Apache5ArrivalTest extends ArrivalContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}

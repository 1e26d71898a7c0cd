package dev.httpjson.apache5;

import dev.httpjson.contract.StreamingContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The streaming, limit, timeout and cancellation contract on the Apache transport. */
class Apache5StreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}

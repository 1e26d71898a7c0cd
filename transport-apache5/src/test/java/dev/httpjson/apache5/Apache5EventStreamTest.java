package dev.httpjson.apache5;

import dev.httpjson.contract.EventStreamContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The Server-Sent Events contract on the Apache transport. */
class Apache5EventStreamTest extends EventStreamContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}

package dev.httpjson.apache5;

import dev.httpjson.contract.ListenerContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The events a call listener sees, on the Apache transport. */
class Apache5ListenerTest extends ListenerContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }
}

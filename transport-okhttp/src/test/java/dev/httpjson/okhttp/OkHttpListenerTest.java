package dev.httpjson.okhttp;

import dev.httpjson.contract.ListenerContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The events a call listener sees, on the OkHttp transport. */
class OkHttpListenerTest extends ListenerContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }
}

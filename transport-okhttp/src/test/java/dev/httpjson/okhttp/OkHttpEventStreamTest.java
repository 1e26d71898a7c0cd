package dev.httpjson.okhttp;

import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.EventStreamContract;
import java.net.http.HttpClient;

/** The Server-Sent Events contract on the OkHttp transport, HTTP/1.1. */
class OkHttpEventStreamTest extends EventStreamContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }
}

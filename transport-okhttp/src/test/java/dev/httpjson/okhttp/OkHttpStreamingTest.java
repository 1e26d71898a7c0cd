package dev.httpjson.okhttp;

import dev.httpjson.contract.StreamingContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The streaming, limit, timeout and cancellation contract on the OkHttp transport, HTTP/1.1. */
class OkHttpStreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }
}

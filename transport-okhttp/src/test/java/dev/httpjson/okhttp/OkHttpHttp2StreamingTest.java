package dev.httpjson.okhttp;

import dev.httpjson.contract.Http2Loopback;
import dev.httpjson.contract.StreamingContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.net.http.HttpClient;
import mockwebserver3.MockWebServer;

/** The streaming contract on the OkHttp transport, HTTP/2 (raw-socket rows speak HTTP/1.1). */
class OkHttpHttp2StreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected MockWebServer newServer() throws IOException {
    return Http2Loopback.start();
  }

  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http2();
  }
}

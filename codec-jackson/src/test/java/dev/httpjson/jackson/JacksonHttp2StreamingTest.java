package dev.httpjson.jackson;

import dev.httpjson.contract.Http2Loopback;
import dev.httpjson.contract.StreamingContract;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.net.http.HttpClient;
import mockwebserver3.MockWebServer;

/**
 * The streaming, limit, timeout and cancellation contract again, over HTTP/2 (TLS with ALPN). Its
 * raw-socket rows still speak HTTP/1.1 (the client falls back for a cleartext URI).
 */
class JacksonHttp2StreamingTest extends StreamingContract {
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
    return Http2Loopback.client();
  }
}

package dev.httpjson.jackson;

import dev.httpjson.contract.Http2Loopback;
import dev.httpjson.contract.HttpJsonContract;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.net.http.HttpClient;
import mockwebserver3.MockWebServer;

/** The whole contract again, over HTTP/2 (TLS with ALPN). */
class JacksonHttp2ContractTest extends HttpJsonContract {
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

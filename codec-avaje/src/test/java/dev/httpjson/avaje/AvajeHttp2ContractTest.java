package dev.httpjson.avaje;

import dev.httpjson.testing.Http2Loopback;
import java.io.IOException;
import java.net.http.HttpClient;
import mockwebserver3.MockWebServer;

/** The whole contract again, with the same codec and overrides, over HTTP/2 (TLS with ALPN). */
class AvajeHttp2ContractTest extends AvajeContractTest {
  @Override
  protected MockWebServer newServer() throws IOException {
    return Http2Loopback.start();
  }

  @Override
  protected HttpClient newClient() {
    return Http2Loopback.client();
  }
}

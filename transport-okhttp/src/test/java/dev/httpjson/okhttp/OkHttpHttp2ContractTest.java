package dev.httpjson.okhttp;

import dev.httpjson.contract.Http2Loopback;
import dev.httpjson.contract.HttpJsonContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.net.http.HttpClient;
import mockwebserver3.MockWebServer;

/** The whole contract on the OkHttp transport, HTTP/2 (TLS with ALPN). */
class OkHttpHttp2ContractTest extends HttpJsonContract {
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

  // OkHttp asks for gzip itself and decodes the answer: a gzip body is what the request asked for.
  @Override
  protected boolean transportDecodesGzip() {
    return true;
  }

  // OkHttp refuses a request body on GET.
  @Override
  protected boolean transportSendsGetBodies() {
    return false;
  }
}

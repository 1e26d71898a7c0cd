package dev.httpjson.okhttp.reliability;

import dev.httpjson.jackson.reliability.Http2ProtocolTest;
import dev.httpjson.okhttp.OkHttpClients;
import java.net.http.HttpClient;

/** {@link Http2ProtocolTest} on the OkHttp transport. */
class OkHttpHttp2ProtocolTest extends Http2ProtocolTest {
  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http2();
  }

  // OkHttp asks for gzip itself and decodes the answer: a gzip body is what the request asked for.
  @Override
  protected boolean transportDecodesGzip() {
    return true;
  }
}

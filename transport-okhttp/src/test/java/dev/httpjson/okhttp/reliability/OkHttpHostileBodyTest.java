package dev.httpjson.okhttp.reliability;

import dev.httpjson.jackson.reliability.HostileBodyTest;
import dev.httpjson.okhttp.OkHttpClients;
import java.net.http.HttpClient;

/** {@link HostileBodyTest} on the OkHttp transport. */
class OkHttpHostileBodyTest extends HostileBodyTest {
  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }

  // OkHttp asks for gzip itself and decodes the answer: a gzip body is what the request asked for.
  @Override
  protected boolean transportDecodesGzip() {
    return true;
  }
}

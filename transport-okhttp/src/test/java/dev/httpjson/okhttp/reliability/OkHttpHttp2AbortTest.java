package dev.httpjson.okhttp.reliability;

import dev.httpjson.jackson.reliability.Http2AbortTest;
import dev.httpjson.okhttp.OkHttpClients;
import java.net.http.HttpClient;

/**
 * {@link Http2AbortTest} on the OkHttp transport. Its gzip row holds as written: OkHttp decodes the
 * gzip it asked for, and the decoded body is not JSON.
 */
class OkHttpHttp2AbortTest extends Http2AbortTest {
  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http2();
  }

  // OkHttp asks for gzip itself and decodes the answer.
  @Override
  protected boolean transportDecodesGzip() {
    return true;
  }
}

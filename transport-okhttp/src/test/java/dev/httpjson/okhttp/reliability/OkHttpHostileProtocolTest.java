package dev.httpjson.okhttp.reliability;

import dev.httpjson.jackson.reliability.HostileProtocolTest;
import dev.httpjson.okhttp.OkHttpClients;
import java.net.http.HttpClient;

/** {@link HostileProtocolTest} on the OkHttp transport. */
class OkHttpHostileProtocolTest extends HostileProtocolTest {
  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }

  // OkHttp's header reader stops at 256 KiB and reports an "unexpected end of stream": the call
  // still fails as a transport failure, but the message does not name the headers.
  @Override
  protected boolean transportNamesOversizedHeaders() {
    return false;
  }

  // OkHttp asks for gzip itself and decodes the answer: a gzip body is what the request asked for.
  @Override
  protected boolean transportDecodesGzip() {
    return true;
  }
}

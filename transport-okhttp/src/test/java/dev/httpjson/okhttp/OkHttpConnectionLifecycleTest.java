package dev.httpjson.okhttp;

import dev.httpjson.contract.ConnectionLifecycleContract;
import java.net.http.HttpClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The connection lifecycle rows on the OkHttp transport. */
class OkHttpConnectionLifecycleTest extends ConnectionLifecycleContract {
  @Override
  protected HttpClient client() {
    return OkHttpClients.http1();
  }

  /**
   * Fails: OkHttp puts the connection back in its pool with the bytes past the response's end in
   * its buffer, and reads them as the next exchange's response: the next call gets the forged
   * answer, the one after it the answer to the call before, and so on while the connection lives.
   * The JDK client drops the bytes. They sit in OkHttp's buffer of the connection, which its public
   * API does not show (a network interceptor sees the socket, whose bytes OkHttp has already read),
   * so the transport cannot tell such a connection from a clean one.
   */
  @Override
  @Test
  @Tag("tofix")
  public void bytesAServerSendsPastItsResponseNeverAnswerTheNextCall() throws Exception {
    super.bytesAServerSendsPastItsResponseNeverAnswerTheNextCall();
  }
}

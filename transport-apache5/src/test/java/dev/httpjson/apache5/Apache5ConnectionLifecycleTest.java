package dev.httpjson.apache5;

import dev.httpjson.contract.ConnectionLifecycleContract;
import java.net.http.HttpClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The connection lifecycle rows on the Apache 5 transport. */
class Apache5ConnectionLifecycleTest extends ConnectionLifecycleContract {
  @Override
  protected HttpClient client() {
    return Apache5Clients.http1();
  }

  /**
   * Fails: Apache puts the connection back in its pool with the bytes past the response's end in
   * its session buffer, and reads them as the next exchange's response: the next call gets the
   * forged answer, the one after it the answer to the call before, and so on while the connection
   * lives. Its check of a pooled connection (after 500 ms idle) takes such bytes for a live
   * connection. The JDK client drops the bytes. Apache shows the transport neither the connection
   * nor its buffer when an exchange ends (the default pool's response parser sees the buffer only
   * when the next head is read, too late), so it cannot tell such a connection from a clean one.
   */
  @Override
  @Test
  @Tag("tofix")
  public void bytesAServerSendsPastItsResponseNeverAnswerTheNextCall() throws Exception {
    super.bytesAServerSendsPastItsResponseNeverAnswerTheNextCall();
  }
}

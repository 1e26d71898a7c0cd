package dev.httpjson.jackson;

import dev.httpjson.contract.ConnectionLifecycleContract;
import java.net.http.HttpClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The connection lifecycle rows on the JDK's own client. */
class JdkConnectionLifecycleTest extends ConnectionLifecycleContract {
  @Override
  protected HttpClient client() {
    return HttpClient.newHttpClient();
  }

  /**
   * Fails on JDK 17: its client keeps the connection of an HTTP/1.0 response in its pool unless the
   * response says {@code Connection: close}, and sends the next request on it; a POST then fails
   * ("HTTP/1.1 header parser received no bytes") when the server closes as HTTP/1.0 says it will.
   * The client learns of a close only when it has happened, so against a server that closes at once
   * the POST fails by a race (4 of 50 back-to-back POSTs to Python's {@code http.server}). The JDK
   * decides alone which connections it reuses: httpjson cannot close one for it.
   */
  @Override
  @Test
  @Tag("tofix")
  public void aConnectionAnHttp10ResponseEndsIsNotUsedForTheNextRequest() throws Exception {
    super.aConnectionAnHttp10ResponseEndsIsNotUsedForTheNextRequest();
  }
}

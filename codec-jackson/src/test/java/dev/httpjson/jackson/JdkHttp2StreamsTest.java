package dev.httpjson.jackson;

import dev.httpjson.contract.Http2Loopback;
import dev.httpjson.contract.Http2StreamsContract;
import java.net.http.HttpClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The HTTP/2 stream rows on the JDK's own client. */
class JdkHttp2StreamsTest extends Http2StreamsContract {
  @Override
  protected HttpClient client() {
    return Http2Loopback.client();
  }

  /**
   * Fails on JDK 17, whose client fails the call ("Received RST_STREAM: Stream not processed"), and
   * on JDK 25 at times ("request not processed by peer"): the JDK knows the request was not
   * processed, and says so, but does not always send it again. httpjson cannot tell the refusal
   * from another failure but by the message.
   */
  @Override
  @Test
  @Tag("tofix")
  public void aStreamRefusedBeforeItWasProcessedIsSentAgain() throws Exception {
    super.aStreamRefusedBeforeItWasProcessedIsSentAgain();
  }
}

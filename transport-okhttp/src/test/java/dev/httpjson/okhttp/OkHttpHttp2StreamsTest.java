package dev.httpjson.okhttp;

import dev.httpjson.contract.Http2StreamsContract;
import java.net.http.HttpClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The HTTP/2 stream rows on the OkHttp transport. */
class OkHttpHttp2StreamsTest extends Http2StreamsContract {
  @Override
  protected HttpClient client() {
    return OkHttpClients.http2();
  }

  /**
   * Fails: OkHttp 5.5 sends a refused stream's request again only when it has another route to the
   * host (another address), never on the connection that refused it nor on a new one to the same
   * address, a GET as a POST (square/okhttp issue 6700, open). The transport could recognise the
   * refusal only by its message: OkHttp's exception type is in a package its module does not
   * export. Against nginx, callers that open streams on a new connection before its settings arrive
   * meet it; {@code maxConcurrentCalls} at the server's limit keeps them on one connection.
   */
  @Override
  @Test
  @Tag("tofix")
  public void aStreamRefusedBeforeItWasProcessedIsSentAgain() throws Exception {
    super.aStreamRefusedBeforeItWasProcessedIsSentAgain();
  }
}

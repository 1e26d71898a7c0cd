package dev.httpjson.contract;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;

/**
 * Every hostile-input row runs against a real loopback server with one {@link HttpClient}; after
 * the row, the same client must complete a normal call and no thread or file descriptor may have
 * leaked (within {@link ResourceCounts#THREAD_SLACK} / {@link ResourceCounts#FD_SLACK}). The class
 * timeout makes a hang a failure, not a stuck build.
 *
 * <p>A subclass names the codec ({@link #codec()}) and, for another transport, the server and the
 * client ({@link #newServer()}, {@link #newClient()}); {@link #options} are that codec's defaults.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class HostileServerHarness {
  protected static final String OK_JSON = "{\"displayName\":\"ok\"}";

  protected MockWebServer server;
  protected HttpClient client;
  protected JsonOptions options;
  private ResourceCounts baseline;

  /** Requests the server received before the row: the warm-up calls. */
  protected int warmUpRequests;

  /** The codec under test. */
  protected abstract JsonCodec codec();

  /** The started server: HTTP/1.1 on loopback unless overridden. */
  protected MockWebServer newServer() throws IOException {
    return LoopbackServer.start();
  }

  /** The one client of the row. */
  protected HttpClient newClient() {
    return HttpClient.newHttpClient();
  }

  /**
   * Whether the client asks for gzip itself and decodes the answer when the request names no {@code
   * Accept-Encoding} (OkHttp does, the JDK client does not). httpjson's own calls always name one,
   * so the compression rows behave alike on both; this matters to a plain {@code client.send}.
   */
  protected boolean transportDecodesGzip() {
    return false;
  }

  /**
   * Whether the client's failure for an oversized response head names the headers (the JDK's does;
   * OkHttp's header reader stops at 256 KiB with an "unexpected end of stream").
   */
  protected boolean transportNamesOversizedHeaders() {
    return true;
  }

  @BeforeEach
  void startServerAndTakeBaseline() throws Exception {
    server = newServer();
    client = newClient();
    options = JsonOptions.newBuilder().codec(codec()).build();
    normalCall(); // client threads and the first connection exist before the baseline
    LoopbackServer.take(server);
    // An async call too: its lane exists before the baseline as well.
    server.enqueue(LoopbackServer.json(200, "{\"displayName\":\"warm\"}"));
    HttpJson.getFromJsonAsync(
            client, LoopbackServer.uri(server, "/warm"), JsonType.of(Named.class, options))
        .get(30, TimeUnit.SECONDS);
    LoopbackServer.take(server);
    // And, on JDK 21+, a call on a virtual thread, as async calls past the platform lanes run: the
    // first blocking socket read on one creates the scheduler's I/O pollers, once per JVM.
    if (VirtualThreads.available()) {
      server.enqueue(LoopbackServer.json(200, "{\"displayName\":\"warm\"}"));
      VirtualThreads.runOnOne(
          () ->
              HttpJson.getFromJson(
                  client, LoopbackServer.uri(server, "/warm"), JsonType.of(Named.class, options)));
      LoopbackServer.take(server);
    }
    warmUpRequests = server.getRequestCount();
    baseline = ResourceCounts.now();
  }

  @AfterEach
  void sameClientCompletesANormalCallAndNothingLeaked() throws Exception {
    try {
      normalCall();
      ResourceCounts.assertBackTo(baseline);
    } finally {
      server.close();
    }
  }

  protected URI uri(String path) {
    return LoopbackServer.uri(server, path);
  }

  private void normalCall() throws Exception {
    server.enqueue(json(200, OK_JSON));
    assertThat(HttpJson.getFromJson(client, uri("/ok"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("ok"));
  }
}

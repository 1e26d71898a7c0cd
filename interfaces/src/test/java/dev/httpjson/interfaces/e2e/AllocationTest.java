package dev.httpjson.interfaces.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonType;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.interfaces.e2e.GitHub.Issue;
import java.lang.reflect.Method;
import java.net.http.HttpClient;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/**
 * A generated method allocates, on the calling thread, what the same call written by hand as an
 * {@link HttpJsonClient} one-liner allocates: no per-call type resolution, no per-call client.
 */
class AllocationTest {
  private static final int CALLS = 100;

  /**
   * Tolerance per call (of ~16 KB): the generated URI is built in a StringBuilder, the hand-written
   * one by {@code +} (~100 B more), and the exchange's own allocations on the calling thread vary
   * by ~200 B from run to run. What it guards against is larger: a type resolved, a client or a
   * mapper built per call.
   */
  private static final long SLACK_BYTES = 512;

  @Test
  void aGeneratedCallAllocatesWhatTheHandWrittenOneLinerAllocates() throws Exception {
    MockResponse issue =
        LoopbackServer.json(200, "{\"number\":7,\"title\":\"Crash\",\"state\":\"open\"}");
    try (MockWebServer server = LoopbackServer.start()) {
      server.setDispatcher(
          new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
              return issue;
            }
          });
      HttpJsonClient client =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient())
              .baseUri(server.url("/api/").uri())
              .build();
      GitHub generated = client.create(GitHub.class);
      HttpJsonClient base = client.withHeader("X-GitHub-Api-Version", "2022-11-28");
      JsonType<Issue> type = JsonType.of(Issue.class, base.options());
      Call byHand =
          () -> base.getFromJson("repos/" + "acme" + "/" + "widgets" + "/issues/" + 7, type);
      Call byInterface = () -> generated.issue("acme", "widgets", 7);

      long hand = Long.MAX_VALUE;
      long gen = Long.MAX_VALUE;
      for (int round = 0; round < 4; round++) { // the first rounds warm up; the minimum is kept
        hand = Math.min(hand, perCall(byHand));
        gen = Math.min(gen, perCall(byInterface));
      }

      assertThat(gen)
          .as("bytes per generated call (hand-written: %d)", hand)
          .isLessThanOrEqualTo(hand + SLACK_BYTES);
    }
  }

  private interface Call {
    Object run() throws Exception;
  }

  private static long perCall(Call call) throws Exception {
    long before = allocated();
    for (int i = 0; i < CALLS; i++) {
      assertThat(call.run()).isNotNull();
    }
    return (allocated() - before) / CALLS;
  }

  /** The calling thread's allocated bytes ({@code com.sun.management.ThreadMXBean}). */
  private static long allocated() throws Exception {
    Object bean =
        Class.forName("java.lang.management.ManagementFactory")
            .getMethod("getThreadMXBean")
            .invoke(null);
    Method bytes =
        Class.forName("com.sun.management.ThreadMXBean")
            .getMethod("getCurrentThreadAllocatedBytes");
    return (long) bytes.invoke(bean);
  }
}

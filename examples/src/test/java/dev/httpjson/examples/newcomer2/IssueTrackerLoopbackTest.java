package dev.httpjson.examples.newcomer2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpCache;
import dev.httpjson.examples.newcomer2.IssueTracker.Created;
import dev.httpjson.examples.newcomer2.IssuesApi.Issue;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The app once against a real server on loopback, over the JDK's client. */
@Timeout(30)
class IssueTrackerLoopbackTest {
  private static final String TOKEN = "ghp_s3cret";

  private final MockWebServer server = new MockWebServer();
  private final RecordingLogger log = new RecordingLogger();
  private final HttpCache cache = HttpCache.inMemory(1 << 20);
  private IssueTracker tracker;

  @BeforeEach
  void start() throws Exception {
    server.start(InetAddress.getLoopbackAddress(), 0);
    URI base = server.url("/api/").uri();
    tracker =
        new IssueTracker(
            HttpClient.newHttpClient(),
            base,
            TOKEN,
            cache,
            log,
            Duration.ofSeconds(5),
            "acme",
            "widgets");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void createsListsRevalidatesAndClosesAnIssue() throws Exception {
    server.enqueue(
        json(201, "{\"number\":1,\"title\":\"Crash\",\"body\":\"steps\",\"state\":\"open\"}")
            .addHeader("Location", "/api/repos/acme/widgets/issues/1")
            .build());
    Created created = tracker.create("Crash", "steps");
    assertThat(created.issue()).isEqualTo(new Issue(1, "Crash", "steps", "open"));
    assertThat(created.location()).isEqualTo("/api/repos/acme/widgets/issues/1");
    RecordedRequest post = take();
    assertThat(post.getMethod()).isEqualTo("POST");
    assertThat(post.getBody().utf8()).isEqualTo("{\"title\":\"Crash\",\"body\":\"steps\"}");
    assertThat(post.getHeaders().get("Authorization")).isEqualTo("Bearer " + TOKEN);
    assertThat(post.getHeaders().get("X-GitHub-Api-Version")).isEqualTo("2022-11-28");

    // Two pages: a 503 asked to wait first, then the Link header to the second page.
    server.enqueue(json(503, "{}").addHeader("Retry-After", "0").build());
    server.enqueue(
        json(200, "[{\"number\":1,\"title\":\"Crash\",\"state\":\"open\"}]")
            .addHeader(
                "Link", "<" + server.url("/api/repos/acme/widgets/issues?page=2") + ">; rel=next")
            .build());
    server.enqueue(json(200, "[{\"number\":2,\"title\":\"Slow\",\"state\":\"open\"}]").build());
    assertThat(tracker.open()).extracting(Issue::number).containsExactly(1L, 2L);
    assertThat(take().getTarget())
        .isEqualTo("/api/repos/acme/widgets/issues?state=open&per_page=2");
    assertThat(take().getTarget())
        .isEqualTo("/api/repos/acme/widgets/issues?state=open&per_page=2");
    assertThat(take().getTarget()).isEqualTo("/api/repos/acme/widgets/issues?page=2");

    // The issue with its ETag, then the same issue revalidated: a 304 reads as the stored value.
    String issue = "{\"number\":2,\"title\":\"Slow\",\"body\":\"b\",\"state\":\"open\"}";
    server.enqueue(
        json(200, issue)
            .addHeader("ETag", "\"v1\"")
            .addHeader("Cache-Control", "no-cache")
            .build());
    server.enqueue(new MockResponse.Builder().code(304).addHeader("ETag", "\"v1\"").build());
    assertThat(tracker.find(2)).contains(new Issue(2, "Slow", "b", "open"));
    assertThat(tracker.find(2)).contains(new Issue(2, "Slow", "b", "open"));
    assertThat(take().getHeaders().get("If-None-Match")).isNull();
    assertThat(take().getHeaders().get("If-None-Match")).isEqualTo("\"v1\"");
    assertThat(cache.revalidationCount()).isEqualTo(1);

    // Closing it; a 404 for one that is gone.
    server.enqueue(
        json(200, "{\"number\":2,\"title\":\"Slow\",\"body\":\"b\",\"state\":\"closed\"}").build());
    assertThat(tracker.close(2).state()).isEqualTo("closed");
    RecordedRequest patch = take();
    assertThat(patch.getMethod()).isEqualTo("PATCH");
    assertThat(patch.getBody().utf8()).isEqualTo("{\"state\":\"closed\"}");
    // The PATCH removed the stored issue: the next read asks without a validator.
    server.enqueue(
        json(200, "{\"number\":2,\"title\":\"Slow\",\"body\":\"b\",\"state\":\"closed\"}")
            .addHeader("ETag", "\"v2\"")
            .build());
    assertThat(tracker.find(2).map(Issue::state)).contains("closed");
    assertThat(take().getHeaders().get("If-None-Match")).isNull();
    server.enqueue(json(404, "{\"message\":\"Not Found\"}").build());
    assertThat(tracker.find(3)).isEmpty();
    take();

    assertThat(log.lines).isNotEmpty().noneMatch(line -> line.contains(TOKEN));
  }

  private static MockResponse.Builder json(int status, String body) {
    return new MockResponse.Builder()
        .code(status)
        .addHeader("Content-Type", "application/json")
        .body(body);
  }

  private RecordedRequest take() throws InterruptedException {
    RecordedRequest request = server.takeRequest(10, TimeUnit.SECONDS);
    assertThat(request).as("a request within 10 s").isNotNull();
    return request;
  }
}

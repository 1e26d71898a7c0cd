package dev.httpjson.examples.newcomer2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpCache;
import dev.httpjson.examples.newcomer2.IssuesApi.Issue;
import dev.httpjson.testing.Reply;
import dev.httpjson.testing.StubHttpClient;
import dev.httpjson.testing.StubHttpClientExtension;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The app against the test kit's stub: not found, a refused issue, pages, a retried 429. */
@ExtendWith(StubHttpClientExtension.class)
class IssueTrackerStubTest {
  private static final String TOKEN = "ghp_s3cret";
  private static final URI BASE = URI.create("https://api.example.com/");

  private final RecordingLogger log = new RecordingLogger();

  private IssueTracker tracker(StubHttpClient stub) {
    return tracker(stub, Duration.ofSeconds(5));
  }

  private IssueTracker tracker(StubHttpClient stub, Duration timeout) {
    return new IssueTracker(
        stub, BASE, TOKEN, HttpCache.inMemory(1 << 20), log, timeout, "acme", "widgets");
  }

  @Test
  void aMissingIssueIsNotFound(StubHttpClient stub) throws Exception {
    stub.on("GET", "/repos/acme/widgets/issues/{number}")
        .reply(Reply.problem(404, "Not Found", "no issue 99"));

    assertThat(tracker(stub).find(99)).isEmpty();

    assertThat(stub.takeRequest(Duration.ofSeconds(1)).path())
        .isEqualTo("/repos/acme/widgets/issues/99");
  }

  @Test
  void aRefusedIssueTellsTheUserWhichFieldIsWrong(StubHttpClient stub) throws Exception {
    stub.on("POST", "/repos/acme/widgets/issues")
        .reply(
            Reply.json(
                    422,
                    Map.of(
                        "title",
                        "Validation failed",
                        "status",
                        422,
                        "detail",
                        "the issue was not created",
                        "errors",
                        Map.of("title", List.of("must not be blank"))))
                .header("Content-Type", "application/problem+json"));

    assertThatThrownBy(() -> tracker(stub).create(" ", "steps"))
        .isInstanceOf(IssueTracker.Rejected.class)
        .hasMessage("Validation failed: the issue was not created (title: must not be blank)");
  }

  @Test
  void everyPageIsReadWithTheTokenAndTheTokenIsNeverLogged(StubHttpClient stub) throws Exception {
    stub.on("GET", "/repos/acme/widgets/issues")
        .reply(
            request ->
                request.query("page") == null
                    ? Reply.json(200, List.of(issue(1), issue(2)))
                        .header(
                            "Link",
                            "<https://api.example.com/repos/acme/widgets/issues"
                                + "?state=open&per_page=2&page=2>; rel=\"next\"")
                    : Reply.json(200, List.of(issue(3))))
        .always();

    assertThat(tracker(stub).open()).extracting(Issue::number).containsExactly(1L, 2L, 3L);

    assertThat(stub.requests())
        .extracting(r -> r.query("state"), r -> r.query("per_page"), r -> r.header("Authorization"))
        .containsOnly(org.assertj.core.api.Assertions.tuple("open", "2", "Bearer " + TOKEN));
    assertThat(stub.requests()).hasSize(2);
    assertThat(log.lines).isNotEmpty().noneMatch(line -> line.contains(TOKEN));
    assertThat(String.join("\n", log.lines)).contains("Authorization: ***");
  }

  @Test
  void a429IsRetriedAfterRetryAfter(StubHttpClient stub) throws Exception {
    stub.on("GET", "/repos/acme/widgets/issues/{number}")
        .reply(Reply.status(429).header("Retry-After", "0"))
        .reply(Reply.json(200, issue(7)));

    assertThat(tracker(stub).find(7)).contains(issue(7));
    assertThat(stub.requests()).hasSize(2);
  }

  @Test
  void aSlowServerTimesOut(StubHttpClient stub) {
    stub.on("GET", "/repos/acme/widgets/issues/{number}")
        .reply(Reply.json(200, issue(7)).delay(Duration.ofMillis(2_000)));

    assertThatThrownBy(() -> tracker(stub, Duration.ofMillis(200)).find(7))
        .isInstanceOf(CallTimeoutException.class)
        .hasMessageContaining("JsonOptions.timeout PT0.2S elapsed");
  }

  private static Issue issue(long number) {
    return new Issue(number, "Issue " + number, "body", "open");
  }
}

package dev.httpjson.interfaces.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.ProblemDetails;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.interfaces.e2e.GitHub.Issue;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A {@code @Paged} method throws its first page's failure as the checked exception it declares, and
 * a later page's from the stream as one httpjson type carrying the status and problem.
 */
class PagedFailureTest {
  private static final String ISSUE = "{\"number\":7,\"title\":\"Crash\",\"state\":\"open\"}";
  private MockWebServer server;
  private GitHub github;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    github =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri(server.url("/api/").uri())
            .build()
            .create(GitHub.class);
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private static MockResponse notFound() {
    return LoopbackServer.bytes(
        404,
        "application/problem+json",
        "{\"title\":\"Not Found\",\"status\":404,\"detail\":\"no such page\"}"
            .getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aLaterPagesStatusIsAnUncheckedHttpJsonExceptionWithTheStatusAndProblem() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Link", "<issues?page=2>; rel=\"next\"")
            .body("[" + ISSUE + "]")
            .build());
    server.enqueue(notFound());

    try (Stream<Issue> issues =
        github.issues("acme", "widgets", "open", List.of(), Optional.empty())) {
      Iterator<Issue> it = issues.iterator();
      assertThat(it.next().number()).isEqualTo(7);
      assertThatThrownBy(it::hasNext)
          .isInstanceOfSatisfying(
              UncheckedHttpJsonException.class,
              e -> {
                assertThat(e.statusCode()).hasValue(404);
                assertThat(e.problem().map(ProblemDetails::detail)).hasValue("no such page");
                assertThat(e.getCause()).isInstanceOf(HttpJsonStatusException.class);
              });
    }
  }

  @Test
  void theFirstPagesStatusIsThrownCheckedByTheMethod() {
    server.enqueue(notFound());

    assertThatThrownBy(() -> github.issues("acme", "widgets", "open", List.of(), Optional.empty()))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(404);
              assertThat(e.problem().map(ProblemDetails::detail)).hasValue("no such page");
            });
  }
}

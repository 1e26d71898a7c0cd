package dev.httpjson.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.examples.ApiInterfaceExample.GitHub;
import dev.httpjson.examples.ApiInterfaceExample.Issue;
import dev.httpjson.examples.ApiInterfaceExample.NewIssue;
import dev.httpjson.testing.Reply;
import dev.httpjson.testing.StubHttpClient;
import dev.httpjson.testing.StubRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Stubs declared by the API interface's own methods: the path template is written once, on the
 * interface, never in the test.
 */
class InterfaceStubTest {
  private final StubHttpClient stub = StubHttpClient.create();
  private final GitHub github =
      HttpJsonClient.newBuilder(stub)
          .baseUri("https://api.example.com/v3/")
          .build()
          .create(GitHub.class);

  @Test
  void aRouteDeclaredByAMethodAnswersThatCallAndCapturesItsTypedBody() throws Exception {
    Issue issue = new Issue(7, "Crash", "open");
    stub.onCall(github, gh -> gh.create("acme", "widgets", new NewIssue("Crash", "on start")))
        .reply(Reply.json(201, issue).header("Location", "/v3/repos/acme/widgets/issues/7"));

    HttpResponse<Issue> created = github.create("acme", "widgets", new NewIssue("x", "y"));

    assertThat(created.statusCode()).isEqualTo(201);
    assertThat(created.body()).isEqualTo(issue);
    assertThat(created.headers().firstValue("Location"))
        .hasValue("/v3/repos/acme/widgets/issues/7");
    StubRequest sent = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(sent.method()).isEqualTo("POST");
    assertThat(sent.path()).isEqualTo("/v3/repos/acme/widgets/issues");
    assertThat(sent.bodyAs(NewIssue.class)).isEqualTo(new NewIssue("x", "y"));
    stub.verify();
  }

  @Test
  void aRouteMatchesItsCallsPathAndQueryOnly() throws Exception {
    stub.onCall(github, gh -> gh.issues("acme", "widgets", "open", List.of("bug")).findFirst())
        .reply(200, List.of(new Issue(1, "a", "open"), new Issue(2, "b", "open")));

    try (Stream<Issue> open = github.issues("acme", "widgets", "open", List.of("bug"))) {
      assertThat(open.map(Issue::number).collect(Collectors.toList())).containsExactly(1, 2);
    }
    assertThatThrownBy(() -> github.issues("acme", "widgets", "closed", List.of("bug")).count())
        .hasMessageContaining("GET /v3/repos/acme/widgets/issues?state=***&labels=***");
  }

  @Test
  void aCursorPagedMethodIsStubbedPageByPage() throws Exception {
    ApiInterfaceExample.Stripe stripe =
        HttpJsonClient.newBuilder(stub)
            .baseUri("https://api.example.com/")
            .options(JsonOptions.newBuilder().naming(JsonOptions.Naming.SNAKE_CASE).build())
            .build()
            .create(ApiInterfaceExample.Stripe.class);
    TestingExample.stubPages(stub, stripe);
  }

  @Test
  void aCallThatSendsNothingThroughTheStubIsRefusedSayingWhy() {
    assertThatThrownBy(() -> stub.onCall(github, gh -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sent no request through this stub");
    assertThat(stub.requests()).isEmpty();
  }
}

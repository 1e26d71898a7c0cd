package dev.httpjson.interfaces.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The path template of the interface method a call was made through, as the interceptors see it
 * ({@link Interceptor.Chain#route()}): what a metric tags a call with instead of its URI.
 */
class RouteTest {
  private static final String ISSUE = "{\"number\":7,\"title\":\"Crash\",\"state\":\"open\"}";
  private static HttpClient http;
  private MockWebServer server;
  private final List<Optional<String>> routes = new CopyOnWriteArrayList<>();
  private HttpJsonClient client;
  private GitHub github;

  @BeforeAll
  static void client() {
    http = HttpClient.newHttpClient();
  }

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    client =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/api/").uri())
            .interceptor(new RouteRecorder())
            .build();
    github = client.create(GitHub.class);
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  @Test
  void anInterfaceCallCarriesItsPathTemplateResolvedAgainstTheBaseUri() throws Exception {
    server.enqueue(LoopbackServer.json(200, ISSUE));

    github.issue("acme", "widgets", 7);

    assertThat(routes).containsExactly(Optional.of("/api/repos/{owner}/{repo}/issues/{number}"));
    assertThat(LoopbackServer.take(server).getTarget())
        .isEqualTo("/api/repos/acme/widgets/issues/7");
  }

  @Test
  void theTemplateKeepsItsLiteralQueryAndLeavesOutTheQueryParameters() throws Exception {
    server.enqueue(LoopbackServer.json(200, "[" + ISSUE + "]"));

    github.firstPage("acme", "widgets", "open");

    // The literal's value is hidden as in httpjson's messages: a route is a tag, kept and shown.
    assertThat(routes)
        .containsExactly(Optional.of("/api/repos/{owner}/{repo}/issues?per_page=***"));
    assertThat(LoopbackServer.take(server).getTarget())
        .isEqualTo("/api/repos/acme/widgets/issues?per_page=2&state=open");
  }

  @Test
  void aLiteralQueryValueTheOptionsShowStaysInTheTemplate() throws Exception {
    server.enqueue(LoopbackServer.json(200, "[" + ISSUE + "]"));
    HttpJsonClient showing =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/api/").uri())
            .options(dev.httpjson.JsonOptions.newBuilder().showQueryParameter("per_page").build())
            .interceptor(new RouteRecorder())
            .build();

    showing.create(GitHub.class).firstPage("acme", "widgets", "open");

    assertThat(routes).containsExactly(Optional.of("/api/repos/{owner}/{repo}/issues?per_page=2"));
  }

  @Test
  void everyKindOfMethodCarriesItsTemplate() throws Exception {
    server.enqueue(LoopbackServer.json(204, ""));
    server.enqueue(LoopbackServer.json(200, "[" + ISSUE + "]"));
    server.enqueue(LoopbackServer.json(200, ISSUE));
    server.enqueue(LoopbackServer.json(200, ISSUE));

    github.star("acme", "widgets");
    try (Stream<GitHub.Issue> s = github.stream("acme", "widgets")) {
      assertThat(s.count()).isEqualTo(1);
    }
    CompletableFuture<HttpResponse<GitHub.Issue>> async = github.issueAsync("acme", "widgets", 7);
    async.get(10, TimeUnit.SECONDS);
    github.issueWith("acme", "widgets", 7, "r-1", c -> c.withHeader("X-Extra", "1"));

    assertThat(routes)
        .containsExactly(
            Optional.of("/api/user/starred/{owner}/{repo}"),
            Optional.of("/api/repos/{owner}/{repo}/issues"),
            Optional.of("/api/repos/{owner}/{repo}/issues/{number}"),
            Optional.of("/api/repos/{owner}/{repo}/issues/{number}"));
  }

  @Test
  void aOneLinerHasNoTemplate() throws Exception {
    server.enqueue(LoopbackServer.json(200, ISSUE));

    client.getFromJson("repos/acme/widgets/issues/7", GitHub.Issue.class);

    assertThat(routes).containsExactly(Optional.empty());
  }

  /** Notes the route of each exchange it forwards. */
  private final class RouteRecorder implements Interceptor {
    @Override
    public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
        throws java.io.IOException, InterruptedException {
      routes.add(chain.route());
      return chain.forward(request);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
        HttpRequest request, Chain<T> chain) {
      routes.add(chain.route());
      return chain.forwardAsync(request);
    }
  }
}

package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.testing.Reply;
import dev.httpjson.testing.StubHttpClient;
import dev.httpjson.testing.StubRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A client with OAuth2 client credentials and a cache, on the stub: the stub answers the token
 * endpoint too, and a test method sees neither the token nor the cached responses of the one
 * before.
 */
@SpringBootTest(
    classes = StubOAuth2Test.App.class,
    properties = {
      // Hosts that do not resolve: only the stub can answer.
      "httpjson.clients.github.base-uri=https://api.github.invalid/v3/",
      "httpjson.clients.github.oauth2.token-uri=https://auth.github.invalid/oauth/token",
      "httpjson.clients.github.oauth2.client-id=sync",
      "httpjson.clients.github.oauth2.client-secret=s3cret",
      "httpjson.clients.github.oauth2.scopes=repo:read,repo:write",
      "httpjson.clients.github.cache.max-size=1MB"
    })
@AutoConfigureHttpJsonStub
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StubOAuth2Test {
  @SpringBootConfiguration
  @EnableAutoConfiguration
  @HttpJsonApis(client = "github", types = Repos.class)
  static class App {}

  @Autowired StubHttpClient stub;
  @Autowired Repos repos;

  private void routes(String token, int id) {
    stub.on("POST", "/oauth/token")
        .reply(200, Map.of("access_token", token, "token_type", "Bearer", "expires_in", 3600));
    stub.on("GET", "/v3/repos/{owner}/{repo}")
        .reply(
            Reply.json(200, Map.of("id", id, "fullName", "acme/widgets", "stars", 3))
                .header("Cache-Control", "max-age=600"));
  }

  @Test
  @Order(1)
  void theTokenRequestIsAnsweredByTheStubAndItsTokenSentToTheApi() throws Exception {
    routes("t-1", 7);

    assertThat(repos.repo("acme", "widgets").id()).isEqualTo(7);

    StubRequest token = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(token.uri()).hasToString("https://auth.github.invalid/oauth/token");
    assertThat(token.form())
        .containsEntry("grant_type", List.of("client_credentials"))
        .containsEntry("scope", List.of("repo:read repo:write"));
    assertThat(token.header("Authorization"))
        .isEqualTo(
            "Basic "
                + Base64.getEncoder()
                    .encodeToString("sync:s3cret".getBytes(StandardCharsets.UTF_8)));
    StubRequest api = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(api.uri()).hasToString("https://api.github.invalid/v3/repos/acme/widgets");
    assertThat(api.header("Authorization")).isEqualTo("Bearer t-1");
    stub.verify();
  }

  @Test
  @Order(2)
  void theNextTestMethodGetsNoTokenNorCachedResponseOfTheOneBefore() throws Exception {
    routes("t-2", 8);

    assertThat(repos.repo("acme", "widgets").id()).isEqualTo(8);

    assertThat(stub.takeRequest(Duration.ofSeconds(5)).path()).isEqualTo("/oauth/token");
    assertThat(stub.takeRequest(Duration.ofSeconds(5)).header("Authorization"))
        .isEqualTo("Bearer t-2");
    stub.verify();
  }
}

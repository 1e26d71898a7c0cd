package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code HttpClient.newHttpClient()} follows no redirects, so an API that moved ({@code http} to
 * {@code https}, a new path) answers a first call with a 3xx: the failure says where the response
 * pointed, its query values hidden, rather than a bare {@code HTTP 301}.
 */
class RedirectNotFollowedMessageTest {
  private final HttpClient client = HttpClient.newHttpClient();
  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aRedirectTheClientDidNotFollowNamesItsLocationWithTheQueryValuesHidden() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(301)
            .addHeader("Location", "https://api.example.com/v2/users?token=s3cret")
            .build());
    server.enqueue(new MockResponse.Builder().code(307).addHeader("Location", "/v3/users").build());

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, server.url("/v1/users").uri(), JsonType.of(String.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(301);
              assertThat(e.getMessage())
                  .endsWith(
                      "/v1/users (redirected to https://api.example.com/v2/users?token=***,"
                          + " not followed)")
                  .doesNotContain("s3cret");
            });
    assertThatThrownBy(
            () ->
                HttpJson.postAsJson(
                    client, server.url("/v1/users").uri(), "x", JsonType.of(String.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e ->
                assertThat(e.getMessage())
                    .endsWith("/v1/users (redirected to /v3/users, not followed)"));
  }
}

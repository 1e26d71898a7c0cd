package dev.httpjson.oauth2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.testing.Reply;
import dev.httpjson.testing.StubHttpClient;
import dev.httpjson.testing.StubRequest;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Code using OAuth2 is tested without a server: one stub answers the token endpoint and the API.
 */
class OAuth2StubTest {
  record Order(String id) {}

  @Test
  void aStubServesTheTokenAndTheApiAndTheTestReadsTheTokenRequestBack() throws Exception {
    StubHttpClient stub = StubHttpClient.create();
    stub.on("POST", "/oauth/token")
        .reply(
            Reply.json(
                200, Map.of("access_token", "t-1", "token_type", "Bearer", "expires_in", 3600)));
    stub.on("GET", "/v1/orders/7").reply(Reply.json(200, new Order("7")));
    OAuth2 oauth =
        OAuth2.clientCredentials(URI.create("https://auth.test/oauth/token"), "client-1", "s3cret")
            .origin(URI.create("https://api.test"))
            .scopes("orders:read")
            .httpClient(stub)
            .build();
    HttpJsonClient api =
        HttpJsonClient.newBuilder(stub)
            .baseUri(URI.create("https://api.test/v1/"))
            .interceptor(oauth)
            .build();

    assertThat(api.getFromJson("orders/7", Order.class)).isEqualTo(new Order("7"));

    StubRequest token = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(token.form())
        .containsEntry("grant_type", List.of("client_credentials"))
        .containsEntry("scope", List.of("orders:read"));
    assertThat(token.header("Authorization")).startsWith("Basic ");
    StubRequest call = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(call.header("Authorization")).isEqualTo("Bearer t-1");
  }
}

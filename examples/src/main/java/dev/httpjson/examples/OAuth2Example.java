package dev.httpjson.examples;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.oauth2.OAuth2;
import dev.httpjson.oauth2.OAuth2Exception;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;

/** The documentation's OAuth2 examples: client credentials, a refresh token, a token error. */
public final class OAuth2Example {
  record Order(String id, long cents) {}

  public static void main(String[] args) throws Exception {
    URI tokenUri = URI.create("https://auth.example.com/oauth/token");
    String clientId = System.getenv("CLIENT_ID");
    String clientSecret = System.getenv("CLIENT_SECRET");

    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.example.com/v1/")
            .interceptor(
                OAuth2.clientCredentials(tokenUri, clientId, clientSecret)
                    .origin(URI.create("https://api.example.com")) // the token goes here only
                    .scopes("orders:read", "orders:write")
                    .build())
            .build();
    Order order = api.getFromJson("orders/42", Order.class);

    OAuth2 tokens =
        OAuth2.refreshToken(tokenUri, clientId, null, System.getenv("REFRESH_TOKEN"))
            .origin(URI.create("https://api.example.com"))
            .clientAuthentication(OAuth2.ClientAuthentication.CLIENT_SECRET_POST)
            .refreshBeforeExpiry(Duration.ofMinutes(2))
            .timeout(Duration.ofSeconds(10))
            .build();

    HttpJsonClient retrying =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.example.com/v1/")
            .interceptor(RetryInterceptor.newBuilder().build()) // outermost: retries see 503s
            .interceptor(tokens) // each attempt carries a token that is fresh then
            .build();

    try {
      retrying.getFromJson("orders/42", Order.class);
    } catch (OAuth2Exception e) {
      // OAuth2 token request to https://auth.example.com/oauth/token failed: HTTP 400,
      // invalid_grant: Refresh token expired
      System.err.println(e.getMessage() + " (" + e.error() + ")");
    }
    System.out.println(order);
  }
}

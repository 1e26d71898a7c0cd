package dev.httpjson.oauth2;

import dev.httpjson.apache5.Apache5Transport;
import java.net.http.HttpClient;

/** The same behaviour with Apache HttpClient 5 under the API calls and the token requests. */
class Apache5OAuth2Test extends OAuth2Test {
  @Override
  HttpClient newClient() {
    return Apache5Transport.newHttpClient();
  }
}

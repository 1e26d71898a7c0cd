package dev.httpjson.oauth2;

import dev.httpjson.okhttp.OkHttpTransport;
import java.net.http.HttpClient;
import java.time.Duration;
import okhttp3.OkHttpClient;

/** The same behaviour with OkHttp under the API calls and the token requests. */
class OkHttpOAuth2Test extends OAuth2Test {
  @Override
  HttpClient newClient() {
    return OkHttpTransport.newHttpClient(
        new OkHttpClient.Builder()
            .followRedirects(false)
            .followSslRedirects(false)
            .readTimeout(Duration.ZERO)
            .writeTimeout(Duration.ZERO)
            .build());
  }
}

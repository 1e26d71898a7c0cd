package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.opentelemetry.HttpJsonTelemetry;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import java.net.URI;
import java.net.http.HttpClient;

/** The documentation's OpenTelemetry example: a span and a duration measurement per exchange. */
public final class OpenTelemetryExample {
  record User(String id, String name) {}

  public static void main(String[] args) throws Exception {
    OpenTelemetry openTelemetry = GlobalOpenTelemetry.get(); // or the SDK your application built
    HttpJsonTelemetry telemetry = HttpJsonTelemetry.create(openTelemetry);
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.example.com/v1/")
            .interceptor(RetryInterceptor.newBuilder().build())
            .interceptor(telemetry.interceptor()) // after the retries: one span per attempt
            .build();
    User user = api.getFromJson("users/42", User.class);

    HttpClient traced = Interceptor.decorate(HttpClient.newHttpClient(), telemetry.interceptor());
    User same =
        HttpJson.getFromJson(traced, URI.create("https://api.example.com/v1/users/42"), User.class);
    System.out.println(user + " " + same);
  }
}

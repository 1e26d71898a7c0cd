package dev.httpjson.apache5;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;

/** One GET of {@code args[0]} over a new default client, its body printed: a child JVM's main. */
public final class FreshJvmCall {
  private FreshJvmCall() {}

  public static void main(String[] args) throws Exception {
    HttpClient client = Apache5Transport.newHttpClient();
    System.out.println(
        client
            .send(HttpRequest.newBuilder(URI.create(args[0])).build(), BodyHandlers.ofString())
            .body());
  }
}

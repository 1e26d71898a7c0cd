package dev.httpjson.examples;

import dev.httpjson.CallListener;
import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

/** The documentation's caching examples: a client with a disk cache, the JDK API, the outcome. */
public final class CachingExample {
  record Repo(String name, int stargazers_count) {}

  public static void main(String[] args) throws Exception {
    HttpCache cache = HttpCache.onDisk(Path.of("cache"), 50_000_000);
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.github.com/")
            .cache(cache)
            .build();
    Repo repo = api.getFromJson("repos/openjdk/jdk", Repo.class);
    System.out.println(repo);

    jdkApi(cache, URI.create("https://api.github.com/repos/openjdk/jdk"));
    System.out.println(listened(cache));
  }

  static void jdkApi(HttpCache cache, URI uri) throws Exception {
    HttpClient cached = cache.decorate(HttpClient.newHttpClient());
    HttpResponse<String> response =
        cached.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    HttpCache.outcome(response).ifPresent(System.out::println); // HIT, REVALIDATED or MISS
  }

  static HttpJsonClient listened(HttpCache cache) {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .cache(cache)
            .listener(
                new CallListener() {
                  @Override
                  public void cache(Call call, HttpCache.Outcome outcome, long nanoTime) {
                    System.out.println(call.uri() + ": " + outcome);
                  }
                })
            .build();
    return api;
  }
}

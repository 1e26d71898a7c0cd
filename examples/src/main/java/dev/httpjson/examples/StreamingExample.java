package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonSequenceContent;
import dev.httpjson.JsonType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * The documentation's streaming examples: read a huge array lazily, follow a long-lived feed, a
 * watch whose server labels NDJSON as JSON, write an array lazily.
 */
public final class StreamingExample {
  record Event(String id, String type) {}

  record Pod(String name, String phase) {}

  record WatchEvent(String type, Pod object) {}

  public static void main(String[] args) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    URI uri = URI.create("https://api.example.com/events");

    try (Stream<Event> events = HttpJson.getFromJsonAsStream(client, uri, Event.class)) {
      events.filter(e -> e.type().equals("error")).limit(10).forEach(System.out::println);
    } // closing early releases the connection

    Stream<Event> outgoing = Stream.generate(() -> new Event("x", "ping")).limit(1_000_000);
    client.send(
        JsonSequenceContent.ofArray(outgoing, Event.class).requestBuilder("POST", uri).build(),
        BodyHandlers.discarding());

    follow(client, uri.resolve("/feed"));
    watch(HttpJsonClient.newBuilder(client).baseUri("https://k8s.example.com/").build());
  }

  /** {@code k8s}: a client with the cluster's base URI and credentials. */
  static void watch(HttpJsonClient k8s) throws Exception {
    // docs: watch
    // A watch sends one event per line (NDJSON) but labels it application/json: say so.
    JsonType<WatchEvent> events =
        JsonType.of(
            WatchEvent.class,
            k8s.options().toBuilder()
                .streamFormat(JsonOptions.StreamFormat.NDJSON)
                .timeout(Duration.ZERO) // a watch runs until the server ends it
                .build());
    try (Stream<WatchEvent> watch =
        k8s.getFromJsonAsStream("api/v1/namespaces/default/pods?watch=true", events)) {
      watch.forEach(e -> System.out.println(e.type() + " " + e.object().name()));
    } // the client's headers and interceptors apply, as on every call
    // docs: end watch
  }

  static void follow(HttpClient client, URI feedUri) throws Exception {
    JsonOptions feed =
        JsonOptions.newBuilder()
            .timeout(Duration.ZERO) // the feed may run for days: no whole-call timeout
            .idleTimeout(Duration.ofSeconds(30)) // but a server silent for 30 s is gone
            .build();
    try (Stream<Event> events =
        HttpJson.getFromJsonAsStream(client, feedUri, JsonType.of(Event.class, feed))) {
      events.forEach(System.out::println);
    } // a stall fails the stream with CallTimeoutException naming the idle timeout
  }
}

package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonSequenceContent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.stream.Stream;

/** The README's streaming example: read a huge array lazily, write one lazily. */
public final class StreamingExample {
  record Event(String id, String type) {}

  public static void main(String[] args) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    URI uri = URI.create("https://api.example.com/events");

    try (Stream<Event> events = HttpJson.getFromJsonAsStream(client, uri, Event.class)) {
      events.filter(e -> e.type().equals("error")).limit(10).forEach(System.out::println);
    } // closing early releases the connection

    Stream<Event> outgoing = Stream.generate(() -> new Event("x", "ping")).limit(1_000_000);
    client.send(
        JsonSequenceContent.ofArray(outgoing, Event.class, JsonOptions.web())
            .requestBuilder("POST", uri)
            .build(),
        BodyHandlers.discarding());
  }
}

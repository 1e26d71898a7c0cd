package dev.httpjson.examples;

import dev.httpjson.EventStreamOptions;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonType;
import dev.httpjson.ServerSentEvent;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import java.util.stream.Stream;

/**
 * The documentation's Server-Sent Events example: an LLM answer streamed token by token, a change
 * feed.
 */
public final class EventStreamExample {
  record Message(String role, String content) {}

  record ChatRequest(String model, List<Message> messages, boolean stream) {}

  record Delta(String content) {}

  record Choice(Delta delta) {}

  record Chunk(String id, List<Choice> choices) {}

  record Change(String key, String value) {}

  public static void main(String[] args) throws Exception {
    HttpClient client = HttpClient.newHttpClient();

    String key = System.getenv("API_KEY");
    if (key == null || key.isBlank()) { // never send "Bearer null"
      throw new IllegalStateException("API_KEY is not set");
    }
    HttpJsonClient llm =
        HttpJsonClient.newBuilder(client)
            .baseUri("https://api.example.com/v1/")
            .header("Authorization", "Bearer " + key)
            .build();
    ChatRequest ask = new ChatRequest("small-1", List.of(new Message("user", "Say hello")), true);
    try (Stream<ServerSentEvent<Chunk>> chunks =
        llm.postAsJsonForEvents("chat/completions", ask, Chunk.class)) {
      chunks.forEach(e -> System.out.print(e.data().choices().get(0).delta().content()));
    } // ends at "data: [DONE]"; closing early releases the connection

    EventStreamOptions feed = EventStreamOptions.newBuilder().maxReconnects(100).build();
    URI changes = URI.create("https://api.example.com/changes");
    try (Stream<ServerSentEvent<Change>> events =
        HttpJson.getFromJsonAsEvents(client, changes, JsonType.of(Change.class), feed)) {
      events.limit(1000).forEach(e -> System.out.println(e.id() + " " + e.data()));
    } // reconnects with Last-Event-ID when the server ends the stream
  }
}

package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A caller resumes a feed by sending the {@code Last-Event-ID} it kept (an API interface's
 * {@code @Header("Last-Event-ID")}): a reconnection resumes from there too until the server names a
 * later event.
 */
class EventStreamResumeTest {
  @Test
  void aReconnectionBeforeAnyIdKeepsTheCallersLastEventId() throws Exception {
    List<String> heads = new CopyOnWriteArrayList<>();
    String[] bodies = {
      "retry: 0\n: resumed\n\ndata: a\n\n", "id: 43\ndata: b\n\n",
    };
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              int n = heads.size();
              heads.add(head);
              if (n >= bodies.length) {
                RawServer.write(socket, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
              } else {
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: "
                        + bodies[n].length()
                        + "\r\nConnection: close\r\n\r\n"
                        + bodies[n]);
              }
              socket.close();
            })) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient())
              .options(JsonOptions.newBuilder().codec(new CountingCodec()).build())
              .build();
      EventStreamOptions feed = EventStreamOptions.newBuilder().maxReconnects(3).build();

      List<ServerSentEvent<String>> events =
          assertTimeoutPreemptively(
              Duration.ofSeconds(20),
              () -> {
                try (Stream<ServerSentEvent<String>> s =
                    api.withHeader("Last-Event-ID", "42")
                        .getFromJsonAsEvents(
                            server.uri("/feed").toString(), JsonType.of(String.class), feed)) {
                  return s.collect(Collectors.toList());
                }
              });

      assertThat(events).extracting(ServerSentEvent::data).containsExactly("a", "b");
      assertThat(heads).hasSize(3);
      assertThat(heads.get(0)).containsIgnoringCase("Last-Event-ID: 42\r\n");
      assertThat(heads.get(1))
          .as("the reconnection after an event without an id")
          .containsIgnoringCase("Last-Event-ID: 42\r\n");
      assertThat(heads.get(2)).containsIgnoringCase("Last-Event-ID: 43\r\n");
      assertThat(events).extracting(ServerSentEvent::id).containsExactly("42", "43");
      assertThat(server.handlerFailures()).isEmpty();
    }
  }
}

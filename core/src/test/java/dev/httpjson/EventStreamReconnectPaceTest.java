package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.net.Socket;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * How fast an event stream reconnects, and what counts as progress: a server that keeps ending its
 * connections at once (with {@code retry: 0} and an event each time) is not reconnected to in a
 * tight loop; a connection that stays up with only keep-alive comments is a working feed, not a
 * failed reconnection.
 */
class EventStreamReconnectPaceTest {
  private static final String CLOSE_DELIMITED =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n";

  private static void answer(Socket socket, String body) throws Exception {
    RawServer.write(socket, CLOSE_DELIMITED + body);
    socket.close();
  }

  private static void noContent(Socket socket) throws Exception {
    RawServer.write(socket, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
    socket.close();
  }

  private static HttpJsonClient api() {
    return HttpJsonClient.newBuilder(HttpClient.newHttpClient())
        .options(JsonOptions.newBuilder().codec(new CountingCodec()).build())
        .build();
  }

  private static List<String> read(RawServer server, EventStreamOptions feed) {
    HttpJsonClient api = api();
    return assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> {
          try (Stream<ServerSentEvent<String>> s =
              api.getFromJsonAsEvents(
                  server.uri("/feed").toString(), JsonType.of(String.class), feed)) {
            return s.map(ServerSentEvent::data).collect(Collectors.toList());
          }
        });
  }

  @Test
  void aServerThatSendsRetryZeroAnEventAndEndsAgainAndAgainIsReconnectedToEverMoreSlowly()
      throws Exception {
    List<Long> arrivals = new CopyOnWriteArrayList<>();
    int connections = 6;
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              arrivals.add(System.nanoTime());
              if (arrivals.size() > connections) {
                noContent(socket);
              } else {
                answer(socket, "retry: 0\ndata: e" + arrivals.size() + "\n\n");
              }
            })) {
      List<String> data = read(server, EventStreamOptions.newBuilder().maxReconnects(3).build());

      assertThat(data).containsExactly("e1", "e2", "e3", "e4", "e5", "e6");
      assertThat(arrivals).hasSize(connections + 1);
      long lastGapMillis = (arrivals.get(connections) - arrivals.get(connections - 1)) / 1_000_000;
      long totalMillis = (arrivals.get(connections) - arrivals.get(0)) / 1_000_000;
      assertThat(lastGapMillis)
          .as("the wait grows while connections keep ending at once, whatever retry: says")
          .isGreaterThanOrEqualTo(800);
      assertThat(totalMillis).isGreaterThanOrEqualTo(1500);
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  @Test
  void aConnectionThatStaysUpWithOnlyCommentsIsNotAFailedReconnection() throws Exception {
    List<String> heads = new CopyOnWriteArrayList<>();
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              heads.add(head);
              switch (heads.size()) {
                case 1:
                  answer(socket, "retry: 0\ndata: a\n\n");
                  break;
                case 2:
                case 3:
                  // A quiet feed behind a proxy that ends idle-looking connections.
                  RawServer.write(socket, CLOSE_DELIMITED + ": keep-alive\n\n");
                  Thread.sleep(700);
                  RawServer.write(socket, ": keep-alive\n\n");
                  Thread.sleep(500);
                  socket.close();
                  break;
                case 4:
                  answer(socket, "data: b\n\n");
                  break;
                default:
                  noContent(socket);
              }
            })) {
      List<String> data = read(server, EventStreamOptions.newBuilder().maxReconnects(1).build());

      assertThat(data).containsExactly("a", "b");
      assertThat(heads).hasSize(5);
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  @Test
  void aConnectionThatStaysUpWithOnlyCommentsThenBreaksIsNotAFailedReconnectionEither()
      throws Exception {
    List<String> heads = new CopyOnWriteArrayList<>();
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              heads.add(head);
              switch (heads.size()) {
                case 1:
                  answer(socket, "retry: 0\ndata: a\n\n");
                  break;
                case 2:
                case 3:
                  // A proxy that cuts a quiet feed's connection in the middle of a chunk.
                  RawServer.write(
                      socket,
                      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                          + "Transfer-Encoding: chunked\r\n\r\n");
                  RawServer.writeChunk(socket.getOutputStream(), ": keep-alive\n\n");
                  Thread.sleep(1200);
                  RawServer.write(socket, "20\r\n: cut");
                  socket.close();
                  break;
                case 4:
                  answer(socket, "data: b\n\n");
                  break;
                default:
                  noContent(socket);
              }
            })) {
      List<String> data = read(server, EventStreamOptions.newBuilder().maxReconnects(1).build());

      assertThat(data).containsExactly("a", "b");
      assertThat(heads).hasSize(5);
      assertThat(server.handlerFailures()).isEmpty();
    }
  }
}

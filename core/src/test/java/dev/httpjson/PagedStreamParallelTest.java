package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A paged stream is never split: {@code parallel()} reads it on the caller's thread, a page only
 * when the elements before it were consumed, as a sequential one does, instead of fetching every
 * page (up to 1024 elements ahead) on the common pool before the first element is delivered.
 */
class PagedStreamParallelTest {
  @Test
  void aParallelPagedStreamFetchesEachPageOnlyWhenItIsNeededOnTheCallersThread() throws Exception {
    AtomicInteger fetched = new AtomicInteger();
    try (RawServer server =
        new RawServer(
            (socket, firstHead) -> {
              InputStream in = new BufferedInputStream(socket.getInputStream());
              for (String head = firstHead; !head.isEmpty(); head = RawServer.readHead(in)) {
                fetched.incrementAndGet();
                String target = head.substring(head.indexOf(' ') + 1, head.indexOf(" HTTP/"));
                byte[] body =
                    ("\"" + target.substring(target.indexOf('=') + 1) + "\"")
                        .getBytes(StandardCharsets.UTF_8);
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                        + body.length
                        + "\r\n\r\n");
                socket.getOutputStream().write(body);
                socket.getOutputStream().flush();
              }
            })) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient())
              .options(JsonOptions.newBuilder().codec(new CountingCodec()).build())
              .build();
      // Each page's one element is its number; page 3 is the last.
      Paging<String, String> paging =
          Paging.of(
              String.class,
              List::of,
              (page, response) ->
                  page.equals("3") ? null : URI.create("?p=" + (Integer.parseInt(page) + 1)));
      List<Integer> fetchedBefore = new CopyOnWriteArrayList<>();
      List<String> elements = new CopyOnWriteArrayList<>();
      List<Thread> threads = new CopyOnWriteArrayList<>();
      List<Thread> caller = new CopyOnWriteArrayList<>();

      assertTimeoutPreemptively(
          Duration.ofSeconds(20),
          () -> {
            caller.add(Thread.currentThread());
            try (Stream<String> pages =
                api.getFromJsonAsPagedStream(server.uri("/items?p=1").toString(), paging)) {
              pages
                  .parallel()
                  .forEach(
                      e -> {
                        fetchedBefore.add(fetched.get());
                        elements.add(e);
                        threads.add(Thread.currentThread());
                      });
            }
          });

      assertThat(elements).containsExactly("1", "2", "3");
      assertThat(fetchedBefore)
          .as("pages fetched when each element was delivered")
          .containsExactly(1, 2, 3);
      assertThat(threads).containsOnly(caller.get(0));
      assertThat(server.handlerFailures()).isEmpty();
    }
  }
}

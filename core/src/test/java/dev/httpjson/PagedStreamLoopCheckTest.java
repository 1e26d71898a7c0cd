package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A paged stream holds one page at a time: what it keeps to catch a loop does not grow with the
 * pages it has read, however long their cursors, and it still catches a loop of any length.
 */
class PagedStreamLoopCheckTest {
  private static final int PAGES = 10_000;
  private static final String PAD = "x".repeat(2048);

  /**
   * Pages whose body is the cursor of the next ({@code "end"} on the last), given the number in the
   * cursor of the page asked for.
   */
  private static RawServer server(IntFunction<String> cursorAfter) throws IOException {
    return new RawServer((socket, head) -> serve(socket, head, cursorAfter));
  }

  private static void serve(Socket socket, String firstHead, IntFunction<String> cursorAfter)
      throws IOException {
    InputStream in = new BufferedInputStream(socket.getInputStream());
    OutputStream out = socket.getOutputStream();
    for (String head = firstHead; !head.isEmpty(); head = RawServer.readHead(in)) {
      String target = head.substring(head.indexOf(' ') + 1, head.indexOf(" HTTP/"));
      int at = target.indexOf("c=");
      int n = Integer.parseInt(target.substring(at + 2, target.indexOf('.', at)));
      String body = "\"" + cursorAfter.apply(n) + "\"";
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      out.write(
          ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                  + bytes.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
      out.write(bytes);
      out.flush();
    }
  }

  /** Each page's one element is its body, the next page's cursor. */
  private static final Paging<String, String> CURSORS =
      Paging.of(
          String.class,
          List::of,
          (page, response) ->
              page.equals("end") ? null : URI.create("?c=" + page + "." + PAD + page));

  private static HttpJsonClient api() {
    return HttpJsonClient.newBuilder(HttpClient.newHttpClient())
        .options(JsonOptions.newBuilder().codec(new CountingCodec()).build())
        .build();
  }

  private static long retainedHeap() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(20);
      Runtime runtime = Runtime.getRuntime();
      used = Math.min(used, runtime.totalMemory() - runtime.freeMemory());
    }
    return used;
  }

  @Test
  void tenThousandPagesWithLongCursorsRetainNoMoreHeapThanAFew() throws Exception {
    try (RawServer server = server(n -> n >= PAGES ? "end" : String.valueOf(n + 1))) {
      HttpJsonClient api = api();
      assertTimeoutPreemptively(
          Duration.ofSeconds(120),
          () -> {
            try (Stream<String> pages =
                api.getFromJsonAsPagedStream(server.uri("/items?c=1." + PAD).toString(), CURSORS)) {
              Iterator<String> it = pages.iterator();
              for (int i = 1; i <= 200; i++) {
                assertThat(it.next()).isEqualTo(String.valueOf(i + 1));
              }
              long before = retainedHeap();
              int read = 200;
              while (it.hasNext()) {
                it.next();
                read++;
              }
              long after = retainedHeap();

              assertThat(read).isEqualTo(PAGES);
              // Each page's URI is over 2 KB: holding them all would retain 20 MB or more.
              assertThat(after - before)
                  .as("heap retained by 9,800 more pages")
                  .isLessThan(4 << 20);
            }
          });
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  /**
   * 50 pages, then a loop of 300 (page 350 links page 51 again): too long for the recent pages the
   * check compares with, it is caught by the page it keeps from 1, 2, 4, 8… (page 512, whose URI
   * page 812 repeats), before its third round.
   */
  @Test
  void aLoopLongerThanTheRecentPagesIsCaughtByTheCheckpointPage() throws Exception {
    try (RawServer server = server(n -> String.valueOf(n == 350 ? 51 : n + 1))) {
      HttpJsonClient api = api();
      assertTimeoutPreemptively(
          Duration.ofSeconds(60),
          () -> {
            try (Stream<String> pages =
                api.getFromJsonAsPagedStream(server.uri("/items?c=1." + PAD).toString(), CURSORS)) {
              Iterator<String> it = pages.iterator();
              int[] read = {0};
              assertThatThrownBy(
                      () -> {
                        while (it.hasNext()) {
                          it.next();
                          read[0]++;
                        }
                      })
                  .isInstanceOf(UncheckedIOException.class)
                  .hasCauseInstanceOf(HttpJsonException.class)
                  .hasMessageContaining("Pagination loop")
                  .hasMessageContaining("of page 811")
                  .hasMessageContaining("points back to page 512");
              assertThat(read[0]).isEqualTo(811);
            }
          });
    }
  }
}

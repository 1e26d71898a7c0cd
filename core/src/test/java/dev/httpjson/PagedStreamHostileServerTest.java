package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.RawServer;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A later page is where the server, not the caller, chose the URI: what goes wrong there is one
 * exception to catch around the iteration, and it says which page it was.
 */
class PagedStreamHostileServerTest {
  /** Serves each request the body {@code page} gives for its target, with its extra headers. */
  private static RawServer server(Function<String, String[]> page) throws Exception {
    return new RawServer(
        (socket, firstHead) -> {
          InputStream in = new BufferedInputStream(socket.getInputStream());
          for (String head = firstHead; !head.isEmpty(); head = RawServer.readHead(in)) {
            String target = head.substring(head.indexOf(' ') + 1, head.indexOf(" HTTP/"));
            String[] answer = page.apply(target); // extra header lines, body
            byte[] body = answer[1].getBytes(StandardCharsets.UTF_8);
            RawServer.write(
                socket,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    + answer[0]
                    + "Content-Length: "
                    + body.length
                    + "\r\n\r\n");
            socket.getOutputStream().write(body);
            socket.getOutputStream().flush();
          }
        });
  }

  private static HttpJsonClient api() {
    return HttpJsonClient.newBuilder(HttpClient.newHttpClient())
        .options(JsonOptions.newBuilder().codec(new CountingCodec()).build())
        .build();
  }

  /** Each page's one element is its body, a string; the next page is the one {@code next} names. */
  private static Paging<String, String> paging(Function<String, URI> next) {
    return Paging.of(String.class, List::of, (page, response) -> next.apply(page));
  }

  @Test
  void aNextLinkToASchemeTheClientCannotRequestFailsAsALaterPageDoes() throws Exception {
    try (RawServer server = server(t -> new String[] {"", "\"a\""})) {
      assertTimeoutPreemptively(
          Duration.ofSeconds(20),
          () -> {
            try (Stream<String> items =
                api()
                    .getFromJsonAsPagedStream(
                        server.uri("/p1").toString(),
                        paging(p -> URI.create("ftp://files.example/p2")))) {
              Iterator<String> it = items.iterator();
              assertThat(it.next()).isEqualTo("a");
              assertThatThrownBy(it::hasNext)
                  .isInstanceOf(UncheckedHttpJsonException.class)
                  .hasCauseInstanceOf(HttpJsonException.class)
                  .hasMessageContaining("page 1")
                  .hasMessageContaining("ftp://files.example/p2")
                  .hasMessageContaining("http or https");
              assertThat(it.hasNext()).isFalse();
            }
          });
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  @Test
  void aLaterPageThatIsNotJsonOfTheTypeNamesThePageAndItsUri() throws Exception {
    try (RawServer server =
        server(
            t ->
                t.startsWith("/p1")
                    ? new String[] {"", "\"a\""}
                    : new String[] {"", "\"b"})) { // cut short
      assertTimeoutPreemptively(
          Duration.ofSeconds(20),
          () -> {
            try (Stream<String> items =
                api()
                    .getFromJsonAsPagedStream(
                        server.uri("/p1?sig=s3cret").toString(),
                        paging(p -> URI.create("/p2?after=" + p + "&sig=s3cret")))) {
              Iterator<String> it = items.iterator();
              assertThat(it.next()).isEqualTo("a");
              assertThatThrownBy(it::hasNext)
                  .isInstanceOf(UncheckedHttpJsonException.class)
                  .cause()
                  .isInstanceOfSatisfying(
                      JsonReadException.class,
                      e -> {
                        assertThat(e.getMessage())
                            .contains("Page 2 (GET " + server.uri("/p2?after=***&sig=***") + ")")
                            .contains("Expected a string literal")
                            .doesNotContain("s3cret");
                        assertThat(e.problem()).startsWith("Page 2 ");
                        assertThat(e.path()).isEqualTo("$");
                      });
            }
          });
    }
  }

  /**
   * A key repeated in a page's object counts with its last value, as every read of a body does
   * (RELIABILITY.md: last value wins): a page that names two cursors, two flags or two objects on
   * the way to them is followed where the codec, reading the same page as a type, would go.
   */
  @Test
  void aKeyRepeatedInAPageCountsWithItsLastValueAsInEveryRead() throws Exception {
    java.util.List<String> targets = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (RawServer server =
        server(
            t -> {
              targets.add(t);
              return new String[] {
                "",
                t.contains("c=")
                    ? "{}"
                    : "{\"meta\":{\"next\":\"first\"},\"more\":false,\"meta\":{\"next\":\"a\","
                        + " \"next\":\"last\"},\"more\":true}"
              };
            })) {
      Paging<?, String> paging =
          Paging.items("/data", String.class).cursor("/meta/next", "c").hasMore("/more");
      assertTimeoutPreemptively(
          Duration.ofSeconds(20),
          () -> {
            try (Stream<String> items =
                api().getFromJsonAsPagedStream(server.uri("/p").toString(), paging)) {
              assertThat(items.count()).isZero();
            }
          });
      assertThat(targets).containsExactly("/p", "/p?c=last");
    }
  }

  /**
   * A cursor that is no JSON string — a unicode escape without four hex digits, a control character
   * not escaped — fails the page with its position, as a codec reading the page fails, instead of
   * being sent on as another cursor.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {"\\u+041", "\\u-041", "\\u 41x", "a\tb", "a\bb"})
  void aCursorThatIsNoJsonStringFailsThePage(String cursor) throws Exception {
    java.util.List<String> targets = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (RawServer server =
        server(
            t -> {
              targets.add(t);
              return new String[] {"", "{\"data\":null,\"next\":\"" + cursor + "\"}"};
            })) {
      Paging<?, String> paging = Paging.items("/data", String.class).cursor("/next", "c");
      assertTimeoutPreemptively(
          Duration.ofSeconds(20),
          () ->
              assertThatThrownBy(
                      () -> api().getFromJsonAsPagedStream(server.uri("/p").toString(), paging))
                  .isInstanceOfSatisfying(
                      JsonReadException.class,
                      e -> {
                        assertThat(e.line()).isEqualTo(1);
                        assertThat(e.column()).isBetween(21L, 24L);
                      }));
      assertThat(targets).containsExactly("/p");
    }
  }
}

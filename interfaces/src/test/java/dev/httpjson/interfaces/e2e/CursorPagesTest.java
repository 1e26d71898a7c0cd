package dev.httpjson.interfaces.e2e;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.Paged;
import dev.httpjson.interfaces.Query;
import java.io.IOException;
import java.net.http.HttpClient;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A cursor-paged endpoint is one interface method returning {@code Stream<T>}: its query parameters
 * are asked for on every page, the cursor comes from the body, pages are fetched as the stream is
 * pulled.
 */
class CursorPagesTest {
  record Charge(String id, long amount) {}

  record File(String id, String name) {}

  interface Stripe {
    @GET("v1/charges")
    @Paged(
        items = "/data",
        cursor = "/data/-1/id",
        parameter = "starting_after",
        hasMore = "/has_more")
    Stream<Charge> charges(@Query("limit") int limit, @Query("customer") String customer)
        throws IOException, InterruptedException;
  }

  interface Drive {
    @GET("drive/v3/files")
    @Paged(items = "/files", cursor = "/nextPageToken", parameter = "pageToken")
    Stream<File> files(@Query("pageSize") int size) throws IOException, InterruptedException;

    @GET("drive/v3/changes")
    @Paged(items = "/changes", next = "/next")
    Stream<File> changes() throws IOException, InterruptedException;
  }

  private MockWebServer server;
  private HttpJsonClient client;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    client =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri(server.url("/").uri())
            .options(JsonOptions.newBuilder().naming(JsonOptions.Naming.SNAKE_CASE).build())
            .build();
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private String path() throws InterruptedException {
    RecordedRequest r = LoopbackServer.received(server).take(5, SECONDS);
    assertThat(r).as("a request reached the server").isNotNull();
    return r.getTarget();
  }

  @Test
  void aStripeListKeepsItsLimitOnEveryPageAndStopsWhenHasMoreIsFalse() throws Exception {
    server.enqueue(
        LoopbackServer.json(
            200,
            "{\"object\":\"list\",\"data\":[{\"id\":\"ch_1\",\"amount\":100},"
                + "{\"id\":\"ch_2\",\"amount\":200}],\"has_more\":true}"));
    server.enqueue(
        LoopbackServer.json(
            200, "{\"data\":[{\"id\":\"ch_3\",\"amount\":300}],\"has_more\":false}"));
    Stripe stripe = client.create(Stripe.class);

    try (Stream<Charge> charges = stripe.charges(2, "cus 9")) {
      assertThat(charges.mapToLong(Charge::amount).sum()).isEqualTo(600);
    }

    assertThat(path()).isEqualTo("/v1/charges?limit=2&customer=cus%209");
    assertThat(path()).isEqualTo("/v1/charges?limit=2&customer=cus%209&starting_after=ch_2");
    assertThat(LoopbackServer.received(server).count()).isEqualTo(2);
  }

  @Test
  void aGoogleListIsFetchedPageByPageAsTheStreamIsPulled() throws Exception {
    server.enqueue(
        LoopbackServer.json(
            200,
            "{\"files\":[{\"id\":\"1\",\"name\":\"a\"},{\"id\":\"2\",\"name\":\"b\"}],"
                + "\"nextPageToken\":\"tok/2\"}"));
    server.enqueue(LoopbackServer.json(200, "{\"files\":[{\"id\":\"3\",\"name\":\"c\"}]}"));
    Drive drive = client.create(Drive.class);

    try (Stream<File> files = drive.files(2)) {
      Iterator<File> it = files.iterator();
      assertThat(it.next().name()).isEqualTo("a");
      assertThat(it.next().name()).isEqualTo("b");
      assertThat(LoopbackServer.received(server).count()).isEqualTo(1);
      assertThat(it.next().name()).isEqualTo("c");
      assertThat(it.hasNext()).isFalse();
    }

    assertThat(path()).isEqualTo("/drive/v3/files?pageSize=2");
    assertThat(path()).isEqualTo("/drive/v3/files?pageSize=2&pageToken=tok%2F2");
  }

  @Test
  void aNextUriInTheBodyIsFollowed() throws Exception {
    server.enqueue(
        LoopbackServer.json(
            200, "{\"changes\":[{\"id\":\"1\",\"name\":\"a\"}],\"next\":\"changes?after=1\"}"));
    server.enqueue(
        LoopbackServer.json(200, "{\"changes\":[{\"id\":\"2\",\"name\":\"b\"}],\"next\":null}"));
    Drive drive = client.create(Drive.class);

    List<String> names;
    try (Stream<File> changes = drive.changes()) {
      names = changes.map(File::name).collect(Collectors.toList());
    }

    assertThat(names).containsExactly("a", "b");
    assertThat(path()).isEqualTo("/drive/v3/changes");
    assertThat(path()).isEqualTo("/drive/v3/changes?after=1");
  }

  @Test
  void aCursorThatComesBackFailsTheStream() throws Exception {
    String page = "{\"files\":[{\"id\":\"1\",\"name\":\"a\"}],\"nextPageToken\":\"again\"}";
    server.enqueue(LoopbackServer.json(200, page));
    server.enqueue(LoopbackServer.json(200, page));
    Drive drive = client.create(Drive.class);

    try (Stream<File> files = drive.files(1)) {
      assertThatThrownBy(() -> files.forEach(f -> {}))
          .isInstanceOf(UncheckedHttpJsonException.class)
          .hasMessageContaining("Pagination loop")
          .hasMessageContaining("pageToken=again")
          .hasMessageContaining("points back to page 2");
    }
    assertThat(LoopbackServer.received(server).count()).isEqualTo(2); // never a third time
  }
}

package dev.httpjson.contract;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.EventStreamOptions;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.LoggingInterceptor;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.spi.JsonCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.QueueDispatcher;
import mockwebserver3.RecordedRequest;
import okio.Buffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Server-Sent Events ({@code text/event-stream}) with JSON data, against real loopback servers:
 * typed events through every codec, prompt delivery, the LLM shape, reconnection, limits, timeouts
 * and hostile servers; every failure is followed by a normal call and a leak check.
 */
public abstract class EventStreamContract {
  /** The default Accept of an event stream: its events, and problem details for its errors. */
  private static final String ACCEPT_EVENTS = "text/event-stream, application/problem+json";

  protected MockWebServer server;
  protected HttpClient client;
  protected JsonOptions options;
  private ResourceCounts baseline;

  protected abstract JsonCodec codec();

  /** The client under test. */
  protected HttpClient newClient() {
    return HttpClient.newHttpClient();
  }

  /**
   * The requests {@code scripted} received ({@link #server}, or another server a row starts). A
   * transport that answers from the servers' scripts in memory, never reaching their sockets,
   * overrides it with the requests it recorded.
   */
  protected LoopbackServer.Received received(MockWebServer scripted) {
    return LoopbackServer.received(scripted);
  }

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    client = newClient();
    options = JsonOptions.newBuilder().codec(codec()).build();
    normalCall();
    received(server).take();
    baseline = ResourceCounts.now();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private URI uri(String path) {
    return LoopbackServer.uri(server, path);
  }

  private JsonType<Named> named() {
    return JsonType.of(Named.class, options);
  }

  private JsonType<String> text() {
    return JsonType.of(String.class, options);
  }

  private void normalCall() throws Exception {
    server.enqueue(LoopbackServer.json(200, "{\"displayName\":\"ok\"}"));
    assertThat(HttpJson.getFromJson(client, uri("/ok"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("ok"));
  }

  private void assertClientHealthyAndNothingLeaked() throws Exception {
    normalCall();
    ResourceCounts.assertBackTo(baseline);
  }

  private static MockResponse events(String body) {
    return new MockResponse.Builder()
        .code(200)
        .addHeader("Content-Type", "text/event-stream")
        .body(body)
        .build();
  }

  private static String event(String name) {
    return "data: {\"displayName\":\"" + name + "\"}\n\n";
  }

  private static final String SSE_HEAD =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";

  // ---- reading ----

  @Test
  public void getReadsEachEventsDataAsJsonOfTheType() throws Exception {
    server.enqueue(
        events(
            ": hello\n\nid: 1\nevent: add\ndata: {\"displayName\":\"a\"}\n\n"
                + "data: {\"displayName\":\n"
                + "data: \"b\"}\nretry: 250\n\n"));

    List<ServerSentEvent<Named>> all;
    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      all = s.collect(Collectors.toList());
    }

    assertThat(all)
        .containsExactly(
            new ServerSentEvent<>("1", "add", new Named("a"), null),
            new ServerSentEvent<>("1", "message", new Named("b"), Duration.ofMillis(250)));
    RecordedRequest request = received(server).take();
    assertThat(request.getMethod()).isEqualTo("GET");
    assertThat(request.getHeaders().values("Accept")).containsExactly(ACCEPT_EVENTS);
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void stringDataIsTheRawTextUnparsed() throws Exception {
    server.enqueue(events("data: not json\ndata: {x\n\ndata: [DONE]\n\n"));

    try (Stream<ServerSentEvent<String>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), text())) {
      assertThat(s.map(ServerSentEvent::data)).containsExactly("not json\n{x", "[DONE]");
    }
  }

  @Test
  public void clientFormReadsEventsWithItsBaseAndHeaders() throws Exception {
    server.enqueue(events(event("a")));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/api/"))
            .options(options)
            .header("Authorization", "Bearer t")
            .build();

    try (Stream<ServerSentEvent<Named>> s = api.getFromJsonAsEvents("feed", Named.class)) {
      assertThat(s.map(ServerSentEvent::data)).containsExactly(new Named("a"));
    }
    RecordedRequest request = received(server).take();
    assertThat(request.getUrl().encodedPath()).isEqualTo("/api/feed");
    assertThat(request.getHeaders().get("Authorization")).isEqualTo("Bearer t");
    assertThat(request.getHeaders().values("Accept")).containsExactly(ACCEPT_EVENTS);
  }

  @Test
  public void llmShapePostsJsonAndStreamsChunksUntilDone() throws Exception {
    server.enqueue(events(event("Hel") + event("lo") + "data: [DONE]\n\n" + event("after-done")));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client).baseUri(uri("/v1/")).options(options).build();

    List<Named> chunks;
    try (Stream<ServerSentEvent<Named>> s =
        api.postAsJsonForEvents("chat", Map.of("prompt", "hi"), Named.class)) {
      chunks = s.map(ServerSentEvent::data).collect(Collectors.toList());
    }

    assertThat(chunks).containsExactly(new Named("Hel"), new Named("lo"));
    RecordedRequest request = received(server).take();
    assertThat(request.getMethod()).isEqualTo("POST");
    assertThat(request.getBody().utf8()).isEqualTo("{\"prompt\":\"hi\"}");
    assertThat(request.getHeaders().get("Content-Type")).startsWith("application/json");
    assertThat(request.getHeaders().values("Accept")).containsExactly(ACCEPT_EVENTS);
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void readFromAnyResponse() throws Exception {
    server.enqueue(events(event("a") + event("b")));
    HttpRequest post =
        HttpRequest.newBuilder(uri("/p")).POST(HttpRequest.BodyPublishers.ofString("{}")).build();
    HttpResponse<InputStream> response =
        client.send(post, HttpResponse.BodyHandlers.ofInputStream());

    try (Stream<ServerSentEvent<Named>> s = HttpJson.readFromJsonAsEvents(response, named())) {
      assertThat(s.map(ServerSentEvent::data)).containsExactly(new Named("a"), new Named("b"));
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void dataThatIsNotJsonOfTheTypeFailsNamingTheEvent() throws Exception {
    server.enqueue(events(event("a") + "id: 7\nevent: tick\ndata: {\"displayName\": oops}\n\n"));

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      Iterator<ServerSentEvent<Named>> it = s.iterator();
      assertThat(it.next().data()).isEqualTo(new Named("a"));
      assertThatThrownBy(it::hasNext)
          .isInstanceOf(UncheckedHttpJsonException.class)
          .cause()
          .isInstanceOf(JsonReadException.class)
          .hasMessageContaining("Event 1")
          .hasMessageContaining("id '7'")
          .hasMessageContaining("event 'tick'")
          .hasMessageContaining("Named");
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void emptyDataReadsAsNullForJsonTypes() throws Exception {
    server.enqueue(events("data\n\n" + event("a")));

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      assertThat(s.map(e -> String.valueOf(e.data())))
          .containsExactly("null", "Named[displayName=a]");
    }
  }

  // ---- status and content type ----

  @Test
  public void errorStatusFailsBeforeTheStream() throws Exception {
    server.enqueue(LoopbackServer.json(503, "{\"error\":\"busy\"}"));

    assertThatThrownBy(() -> HttpJson.getFromJsonAsEvents(client, uri("/e"), named()))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(503));
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void wrongContentTypeFailsNamingIt() throws Exception {
    server.enqueue(LoopbackServer.json(200, "{\"displayName\":\"a\"}"));

    assertThatThrownBy(() -> HttpJson.getFromJsonAsEvents(client, uri("/e"), named()))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("text/event-stream")
        .hasMessageContaining("'application/json'");
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void noContentIsAnEmptyStream() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).build());

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      assertThat(s).isEmpty();
    }
    assertClientHealthyAndNothingLeaked();
  }

  // ---- delivery and release ----

  /**
   * The server sends one event, then waits until the client has seen it: a client that delivers an
   * event only with the next read's bytes never sees it.
   */
  @Test
  public void eachEventIsDeliveredAsSoonAsItsBlankLineArrives() throws Exception {
    assertPromptDelivery();
  }

  protected final void assertPromptDelivery() throws Exception {
    for (String terminator : List.of("\n\n", "\r\r", "\r\n\r\n")) {
      CountDownLatch seen = new CountDownLatch(1);
      try (RawServer raw =
          new RawServer(
              (socket, head) -> {
                RawServer.write(socket, SSE_HEAD);
                OutputStream out = socket.getOutputStream();
                RawServer.writeChunk(out, "data: {\"displayName\":\"first\"}" + terminator);
                seen.await(10, TimeUnit.SECONDS);
                RawServer.writeChunk(out, "data: {\"displayName\":\"second\"}" + terminator);
                RawServer.writeChunk(out, "");
                socket.close();
              })) {
        try (Stream<ServerSentEvent<Named>> s =
            HttpJson.getFromJsonAsEvents(client, raw.uri("/e"), named())) {
          Iterator<ServerSentEvent<Named>> it = s.iterator();
          CompletableFuture<ServerSentEvent<Named>> first = CompletableFuture.supplyAsync(it::next);
          assertThat(first.get(5, TimeUnit.SECONDS).data())
              .as(
                  "first event before the server sends more (terminator %s)",
                  terminator.replace("\r", "CR").replace("\n", "LF"))
              .isEqualTo(new Named("first"));
          seen.countDown();
          assertThat(it.next().data()).isEqualTo(new Named("second"));
          assertThat(it.hasNext()).isFalse();
        } finally {
          seen.countDown();
        }
      }
    }
    closeIdleConnections();
    assertClientHealthyAndNothingLeaked();
  }

  /**
   * Closes the connections the client keeps idle in its pool, before {@link
   * #eachEventIsDeliveredAsSoonAsItsBlankLineArrives} counts descriptors: each of its three servers
   * ends a complete stream and then hangs up, leaving the client a reusable connection to a peer
   * that is gone. The JDK client closes such a connection as soon as the peer does (its pool
   * watches idle connections), so by default this does nothing; a client that notices only when it
   * next uses the connection, or when its idle time runs out (OkHttp: 5 minutes), closes them here.
   * Connections still in use are not idle: a leaked one is still counted.
   */
  protected void closeIdleConnections() {}

  @Test
  public void closingTheStreamReleasesTheConnectionAtOnce() throws Exception {
    AtomicBoolean writeFailed = new AtomicBoolean();
    CountDownLatch serverDone = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              try {
                RawServer.write(socket, SSE_HEAD);
                OutputStream out = socket.getOutputStream();
                for (int i = 0; ; i++) { // endless: only the client's close ends it
                  RawServer.writeChunk(out, event("n" + i));
                  Thread.sleep(1);
                }
              } catch (IOException e) {
                writeFailed.set(true);
              } finally {
                serverDone.countDown();
              }
            })) {
      List<Named> firstThree;
      try (Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(client, raw.uri("/endless"), named())) {
        firstThree = s.limit(3).map(ServerSentEvent::data).collect(Collectors.toList());
      }
      assertThat(firstThree).extracting(Named::displayName).containsExactly("n0", "n1", "n2");
      assertThat(serverDone.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(writeFailed).isTrue();
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void closingFromAnotherThreadWakesABlockedRead() throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, SSE_HEAD);
              RawServer.writeChunk(socket.getOutputStream(), ": nothing yet\n\n");
              hold.await(10, TimeUnit.SECONDS);
              socket.close();
            })) {
      Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(client, raw.uri("/e"), named());
      Iterator<ServerSentEvent<Named>> it = s.iterator();
      CompletableFuture<Boolean> blocked = CompletableFuture.supplyAsync(it::hasNext);
      Thread.sleep(100); // let it block in the read (the outcome does not depend on it)
      s.close();
      try {
        assertThat(blocked.get(5, TimeUnit.SECONDS))
            .as("a stream closed by its caller just ends")
            .isFalse();
      } finally {
        hold.countDown();
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void anEventStreamIsRunAsEveryCallIsUnderTheCallsTimeout() throws Exception {
    server.enqueue(events(event("a")));
    List<Optional<Duration>> seen = new CopyOnWriteArrayList<>();
    Interceptor watching =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            seen.add(chain.remaining());
            return chain.forward(request);
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            seen.add(chain.remaining());
            return chain.forwardAsync(request);
          }
        };
    JsonType<Named> timed =
        JsonType.of(Named.class, options.toBuilder().timeout(Duration.ofSeconds(30)).build());

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(Interceptor.decorate(client, watching), uri("/e"), timed)) {
      assertThat(s.map(ServerSentEvent::data)).containsExactly(new Named("a"));
    }

    assertThat(seen).as("what the interceptor saw of the call's timeout").hasSize(1);
    assertThat(seen.get(0)).isPresent();
    assertThat(seen.get(0).get().toNanos()).isPositive().isLessThanOrEqualTo(30_000_000_000L);
    assertClientHealthyAndNothingLeaked();
  }

  // ---- reconnection ----

  @Test
  public void reconnectionIsOffByDefault() throws Exception {
    server.enqueue(events("id: 1\ndata: {\"displayName\":\"a\"}\n\n"));

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      assertThat(s.count()).isEqualTo(1);
    }
    received(server).take();
    assertThat(received(server).count()).isEqualTo(2); // the warm-up call and this one
  }

  @Test
  public void reconnectsWithLastEventIdAfterTheRetryTimeUntilNoContent() throws Exception {
    server.enqueue(events("retry: 50\nid: 5\n" + event("a").substring(0) + "data: {\"disp"));
    server.enqueue(events(event("b")));
    server.enqueue(new MockResponse.Builder().code(204).build());
    EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(10).build();

    List<ServerSentEvent<Named>> all;
    long started = System.nanoTime();
    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named(), reconnect)) {
      all = s.collect(Collectors.toList());
    }
    long elapsedMillis = (System.nanoTime() - started) / 1_000_000;

    assertThat(all)
        .containsExactly(
            new ServerSentEvent<>("5", "message", new Named("a"), Duration.ofMillis(50)),
            new ServerSentEvent<>("5", "message", new Named("b"), null));
    assertThat(elapsedMillis)
        .as("two waits of the server's retry time")
        .isGreaterThanOrEqualTo(100);
    assertThat(received(server).take().getHeaders().get("Last-Event-ID")).isNull();
    RecordedRequest second = received(server).take();
    assertThat(second.getHeaders().get("Last-Event-ID")).isEqualTo("5");
    assertThat(second.getHeaders().values("Accept")).containsExactly(ACCEPT_EVENTS);
    assertThat(received(server).take().getHeaders().get("Last-Event-ID")).isEqualTo("5");
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void reconnectsAtMostMaxReconnectsTimesInARowWithoutAnEvent() throws Exception {
    server.enqueue(events("retry: 0\n" + event("n0")));
    for (int i = 0; i < 3; i++) {
      server.enqueue(events(": nothing yet\n\n"));
    }
    EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(2).build();

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named(), reconnect)) {
      assertThat(s.map(e -> e.data().displayName())).containsExactly("n0");
    }
    assertThat(received(server).count()).isEqualTo(4); // warm-up + 1 + 2 reconnections
  }

  @Test
  public void anEventStartsTheCountOfReconnectionsAgain() throws Exception {
    // A feed that reconnects now and then (once a day, say) lives on: maxReconnects bounds the
    // reconnections in a row that bring no event, as EventSource clients count them.
    for (int i = 0; i < 4; i++) {
      server.enqueue(events("retry: 0\n" + event("n" + i)));
    }
    server.enqueue(new MockResponse.Builder().code(204).build());
    EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(1).build();

    List<String> names =
        assertTimeoutPreemptively(
            Duration.ofSeconds(20),
            () -> {
              try (Stream<ServerSentEvent<Named>> s =
                  HttpJson.getFromJsonAsEvents(client, uri("/e"), named(), reconnect)) {
                return s.map(e -> e.data().displayName()).collect(Collectors.toList());
              }
            });

    assertThat(names).containsExactly("n0", "n1", "n2", "n3");
    assertThat(received(server).count()).isEqualTo(6); // warm-up + 1 + 4 reconnections
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void reconnectionToAnErrorStatusFailsTheStream() throws Exception {
    server.enqueue(events("retry: 0\n" + event("a")));
    server.enqueue(LoopbackServer.json(500, "{}"));
    EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(3).build();

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named(), reconnect)) {
      Iterator<ServerSentEvent<Named>> it = s.iterator();
      assertThat(it.next().data()).isEqualTo(new Named("a"));
      assertThatThrownBy(it::hasNext)
          .isInstanceOfSatisfying(
              UncheckedHttpJsonException.class, e -> assertThat(e.statusCode()).hasValue(500))
          .cause()
          .isInstanceOfSatisfying(
              HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(500));
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void hugeRetryWaitEndsWhenTheStreamIsClosed() throws Exception {
    server.enqueue(events("retry: " + "9".repeat(30) + "\n" + event("a")));
    EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(3).build();

    Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named(), reconnect);
    Iterator<ServerSentEvent<Named>> it = s.iterator();
    assertThat(it.next().retry()).isEqualTo(Duration.ofMillis(Long.MAX_VALUE));
    CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(it::hasNext);
    Thread.sleep(100); // let it start waiting (the outcome does not depend on it)
    s.close();
    assertThat(waiting.get(5, TimeUnit.SECONDS)).isFalse();
    assertThat(received(server).count()).isEqualTo(2); // no reconnection happened
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void aStreamBrokenInsideAnEventResumesAfterTheLastEventDelivered() throws Exception {
    // The server resumes after the id it is sent: an id read but never dispatched is not one.
    List<String> sent = new java.util.concurrent.CopyOnWriteArrayList<>();
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            if (!request.getUrl().encodedPath().equals("/e")) {
              return LoopbackServer.json(200, "{\"displayName\":\"ok\"}");
            }
            String last = request.getHeaders().get("Last-Event-ID");
            sent.add(String.valueOf(last));
            if (last == null) {
              return events("retry: 0\nid: a\n" + event("a") + "id: b\ndata: {\"displayName\"");
            }
            if (last.equals("a")) {
              return events("id: b\n" + event("b") + "id: c\n" + event("c"));
            }
            if (last.equals("b")) {
              return events("id: c\n" + event("c"));
            }
            return new MockResponse.Builder().code(204).build();
          }
        });
    EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(3).build();

    List<ServerSentEvent<Named>> all;
    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named(), reconnect)) {
      all = s.collect(Collectors.toList());
    }

    assertThat(all).extracting(ServerSentEvent::id).containsExactly("a", "b", "c");
    assertThat(all)
        .extracting(e -> e.data().displayName())
        .as("no event lost to an id that arrived with a broken event")
        .containsExactly("a", "b", "c");
    assertThat(sent).containsExactly("null", "a", "c");
    server.setDispatcher(new QueueDispatcher());
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void anEventIdTheHeaderCannotCarryIsLeftOutOfTheReconnection() throws Exception {
    // Over HTTP/1.1 the JDK client writes header bytes as US-ASCII (a non-ASCII byte becomes
    // '?'), and no HTTP client sends a control character: such an id is not sent at all.
    server.enqueue(events("retry: 0\nid: \u00e9\u20ac1\n" + event("a")));
    server.enqueue(events("retry: 0\nid: x\u0001y\n" + event("b")));
    server.enqueue(events(event("c")));
    server.enqueue(new MockResponse.Builder().code(204).build());
    EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(5).build();

    List<ServerSentEvent<Named>> all;
    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named(), reconnect)) {
      all = s.collect(Collectors.toList());
    }

    assertThat(all)
        .extracting(ServerSentEvent::id)
        .containsExactly("\u00e9\u20ac1", "x\u0001y", "x\u0001y");
    received(server).take();
    for (int i = 0; i < 3; i++) {
      assertThat(received(server).take().getHeaders().get("Last-Event-ID")).isNull();
    }
    assertClientHealthyAndNothingLeaked();
  }

  /**
   * A server whose first answer is one event and an end, and which then reads a reconnection's
   * request and answers nothing; {@code released} counts down when the client gives that connection
   * up.
   */
  private static RawServer silentOnReconnect(CountDownLatch released, CountDownLatch hold)
      throws IOException {
    java.util.concurrent.atomic.AtomicInteger connections =
        new java.util.concurrent.atomic.AtomicInteger();
    return new RawServer(
        (socket, head) -> {
          if (connections.getAndIncrement() == 0) {
            RawServer.write(socket, SSE_HEAD.replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n"));
            OutputStream out = socket.getOutputStream();
            RawServer.writeChunk(out, "retry: 0\n" + event("a"));
            RawServer.writeChunk(out, "");
            socket.close(); // the next request needs a new connection
            return;
          }
          try {
            while (socket.getInputStream().read() >= 0) {
              // the client closes or resets the connection once it gives up on it
            }
          } catch (IOException e) {
            // reset: given up all the same
          }
          released.countDown();
          hold.await(10, TimeUnit.SECONDS);
          socket.close();
        });
  }

  @Test
  public void closingFromAnotherThreadWhileAReconnectionWaitsForItsHeadersEndsTheStream()
      throws Exception {
    CountDownLatch released = new CountDownLatch(1);
    CountDownLatch hold = new CountDownLatch(1);
    try (RawServer raw = silentOnReconnect(released, hold)) {
      JsonOptions untimed = options.toBuilder().timeout(Duration.ZERO).build();
      EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(3).build();
      Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(
              client, raw.uri("/e"), JsonType.of(Named.class, untimed), reconnect);
      Iterator<ServerSentEvent<Named>> it = s.iterator();
      assertThat(it.next().data()).isEqualTo(new Named("a"));
      CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(it::hasNext);
      for (int i = 0; i < 500 && raw.connections() < 2; i++) {
        Thread.sleep(10);
      }
      assertThat(raw.connections()).as("the reconnection reached the server").isEqualTo(2);
      Thread.sleep(100); // let it wait for the headers (the outcome does not depend on it)
      s.close();
      try {
        assertThat(waiting.get(5, TimeUnit.SECONDS))
            .as("a stream closed by its caller just ends")
            .isFalse();
        assertThat(released.await(5, TimeUnit.SECONDS))
            .as("the reconnection's connection is given up")
            .isTrue();
      } finally {
        hold.countDown();
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void aReconnectionWhoseHeadersNeverComeFailsAtTheIdleTimeout() throws Exception {
    CountDownLatch released = new CountDownLatch(1);
    CountDownLatch hold = new CountDownLatch(1);
    try (RawServer raw = silentOnReconnect(released, hold)) {
      // The setup recommended for feeds: no whole-call timeout, an idle timeout.
      JsonOptions feed =
          options.toBuilder().timeout(Duration.ZERO).idleTimeout(Duration.ofMillis(300)).build();
      EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(3).build();
      try (Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(
              client, raw.uri("/e"), JsonType.of(Named.class, feed), reconnect)) {
        Iterator<ServerSentEvent<Named>> it = s.iterator();
        assertThat(it.next().data()).isEqualTo(new Named("a"));
        CompletableFuture<Boolean> next = CompletableFuture.supplyAsync(it::hasNext);
        assertThatThrownBy(() -> next.get(5, TimeUnit.SECONDS))
            .cause()
            .isInstanceOf(UncheckedHttpJsonException.class)
            .cause()
            .isInstanceOf(HttpTimeoutException.class)
            .hasMessageContaining("JsonOptions.idleTimeout PT0.3S")
            .hasMessageContaining("reconnect");
        assertThat(released.await(5, TimeUnit.SECONDS))
            .as("the reconnection's connection is given up")
            .isTrue();
      } finally {
        hold.countDown();
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void aRetryDelayOfForeverWaitsAtMostMaxRetryDelay() throws Exception {
    server.enqueue(events(event("a")));
    EventStreamOptions reconnect =
        EventStreamOptions.newBuilder()
            .maxReconnects(3)
            .retryDelay(java.time.temporal.ChronoUnit.FOREVER.getDuration())
            .build();

    Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named(), reconnect);
    Iterator<ServerSentEvent<Named>> it = s.iterator();
    assertThat(it.next().data()).isEqualTo(new Named("a"));
    CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(it::hasNext);
    Thread.sleep(100); // let it start waiting (the outcome does not depend on it)
    assertThat(waiting).isNotDone();
    s.close();
    assertThat(waiting.get(5, TimeUnit.SECONDS)).isFalse();
    assertThat(received(server).count()).isEqualTo(2); // no reconnection happened
    assertClientHealthyAndNothingLeaked();
  }

  // ---- limits and timeouts ----

  @Test
  public void endlessLineFailsAtTheLimitInBoundedMemory() throws Exception {
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              try {
                RawServer.write(socket, SSE_HEAD);
                OutputStream out = socket.getOutputStream();
                RawServer.writeChunk(out, "data: ");
                String block = "x".repeat(8192);
                for (; ; ) {
                  RawServer.writeChunk(out, block);
                }
              } catch (IOException e) {
                // the client gave up
              }
            })) {
      JsonOptions small = options.toBuilder().maxResponseSize(64 * 1024).build();
      try (Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(client, raw.uri("/e"), JsonType.of(Named.class, small))) {
        assertThatThrownBy(() -> s.iterator().hasNext())
            .isInstanceOf(UncheckedHttpJsonException.class)
            .cause()
            .isInstanceOfSatisfying(
                ResponseTooLargeException.class,
                e -> {
                  assertThat(e.limit()).isEqualTo(64 * 1024);
                  assertThat(e.getMessage()).contains("a line");
                });
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void manySmallEventsMayExceedMaxResponseSizeInTotal() throws Exception {
    server.enqueue(
        events(Stream.generate(() -> event("x")).limit(2000).collect(Collectors.joining())));
    JsonOptions small = options.toBuilder().maxResponseSize(1024).build();

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), JsonType.of(Named.class, small))) {
      assertThat(s.count()).isEqualTo(2000);
    }
  }

  @Test
  public void streamOfOnlyCommentsHasNoEvents() throws Exception {
    server.enqueue(events(":keep-alive\n".repeat(5000)));

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      assertThat(s).isEmpty();
    }
  }

  @Test
  public void theIdleTimeoutsMessageKeepsTheQueryValuesTheOptionsShow() throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, SSE_HEAD);
              RawServer.writeChunk(socket.getOutputStream(), ": hello\n\n");
              hold.await(10, TimeUnit.SECONDS); // then nothing
              socket.close();
            })) {
      JsonOptions idle =
          options.toBuilder()
              .idleTimeout(Duration.ofMillis(300))
              .showQueryParameter("topic")
              .build();
      try (Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(
              client, raw.uri("/e?topic=orders&key=s3cret"), JsonType.of(Named.class, idle))) {
        Iterator<ServerSentEvent<Named>> it = s.iterator();
        assertThatThrownBy(it::hasNext)
            .isInstanceOf(UncheckedHttpJsonException.class)
            .cause()
            .isInstanceOf(HttpTimeoutException.class)
            .hasMessageContaining("/e?topic=orders&key=***")
            .hasMessageNotContaining("s3cret");
      } finally {
        hold.countDown();
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void stalledStreamEndsAtTheIdleTimeout() throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, SSE_HEAD);
              RawServer.writeChunk(socket.getOutputStream(), ": hello\n\n");
              hold.await(10, TimeUnit.SECONDS); // then nothing
              socket.close();
            })) {
      JsonOptions idle = options.toBuilder().idleTimeout(Duration.ofMillis(300)).build();
      try (Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(client, raw.uri("/e"), JsonType.of(Named.class, idle))) {
        Iterator<ServerSentEvent<Named>> it = s.iterator();
        assertThatThrownBy(it::hasNext)
            .isInstanceOf(UncheckedHttpJsonException.class)
            .cause()
            .isInstanceOf(HttpTimeoutException.class)
            .hasMessageContaining("JsonOptions.idleTimeout PT0.3S");
      } finally {
        hold.countDown();
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  /**
   * An event stream's idle timeout fails it with the {@link CallTimeoutException} that {@link
   * JsonOptions.Builder#idleTimeout} promises, as an element stream's does: the timeout and the URI
   * are there to read, and one catch covers both kinds of stream.
   */
  @Test
  public void anIdleTimeoutFailsTheStreamWithACallTimeoutExceptionNamingItAndTheUri()
      throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, SSE_HEAD);
              RawServer.writeChunk(socket.getOutputStream(), event("a"));
              hold.await(10, TimeUnit.SECONDS); // then nothing
              socket.close();
            })) {
      JsonOptions idle =
          options.toBuilder().timeout(Duration.ZERO).idleTimeout(Duration.ofMillis(300)).build();
      URI feed = raw.uri("/e?key=s3cret");
      try (Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(client, feed, JsonType.of(Named.class, idle))) {
        Iterator<ServerSentEvent<Named>> it = s.iterator();
        assertThat(it.next().data()).isEqualTo(new Named("a"));
        assertThatThrownBy(it::hasNext)
            .isInstanceOf(UncheckedHttpJsonException.class)
            .cause()
            .isInstanceOfSatisfying(
                CallTimeoutException.class,
                e -> {
                  assertThat(e.timeout()).isEqualTo(Duration.ofMillis(300));
                  assertThat(e.uri()).isEqualTo(feed);
                  assertThat(e.getMessage())
                      .contains("JsonOptions.idleTimeout PT0.3S")
                      .contains("after event 1")
                      .contains("GET " + raw.uri("/e?key=***"))
                      .doesNotContain("s3cret");
                });
      } finally {
        hold.countDown();
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  /**
   * A {@link LoggingInterceptor}'s response line of an event stream that fails on its idle timeout
   * says that it failed, and with what: not the words of a stream the caller closed early.
   */
  @Test
  public void stalledStreamIsLoggedAsFailedWithTheIdleTimeout() throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, SSE_HEAD);
              RawServer.writeChunk(socket.getOutputStream(), ": hello\n\n");
              hold.await(10, TimeUnit.SECONDS); // then nothing
              socket.close();
            })) {
      JsonOptions idle = options.toBuilder().idleTimeout(Duration.ofMillis(300)).build();
      LogLines log = new LogLines();
      HttpClient logged =
          Interceptor.decorate(client, LoggingInterceptor.newBuilder().logger(log).build());
      try (Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(logged, raw.uri("/e"), JsonType.of(Named.class, idle))) {
        assertThatThrownBy(s.iterator()::hasNext)
            .isInstanceOf(UncheckedHttpJsonException.class)
            .hasCauseInstanceOf(HttpTimeoutException.class);
        assertThat(log.await("<-- "))
            .startsWith("<-- 200 GET ")
            .contains("failed: dev.httpjson.CallTimeoutException")
            .contains("JsonOptions.idleTimeout PT0.3S")
            .doesNotContain("closed early");
      } finally {
        hold.countDown();
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void callTimeoutBoundsTheHeadersNotTheEndlessBody() throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(socket, SSE_HEAD);
              OutputStream out = socket.getOutputStream();
              for (int i = 0; i < 12; i++) {
                RawServer.writeChunk(out, event("n" + i));
                hold.await(100, TimeUnit.MILLISECONDS); // 1.2 s in all, past the 0.5 s timeout
              }
              RawServer.writeChunk(out, "");
              socket.close();
            })) {
      JsonOptions timed = options.toBuilder().timeout(Duration.ofMillis(500)).build();
      try (Stream<ServerSentEvent<Named>> s =
          HttpJson.getFromJsonAsEvents(client, raw.uri("/e"), JsonType.of(Named.class, timed))) {
        assertThat(s.count()).isEqualTo(12);
      }
    }
    try (RawServer silent = new RawServer((socket, head) -> socket.getInputStream().read())) {
      JsonOptions timed = options.toBuilder().timeout(Duration.ofMillis(500)).build();
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJsonAsEvents(
                      client, silent.uri("/e"), JsonType.of(Named.class, timed)))
          .isInstanceOf(CallTimeoutException.class);
    }
    assertClientHealthyAndNothingLeaked();
  }

  /**
   * A thread blocked reading a stream that is interrupted (an executor shut down, a task cancelled)
   * ends the read at once, keeps its interrupt status and releases the connection: the JDK 17
   * client's body stream ignores an interrupt, waits on for bytes, and clears the status. An
   * element stream and an event stream (one that would reconnect too) alike.
   */
  @Test
  public void anInterruptEndsABlockedReadKeepsTheInterruptAndReleasesTheConnection()
      throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    java.util.concurrent.BlockingQueue<String> released =
        new java.util.concurrent.LinkedBlockingQueue<>();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              boolean events = head.contains("/feed");
              RawServer.write(
                  socket,
                  events ? SSE_HEAD : SSE_HEAD.replace("text/event-stream", "application/json"));
              RawServer.writeChunk(
                  socket.getOutputStream(), events ? event("a") : "[{\"displayName\":\"a\"},");
              try {
                while (socket.getInputStream().read() >= 0) {
                  // the client closes or resets the connection once it gives the body up
                }
              } catch (IOException e) {
                // reset: given up all the same
              }
              released.add(events ? "feed" : "items");
              hold.await(10, TimeUnit.SECONDS);
              socket.close();
            })) {
      JsonOptions untimed = options.toBuilder().timeout(Duration.ZERO).build();
      EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(3).build();
      try (Stream<Named> items =
              HttpJson.getFromJsonAsStream(
                  client, raw.uri("/items"), JsonType.of(Named.class, untimed));
          Stream<ServerSentEvent<Named>> feed =
              HttpJson.getFromJsonAsEvents(
                  client, raw.uri("/feed"), JsonType.of(Named.class, untimed), reconnect)) {
        Iterator<Named> itemsRead = items.iterator();
        assertThat(itemsRead.next()).isEqualTo(new Named("a"));
        assertInterruptEnds(itemsRead::hasNext);
        assertThat(released.poll(5, TimeUnit.SECONDS)).isEqualTo("items");
        Iterator<ServerSentEvent<Named>> feedRead = feed.iterator();
        assertThat(feedRead.next().data()).isEqualTo(new Named("a"));
        assertInterruptEnds(feedRead::hasNext);
        assertThat(released.poll(5, TimeUnit.SECONDS)).isEqualTo("feed");
      } finally {
        hold.countDown();
      }
      assertThat(raw.connections()).as("no reconnection after the interrupt").isEqualTo(2);
    }
    assertClientHealthyAndNothingLeaked();
  }

  /** Runs {@code read}, which blocks, on a thread that another interrupts 200 ms later. */
  private static void assertInterruptEnds(java.util.concurrent.Callable<?> read) throws Exception {
    CompletableFuture<String> outcome = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              String what;
              try {
                what = "returned " + read.call();
              } catch (Throwable e) {
                what = "threw " + e;
              }
              outcome.complete(what + ", interrupted " + Thread.currentThread().isInterrupted());
            });
    reader.start();
    Thread.sleep(200); // let it block (the outcome does not depend on it)
    reader.interrupt();
    try {
      assertThat(outcome.get(5, TimeUnit.SECONDS))
          .as("the read's end, and the reader's interrupt status")
          .startsWith("threw " + UncheckedHttpJsonException.class.getName())
          .contains("Interrupted")
          .endsWith("interrupted true");
    } finally {
      reader.join(10_000);
    }
  }

  // ---- hostile servers ----

  @Test
  public void idWithNulIsIgnored() throws Exception {
    server.enqueue(events("id: 1\n" + event("a") + "id: 2\u0000x\n" + event("b")));

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      assertThat(s.map(ServerSentEvent::id)).containsExactly("1", "1");
    }
  }

  @Test
  public void invalidUtf8InDataBecomesReplacementCharacters() throws Exception {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.write("data: {\"displayName\":\"a".getBytes(UTF_8));
    body.write(0xFF);
    body.write("b\"}\n\n".getBytes(UTF_8));
    server.enqueue(LoopbackServer.bytes(200, "text/event-stream", body.toByteArray()));

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      assertThat(s.map(ServerSentEvent::data)).containsExactly(new Named("a\uFFFDb"));
    }
  }

  @Test
  public void serverEndingMidEventDropsThatEvent() throws Exception {
    server.enqueue(events(event("a") + "data: {\"displayName\":\"cut\"}\n"));

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      assertThat(s.map(ServerSentEvent::data)).containsExactly(new Named("a"));
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void gzipCompressedEventStreamIsDecoded() throws Exception {
    assertGzipDecoded();
  }

  @Test
  public void contentEncodingOverTwoHeaderLinesIsReadWhole() throws Exception {
    byte[] body = (event("a") + event("b")).getBytes(UTF_8);
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "text/event-stream")
            .addHeader("Content-Encoding", "gzip")
            .addHeader("Content-Encoding", "gzip")
            .body(new Buffer().write(Compressed.gzip(Compressed.gzip(body))))
            .build());
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "text/event-stream")
            .addHeader("Content-Encoding", "identity")
            .addHeader("Content-Encoding", "gzip")
            .body(new Buffer().write(Compressed.gzip(body)))
            .build());

    assertThatThrownBy(() -> HttpJson.getFromJsonAsEvents(client, uri("/e"), named()))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("'gzip, gzip': more than one coding");
    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      assertThat(s.map(ServerSentEvent::data)).containsExactly(new Named("a"), new Named("b"));
    }
    assertClientHealthyAndNothingLeaked();
  }

  protected final void assertGzipDecoded() throws Exception {
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write((event("a") + event("b")).getBytes(UTF_8));
    }
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "text/event-stream")
            .addHeader("Content-Encoding", "gzip")
            .body(new Buffer().write(gz.toByteArray()))
            .build());

    try (Stream<ServerSentEvent<Named>> s =
        HttpJson.getFromJsonAsEvents(client, uri("/e"), named())) {
      assertThat(s.map(ServerSentEvent::data)).containsExactly(new Named("a"), new Named("b"));
    }
  }
}

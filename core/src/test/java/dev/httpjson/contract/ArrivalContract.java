package dev.httpjson.contract;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.spi.JsonCodec;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Stream data reaches the consumer as soon as its bytes arrive, not one read later: a loopback
 * server writes one element per chunk and then holds the next one back until the consumer has seen
 * the last (or {@link #HOLD_MS} passed). A transport that keeps data it already has until more
 * arrives shows each element {@link #HOLD_MS} late; a prompt one well within {@link #BOUND_MS}.
 * Arrival is measured from the moment the server flushed the element's bytes, so the figures do not
 * depend on how fast the machine runs the rest of the test.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class ArrivalContract {
  /** How long an element may take from the server's flush to the consumer. */
  static final long BOUND_MS = 700;

  /** How long the server holds the next element back while the consumer has not seen the last. */
  static final long HOLD_MS = 2_500;

  private static final int ELEMENTS = 3;

  protected HttpClient client;
  protected JsonOptions options;
  private RawServer server;
  private Script script;

  protected abstract JsonCodec codec();

  /** The client under test. */
  protected HttpClient newClient() {
    return HttpClient.newHttpClient();
  }

  @BeforeEach
  void start() throws Exception {
    client = newClient();
    options = JsonOptions.newBuilder().codec(codec()).build();
    warmUp();
  }

  /**
   * Reads each kind of stream once, whole, so that loading classes and opening the first connection
   * (seconds on a loaded machine) are not counted as an element's arrival.
   */
  private void warmUp() throws Exception {
    try (RawServer warm =
        new RawServer(
            (socket, head) -> {
              String body =
                  head.contains("ndjson")
                      ? element(0) + "\n" + element(1) + "\n"
                      : "[" + element(0) + "," + element(1) + "]";
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/"
                      + (head.contains("ndjson") ? "x-ndjson" : "json")
                      + "\r\nTransfer-Encoding: chunked\r\n\r\n");
              RawServer.writeChunk(socket.getOutputStream(), body);
              RawServer.write(socket, "0\r\n\r\n");
              closeQuietly(socket);
            })) {
      for (String path : new String[] {"/array", "/ndjson"}) {
        try (Stream<Named> stream =
            HttpJson.getFromJsonAsStream(
                client, warm.uri(path), JsonType.of(Named.class, options))) {
          assertThat(stream).hasSize(2);
        }
        try (Stream<Named> stream =
            HttpJson.getFromJsonAsStreamAsync(
                    client, warm.uri(path), JsonType.of(Named.class, options))
                .get(30, TimeUnit.SECONDS)) {
          assertThat(stream).hasSize(2);
        }
        HttpResponse<InputStream> raw =
            client.send(
                HttpRequest.newBuilder(warm.uri(path)).build(), BodyHandlers.ofInputStream());
        try (InputStream in = raw.body()) {
          assertThat(in.readAllBytes()).isNotEmpty();
        }
      }
      assertThat(warm.handlerFailures()).isEmpty();
    }
  }

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  @Test
  public void arrayElementsReachGetFromJsonAsStreamAsTheirBytesArrive() throws Exception {
    URI uri = serve("application/json", i -> (i == 0 ? "[" : ",") + element(i), "]");
    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri, JsonType.of(Named.class, options))) {
      consume(stream.iterator());
    }
    script.assertPrompt();
  }

  @Test
  public void ndjsonElementsReachGetFromJsonAsStreamAsTheirBytesArrive() throws Exception {
    URI uri = serve("application/x-ndjson", i -> element(i) + "\n", "");
    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri, JsonType.of(Named.class, options))) {
      consume(stream.iterator());
    }
    script.assertPrompt();
  }

  @Test
  public void elementsReachTheAsyncStreamAsTheirBytesArrive() throws Exception {
    URI uri = serve("application/x-ndjson", i -> element(i) + "\n", "");
    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStreamAsync(client, uri, JsonType.of(Named.class, options))
            .get(10, TimeUnit.SECONDS)) {
      consume(stream.iterator());
    }
    script.assertPrompt();
  }

  /**
   * An element reaches the consumer at its own end, before the server sends anything after it: an
   * object at its {@code }}, a string at its closing quote, a number at the comma after it. The
   * server sends the next bytes only once the consumer has seen the element, so a stream that
   * waited for more would see the element only after the server gave up waiting ({@link #HOLD_MS}).
   */
  @Test
  public void anElementReachesTheConsumerBeforeAnythingAfterIt() throws Exception {
    assertEachDeliveredAlone(
        "application/json",
        Named.class,
        java.util.List.of("[{\"displayName\":\"e0\"}", ",{\"displayName\":\"e1\"}", "]"),
        java.util.List.of(new Named("e0"), new Named("e1")));
    assertEachDeliveredAlone(
        "application/json",
        String.class,
        java.util.List.of("[\"a\"", ",\"b\"", "]"),
        java.util.List.of("a", "b"));
    assertEachDeliveredAlone(
        "application/json",
        Integer.class,
        java.util.List.of("[10,", "22,", "3]"),
        java.util.List.of(10, 22, 3));
    assertEachDeliveredAlone(
        "application/x-ndjson",
        Integer.class,
        java.util.List.of("100\n", "22\n", "3"),
        java.util.List.of(100, 22, 3));
  }

  /**
   * An element in the first bytes of a body, fewer than four, reaches the consumer before anything
   * after it: a parser that waits for four bytes to tell UTF-8 from UTF-16 and UTF-32 (as Jackson's
   * does) must not wait for them once the body is known to start as UTF-8. A byte order mark in
   * front of such an element delays it no more.
   */
  @Test
  public void anElementInTheFirstBytesReachesTheConsumerBeforeAnythingAfterIt() throws Exception {
    assertEachDeliveredAlone(
        "application/x-ndjson",
        Integer.class,
        java.util.List.of("1\n", "2\n", "3"),
        java.util.List.of(1, 2, 3));
    assertEachDeliveredAlone(
        "application/json",
        Integer.class,
        java.util.List.of("[1,", "2,", "3]"),
        java.util.List.of(1, 2, 3));
    assertEachDeliveredAlone(
        "application/x-ndjson",
        String.class,
        java.util.List.of("\"\"\n", "\"b\"\n"),
        java.util.List.of("", "b"));
    assertEachDeliveredAlone(
        "application/x-ndjson",
        Integer.class,
        java.util.List.of("\uFEFF1\n", "2\n"),
        java.util.List.of(1, 2));
  }

  /**
   * Streams {@code chunks} (blocking and async): the server writes chunk {@code i} only once the
   * consumer has seen element {@code i - 1}, or after {@link #HOLD_MS}, which fails the test.
   */
  private <T> void assertEachDeliveredAlone(
      String contentType, Class<T> type, java.util.List<String> chunks, java.util.List<T> expected)
      throws Exception {
    for (boolean async : new boolean[] {false, true}) {
      java.util.List<CountDownLatch> seen = new java.util.ArrayList<>();
      for (int i = 0; i < chunks.size(); i++) {
        seen.add(new CountDownLatch(1));
      }
      java.util.List<String> late = new java.util.concurrent.CopyOnWriteArrayList<>();
      try (RawServer held =
          new RawServer(
              (socket, head) -> {
                OutputStream out = socket.getOutputStream();
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: "
                        + contentType
                        + "\r\nTransfer-Encoding: chunked\r\n\r\n");
                for (int i = 0; i < chunks.size(); i++) {
                  if (i > 0 && !seen.get(i - 1).await(HOLD_MS, TimeUnit.MILLISECONDS)) {
                    late.add("element " + (i - 1) + " of " + chunks);
                  }
                  RawServer.writeChunk(out, chunks.get(i));
                }
                RawServer.write(socket, "0\r\n\r\n");
                closeQuietly(socket);
              })) {
        JsonType<T> elements = JsonType.of(type, options);
        try (Stream<T> stream =
            async
                ? HttpJson.getFromJsonAsStreamAsync(client, held.uri("/held"), elements)
                    .get(30, TimeUnit.SECONDS)
                : HttpJson.getFromJsonAsStream(client, held.uri("/held"), elements)) {
          Iterator<T> it = stream.iterator();
          for (int i = 0; i < expected.size(); i++) {
            assertThat(it.hasNext()).isTrue();
            assertThat(it.next()).isEqualTo(expected.get(i));
            seen.get(i).countDown();
          }
          assertThat(it.hasNext()).isFalse();
        }
        assertThat(held.handlerFailures()).isEmpty();
      }
      assertThat(late)
          .as("elements the consumer saw only after the server stopped waiting (async: %s)", async)
          .isEmpty();
    }
  }

  @Test
  public void sendOfInputStreamReturnsAtTheHeadersAndLinesArriveAsTheirBytesDo() throws Exception {
    URI uri = serve("text/plain", i -> "line " + i + "\n", "");
    script.holdBodyUntilSendReturns = true;
    HttpResponse<InputStream> response =
        client.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofInputStream());
    long returnedAt = System.nanoTime();
    script.sendReturned.countDown();
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), UTF_8))) {
      for (int i = 0; i < ELEMENTS; i++) {
        assertThat(lines.readLine()).isEqualTo("line " + i);
        script.seen(i);
      }
      assertThat(lines.readLine()).isNull();
    }
    long firstByte = script.written.get(0);
    assertThat(firstByte)
        .as("send(…, ofInputStream()) returns before the first body byte is written")
        .isGreaterThan(returnedAt);
    script.assertPrompt();
  }

  @Test
  public void sendAsyncOfInputStreamCompletesAtTheHeaders() throws Exception {
    URI uri = serve("text/plain", i -> "line " + i + "\n", "");
    script.holdBodyUntilSendReturns = true;
    HttpResponse<InputStream> response =
        client
            .sendAsync(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofInputStream())
            .get(10, TimeUnit.SECONDS);
    long returnedAt = System.nanoTime();
    script.sendReturned.countDown();
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), UTF_8))) {
      for (int i = 0; i < ELEMENTS; i++) {
        assertThat(lines.readLine()).isEqualTo("line " + i);
        script.seen(i);
      }
    }
    assertThat(script.written.get(0)).isGreaterThan(returnedAt);
    script.assertPrompt();
  }

  /**
   * The pattern of an event-stream reader: a caller's own {@link java.util.concurrent.Flow}
   * subscriber of lines that requests one at a time. Its lines arrive as promptly, and never on a
   * thread of httpjson's.
   */
  @Test
  public void linesReachACallersLineSubscriberAsTheirBytesArrive() throws Exception {
    URI uri = serve("text/event-stream", i -> "data: " + i + "\n", "");
    java.util.List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
    java.util.concurrent.CompletableFuture<Void> ended =
        new java.util.concurrent.CompletableFuture<>();
    java.util.concurrent.Flow.Subscriber<String> lines =
        new java.util.concurrent.Flow.Subscriber<>() {
          private java.util.concurrent.Flow.Subscription subscription;
          private int next;

          @Override
          public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
            subscription = s;
            s.request(1);
          }

          @Override
          public void onNext(String line) {
            threads.add(Thread.currentThread().getName());
            if (line.equals("data: " + next)) {
              script.seen(next++);
            }
            subscription.request(1);
          }

          @Override
          public void onError(Throwable t) {
            ended.completeExceptionally(t);
          }

          @Override
          public void onComplete() {
            threads.add(Thread.currentThread().getName());
            ended.complete(null);
          }
        };
    HttpResponse<Void> response =
        client
            .sendAsync(HttpRequest.newBuilder(uri).build(), BodyHandlers.fromLineSubscriber(lines))
            .get(30, TimeUnit.SECONDS);
    ended.get(30, TimeUnit.SECONDS);
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(threads).isNotEmpty().noneMatch(name -> name.startsWith("httpjson-"));
    script.assertPrompt();
  }

  private static String element(int i) {
    return "{\"displayName\":\"e" + i + "\"}";
  }

  private void consume(Iterator<Named> elements) {
    for (int i = 0; i < ELEMENTS; i++) {
      assertThat(elements.hasNext()).isTrue();
      assertThat(elements.next()).isEqualTo(new Named("e" + i));
      script.seen(i);
    }
    assertThat(elements.hasNext()).isFalse();
  }

  private interface Chunk {
    String of(int i);
  }

  private URI serve(String contentType, Chunk chunk, String tail) throws Exception {
    script = new Script();
    Script s = script;
    server =
        new RawServer(
            (socket, head) -> {
              OutputStream out = socket.getOutputStream();
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: "
                      + contentType
                      + "\r\nTransfer-Encoding: chunked\r\n\r\n");
              if (s.holdBodyUntilSendReturns) {
                s.sendReturned.await(HOLD_MS, TimeUnit.MILLISECONDS);
              }
              for (int i = 0; i < ELEMENTS; i++) {
                // Stamped before the write: the consumer may see the element, and the test assert,
                // before this thread runs again after it.
                s.written.set(i, System.nanoTime());
                RawServer.writeChunk(out, chunk.of(i));
                s.seen[i].await(HOLD_MS, TimeUnit.MILLISECONDS);
              }
              try {
                if (!tail.isEmpty()) {
                  RawServer.writeChunk(out, tail);
                }
                out.write("0\r\n\r\n".getBytes(UTF_8));
                out.flush();
              } catch (java.io.IOException e) {
                // A consumer that has seen every element may close the body before its end
                // arrives (the raw InputStream rows do): the end then meets a closed connection.
              }
              closeQuietly(socket);
            });
    return server.uri("/stream");
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.shutdownOutput();
      socket.getInputStream().read(); // until the client lets the connection go
    } catch (java.io.IOException ignored) {
      // the client closed it first
    }
  }

  /** When the server wrote each element and when the consumer saw it. */
  private static final class Script {
    final CountDownLatch sendReturned = new CountDownLatch(1);
    final CountDownLatch[] seen = new CountDownLatch[ELEMENTS];
    final AtomicLongArray written = new AtomicLongArray(ELEMENTS);
    final AtomicLongArray seenAt = new AtomicLongArray(ELEMENTS);
    volatile boolean holdBodyUntilSendReturns;

    Script() {
      for (int i = 0; i < ELEMENTS; i++) {
        seen[i] = new CountDownLatch(1);
      }
    }

    void seen(int i) {
      seenAt.set(i, System.nanoTime());
      seen[i].countDown();
    }

    void assertPrompt() {
      StringBuilder figures = new StringBuilder();
      long worst = 0;
      for (int i = 0; i < ELEMENTS; i++) {
        long millis = TimeUnit.NANOSECONDS.toMillis(seenAt.get(i) - written.get(i));
        figures.append(i == 0 ? "" : ", ").append(millis).append(" ms");
        worst = Math.max(worst, millis);
      }
      assertThat(worst)
          .as("ms from the server's flush to the consumer, per element: %s", figures)
          .isLessThan(BOUND_MS);
    }
  }
}

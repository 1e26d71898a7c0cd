package dev.httpjson.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.RawServer;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The room a body being stored sets aside in the cache's bound comes back however its stream ends:
 * closed, read to its end, failed, or dropped unreachable by a caller who never closed it. Four
 * streams of a quarter of the bound each hold all of it while they are open; a response of the same
 * size is stored again only once their room came back.
 */
class StreamRoomTest {
  private static final long MAX = 256 * 1024;

  /** Bodies of a little less than a quarter of the bound: four fill it. */
  private static final int BODY = 60_000;

  private static final int STREAMS = 4;

  enum Where {
    MEMORY,
    DISK
  }

  private final HttpClient jdk = HttpClient.newHttpClient();
  private final AtomicInteger probes = new AtomicInteger();
  private MockWebServer server;
  @TempDir Path dir;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.newServer();
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            return new MockResponse.Builder()
                .code(200)
                .addHeader("Cache-Control", "max-age=60")
                .addHeader("Content-Type", "application/x-ndjson")
                .body(lines(BODY))
                .build();
          }
        });
    server.start(java.net.InetAddress.getLoopbackAddress(), 0);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** NDJSON of strings, {@code size} bytes (a multiple of 100). */
  private static String lines(int size) {
    return ("\"" + "s".repeat(97) + "\"\n").repeat(size / 100);
  }

  private HttpCache cache(Where where) {
    return where == Where.MEMORY ? HttpCache.inMemory(MAX) : HttpCache.onDisk(dir, MAX);
  }

  private static HttpRequest request(URI uri) {
    return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build();
  }

  /**
   * Whether a response of the streams' size is stored now: fetched whole, then asked again, and a
   * hit. Each probe is a URI of its own.
   */
  private boolean roomForOneMore(HttpClient client) throws Exception {
    URI uri = LoopbackServer.uri(server, "/probe" + probes.incrementAndGet());
    assertThat(client.send(request(uri), BodyHandlers.ofString()).body()).hasSize(BODY);
    HttpResponse<String> again = client.send(request(uri), BodyHandlers.ofString());
    return HttpCache.outcome(again).orElseThrow() == HttpCache.Outcome.HIT;
  }

  /** Opens {@link #STREAMS} bodies being stored, each read a little, and returns them. */
  private List<InputStream> openStreams(HttpClient client, String prefix) throws Exception {
    List<InputStream> open = new ArrayList<>();
    for (int i = 0; i < STREAMS; i++) {
      URI uri = LoopbackServer.uri(server, "/" + prefix + i);
      InputStream in = client.send(request(uri), BodyHandlers.ofInputStream()).body();
      assertThat(in.readNBytes(10)).hasSize(10);
      open.add(in);
    }
    assertThat(roomForOneMore(client)).as("the open streams hold the whole bound").isFalse();
    return open;
  }

  private List<Path> temporaryFiles() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.toString().endsWith(".tmp")).toList();
    }
  }

  /**
   * Collects garbage and probes, up to 30 s, until a response is stored again: the room of streams
   * dropped unreachable came back. Fails at the deadline.
   */
  private void awaitRoomBack(HttpClient client) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      System.gc();
      if (roomForOneMore(client)) {
        return;
      }
      assertThat(System.nanoTime())
          .as("the room of the dropped streams came back within 30 s")
          .isLessThan(deadline);
      Thread.sleep(50); // no signal tells a collection: poll
    }
  }

  @ParameterizedTest
  @EnumSource(Where.class)
  void theRoomOfStreamsClosedHalfReadComesBack(Where where) throws Exception {
    HttpClient client = cache(where).decorate(jdk);
    for (InputStream in : openStreams(client, "closed")) {
      in.close();
    }
    assertThat(roomForOneMore(client)).isTrue();
    if (where == Where.DISK) {
      assertThat(temporaryFiles()).isEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(Where.class)
  void theRoomOfStreamsReadToTheirEndComesBack(Where where) throws Exception {
    HttpClient client = cache(where).decorate(jdk);
    for (InputStream in : openStreams(client, "read")) {
      assertThat(in.readAllBytes()).hasSize(BODY - 10);
    }
    assertThat(roomForOneMore(client)).isTrue();
    if (where == Where.DISK) {
      assertThat(temporaryFiles()).isEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(Where.class)
  void theRoomOfStreamsThatFailComesBack(Where where) throws Exception {
    HttpClient client = cache(where).decorate(jdk);
    try (RawServer cut =
        new RawServer(
            (socket, head) -> {
              OutputStream out = socket.getOutputStream();
              out.write(
                  ("HTTP/1.1 200 OK\r\nContent-Length: "
                          + BODY
                          + "\r\nCache-Control: max-age=60\r\n\r\n"
                          + "y".repeat(1000))
                      .getBytes(StandardCharsets.ISO_8859_1));
              out.flush();
              socket.close(); // the body cut short
            })) {
      List<InputStream> open = new ArrayList<>();
      for (int i = 0; i < STREAMS; i++) {
        open.add(client.send(request(cut.uri("/cut" + i)), BodyHandlers.ofInputStream()).body());
      }
      for (InputStream in : open) {
        assertThatThrownBy(in::readAllBytes).isInstanceOf(IOException.class);
      }
    }
    assertThat(roomForOneMore(client)).isTrue();
    if (where == Where.DISK) {
      assertThat(temporaryFiles()).isEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(Where.class)
  void theRoomOfStreamsDroppedUnclosedComesBackOnceTheyAreUnreachable(Where where)
      throws Exception {
    HttpClient client = cache(where).decorate(jdk);
    openStreams(client, "dropped"); // never closed, nor read to their end
    awaitRoomBack(client);
    if (where == Where.DISK) {
      assertThat(temporaryFiles()).isEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(Where.class)
  void theRoomOfJsonStreamsDroppedUnclosedComesBackOnceTheyAreUnreachable(Where where)
      throws Exception {
    HttpCache cache = cache(where);
    HttpClient client = cache.decorate(jdk);
    openJsonStreams(api(cache));
    assertThat(roomForOneMore(client)).as("the open streams hold the whole bound").isFalse();
    awaitRoomBack(client);
    if (where == Where.DISK) {
      assertThat(temporaryFiles()).isEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(Where.class)
  void theRoomOfStreamsOfJsonBodyHandlersDroppedUnclosedComesBackOnceTheyAreUnreachable(Where where)
      throws Exception {
    HttpClient client = cache(where).decorate(jdk);
    openHandlerStreams(client);
    assertThat(roomForOneMore(client)).as("the open streams hold the whole bound").isFalse();
    awaitRoomBack(client);
    if (where == Where.DISK) {
      assertThat(temporaryFiles()).isEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(Where.class)
  void streamsStillReadAreNotDroppedByACollection(Where where) throws Exception {
    HttpCache cache = cache(where);
    HttpClient client = cache.decorate(jdk);
    InputStream in =
        client
            .send(request(LoopbackServer.uri(server, "/kept")), BodyHandlers.ofInputStream())
            .body();
    assertThat(in.readNBytes(10)).hasSize(10);
    // Only an iterator of each element stream is kept: the streams themselves are dropped.
    Iterator<String> handled =
        client
            .send(
                request(LoopbackServer.uri(server, "/handled")),
                JsonBodyHandlers.ofNdjsonStream(type()))
            .body()
            .iterator();
    Iterator<String> called = api(cache).getFromJsonAsStream("called", String.class).iterator();
    assertThat(handled.next()).startsWith("sss");
    assertThat(called.next()).startsWith("sss");
    for (int i = 0; i < 5; i++) {
      System.gc();
      roomForOneMore(client); // a body set aside room: the dropped ones are told
    }
    assertThat(in.readAllBytes()).hasSize(BODY - 10);
    in.close();
    assertThat(rest(handled)).isEqualTo(BODY / 100 - 1);
    assertThat(rest(called)).isEqualTo(BODY / 100 - 1);
    for (String path : List.of("/kept", "/handled", "/called")) {
      HttpResponse<String> again =
          client.send(request(LoopbackServer.uri(server, path)), BodyHandlers.ofString());
      assertThat(HttpCache.outcome(again)).as(path).contains(HttpCache.Outcome.HIT);
    }
  }

  private static int rest(Iterator<String> elements) {
    int n = 0;
    while (elements.hasNext()) {
      assertThat(elements.next()).hasSize(97);
      n++;
    }
    return n;
  }

  private static JsonType<String> type() {
    return JsonType.of(
        String.class,
        JsonOptions.newBuilder().codec(new LineCodec()).timeout(Duration.ofSeconds(5)).build());
  }

  private HttpJsonClient api(HttpCache cache) {
    return HttpJsonClient.newBuilder(jdk)
        .baseUri(LoopbackServer.uri(server, "/"))
        .options(
            JsonOptions.newBuilder().codec(new LineCodec()).timeout(Duration.ofSeconds(5)).build())
        .cache(cache)
        .build();
  }

  /**
   * Opens {@link #STREAMS} element streams with {@link JsonBodyHandlers}, reads one element of
   * each, and drops them.
   */
  private void openHandlerStreams(HttpClient client) throws Exception {
    for (int i = 0; i < STREAMS; i++) {
      Stream<String> elements =
          client
              .send(
                  request(LoopbackServer.uri(server, "/handler" + i)),
                  JsonBodyHandlers.ofNdjsonStream(type()))
              .body();
      assertThat(elements.iterator().next()).startsWith("sss");
    }
  }

  /** Opens {@link #STREAMS} element streams, reads one element of each, and drops them. */
  private static void openJsonStreams(HttpJsonClient api) throws Exception {
    for (int i = 0; i < STREAMS; i++) {
      Stream<String> elements = api.getFromJsonAsStream("json" + i, String.class);
      assertThat(elements.iterator().next()).startsWith("sss");
    }
  }

  /** Reads JSON strings one a line: enough of a codec for a stream of strings. */
  static final class LineCodec implements JsonCodec {
    @Override
    public String name() {
      return "lines";
    }

    @Override
    public JsonBinding bind(JsonOptions options) {
      return new JsonBinding() {
        @Override
        public <T> JsonReader<T> reader(Type type) {
          throw new UnsupportedOperationException();
        }

        @Override
        public <T> JsonWriter<T> writer(Type type) {
          throw new UnsupportedOperationException();
        }

        @Override
        public <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
          return new Lines<>();
        }
      };
    }
  }

  private static final class Lines<T> implements JsonSequenceReader<T> {
    @Override
    public Cursor<T> array(InputStream in) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Cursor<T> array(Reader reader) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Cursor<T> values(InputStream in) {
      return values(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
    }

    @Override
    public Cursor<T> values(Reader reader) {
      BufferedReader lines = new BufferedReader(reader);
      Iterator<String> it = lines.lines().filter(l -> !l.isBlank()).iterator();
      return new Cursor<T>() {
        private @Nullable String line;

        @Override
        public boolean next() {
          line = it.hasNext() ? it.next() : null;
          return line != null;
        }

        @Override
        @SuppressWarnings("unchecked")
        public @Nullable T value() {
          String l = line;
          return l == null ? null : (T) l.replace("\"", "");
        }

        @Override
        public void close() throws IOException {
          lines.close();
        }
      };
    }
  }
}

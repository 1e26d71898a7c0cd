package dev.httpjson.contract;

import static dev.httpjson.contract.LoopbackServer.bytes;
import static dev.httpjson.contract.LoopbackServer.json;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonSequenceContent;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.LoggingInterceptor;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Streaming, limits, timeouts and cancellation, against real loopback servers; every failure is
 * followed by a normal call on the same client and a check that no thread or descriptor leaked.
 */
public abstract class StreamingContract {
  protected MockWebServer server;
  protected HttpClient client;
  protected JsonOptions options;
  private ResourceCounts baseline;

  protected abstract JsonCodec codec();

  /**
   * A value whose serialization fails at {@code $.name} with the message {@code "boom in getName"}:
   * by default a bean whose getter throws ({@link Models.Exploding}). A codec that serializes
   * fields rather than getters overrides it (listed in the README's codec table).
   */
  protected Object unserializable() {
    return new Models.Exploding();
  }

  /** The started server the contract scripts: HTTP/1.1 on loopback unless overridden. */
  protected MockWebServer newServer() throws IOException {
    return LoopbackServer.start();
  }

  /** The client under test, able to reach {@link #newServer()}'s server. */
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
    server = newServer();
    client = newClient();
    options = JsonOptions.newBuilder().codec(codec()).build();
    normalCall(); // warm up: client threads and the first connection exist before the baseline
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

  /** The same client completes an ordinary call. */
  private void normalCall() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"ok\"}"));
    assertThat(HttpJson.getFromJson(client, uri("/ok"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("ok"));
  }

  private void assertClientHealthyAndNothingLeaked() throws Exception {
    normalCall();
    ResourceCounts.assertBackTo(baseline);
  }

  private static String namedArray(int n) {
    return IntStream.range(0, n)
        .mapToObj(i -> "{\"displayName\":\"n" + i + "\"}")
        .collect(Collectors.joining(",", "[", "]"));
  }

  // ---- size limits ----

  @Test
  public void declaredLengthOverTheLimitFailsBeforeReading() throws Exception {
    server.enqueue(json(200, "[" + "1,".repeat(600) + "1]"));
    JsonOptions small = options.toBuilder().maxResponseSize(1000).build();

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/x"), JsonType.of(List.class, small)))
        .isInstanceOfSatisfying(
            ResponseTooLargeException.class,
            e -> {
              assertThat(e.declared()).isTrue();
              assertThat(e.limit()).isEqualTo(1000);
              assertThat(e.size()).isEqualTo(1203);
              assertThat(e.getMessage()).contains("1000").contains("1203");
            });
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void chunkedBodyOverTheLimitFailsWhenItCrossesIt() throws Exception {
    server.enqueue(LoopbackServer.withoutLength(server, 200, "[" + "1,".repeat(600) + "1]", 100));
    JsonOptions small = options.toBuilder().maxResponseSize(1000).build();

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/x"), JsonType.of(List.class, small)))
        .isInstanceOfSatisfying(
            ResponseTooLargeException.class,
            e -> {
              assertThat(e.declared()).isFalse();
              assertThat(e.size()).isGreaterThan(1000).isLessThanOrEqualTo(1203);
            });
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void bodyExactlyAtTheLimitSucceeds() throws Exception {
    String body = "[" + "1,".repeat(498) + "10]";
    assertThat(body).hasSize(1000);
    server.enqueue(LoopbackServer.withoutLength(server, 200, body, 64));
    JsonOptions small = options.toBuilder().maxResponseSize(1000).build();

    assertThat(
            HttpJson.getFromJson(
                client, uri("/x"), JsonType.listOf(Integer.class).withOptions(small)))
        .hasSize(499);
    assertClientHealthyAndNothingLeaked();
  }

  // ---- streaming reads ----

  @Test
  public void streamsTheElementsOfATopLevelArray() throws Exception {
    server.enqueue(LoopbackServer.withoutLength(server, 200, namedArray(1000), 97));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, options))) {
      List<Named> all = stream.collect(Collectors.toList());
      assertThat(all).hasSize(1000);
      assertThat(all.get(999)).isEqualTo(new Named("n999"));
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void streamElementsMayBeNull() throws Exception {
    server.enqueue(json(200, "[{\"displayName\":\"a\"}, null, {\"displayName\":\"b\"}]"));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, options))) {
      assertThat(stream.collect(Collectors.toList()))
          .containsExactly(new Named("a"), null, new Named("b"));
    }
  }

  @Test
  public void streamsNdjsonChosenByContentTypeSkippingBlankLines() throws Exception {
    server.enqueue(
        bytes(
            200,
            "application/x-ndjson",
            "{\"displayName\":\"a\"}\n\n{\"displayName\":\"b\"}\r\n  \n{\"displayName\":\"c\"}\n"
                .getBytes(UTF_8)));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/n"), JsonType.of(Named.class, options))) {
      assertThat(stream.map(Named::displayName)).containsExactly("a", "b", "c");
    }
  }

  @Test
  public void streamsNdjsonAndArraysOfBareNumbersArrivingAFewBytesAChunk() throws Exception {
    String ndjson = "1\n22\r\n-3 \n\n4\t\n" + "1234567890123\n".repeat(200) + "5";
    String array = "[1, 22 ,-3\n,\t4 ," + "1234567890123 ,".repeat(200) + "5 ]\n";
    List<Long> expected = new ArrayList<>(List.of(1L, 22L, -3L, 4L));
    expected.addAll(java.util.Collections.nCopies(200, 1234567890123L));
    expected.add(5L);
    for (int chunk : new int[] {1, 3, 64}) {
      for (boolean nd : new boolean[] {true, false}) {
        MockResponse.Builder response =
            new MockResponse.Builder()
                .code(200)
                .addHeader("Content-Type", nd ? "application/x-ndjson" : "application/json");
        okio.Buffer body = new okio.Buffer().writeUtf8(nd ? ndjson : array);
        if (server.url("/").isHttps()) {
          response.body(body);
        } else {
          response.chunkedBody(body, chunk);
        }
        server.enqueue(response.build());
        try (Stream<Long> stream =
            HttpJson.getFromJsonAsStream(client, uri("/n"), JsonType.of(Long.class, options))) {
          assertThat(stream.collect(Collectors.toList()))
              .as("%s in chunks of %d bytes", nd ? "NDJSON" : "an array", chunk)
              .isEqualTo(expected);
        }
      }
    }
    server.enqueue(
        bytes(200, "application/x-ndjson", "2.5\n-3e2\r\n1E+2 \n0\n-0.125".getBytes(UTF_8)));
    try (Stream<Double> stream =
        HttpJson.getFromJsonAsStream(client, uri("/d"), JsonType.of(Double.class, options))) {
      assertThat(stream).containsExactly(2.5, -300.0, 100.0, 0.0, -0.125);
    }
    assertClientHealthyAndNothingLeaked();
  }

  // ---- UTF-16 and UTF-32 streams ----

  private static final String THREE_ARRAY =
      "[{\"displayName\":\"Zoë\"},\n {\"displayName\":\"漢\"},{\"displayName\":\"😀\"}]";
  private static final String THREE_NDJSON =
      "{\"displayName\":\"Zoë\"}\n{\"displayName\":\"漢\"}\r\n{\"displayName\":\"😀\"}\n";

  private static byte[] withMark(byte[] mark, byte[] body) {
    byte[] all = new byte[mark.length + body.length];
    System.arraycopy(mark, 0, all, 0, mark.length);
    System.arraycopy(body, 0, all, mark.length, body.length);
    return all;
  }

  @Test
  public void streamsUtf16AndUtf32ArraysAndNdjsonInEitherByteOrderWithOrWithoutAMark()
      throws Exception {
    java.nio.charset.Charset utf32le = java.nio.charset.Charset.forName("UTF-32LE");
    java.nio.charset.Charset utf32be = java.nio.charset.Charset.forName("UTF-32BE");
    byte[] le16 = {(byte) 0xFF, (byte) 0xFE};
    byte[] be16 = {(byte) 0xFE, (byte) 0xFF};
    for (boolean ndjson : new boolean[] {false, true}) {
      String text = ndjson ? THREE_NDJSON : THREE_ARRAY;
      String type = ndjson ? "application/x-ndjson" : "application/json";
      List<Object[]> bodies =
          List.of(
              new Object[] {"utf-16", text.getBytes(java.nio.charset.StandardCharsets.UTF_16LE)},
              new Object[] {
                "utf-16", withMark(le16, text.getBytes(java.nio.charset.StandardCharsets.UTF_16LE))
              },
              new Object[] {
                "UTF-16", withMark(be16, text.getBytes(java.nio.charset.StandardCharsets.UTF_16BE))
              },
              new Object[] {"utf-16", text.getBytes(java.nio.charset.StandardCharsets.UTF_16BE)},
              new Object[] {"utf-32", text.getBytes(utf32le)},
              new Object[] {"utf-32", text.getBytes(utf32be)});
      for (Object[] body : bodies) {
        MockResponse.Builder response =
            new MockResponse.Builder()
                .code(200)
                .addHeader("Content-Type", type + "; charset=" + body[0]);
        if (server.url("/").isHttps()) {
          response.body(new okio.Buffer().write((byte[]) body[1]));
        } else { // one byte per chunk: the byte order is read across chunks
          response.chunkedBody(new okio.Buffer().write((byte[]) body[1]), 1);
        }
        server.enqueue(response.build());
        try (Stream<Named> stream =
            HttpJson.getFromJsonAsStream(client, uri("/s"), JsonType.of(Named.class, options))) {
          assertThat(stream.map(Named::displayName))
              .as("%s %s, %d bytes", type, body[0], ((byte[]) body[1]).length)
              .containsExactly("Zoë", "漢", "😀");
        }
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  // ---- NDJSON requests with indentation ----

  @Test
  public void ndjsonRequestsWriteOneLinePerElementEvenWithIndentation() throws Exception {
    JsonOptions indented = options.toBuilder().indent(true).build();
    List<Map<String, Object>> elements =
        List.of(
            Map.of("displayName", "two\nlines", "tags", List.of("a", "b")),
            Map.of("displayName", "x", "nested", Map.of("deep", List.of(1, 2))));
    server.enqueue(json(204, ""));

    client.send(
        JsonSequenceContent.ofNdjson(
                elements, new JsonType<Map<String, Object>>() {}.withOptions(indented))
            .requestBuilder("POST", uri("/bulk"))
            .build(),
        HttpResponse.BodyHandlers.discarding());

    String body = received(server).take().getBody().utf8();
    assertThat(body).endsWith("\n");
    String[] lines = body.split("\n");
    assertThat(lines).hasSize(2);
    // The lines read back as the elements: an NDJSON reader splits them.
    server.enqueue(bytes(200, "application/x-ndjson", body.getBytes(UTF_8)));
    try (Stream<Map<String, Object>> back =
        HttpJson.getFromJsonAsStream(
            client, uri("/back"), new JsonType<Map<String, Object>>() {}.withOptions(options))) {
      assertThat(back.collect(Collectors.toList())).isEqualTo(elements);
    }
  }

  @Test
  public void arrayRequestsKeepTheirIndentation() throws Exception {
    JsonOptions indented = options.toBuilder().indent(true).build();
    server.enqueue(json(204, ""));

    client.send(
        JsonSequenceContent.ofArray(List.of(Map.of("a", 1)), JsonType.of(Object.class, indented))
            .requestBuilder("POST", uri("/bulk"))
            .build(),
        HttpResponse.BodyHandlers.discarding());

    assertThat(received(server).take().getBody().utf8()).contains("\n");
  }

  // ---- sequence requests in another charset ----

  @Test
  public void sequenceRequestsUseTheCharsetOfTheCallersContentTypeEscapingWhatItCannotEncode()
      throws Exception {
    List<Named> elements = List.of(new Named("€ 漢"), new Named("é 😀"));
    server.enqueue(json(204, ""));
    server.enqueue(json(204, ""));
    server.enqueue(json(204, ""));

    client.send(
        JsonSequenceContent.ofArray(elements, JsonType.of(Named.class, options))
            .requestBuilder("POST", uri("/a"))
            .header("Content-Type", "application/json; charset=ISO-8859-1")
            .build(),
        HttpResponse.BodyHandlers.discarding());
    client.send(
        JsonSequenceContent.ofNdjson(elements, JsonType.of(Named.class, options))
            .requestBuilder("POST", uri("/n"))
            .setHeader("Content-Type", "application/x-ndjson; charset=us-ascii")
            .build(),
        HttpResponse.BodyHandlers.discarding());
    client.send(
        JsonSequenceContent.ofArray(elements, JsonType.of(Named.class, options))
            .requestBuilder("POST", uri("/u"))
            .header("Content-Type", "application/json; charset=utf-16")
            .build(),
        HttpResponse.BodyHandlers.discarding());

    assertThat(received(server).take().getBody().toByteArray())
        .isEqualTo(
            "[{\"displayName\":\"\\u20AC \\u6F22\"},{\"displayName\":\"é \\uD83D\\uDE00\"}]"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    assertThat(received(server).take().getBody().utf8())
        .isEqualTo(
            "{\"displayName\":\"\\u20AC \\u6F22\"}\n{\"displayName\":\"\\u00E9 \\uD83D\\uDE00\"}\n");
    assertThat(received(server).take().getBody().toByteArray())
        .isEqualTo(
            "[{\"displayName\":\"€ 漢\"},{\"displayName\":\"é 😀\"}]"
                .getBytes(java.nio.charset.StandardCharsets.UTF_16LE));
  }

  @Test
  public void streamsNdjsonWhenChosenExplicitly() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"a\"}\n{\"displayName\":\"b\"}\n"));

    HttpResponse<Stream<Named>> response =
        client.send(
            HttpRequest.newBuilder(uri("/n")).build(),
            JsonBodyHandlers.ofNdjsonStream(JsonType.of(Named.class, options)));

    try (Stream<Named> stream = response.body()) {
      assertThat(stream.map(Named::displayName)).containsExactly("a", "b");
    }
  }

  /**
   * A Kubernetes-style watch sends NDJSON labelled {@code application/json}: a stream told its
   * format by the type's options reads it through the client, with the client's headers.
   */
  @Test
  public void aClientStreamToldNdjsonReadsItWhateverTheContentTypeSaysWithTheClientsHeaders()
      throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"a\"}\n{\"displayName\":\"b\"}\n"));
    server.enqueue(json(200, "{\"displayName\":\"c\"}\n"));
    dev.httpjson.HttpJsonClient api =
        dev.httpjson.HttpJsonClient.newBuilder(client)
            .baseUri(uri("/api/").toString())
            .header("Authorization", "Bearer t0ken")
            .options(options)
            .build();
    JsonType<Named> lines =
        JsonType.of(
            Named.class,
            api.options().toBuilder().streamFormat(JsonOptions.StreamFormat.NDJSON).build());

    try (Stream<Named> stream = api.getFromJsonAsStream("watch?watch=true", lines)) {
      assertThat(stream.map(Named::displayName)).containsExactly("a", "b");
    }
    try (Stream<Named> stream =
        api.getFromJsonAsStreamAsync("watch?watch=true", lines).get(5, TimeUnit.SECONDS)) {
      assertThat(stream.map(Named::displayName)).containsExactly("c");
    }

    for (int i = 0; i < 2; i++) {
      RecordedRequest request = received(server).take();
      assertThat(request.getUrl().encodedPath()).isEqualTo("/api/watch");
      assertThat(request.getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
    }
    assertClientHealthyAndNothingLeaked();
  }

  /** A stream told it reads an array does so even when the body is labelled NDJSON. */
  @Test
  public void aStreamToldArrayReadsAnArrayLabelledNdjson() throws Exception {
    server.enqueue(bytes(200, "application/x-ndjson", namedArray(3).getBytes(UTF_8)));
    JsonOptions array = options.toBuilder().streamFormat(JsonOptions.StreamFormat.ARRAY).build();

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, array))) {
      assertThat(stream.map(Named::displayName)).containsExactly("n0", "n1", "n2");
    }
    assertThat(options.streamFormat()).isEqualTo(JsonOptions.StreamFormat.AUTO);
    assertThat(array).isNotEqualTo(options);
  }

  /** A body the caller received reads in the format the type's options name. */
  @Test
  public void aReceivedBodyReadsTheFormatItsTypesOptionsName() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"a\"}\n{\"displayName\":\"b\"}\n"));
    HttpResponse<java.io.InputStream> response =
        client.send(
            HttpRequest.newBuilder(uri("/n")).build(), HttpResponse.BodyHandlers.ofInputStream());

    try (Stream<Named> stream =
        HttpJson.readFromJsonAsStream(
            response,
            JsonType.of(
                Named.class,
                options.toBuilder().streamFormat(JsonOptions.StreamFormat.NDJSON).build()))) {
      assertThat(stream.map(Named::displayName)).containsExactly("a", "b");
    }
  }

  /** The body handler for a prepared type reads the format its options name. */
  @Test
  public void theStreamBodyHandlerReadsTheFormatItsTypesOptionsName() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"a\"}\n{\"displayName\":\"b\"}\n"));

    HttpResponse<Stream<Named>> response =
        client.send(
            HttpRequest.newBuilder(uri("/n")).build(),
            JsonBodyHandlers.ofStream(
                JsonType.of(
                    Named.class,
                    options.toBuilder().streamFormat(JsonOptions.StreamFormat.NDJSON).build())));

    try (Stream<Named> stream = response.body()) {
      assertThat(stream.map(Named::displayName)).containsExactly("a", "b");
    }
  }

  @Test
  public void streamOfGenericElementsThroughTheBodyHandler() throws Exception {
    server.enqueue(json(200, "[{\"a\":1},{\"b\":2}]"));

    HttpResponse<Stream<Map<String, Integer>>> response =
        client.send(
            HttpRequest.newBuilder(uri("/m")).build(),
            JsonBodyHandlers.ofStream(JsonType.mapOf(Integer.class).withOptions(options)));

    try (Stream<Map<String, Integer>> stream = response.body()) {
      assertThat(stream).containsExactly(Map.of("a", 1), Map.of("b", 2));
    }
  }

  @Test
  public void streamFailsOnErrorStatusBeforeReturning() throws Exception {
    server.enqueue(json(500, "{\"error\":\"down\"}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, options)))
        .isInstanceOf(HttpJsonStatusException.class)
        .hasMessageContaining("500");
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void emptyBodyIsAnEmptyStream() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).build());

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, options))) {
      assertThat(stream).isEmpty();
    }
  }

  @Test
  public void malformedElementFailsTheIterationWithPathAndReleasesTheConnection() throws Exception {
    server.enqueue(json(200, "[{\"displayName\":\"a\"},{\"displayName\":oops}]"));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, options))) {
      Iterator<Named> it = stream.iterator();
      assertThat(it.next()).isEqualTo(new Named("a"));
      assertThatThrownBy(it::next)
          .isInstanceOf(UncheckedHttpJsonException.class)
          .cause()
          .isInstanceOfSatisfying(
              JsonReadException.class,
              e -> {
                assertThat(e.path()).isEqualTo("$[1].displayName");
                assertThat(e.getMessage()).contains(Named.class.getName());
              });
    }
    assertClientHealthyAndNothingLeaked();
  }

  /**
   * One rule for every codec (issue 29): each element complete before the failure is delivered,
   * then the failure, whatever comes after it in the same bytes (a missing comma, a trailing comma,
   * content after the array, a cut body).
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "[{\"displayName\":\"a\"} {\"displayName\":\"b\"}]",
        "[{\"displayName\":\"a\"},]",
        "[{\"displayName\":\"a\"}] x",
        "[{\"displayName\":\"a\"},{\"displayName\":\"b\"",
        "[{\"displayName\":\"a\"},{\"displayName\":1e}]"
      })
  public void theElementBeforeAFailureIsDeliveredThenTheFailure(String body) throws Exception {
    server.enqueue(json(200, body));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, options))) {
      Iterator<Named> it = stream.iterator();
      assertThat(it.next()).isEqualTo(new Named("a"));
      assertThatThrownBy(() -> it.next())
          .isInstanceOf(UncheckedHttpJsonException.class)
          .cause()
          .isInstanceOf(JsonReadException.class);
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void theNdjsonLineBeforeAFailureIsDeliveredThenTheFailure() throws Exception {
    server.enqueue(
        bytes(
            200,
            "application/x-ndjson",
            "{\"displayName\":\"a\"}\n{\"displayName\":\"b\"\n".getBytes(UTF_8)));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/n"), JsonType.of(Named.class, options))) {
      Iterator<Named> it = stream.iterator();
      assertThat(it.next()).isEqualTo(new Named("a"));
      assertThatThrownBy(() -> it.next())
          .isInstanceOf(UncheckedHttpJsonException.class)
          .cause()
          .isInstanceOf(JsonReadException.class);
    }
  }

  /**
   * Each line of NDJSON and JSON Lines is one JSON text: a second value on a line (after
   * whitespace, or right after an object, array or string) is no element, and fails the stream at
   * that line, naming the call, once the lines before it are delivered; in UTF-8 and in a charset
   * read as characters alike.
   */
  @Test
  public void aSecondValueOnAnNdjsonLineFailsNamingTheLineAndTheCall() throws Exception {
    record Row(String body, String charset, Object[] before, long line) {}
    List<Row> rows =
        List.of(
            new Row("1 2\n3\n", "", new Object[] {1L}, 1),
            new Row("1\n\n2\t3\n4", "", new Object[] {1L, 2L}, 3),
            new Row("1\n2 3", "", new Object[] {1L, 2L}, 2),
            new Row("1\r\n2\r\n3 4\r\n", "; charset=utf-16", new Object[] {1L, 2L, 3L}, 3),
            new Row(
                "{\"displayName\":\"a\"}\n{\"displayName\":\"b\"}{\"displayName\":\"c\"}\n",
                "",
                new Object[] {new Named("a"), new Named("b")},
                2),
            new Row(
                "{\"displayName\":\"a\"} [{\"displayName\":\"b\"}]\n",
                "; charset=utf-16",
                new Object[] {new Named("a")},
                1),
            new Row("\"a\"\n\"b\"\"c\"\n", "", new Object[] {"a", "b"}, 2),
            new Row("true false\n", "", new Object[] {true}, 1));
    for (Row row : rows) {
      java.nio.charset.Charset cs =
          row.charset().isEmpty() ? UTF_8 : java.nio.charset.StandardCharsets.UTF_16;
      server.enqueue(bytes(200, "application/x-ndjson" + row.charset(), row.body().getBytes(cs)));
      Class<?> type =
          row.body().startsWith("{")
              ? Named.class
              : row.body().startsWith("\"")
                  ? String.class
                  : row.body().startsWith("t") ? Boolean.class : Long.class;
      List<Object> got = new ArrayList<>();
      try (Stream<?> stream =
          HttpJson.getFromJsonAsStream(client, uri("/lines"), JsonType.of(type, options))) {
        Iterator<?> it = stream.iterator();
        assertThatThrownBy(() -> it.forEachRemaining(got::add))
            .as("%s", row.body())
            .isInstanceOf(UncheckedHttpJsonException.class)
            .cause()
            .isInstanceOfSatisfying(
                JsonReadException.class,
                e -> {
                  assertThat(e.line()).as("%s", row.body()).isEqualTo(row.line());
                  assertThat(e.getMessage())
                      .as("%s", row.body())
                      .contains("one JSON value a line")
                      .contains("HTTP 200 from GET " + uri("/lines"));
                });
      }
      assertThat(got).as("%s", row.body()).containsExactly(row.before());
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void topLevelValueThatIsNotAnArrayFails() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"a\"}"));

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, options))) {
      assertThatThrownBy(() -> stream.findFirst())
          .isInstanceOf(UncheckedHttpJsonException.class)
          .hasMessageContaining("Expected a JSON array");
    }
  }

  /**
   * A stream is never split: {@code parallel()} reads it on the caller's thread, each element as it
   * arrives (an NDJSON watch), instead of reading a batch of up to 1024 elements ahead on the
   * common pool, for as long as they take to come and in memory that is no longer one element's.
   */
  @Test
  public void aParallelStreamDeliversEachElementAsItArrivesOnTheCallersThread() throws Exception {
    CountDownLatch delivered = new CountDownLatch(1);
    AtomicBoolean prompt = new AtomicBoolean();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n");
              OutputStream out = socket.getOutputStream();
              RawServer.writeChunk(out, "{\"displayName\":\"a\"}\n");
              // The next element only once the first was delivered, or after a while if it was not.
              prompt.set(delivered.await(5, TimeUnit.SECONDS));
              RawServer.writeChunk(out, "{\"displayName\":\"b\"}\n");
              out.write("0\r\n\r\n".getBytes(UTF_8));
              out.flush();
            })) {
      List<String> names = new java.util.concurrent.CopyOnWriteArrayList<>();
      List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
      Thread caller = Thread.currentThread();
      try (Stream<Named> stream =
          HttpJson.getFromJsonAsStream(
              client, raw.uri("/watch"), JsonType.of(Named.class, options))) {
        stream
            .parallel()
            .forEach(
                n -> {
                  names.add(n.displayName());
                  threads.add(Thread.currentThread());
                  delivered.countDown();
                });
      }

      assertThat(names).containsExactly("a", "b");
      assertThat(prompt).as("the first element delivered before the second was sent").isTrue();
      assertThat(threads).containsOnly(caller);
      assertThat(raw.handlerFailures()).isEmpty();
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void closingAStreamEarlyAfterThreeElementsReleasesTheConnection() throws Exception {
    AtomicBoolean writeFailed = new AtomicBoolean();
    CountDownLatch serverDone = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              try {
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n");
                OutputStream out = socket.getOutputStream();
                RawServer.writeChunk(out, "[");
                for (int i = 0; ; i++) { // endless: only an abort by the client ends it
                  RawServer.writeChunk(
                      out, (i == 0 ? "" : ",") + "{\"displayName\":\"n" + i + "\"}");
                }
              } catch (IOException e) {
                writeFailed.set(true);
              } finally {
                serverDone.countDown();
              }
            })) {
      List<Named> firstThree;
      try (Stream<Named> stream =
          HttpJson.getFromJsonAsStream(
              client, raw.uri("/endless"), JsonType.of(Named.class, options))) {
        firstThree = stream.limit(3).collect(Collectors.toList());
      }

      assertThat(firstThree).extracting(Named::displayName).containsExactly("n0", "n1", "n2");
      assertThat(serverDone.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(writeFailed).isTrue();
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void aStreamOfSmallElementsMayExceedMaxResponseSizeInTotal() throws Exception {
    server.enqueue(LoopbackServer.withoutLength(server, 200, namedArray(2000), 512));
    JsonOptions small = options.toBuilder().maxResponseSize(16 * 1024).build();

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, small))) {
      assertThat(stream.count()).isEqualTo(2000);
    }
  }

  /**
   * The limit is the element's, not the parser's read-ahead: a body of many small elements that
   * arrives at once, in reads larger than the limit, streams whole (arrays and NDJSON alike).
   */
  @Test
  public void aLimitBelowTheParsersBufferStillAppliesPerElement() throws Exception {
    String array = namedArray(2000); // about 50 KB, with its length: it arrives in large reads
    String ndjson = array.substring(1, array.length() - 1).replace("},{", "}\n{") + "\n";
    server.enqueue(LoopbackServer.json(200, array));
    server.enqueue(bytes(200, "application/x-ndjson", ndjson.getBytes(UTF_8)));
    JsonOptions small = options.toBuilder().maxResponseSize(256).build();

    for (String path : List.of("/array", "/ndjson")) {
      try (Stream<Named> stream =
          HttpJson.getFromJsonAsStream(client, uri(path), JsonType.of(Named.class, small))) {
        assertThat(stream.count()).as(path).isEqualTo(2000);
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  /**
   * The limit of a stream is the limit of each element: one over it says it is an element, which
   * one, and which call it came from; an element that does not read names the call too, its URI
   * without query values.
   */
  @Test
  public void aStreamedElementThatFailsSaysWhichAndNamesTheCall() throws Exception {
    String huge = "{\"displayName\":\"big\",\"padding\":[" + "0,".repeat(1_000) + "0]}";
    String body = "[{\"displayName\":\"a\"}," + huge + "]";
    // In pieces, and whole: an element over the limit fails wherever the reads split the body.
    server.enqueue(LoopbackServer.withoutLength(server, 200, body, 512));
    server.enqueue(json(200, body));
    server.enqueue(json(200, "[{\"displayName\":\"a\"},{\"displayName\":oops}]"));
    JsonOptions small = options.toBuilder().maxResponseSize(1024).build();
    URI secret = uri("/a?token=s3cret");

    for (int i = 0; i < 2; i++) {
      try (Stream<Named> stream =
          HttpJson.getFromJsonAsStream(client, secret, JsonType.of(Named.class, small))) {
        Iterator<Named> it = stream.iterator();
        assertThat(it.next()).isEqualTo(new Named("a"));
        assertThatThrownBy(it::next)
            .isInstanceOf(UncheckedHttpJsonException.class)
            .cause()
            .isInstanceOfSatisfying(
                ResponseTooLargeException.class,
                e -> {
                  assertThat(e.limit()).isEqualTo(1024);
                  assertThat(e.getMessage())
                      .startsWith("Element 1 of the stream exceeds maxResponseSize 1024 bytes")
                      .contains("HTTP 200 from GET " + uri("/a?token=***"))
                      .doesNotContain("s3cret");
                });
      }
    }
    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, secret, JsonType.of(Named.class, small))) {
      assertThatThrownBy(stream::count)
          .isInstanceOf(UncheckedHttpJsonException.class)
          .cause()
          .isInstanceOf(JsonReadException.class)
          .hasMessageContaining("path $[1]")
          .hasMessageContaining("HTTP 200 from GET " + uri("/a?token=***"))
          .hasMessageNotContaining("s3cret");
    }
    assertClientHealthyAndNothingLeaked();
  }

  /**
   * The limit of each element is in bytes whatever the body's charset: an element of 700 characters
   * is 1,400 bytes in UTF-16 and 2,800 in UTF-32, over a limit of 1,024 bytes, and one of 450
   * characters (900 bytes in UTF-16) is within it; one of 620 characters in Shift_JIS, 1,220 bytes,
   * is over it.
   */
  @Test
  public void theLimitOfEachElementCountsBytesInEveryCharset() throws Exception {
    String big = "{\"displayName\":\"" + "x".repeat(682) + "\"}"; // 700 characters
    String fits = "{\"displayName\":\"" + "y".repeat(432) + "\"}"; // 450 characters
    JsonOptions small = options.toBuilder().maxResponseSize(1024).build();
    for (String charset : List.of("utf-16", "UTF-16BE", "utf-32")) {
      java.nio.charset.Charset cs =
          charset.equals("utf-16")
              ? java.nio.charset.StandardCharsets.UTF_16LE
              : java.nio.charset.Charset.forName(charset.equals("utf-32") ? "UTF-32BE" : charset);
      for (boolean ndjson : new boolean[] {false, true}) {
        String body =
            ndjson
                ? "{\"displayName\":\"a\"}\n" + big + "\n"
                : "[{\"displayName\":\"a\"}," + big + "]";
        String type = (ndjson ? "application/x-ndjson" : "application/json") + "; charset=";
        server.enqueue(LoopbackServer.bytes(200, type + charset, body.getBytes(cs)));
        try (Stream<Named> stream =
            HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, small))) {
          Iterator<Named> it = stream.iterator();
          assertThat(it.next()).isEqualTo(new Named("a"));
          assertThatThrownBy(it::next)
              .as("%s %s", type, charset)
              .isInstanceOf(UncheckedHttpJsonException.class)
              .cause()
              .isInstanceOfSatisfying(
                  ResponseTooLargeException.class,
                  e ->
                      assertThat(e.getMessage())
                          .startsWith(
                              "Element 1 of the stream exceeds maxResponseSize 1024 bytes"));
        }
        if (charset.startsWith("utf-16") || charset.startsWith("UTF-16")) {
          server.enqueue(
              LoopbackServer.bytes(
                  200, type + charset, (ndjson ? fits + "\n" : "[" + fits + "]").getBytes(cs)));
          try (Stream<Named> stream =
              HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, small))) {
            assertThat(stream.map(Named::displayName))
                .as("%s %s", type, charset)
                .containsExactly("y".repeat(432));
          }
        }
      }
    }
    // A charset of one or two bytes a character: 620 characters, 1,220 bytes in Shift_JIS.
    String kanji = "{\"displayName\":\"" + "漢".repeat(600) + "\"}";
    java.nio.charset.Charset sjis = java.nio.charset.Charset.forName("Shift_JIS");
    server.enqueue(
        LoopbackServer.bytes(
            200,
            "application/json; charset=Shift_JIS",
            ("[{\"displayName\":\"a\"}," + kanji + "]").getBytes(sjis)));
    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, small))) {
      Iterator<Named> it = stream.iterator();
      assertThat(it.next()).isEqualTo(new Named("a"));
      assertThatThrownBy(it::next)
          .as("Shift_JIS")
          .isInstanceOf(UncheckedHttpJsonException.class)
          .cause()
          .isInstanceOf(ResponseTooLargeException.class)
          .hasMessageStartingWith("Element 1 of the stream exceeds maxResponseSize 1024 bytes");
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void anElementOverMaxResponseSizeFailsTheStream() throws Exception {
    // Many small values, not one long string: avaje-jsonb's parser cannot hold a string over about
    // 32,000 characters and would fail on that before the size limit is reached.
    String huge = "{\"displayName\":\"big\",\"padding\":[" + "0,".repeat(100_000) + "0]}";
    server.enqueue(
        LoopbackServer.withoutLength(server, 200, "[{\"displayName\":\"a\"}," + huge + "]", 4096));
    JsonOptions small = options.toBuilder().maxResponseSize(32 * 1024).build();

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/a"), JsonType.of(Named.class, small))) {
      Iterator<Named> it = stream.iterator();
      assertThat(it.next()).isEqualTo(new Named("a"));
      assertThatThrownBy(it::next)
          .isInstanceOf(UncheckedHttpJsonException.class)
          .cause()
          .isInstanceOf(ResponseTooLargeException.class)
          .hasMessageContaining("32768");
    }
    assertClientHealthyAndNothingLeaked();
  }

  // ---- timeouts and cancellation ----

  @Test
  public void slowBodyHitsTheWholeCallTimeout() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .body(namedArray(10))
            .throttleBody(1, 200, TimeUnit.MILLISECONDS)
            .build());
    JsonOptions timed = options.toBuilder().timeout(Duration.ofSeconds(1)).build();
    long start = System.nanoTime();

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/slow"), JsonType.listOf(Named.class).withOptions(timed)))
        .isInstanceOfSatisfying(
            CallTimeoutException.class,
            e -> {
              assertThat(e.timeout()).isEqualTo(Duration.ofSeconds(1));
              assertThat(e.getMessage()).contains("JsonOptions.timeout PT1S").contains("/slow");
            });
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void slowStreamHitsTheWholeCallTimeoutWhileIterating() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .body(namedArray(50))
            .throttleBody(20, 200, TimeUnit.MILLISECONDS)
            .build());
    JsonOptions timed = options.toBuilder().timeout(Duration.ofMillis(1500)).build();

    try (Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/slow"), JsonType.of(Named.class, timed))) {
      assertThatThrownBy(stream::count)
          .isInstanceOf(UncheckedHttpJsonException.class)
          .cause()
          .isInstanceOf(CallTimeoutException.class)
          .hasMessageContaining("PT1.5S");
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void aSlowConsumerOfAStreamWhoseBytesArrivedPromptlyDoesNotTimeOut() throws Exception {
    // The whole body is sent at once; the consumer takes 2 s over it under a 1 s timeout. The
    // timeout bounds waiting for the network, never the consumer's own pace between pulls.
    JsonOptions timed = options.toBuilder().timeout(Duration.ofSeconds(1)).build();
    for (String way : List.of("blocking", "async", "handler")) {
      server.enqueue(json(200, namedArray(10)));
      List<String> names = new ArrayList<>();
      try (Stream<Named> stream = openStream(way, uri("/all-at-once"), timed)) {
        stream.forEachOrdered(
            n -> {
              names.add(n.displayName());
              pause(200); // the consumer's own work
            });
      }
      assertThat(names).as(way).hasSize(10).endsWith("n9");
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void aStalledStreamFailsWithTheIdleTimeout() throws Exception {
    try (RawServer stalling =
        new RawServer(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n");
              RawServer.writeChunk(socket.getOutputStream(), "[{\"displayName\":\"first\"},");
              while (socket.getInputStream().read() >= 0) {
                // stalls until the client gives the connection up
              }
            })) {
      // No whole-call timeout: only the idle timeout can end the stream.
      JsonOptions idle =
          options.toBuilder().timeout(Duration.ZERO).idleTimeout(Duration.ofMillis(400)).build();
      for (String way : List.of("blocking", "async", "handler")) {
        long start = System.nanoTime();
        try (Stream<Named> stream = openStream(way, stalling.uri("/feed"), idle)) {
          List<Named> read = new ArrayList<>();
          // A codec may hold the first element back until it sees what follows it: the stall
          // may fail the first pull or the second, never later.
          assertThatThrownBy(() -> stream.forEachOrdered(read::add))
              .as(way)
              .isInstanceOf(UncheckedHttpJsonException.class)
              .cause()
              .isInstanceOfSatisfying(
                  CallTimeoutException.class,
                  e -> {
                    assertThat(e.timeout()).isEqualTo(Duration.ofMillis(400));
                    assertThat(e.getMessage()).contains("JsonOptions.idleTimeout PT0.4S");
                    if (!way.equals("handler")) { // a body handler is not told the request
                      assertThat(e.getMessage()).contains("GET").contains("/feed");
                      assertThat(e.uri()).isEqualTo(stalling.uri("/feed"));
                    }
                  });
          assertThat(read).isSubsetOf(new Named("first"));
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start))
            .as(way)
            .isLessThan(Duration.ofSeconds(5));
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  /** A server that sends the head and one element of an array, then nothing. */
  private static RawServer stallingAfterOneElement() throws IOException {
    return new RawServer(
        (socket, head) -> {
          RawServer.write(
              socket,
              "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                  + "Transfer-Encoding: chunked\r\n\r\n");
          RawServer.writeChunk(socket.getOutputStream(), "[{\"displayName\":\"first\"},");
          while (socket.getInputStream().read() >= 0) {
            // stalls until the client gives the connection up
          }
        });
  }

  /**
   * A {@link LoggingInterceptor}'s response line of a stream that fails on its idle timeout says
   * that it failed, and with what: not the words of a stream the caller closed early.
   */
  @Test
  public void aStreamThatFailsOnItsIdleTimeoutIsLoggedAsFailedWithTheTimeout() throws Exception {
    try (RawServer stalling = stallingAfterOneElement()) {
      JsonOptions idle =
          options.toBuilder().timeout(Duration.ZERO).idleTimeout(Duration.ofMillis(400)).build();
      for (boolean async : new boolean[] {false, true}) {
        LogLines log = new LogLines();
        HttpClient logged =
            Interceptor.decorate(client, LoggingInterceptor.newBuilder().logger(log).build());
        JsonType<Named> type = JsonType.of(Named.class, idle);
        try (Stream<Named> stream =
            async
                ? HttpJson.getFromJsonAsStreamAsync(logged, stalling.uri("/feed"), type)
                    .get(10, TimeUnit.SECONDS)
                : HttpJson.getFromJsonAsStream(logged, stalling.uri("/feed"), type)) {
          assertThatThrownBy(() -> stream.forEachOrdered(n -> {}))
              .isInstanceOf(UncheckedHttpJsonException.class)
              .hasCauseInstanceOf(CallTimeoutException.class);
        }
        assertThat(log.await("<-- "))
            .as(async ? "async" : "blocking")
            .startsWith("<-- 200 GET ")
            .contains("failed: dev.httpjson.CallTimeoutException")
            .contains("JsonOptions.idleTimeout PT0.4S")
            .doesNotContain("closed early");
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  /** The same stream closed by its caller before its end is logged as closed early. */
  @Test
  public void aStreamTheCallerClosesEarlyIsLoggedAsClosedEarly() throws Exception {
    try (RawServer stalling = stallingAfterOneElement()) {
      JsonOptions idle =
          options.toBuilder().timeout(Duration.ZERO).idleTimeout(Duration.ofSeconds(10)).build();
      LogLines log = new LogLines();
      HttpClient logged =
          Interceptor.decorate(client, LoggingInterceptor.newBuilder().logger(log).build());
      try (Stream<Named> stream =
          HttpJson.getFromJsonAsStream(
              logged, stalling.uri("/feed"), JsonType.of(Named.class, idle))) {
        assertThat(stream.iterator().next()).isEqualTo(new Named("first"));
      }
      assertThat(log.await("<-- "))
          .startsWith("<-- 200 GET ")
          .contains("body closed early")
          .doesNotContain("failed");
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void aStreamWhoseBytesKeepComingOutlivesItsIdleTimeout() throws Exception {
    try (RawServer steady =
        new RawServer(
            (socket, head) -> {
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n"
                      + "Transfer-Encoding: chunked\r\n\r\n");
              OutputStream out = socket.getOutputStream();
              for (int i = 0; i < 24; i++) {
                RawServer.writeChunk(out, "{\"displayName\":\"n" + i + "\"}\n");
                // The server's pace: 2.4 s in all, more than twice the idle timeout, and never
                // more than 100 ms without a byte (a tenth of it, so a loaded machine's stalls
                // do not read as idleness).
                pause(100);
              }
              out.write("0\r\n\r\n".getBytes(UTF_8));
              out.flush();
            })) {
      JsonOptions idle =
          options.toBuilder().timeout(Duration.ZERO).idleTimeout(Duration.ofSeconds(1)).build();
      try (Stream<Named> stream =
          HttpJson.getFromJsonAsStream(
              client, steady.uri("/feed"), JsonType.of(Named.class, idle))) {
        assertThat(stream.map(Named::displayName)).hasSize(24).endsWith("n23");
      }
    }
    assertClientHealthyAndNothingLeaked();
  }

  /** A stream of {@link Named} read one of three ways: blocking, async, or a body handler. */
  private Stream<Named> openStream(String way, URI uri, JsonOptions options) throws Exception {
    switch (way) {
      case "blocking":
        return HttpJson.getFromJsonAsStream(client, uri, JsonType.of(Named.class, options));
      case "async":
        return HttpJson.getFromJsonAsStreamAsync(client, uri, JsonType.of(Named.class, options))
            .get(10, TimeUnit.SECONDS);
      case "handler":
        return client
            .send(
                HttpRequest.newBuilder(uri).build(),
                JsonBodyHandlers.ofStream(JsonType.of(Named.class, options)))
            .body();
      default:
        throw new IllegalArgumentException(way);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  public void serverThatNeverAnswersHitsTheTimeout() throws Exception {
    try (RawServer silent = new RawServer((socket, head) -> socket.getInputStream().read())) {
      JsonOptions timed = options.toBuilder().timeout(Duration.ofMillis(500)).build();

      assertThatThrownBy(
              () -> HttpJson.getFromJson(client, silent.uri("/x"), JsonType.of(Named.class, timed)))
          .isInstanceOf(CallTimeoutException.class)
          .hasMessageContaining("PT0.5S");
      CompletableFuture<Named> async =
          HttpJson.getFromJsonAsync(client, silent.uri("/y"), JsonType.of(Named.class, timed));
      assertThatThrownBy(() -> async.get(10, TimeUnit.SECONDS))
          .hasCauseInstanceOf(CallTimeoutException.class);
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void cancellingAnAsyncCallMidBodyAbortsTheExchange() throws Exception {
    CountDownLatch bodyStarted = new CountDownLatch(20); // the head and 20 elements written
    CountDownLatch serverSawAbort = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              try {
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n");
                RawServer.writeChunk(socket.getOutputStream(), "[");
                for (int i = 0; ; i++) { // endless: only an abort by the client ends it
                  RawServer.writeChunk(
                      socket.getOutputStream(), "{\"displayName\":\"n" + i + "\"},");
                  bodyStarted.countDown();
                  Thread.sleep(5);
                }
              } catch (IOException e) {
                serverSawAbort.countDown();
              }
            })) {
      CompletableFuture<List<Named>> future =
          HttpJson.getFromJsonAsync(
              client, raw.uri("/big"), JsonType.listOf(Named.class).withOptions(options));
      assertThat(bodyStarted.await(10, TimeUnit.SECONDS)).isTrue();

      assertThat(future.cancel(true)).isTrue();

      assertThat(serverSawAbort.await(10, TimeUnit.SECONDS))
          .as("the server's writes fail once the client aborted the exchange")
          .isTrue();
    }
    assertClientHealthyAndNothingLeaked();
  }

  @Test
  public void interruptingABlockingCallAbortsTheExchange() throws Exception {
    CountDownLatch serverSawAbort = new CountDownLatch(1);
    CountDownLatch bodyStarted = new CountDownLatch(20);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              try {
                RawServer.write(socket, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
                RawServer.writeChunk(socket.getOutputStream(), "[");
                for (; ; ) {
                  RawServer.writeChunk(socket.getOutputStream(), "1,");
                  bodyStarted.countDown();
                  Thread.sleep(5);
                }
              } catch (IOException e) {
                serverSawAbort.countDown();
              }
            })) {
      Thread caller = Thread.currentThread();
      Thread interrupter =
          new Thread(
              () -> {
                try {
                  if (!bodyStarted.await(10, TimeUnit.SECONDS)) {
                    return; // the call fails to be interrupted, and the test with it
                  }
                } catch (InterruptedException ignored) {
                  return;
                }
                caller.interrupt();
              });
      interrupter.start();

      assertThatThrownBy(
              () -> HttpJson.getFromJson(client, raw.uri("/big"), JsonType.of(List.class, options)))
          .isInstanceOf(InterruptedException.class);
      assertThat(Thread.interrupted()).isFalse();
      assertThat(serverSawAbort.await(10, TimeUnit.SECONDS)).isTrue();
      interrupter.join(10_000);
      assertThat(interrupter.isAlive()).isFalse();
    }
    assertClientHealthyAndNothingLeaked();
  }

  // ---- streaming writes ----

  @Test
  public void writesAStreamAsAChunkedJsonArrayLazily() throws Exception {
    server.enqueue(json(204, ""));
    List<Integer> pulled = new ArrayList<>();
    Stream<Named> elements =
        IntStream.range(0, 5000).peek(pulled::add).mapToObj(i -> new Named("n" + i));
    JsonSequenceContent body =
        JsonSequenceContent.ofArray(elements, JsonType.of(Named.class, options));

    HttpResponse<Void> response =
        client.send(
            body.requestBuilder("POST", uri("/bulk")).build(),
            HttpResponse.BodyHandlers.discarding());

    assertThat(response.statusCode()).isEqualTo(204);
    assertThat(body.contentLength()).isEqualTo(-1);
    RecordedRequest request = received(server).take();
    if (request.getVersion().equals("HTTP/1.1")) {
      assertThat(request.getHeaders().get("Transfer-Encoding")).isEqualTo("chunked");
      assertThat(request.getChunkSizes()).hasSizeGreaterThan(1);
    } else { // HTTP/2 frames the body itself: neither a length nor chunks
      assertThat(request.getVersion()).isEqualTo("HTTP/2");
    }
    assertThat(request.getHeaders().get("Content-Length")).isNull();
    assertThat(request.getHeaders().get("Content-Type"))
        .isEqualTo("application/json; charset=utf-8");
    assertThat(request.getBody().utf8()).isEqualTo(namedArray(5000));
    assertThat(pulled).hasSize(5000);
  }

  @Test
  public void writesNdjsonAndEmptyArrays() throws Exception {
    server.enqueue(json(204, ""));
    server.enqueue(json(204, ""));

    client.send(
        JsonSequenceContent.ofNdjson(
                List.of(new Named("a"), new Named("b")), JsonType.of(Named.class, options))
            .requestBuilder("POST", uri("/nd"))
            .build(),
        HttpResponse.BodyHandlers.discarding());
    client.send(
        JsonSequenceContent.ofArray(List.<Named>of(), JsonType.of(Named.class, options))
            .requestBuilder("PUT", uri("/empty"))
            .build(),
        HttpResponse.BodyHandlers.discarding());

    RecordedRequest nd = received(server).take();
    assertThat(nd.getHeaders().get("Content-Type")).isEqualTo("application/x-ndjson");
    assertThat(nd.getBody().utf8()).isEqualTo("{\"displayName\":\"a\"}\n{\"displayName\":\"b\"}\n");
    assertThat(received(server).take().getBody().utf8()).isEqualTo("[]");
  }

  @Test
  public void anElementThatFailsToSerializeAbortsTheRequest() throws Exception {
    List<Object> elements = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      elements.add(new Named("n" + i));
    }
    elements.add(unserializable());
    server.enqueue(json(204, ""));

    assertThatThrownBy(
            () ->
                client.send(
                    JsonSequenceContent.ofArray(elements, JsonType.of(Object.class, options))
                        .requestBuilder("POST", uri("/bulk"))
                        .build(),
                    HttpResponse.BodyHandlers.discarding()))
        .isInstanceOf(IOException.class)
        .hasRootCauseMessage("boom in getName")
        .satisfies(e -> assertThat(causes(e)).anyMatch(c -> c instanceof JsonWriteException));
    server.close();
    server = LoopbackServer.start();
    assertClientHealthyAndNothingLeaked();
  }

  private static List<Throwable> causes(Throwable t) {
    List<Throwable> all = new ArrayList<>();
    for (Throwable c = t; c != null && !all.contains(c); c = c.getCause()) {
      all.add(c);
    }
    return all;
  }
}

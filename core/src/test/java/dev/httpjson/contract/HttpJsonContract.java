package dev.httpjson.contract;

import static dev.httpjson.contract.LoopbackServer.bytes;
import static dev.httpjson.contract.LoopbackServer.json;
import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_16;
import static java.nio.charset.StandardCharsets.UTF_16BE;
import static java.nio.charset.StandardCharsets.UTF_16LE;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonException;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonSequenceContent;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.ProblemDetails;
import dev.httpjson.contract.Models.Event;
import dev.httpjson.contract.Models.Marked;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.Models.Node;
import dev.httpjson.contract.Models.Page;
import dev.httpjson.contract.Models.PascalPerson;
import dev.httpjson.contract.Models.Person;
import dev.httpjson.contract.Models.Reading;
import dev.httpjson.contract.Models.Stamps;
import dev.httpjson.contract.Models.WeatherForecast;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The behaviour every codec must give through httpjson, against a real loopback server. A codec
 * module runs it by subclassing and naming its codec.
 */
public abstract class HttpJsonContract {
  private static final String FORECAST =
      "{\"date\":\"2026-11-30\",\"temperatureC\":21,\"temperatureF\":69,\"summary\":\"Mild\"}";
  private static final WeatherForecast MILD =
      new WeatherForecast(LocalDate.of(2026, 11, 30), 21, 69, "Mild");

  protected MockWebServer server;
  protected HttpClient client;
  protected JsonOptions options;

  /** The codec under test. */
  protected abstract JsonCodec codec();

  /**
   * A value whose serialization fails at {@code $.name} with the message {@code "boom in getName"}:
   * by default a bean whose getter throws ({@link Models.Exploding}). A codec that serializes
   * fields rather than getters overrides it (listed in the README's codec table).
   */
  protected Object unserializable() {
    return new Models.Exploding();
  }

  /**
   * A value that refers back to itself, which serialization must refuse cleanly: by default a
   * {@link Node} whose {@code next} is itself. A codec that skips a field referring to its own
   * object (Gson) overrides it with a longer cycle (listed in the README's codec table).
   */
  protected Object selfReferencing() {
    return new Node();
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
   * Whether the client asks for gzip itself and decodes the answer when the request names no {@code
   * Accept-Encoding} (OkHttp does, the JDK client does not). httpjson's own calls always name one,
   * so this matters only to a plain {@code client.send}: the rows check which header it sent.
   */
  protected boolean transportDecodesGzip() {
    return false;
  }

  /**
   * Whether the client sends a request body on GET, as the JDK client does. OkHttp refuses one:
   * then the call must fail with an {@link IllegalArgumentException} naming the method.
   */
  protected boolean transportSendsGetBodies() {
    return true;
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
  void startServer() throws Exception {
    server = newServer();
    client = newClient();
    options = JsonOptions.newBuilder().codec(codec()).build();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  private URI uri(String path) {
    return LoopbackServer.uri(server, path);
  }

  // ---- GET ----

  @Test
  public void aGetWithABodyIsRefusedNamingTheMethodWhereTheTransportCannotSendIt()
      throws Exception {
    HttpRequest get =
        HttpRequest.newBuilder(uri("/search"))
            .method("GET", HttpRequest.BodyPublishers.ofString("{\"q\":1}"))
            .header("Content-Type", "application/json")
            .build();
    org.junit.jupiter.api.Assumptions.assumeFalse(
        transportSendsGetBodies(), "the JDK client sends a body on GET");
    assertThatThrownBy(
            () -> HttpJson.exchange(client, get, JsonType.of(Named.class, options)).body())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("request body on GET")
        .hasMessageNotContaining("Malformed");
    assertThatThrownBy(
            () ->
                HttpJson.exchangeAsync(client, get, JsonType.of(Named.class, options))
                    .thenApply(HttpResponse::body)
                    .get(5, TimeUnit.SECONDS))
        .isInstanceOf(java.util.concurrent.ExecutionException.class)
        .cause()
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("request body on GET")
        .hasMessageNotContaining("Malformed");
    assertThat(received(server).count()).isZero();
  }

  @Test
  public void getReadsObjectAndSendsAcceptJson() throws Exception {
    server.enqueue(json(200, FORECAST));

    WeatherForecast value =
        HttpJson.getFromJson(client, uri("/f"), JsonType.of(WeatherForecast.class, options));

    assertThat(value).isEqualTo(MILD);
    RecordedRequest request = received(server).take();
    assertThat(request.getMethod()).isEqualTo("GET");
    assertThat(request.getHeaders().get("Accept"))
        .isEqualTo("application/json, application/problem+json");
  }

  @Test
  public void getWithDefaultOptionsUsesTheServiceLoadedCodec() throws Exception {
    server.enqueue(json(200, FORECAST));

    assertThat(HttpJson.getFromJson(client, uri("/f"), WeatherForecast.class)).isEqualTo(MILD);
  }

  @Test
  public void getReadsGenericTypeFromTypeRef() throws Exception {
    server.enqueue(json(200, "[" + FORECAST + "," + FORECAST + "]"));

    List<WeatherForecast> list =
        HttpJson.getFromJson(
            client, uri("/l"), new JsonType<List<WeatherForecast>>() {}.withOptions(options));

    assertThat(list).containsExactly(MILD, MILD);
  }

  @Test
  public void getReadsNestedGenericRecord() throws Exception {
    server.enqueue(json(200, "{\"items\":[{\"displayName\":\"a\"}],\"total\":1}"));

    Page<Named> page =
        HttpJson.getFromJson(
            client, uri("/p"), new JsonType<Page<Named>>() {}.withOptions(options));

    assertThat(page).isEqualTo(new Page<>(List.of(new Named("a")), 1));
  }

  @Test
  public void getReadsRuntimeTypeThroughAPreparedType() throws Exception {
    server.enqueue(json(200, "[" + FORECAST + "]"));
    Type type = JsonType.listOf(WeatherForecast.class).type();

    Object value = HttpJson.getFromJson(client, uri("/l"), JsonType.of(type, options));

    assertThat(value).isEqualTo(List.of(MILD));
  }

  @Test
  public void getAsyncCompletesWithValue() throws Exception {
    server.enqueue(json(200, FORECAST));

    CompletableFuture<WeatherForecast> future =
        HttpJson.getFromJsonAsync(client, uri("/f"), JsonType.of(WeatherForecast.class, options));

    assertThat(future.get(10, TimeUnit.SECONDS)).isEqualTo(MILD);
  }

  @Test
  public void webOptionsMatchNamesCaseInsensitivelyAndReadNumbersFromStrings() throws Exception {
    server.enqueue(
        json(
            200,
            "{\"DATE\":\"2026-11-30\",\"TemperatureC\":\"21\",\"temperaturef\":69,"
                + "\"summary\":\"Mild\",\"unknown\":[1,2,{\"x\":null}]}"));

    assertThat(HttpJson.getFromJson(client, uri("/f"), JsonType.of(WeatherForecast.class, options)))
        .isEqualTo(MILD);
  }

  @Test
  public void strictOptionsRejectUnknownPropertiesWithPath() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"a\",\"extra\":1}"));
    JsonOptions strict = options.toBuilder().ignoreUnknownProperties(false).build();

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/n"), JsonType.of(Named.class, strict)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("extra");
  }

  @Test
  public void rejectedUnknownPropertyMessageListsTheKnownOnes() throws Exception {
    server.enqueue(
        json(200, "[" + FORECAST + "," + FORECAST.replace("}", ",\"windKmh\":3}") + "]"));
    JsonOptions strict = options.toBuilder().ignoreUnknownProperties(false).build();

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/l"), JsonType.listOf(WeatherForecast.class).withOptions(strict)))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.path()).isEqualTo("$[1].windKmh");
              assertThat(e.problem())
                  .contains("windKmh")
                  .contains("known properties:")
                  .contains("\"date\"", "\"temperatureC\"", "\"temperatureF\"", "\"summary\"");
            });
  }

  // ---- models with JDK types a codec may not read ----

  /** A model with an {@code Optional} component. */
  public record WithOptional(String name, Optional<String> nickname) {}

  /** A model with a {@code File} component. */
  public record WithFile(String name, java.io.File file) {}

  /** A model with a {@code Thread} component. */
  public record WithThread(String name, Thread thread) {}

  private static final String JDK_FIELDS =
      "{\"name\":\"n\",\"nickname\":\"k\",\"file\":\"/tmp/x\",\"thread\":{}}";

  /**
   * Whatever a codec makes of a JDK type (Gson reads none of these by reflection), the outcome is a
   * value or a documented exception naming the model, and the async form fails its future for what
   * the blocking form throws: it never throws itself.
   */
  @ParameterizedTest
  @ValueSource(classes = {WithOptional.class, WithFile.class, WithThread.class})
  public void aModelWithAJdkTypeReadsOrFailsAsDocumentedInBothForms(Class<?> type)
      throws Exception {
    server.enqueue(json(200, JDK_FIELDS));
    server.enqueue(json(200, JDK_FIELDS));

    HttpJsonException blocking = null;
    try {
      HttpJson.getFromJson(client, uri("/m"), JsonType.of(type, options));
    } catch (HttpJsonException e) {
      blocking = e;
    }
    CompletableFuture<?> async =
        HttpJson.getFromJsonAsync(client, uri("/m"), JsonType.of(type, options));
    Throwable asyncFailure = null;
    try {
      async.get(10, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      asyncFailure = e.getCause();
    }

    if (blocking == null) {
      assertThat(asyncFailure).isNull();
    } else {
      assertThat(blocking.getMessage()).contains(type.getSimpleName());
      assertThat(asyncFailure)
          .isInstanceOf(HttpJsonException.class)
          .hasMessage(blocking.getMessage());
    }
  }

  @Test
  public void writingAModelWithAJdkTypeWritesOrFailsAsDocumentedInBothForms() throws Exception {
    for (Object value :
        List.of(
            new WithOptional("n", Optional.of("k")),
            new WithFile("n", new java.io.File("/tmp/x")),
            new WithThread("n", new Thread(() -> {})))) {
      server.enqueue(new MockResponse.Builder().code(204).build());
      server.enqueue(new MockResponse.Builder().code(204).build());
      JsonWriteException blocking = null;
      try {
        HttpJson.postAsJson(client, uri("/w"), value, options);
      } catch (JsonWriteException e) {
        blocking = e;
      }
      CompletableFuture<?> async = HttpJson.postAsJsonAsync(client, uri("/w"), value, options);
      Throwable asyncFailure = null;
      try {
        async.get(10, TimeUnit.SECONDS);
      } catch (java.util.concurrent.ExecutionException e) {
        asyncFailure = e.getCause();
      }

      if (blocking == null) {
        assertThat(asyncFailure).as("%s", value.getClass()).isNull();
      } else {
        assertThat(blocking.getMessage()).contains(value.getClass().getSimpleName());
        assertThat(asyncFailure).isInstanceOf(JsonWriteException.class);
      }
    }
  }

  // ---- strict records (opt-in) ----

  private JsonOptions strictRecords() {
    return options.toBuilder().strictRecords(true).build();
  }

  /**
   * Whether the codec reads records strictly ({@link JsonOptions#strictRecords()}). A codec that
   * cannot must refuse the option with an {@link UnsupportedOperationException} naming it — never
   * ignore it; the strict-record rows then check that refusal instead.
   */
  protected boolean supportsStrictRecords() {
    return true;
  }

  /** True if the codec reads records strictly; otherwise asserts that it refuses the option. */
  private boolean strictRecordsSupported() {
    if (supportsStrictRecords()) {
      return true;
    }
    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(client, uri("/s"), JsonType.of(Named.class, strictRecords())))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("strictRecords");
    assertThat(received(server).count()).as("refused before sending").isZero();
    return false;
  }

  @Test
  public void missingRecordComponentFailsNamingItTheRecordAndThePath() throws Exception {
    if (!strictRecordsSupported()) {
      return;
    }
    server.enqueue(
        json(
            200,
            "["
                + FORECAST
                + ","
                + FORECAST
                + ",{\"date\":\"2026-11-30\",\"temperatureCelcius\":21,\"temperatureF\":69,"
                + "\"summary\":\"Mild\"}]"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client,
                    uri("/l"),
                    JsonType.listOf(WeatherForecast.class).withOptions(strictRecords())))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem())
                  .startsWith("Missing required property 'temperatureC' of record WeatherForecast");
              assertThat(e.path()).isEqualTo("$[2]");
              assertThat(e.line()).isEqualTo(1);
              assertThat(e.getMessage()).contains("path $[2]").contains("List<");
            });
  }

  @Test
  public void missingComponentOfTheTopLevelRecordFails() throws Exception {
    if (!strictRecordsSupported()) {
      return;
    }
    server.enqueue(json(200, "{\"date\":\"2026-11-30\",\"temperatureC\":21,\"temperatureF\":69}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/f"), JsonType.of(WeatherForecast.class, strictRecords())))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem())
                  .startsWith("Missing required property 'summary' of record WeatherForecast");
              assertThat(e.path()).isEqualTo("$");
            });
  }

  @Test
  public void missingComponentIsNamedAsTheJsonSpellsIt() throws Exception {
    if (!strictRecordsSupported()) {
      return;
    }
    server.enqueue(json(200, "{\"date\":\"2026-11-30\",\"temperature_c\":21}"));
    JsonOptions snake = strictRecords().toBuilder().naming(JsonOptions.Naming.SNAKE_CASE).build();

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(client, uri("/f"), JsonType.of(WeatherForecast.class, snake)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageStartingWith(
            "Missing required property 'temperature_f' (component temperatureF) of record"
                + " WeatherForecast");
  }

  @Test
  public void nullableAndOptionalComponentsMayBeMissing() throws Exception {
    if (!strictRecordsSupported()) {
      return;
    }
    server.enqueue(json(200, "{\"sensor\":\"s1\"}"));

    assertThat(HttpJson.getFromJson(client, uri("/r"), JsonType.of(Reading.class, strictRecords())))
        .isEqualTo(new Reading("s1", null, Optional.empty(), OptionalInt.empty()));
  }

  @Test
  public void nullForAPrimitiveComponentFailsAtItsPath() throws Exception {
    if (!strictRecordsSupported()) {
      return;
    }
    server.enqueue(
        json(
            200,
            "{\"date\":\"2026-11-30\",\"temperatureC\":null,\"temperatureF\":69,"
                + "\"summary\":\"Mild\"}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/f"), JsonType.of(WeatherForecast.class, strictRecords())))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem())
                  .isEqualTo(
                      "Null for primitive property 'temperatureC' of record WeatherForecast");
              assertThat(e.path()).isEqualTo("$.temperatureC");
            });
  }

  @Test
  public void nullForANonNullComponentOfNullMarkedCodeFailsAtItsPath() throws Exception {
    if (!strictRecordsSupported()) {
      return;
    }
    server.enqueue(
        json(
            200,
            "{\"name\":\"north\",\"sensors\":[{\"id\":\"a\"},{\"id\":null,\"label\":\"b\"}]}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/s"), JsonType.of(Marked.Station.class, strictRecords())))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem())
                  .isEqualTo(
                      "Null for non-null property 'id' of record Sensor"
                          + " (mark the component @Nullable if it may be null)");
              assertThat(e.path()).isEqualTo("$.sensors[1].id");
            });
  }

  @Test
  public void nullableComponentsOfNullMarkedCodeAcceptNull() throws Exception {
    if (!strictRecordsSupported()) {
      return;
    }
    server.enqueue(json(200, "{\"name\":\"n\",\"sensors\":[{\"id\":\"a\",\"label\":null}]}"));

    assertThat(
            HttpJson.getFromJson(
                client, uri("/s"), JsonType.of(Marked.Station.class, strictRecords())))
        .isEqualTo(new Marked.Station("n", List.of(new Marked.Sensor("a", null))));
  }

  @Test
  public void unannotatedComponentsOutsideNullMarkedCodeAcceptAnExplicitNull() throws Exception {
    if (!strictRecordsSupported()) {
      return;
    }
    server.enqueue(json(200, "{\"displayName\":null}"));

    assertThat(HttpJson.getFromJson(client, uri("/n"), JsonType.of(Named.class, strictRecords())))
        .isEqualTo(new Named(null));
  }

  @Test
  public void withoutStrictRecordsMissingComponentsReadAsZerosAndNulls() throws Exception {
    server.enqueue(json(200, "{\"date\":\"2026-11-30\"}"));
    server.enqueue(json(200, "{\"name\":\"n\",\"sensors\":[{\"id\":null}]}"));
    JsonOptions lenient = options.toBuilder().strictRecords(false).build();

    assertThat(HttpJson.getFromJson(client, uri("/f"), JsonType.of(WeatherForecast.class, lenient)))
        .isEqualTo(new WeatherForecast(LocalDate.of(2026, 11, 30), 0, 0, null));
    assertThat(HttpJson.getFromJson(client, uri("/s"), JsonType.of(Marked.Station.class, lenient)))
        .isEqualTo(new Marked.Station("n", List.of(new Marked.Sensor(null, null))));
  }

  @Test
  public void strictOptionsRejectNumbersFromStrings() throws Exception {
    server.enqueue(json(200, "{\"date\":\"2026-11-30\",\"temperatureC\":\"21\"}"));
    JsonOptions strict = options.toBuilder().numbersFromStrings(false).build();

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(client, uri("/f"), JsonType.of(WeatherForecast.class, strict)))
        .isInstanceOf(JsonReadException.class)
        .satisfies(e -> assertThat(((JsonReadException) e).path()).isEqualTo("$.temperatureC"));
  }

  @Test
  public void readsAndWritesJavaTimeAsIso8601() throws Exception {
    OffsetDateTime at = OffsetDateTime.of(2026, 11, 30, 8, 15, 0, 0, ZoneOffset.ofHours(1));
    server.enqueue(json(200, "{\"name\":\"x\",\"at\":\"2026-11-30T08:15:00+01:00\"}"));
    server.enqueue(json(204, ""));

    Event event = HttpJson.getFromJson(client, uri("/e"), JsonType.of(Event.class, options));
    HttpJson.postAsJson(client, uri("/e"), new Event("x", at), options);

    assertThat(event.at()).isEqualTo(at);
    received(server).take();
    assertThat(received(server).take().getBody().utf8()).contains("\"at\":\"2026-11-30T08:15");
  }

  @Test
  public void offsetDateTimeKeepsItsOffsetOnARoundTrip() throws Exception {
    server.enqueue(json(200, "{\"name\":\"x\",\"at\":\"2025-06-01T08:30:00+02:00\"}"));
    server.enqueue(json(204, ""));

    Event event = HttpJson.getFromJson(client, uri("/e"), JsonType.of(Event.class, options));
    HttpJson.postAsJson(client, uri("/e"), event, options);

    assertThat(event.at().getOffset()).isEqualTo(ZoneOffset.ofHours(2));
    assertThat(event.at().getHour()).isEqualTo(8);
    received(server).take();
    assertThat(received(server).take().getBody().utf8())
        .isEqualTo("{\"name\":\"x\",\"at\":\"2025-06-01T08:30:00+02:00\"}");
  }

  @Test
  public void offsetDateTimeKeepsFractionalSecondsAndZuluAsGiven() throws Exception {
    String body =
        "[{\"name\":\"z\",\"at\":\"2025-06-01T08:30:00.123Z\"},"
            + "{\"name\":\"n\",\"at\":\"2025-06-01T08:30:00.123456789-05:00\"},"
            + "{\"name\":\"i\",\"at\":\"2025-06-01T08:30:00.5+05:30\"}]";
    server.enqueue(json(200, body));
    server.enqueue(json(204, ""));

    List<Event> events =
        HttpJson.getFromJson(client, uri("/e"), JsonType.listOf(Event.class).withOptions(options));
    HttpJson.postAsJson(client, uri("/e"), events, options);

    assertThat(events.get(0).at().getOffset()).isEqualTo(ZoneOffset.UTC);
    assertThat(events.get(1).at().getNano()).isEqualTo(123_456_789);
    assertThat(events.get(2).at().getOffset()).isEqualTo(ZoneOffset.ofHoursMinutes(5, 30));
    received(server).take();
    assertThat(received(server).take().getBody().utf8()).isEqualTo(body);
  }

  @Test
  public void zonedDateTimeKeepsItsOffsetAndInstantIsUtc() throws Exception {
    server.enqueue(
        json(
            200,
            "{\"offset\":\"2025-06-01T08:30:00+02:00\",\"zoned\":\"2025-06-01T08:30:00+02:00\","
                + "\"instant\":\"2025-06-01T08:30:00+02:00\"}"));
    server.enqueue(json(204, ""));

    Stamps stamps = HttpJson.getFromJson(client, uri("/s"), JsonType.of(Stamps.class, options));
    HttpJson.postAsJson(client, uri("/s"), stamps, options);

    assertThat(stamps.zoned().getOffset()).isEqualTo(ZoneOffset.ofHours(2));
    assertThat(stamps.zoned().getHour()).isEqualTo(8);
    assertThat(stamps.instant()).isEqualTo(Instant.parse("2025-06-01T06:30:00Z"));
    received(server).take();
    assertThat(received(server).take().getBody().utf8())
        .isEqualTo(
            "{\"offset\":\"2025-06-01T08:30:00+02:00\",\"zoned\":\"2025-06-01T08:30:00+02:00\","
                + "\"instant\":\"2025-06-01T06:30:00Z\"}");
  }

  // ---- empty bodies ----

  @Test
  public void noContentReadsAsNull() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).build());

    assertThat(HttpJson.getFromJson(client, uri("/x"), JsonType.of(WeatherForecast.class, options)))
        .isNull();
  }

  @Test
  public void emptyOkBodyReadsAsNull() throws Exception {
    server.enqueue(json(200, ""));

    assertThat(HttpJson.getFromJson(client, uri("/x"), JsonType.of(WeatherForecast.class, options)))
        .isNull();
  }

  // ---- malformed ----

  @Test
  public void malformedBodyFailsWithPositionPathTypeAndContentType() throws Exception {
    server.enqueue(
        json(200, "{\"items\":[{\"displayName\":\"a\"},{\"displayName\":}],\"total\":2}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/p"), new JsonType<Page<Named>>() {}.withOptions(options)))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.line()).isEqualTo(1);
              assertThat(e.column()).isGreaterThan(40);
              assertThat(e.path()).isEqualTo("$.items[1].displayName");
              assertThat(e.getMessage())
                  .contains("line 1 column")
                  .contains("path $.items[1].displayName")
                  .contains(Page.class.getName())
                  .contains("application/json");
            });
  }

  /**
   * A body a call could not read says which call it answered, as a status failure and a timeout do:
   * the status, the method and the URI without its query values, never the values themselves.
   */
  @Test
  public void aBodyTheCallCannotReadNamesTheStatusMethodAndUriWithoutTheQuerysSecrets()
      throws Exception {
    JsonOptions small = options.toBuilder().maxResponseSize(100).build();
    server.enqueue(json(200, "{\"displayName\":}"));
    server.enqueue(json(201, "{\"displayName\":}"));
    server.enqueue(json(200, "[" + "1,".repeat(100) + "1]"));
    server.enqueue(
        Compressed.response(
            200, "application/json", "gzip", Compressed.gzip("[" + "1,".repeat(100) + "1]")));
    server.enqueue(Compressed.response(200, "application/json", "br", new byte[] {1, 2, 3}));
    server.enqueue(json(200, "[" + "1,".repeat(100) + "1]"));

    URI secret = uri("/p?token=s3cret&page=2");
    String named = " from GET " + secret.toString().replace("s3cret", "***").replace("=2", "=***");
    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, secret, JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("HTTP 200" + named)
        .hasMessageNotContaining("s3cret");
    assertThatThrownBy(
            () ->
                HttpJson.postAsJsonAsync(client, secret, MILD, JsonType.of(Named.class, options))
                    .get(10, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("HTTP 201 from POST ")
        .hasMessageNotContaining("s3cret");
    assertThatThrownBy(() -> HttpJson.getFromJson(client, secret, JsonType.of(int[].class, small)))
        .isInstanceOf(dev.httpjson.ResponseTooLargeException.class)
        .hasMessageContaining("HTTP 200" + named)
        .hasMessageNotContaining("s3cret");
    assertThatThrownBy(() -> HttpJson.getFromJson(client, secret, JsonType.of(int[].class, small)))
        .isInstanceOf(dev.httpjson.ResponseTooLargeException.class)
        .hasMessageContaining("HTTP 200" + named);
    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, secret, JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("Content-Encoding 'br'")
        .hasMessageContaining("HTTP 200" + named);
    assertThatThrownBy(() -> HttpJson.putAsJson(client, secret, MILD, small))
        .isInstanceOf(dev.httpjson.ResponseTooLargeException.class)
        .hasMessageContaining("HTTP 200 from PUT ")
        .hasMessageNotContaining("s3cret");
  }

  @Test
  public void aBodyReadFromJsonThatFailsNamesTheCallThatGotIt() throws Exception {
    server.enqueue(json(201, "{\"displayName\":}"));
    URI secret = uri("/made?token=s3cret");
    HttpResponse<byte[]> response = HttpJson.postAsJson(client, secret, MILD);

    assertThatThrownBy(() -> HttpJson.readFromJson(response, Named.class))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("HTTP 201 from POST " + secret.toString().replace("s3cret", "***"))
        .hasMessageNotContaining("s3cret");
  }

  @Test
  public void typeMismatchNamesPathAndTargetType() throws Exception {
    server.enqueue(json(200, "[" + FORECAST + ",{\"temperatureC\":[1]}]"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client,
                    uri("/l"),
                    new JsonType<List<WeatherForecast>>() {}.withOptions(options)))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.path()).isEqualTo("$[1].temperatureC");
              assertThat(e.targetType()).isEqualTo(new JsonType<List<WeatherForecast>>() {}.type());
            });
  }

  @Test
  public void truncatedBodyFailsAndReturnsNoPartialValue() throws Exception {
    server.enqueue(json(200, "{\"date\":\"2026-11-30\",\"temperatureC\":21"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/f"), JsonType.of(WeatherForecast.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("end-of-input");
  }

  @Test
  public void trailingContentAfterTheValueIsAnError() throws Exception {
    server.enqueue(json(200, FORECAST + " {}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/f"), JsonType.of(WeatherForecast.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("Trailing token");
  }

  // ---- status ----

  @Test
  public void getFailsOnErrorStatusWithStatusHeadersAndBodyPrefix() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(404)
            .addHeader("Content-Type", "text/html")
            .addHeader("X-Trace", "abc")
            .body("<html>not here</html>")
            .build());

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/gone"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(404);
              assertThat(e.headers().firstValue("X-Trace")).hasValue("abc");
              assertThat(e.body()).isEqualTo("<html>not here</html>");
              assertThat(e.problem()).isEmpty();
              assertThat(e.getMessage())
                  .contains("404")
                  .contains("GET")
                  .contains("/gone")
                  .contains("not here");
            });
  }

  @Test
  public void statusErrorKeepsOnlyABoundedPrefixOfAHugeBody() throws Exception {
    String huge = "x".repeat(1_000_000);
    server.enqueue(json(500, huge));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/boom"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.body()).hasSize(HttpJsonStatusException.MAX_BODY_PREFIX_BYTES);
              assertThat(e.bodyTruncated()).isTrue();
              assertThat(e.getMessage().length()).isLessThan(1000);
            });
  }

  @Test
  public void problemDetailsBodyIsParsedIntoTheStatusException() throws Exception {
    server.enqueue(
        bytes(
            422,
            "application/problem+json",
            ("{\"type\":\"https://example.com/probs/out-of-credit\",\"title\":\"You do not have"
                    + " enough credit.\",\"status\":422,\"detail\":\"Your balance is 30, but that"
                    + " costs 50.\",\"instance\":\"/account/12345/msgs/abc\",\"balance\":30}")
                .getBytes(UTF_8)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/buy"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              ProblemDetails p = e.problem().orElseThrow();
              assertThat(p.type()).isEqualTo("https://example.com/probs/out-of-credit");
              assertThat(p.title()).isEqualTo("You do not have enough credit.");
              assertThat(p.status()).isEqualTo(422);
              assertThat(p.detail()).isEqualTo("Your balance is 30, but that costs 50.");
              assertThat(p.instance()).isEqualTo("/account/12345/msgs/abc");
              assertThat(p.extensions()).containsEntry("balance", 30);
              assertThat(e.getMessage()).contains("422").contains("You do not have enough credit");
            });
  }

  @Test
  public void statusMessageShowsABoundedExcerptOfALongProblemDetail() throws Exception {
    String title = "T".repeat(3000);
    String detail = "D".repeat(4000);
    server.enqueue(
        bytes(
            400,
            "application/problem+json",
            ("{\"title\":\"" + title + "\",\"detail\":\"" + detail + "\"}").getBytes(UTF_8)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/p"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.problem().orElseThrow().detail()).isEqualTo(detail);
              assertThat(e.getMessage())
                  .startsWith("HTTP 400 from GET ")
                  .contains("TTTT")
                  .endsWith("…");
              assertThat(e.getMessage().length()).isLessThan(1000);
            });
  }

  /**
   * The message is one line, whatever the server sent: a line break, an escape sequence or a NUL in
   * an error body or a problem's title would otherwise forge log lines or drive the terminal that
   * shows the log. They are shown escaped; {@code body()} keeps them as sent.
   */
  @Test
  public void statusMessageShowsControlCharactersOfTheBodyEscaped() throws Exception {
    String body = "denied\r\n2026-01-01 INFO forged line\u001b[31m\u0000\u2028end";
    server.enqueue(bytes(403, "text/plain", body.getBytes(UTF_8)));
    server.enqueue(
        bytes(
            400,
            "application/problem+json",
            "{\"title\":\"bad\\ninput\",\"detail\":\"tab\\there\"}".getBytes(UTF_8)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.body()).isEqualTo(body);
              assertThat(e.getMessage())
                  .endsWith(
                      ": denied\\r\\n2026-01-01 INFO forged line\\u001b[31m\\u0000\\u2028end");
            });
    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.problem().orElseThrow().title()).isEqualTo("bad\ninput");
              assertThat(e.getMessage()).endsWith(": bad\\ninput — tab\\there");
            });
  }

  /** The excerpt is cut between characters, never between the two halves of a surrogate pair. */
  @Test
  public void statusMessageExcerptNeverEndsInHalfACharacter() throws Exception {
    server.enqueue(bytes(400, "text/plain", ("a" + "\uD83D\uDE00".repeat(600)).getBytes(UTF_8)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              String message = e.getMessage();
              assertThat(message).endsWith("\uD83D\uDE00…");
              assertThat(message.codePoints().filter(c -> c >= 0xD800 && c <= 0xDFFF)).isEmpty();
            });
  }

  @Test
  public void malformedProblemDetailsStillReportsTheStatus() throws Exception {
    server.enqueue(bytes(400, "application/problem+json", "{not json".getBytes(UTF_8)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/bad"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(400);
              assertThat(e.problem()).isEmpty();
              assertThat(e.body()).isEqualTo("{not json");
            });
  }

  /**
   * RFC 9457 section 3.1: a member whose value is not of its specified type is ignored, as if it
   * were absent. A title that is an object is not its {@code toString()}, and a status that is not
   * an integer (or that only fits an int once its high bits are dropped) is no status.
   */
  @Test
  public void problemMembersOfTheWrongTypeAreIgnoredAsIfAbsent() throws Exception {
    server.enqueue(
        bytes(
            400,
            "application/problem+json",
            ("{\"type\":7,\"title\":{\"a\":1},\"status\":400.5,\"detail\":[1,2],\"instance\":true,"
                    + "\"code\":\"x\"}")
                .getBytes(UTF_8)));
    server.enqueue(
        bytes(400, "application/problem+json", "{\"status\":4294967696}".getBytes(UTF_8)));
    server.enqueue(bytes(409, "application/problem+json", "{\"status\":409.0}".getBytes(UTF_8)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/bad"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              ProblemDetails p = e.problem().orElseThrow();
              assertThat(p.type()).isNull();
              assertThat(p.title()).isNull();
              assertThat(p.status()).isNull();
              assertThat(p.detail()).isNull();
              assertThat(p.instance()).isNull();
              assertThat(p.extensions()).containsOnlyKeys("code");
              assertThat(e.getMessage()).doesNotContain("{a=1}").doesNotContain("[1, 2]");
            });
    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/bad"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> assertThat(e.problem().orElseThrow().status()).isNull());
    // A codec that reads every number as a double (Gson) gives 409.0: still the integer 409.
    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/bad"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> assertThat(e.problem().orElseThrow().status()).isEqualTo(409));
  }

  @Test
  public void asyncGetFailsFutureWithStatusException() {
    server.enqueue(json(503, "{}"));

    CompletableFuture<Named> future =
        HttpJson.getFromJsonAsync(client, uri("/x"), JsonType.of(Named.class, options));

    assertThatThrownBy(future.orTimeout(30, TimeUnit.SECONDS)::join)
        .isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(HttpJsonStatusException.class);
  }

  @Test
  public void clientStillWorksAfterAStatusError() throws Exception {
    server.enqueue(json(500, "x".repeat(100_000)));
    server.enqueue(json(200, FORECAST));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/a"), JsonType.of(Named.class, options)))
        .isInstanceOf(HttpJsonStatusException.class);
    assertThat(HttpJson.getFromJson(client, uri("/b"), JsonType.of(WeatherForecast.class, options)))
        .isEqualTo(MILD);
  }

  // ---- DELETE ----

  @Test
  public void deleteSendsDeleteAndReadsTheBody() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"removed\"}"));

    Named value = HttpJson.deleteFromJson(client, uri("/n/1"), JsonType.of(Named.class, options));

    assertThat(value).isEqualTo(new Named("removed"));
    assertThat(received(server).take().getMethod()).isEqualTo("DELETE");
  }

  @Test
  public void deleteFailsOnErrorStatus() {
    server.enqueue(json(409, "{\"error\":\"in use\"}"));

    assertThatThrownBy(
            () -> HttpJson.deleteFromJson(client, uri("/n/1"), JsonType.of(Named.class, options)))
        .isInstanceOf(HttpJsonStatusException.class)
        .hasMessageContaining("409")
        .hasMessageContaining("in use");
  }

  // ---- POST / PUT / PATCH ----

  @Test
  public void postSendsJsonWithContentLengthAndContentType() throws Exception {
    server.enqueue(json(201, "{\"displayName\":\"created\"}"));

    HttpResponse<byte[]> response = HttpJson.postAsJson(client, uri("/f"), MILD, options);

    assertThat(response.statusCode()).isEqualTo(201);
    RecordedRequest request = received(server).take();
    assertThat(request.getMethod()).isEqualTo("POST");
    assertThat(request.getHeaders().get("Content-Type"))
        .isEqualTo("application/json; charset=utf-8");
    assertThat(request.getHeaders().get("Accept"))
        .isEqualTo("application/json, application/problem+json");
    assertThat(request.getHeaders().get("Content-Length"))
        .isEqualTo(String.valueOf(FORECAST.length()));
    assertThat(request.getHeaders().get("Transfer-Encoding")).isNull();
    assertThat(request.getBody().utf8()).isEqualTo(FORECAST);
    assertThat(HttpJson.readFromJson(response, Named.class)).isEqualTo(new Named("created"));
  }

  @Test
  public void postWithRequestCompressionSendsGzipWithContentLengthAndJsonContentType()
      throws Exception {
    server.enqueue(json(201, "{\"displayName\":\"created\"}"));
    JsonOptions gzip = options.toBuilder().requestCompression(true).build();

    HttpResponse<byte[]> response = HttpJson.postAsJson(client, uri("/f"), MILD, gzip);

    assertThat(response.statusCode()).isEqualTo(201);
    RecordedRequest request = received(server).take();
    assertThat(request.getHeaders().get("Content-Encoding")).isEqualTo("gzip");
    assertThat(request.getHeaders().get("Content-Type"))
        .isEqualTo("application/json; charset=utf-8");
    byte[] sent = request.getBody().toByteArray();
    assertThat(request.getHeaders().get("Content-Length")).isEqualTo(String.valueOf(sent.length));
    assertThat(request.getHeaders().get("Transfer-Encoding")).isNull();
    assertThat(new String(Compressed.gunzip(sent), UTF_8)).isEqualTo(FORECAST);
  }

  @Test
  public void requestCompressionIsOffByDefault() throws Exception {
    server.enqueue(json(201, "{}"));

    HttpJson.postAsJson(client, uri("/f"), MILD, options);

    assertThat(options.requestCompression()).isFalse();
    assertThat(received(server).take().getHeaders().get("Content-Encoding")).isNull();
  }

  @Test
  public void compressedSequenceContentIsSentChunkedAsOneGzipMember() throws Exception {
    server.enqueue(json(200, "{}"));
    JsonType<Named> type =
        JsonType.of(Named.class, options.toBuilder().requestCompression(true).build());
    List<Named> rows = new java.util.ArrayList<>();
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < 5000; i++) { // several chunks
      rows.add(new Named("row " + i));
      expected.append("{\"displayName\":\"row ").append(i).append("\"}\n");
    }

    HttpResponse<Void> response =
        client.send(
            JsonSequenceContent.ofNdjson(rows, type).requestBuilder("POST", uri("/bulk")).build(),
            HttpResponse.BodyHandlers.discarding());

    assertThat(response.statusCode()).isEqualTo(200);
    RecordedRequest request = received(server).take();
    assertThat(request.getHeaders().get("Content-Encoding")).isEqualTo("gzip");
    assertThat(request.getHeaders().get("Content-Type")).isEqualTo("application/x-ndjson");
    assertThat(request.getHeaders().get("Content-Length")).isNull();
    byte[] sent = request.getBody().toByteArray();
    assertThat(sent.length).isLessThan(expected.length() / 4);
    assertThat(new String(Compressed.gunzip(sent), UTF_8)).isEqualTo(expected.toString());
  }

  @Test
  public void compressedContentIsSentAgainWithTheSameBytesOnA307() throws Exception {
    server.enqueue(new MockResponse.Builder().code(307).addHeader("Location", "/moved").build());
    server.enqueue(json(200, "{\"displayName\":\"ok\"}"));
    JsonOptions gzip = options.toBuilder().requestCompression(true).build();
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .options(gzip)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();

    Named ok = api.postAsJson("" + uri("/f"), MILD, JsonType.of(Named.class, gzip));

    assertThat(ok).isEqualTo(new Named("ok"));
    RecordedRequest first = received(server).take();
    RecordedRequest second = received(server).take();
    assertThat(second.getHeaders().get("Content-Encoding")).isEqualTo("gzip");
    assertThat(second.getBody().toByteArray()).isEqualTo(first.getBody().toByteArray());
    assertThat(new String(Compressed.gunzip(second.getBody().toByteArray()), UTF_8))
        .isEqualTo(FORECAST);
  }

  @Test
  public void postReturnsErrorResponsesUnchecked() throws Exception {
    server.enqueue(json(500, "{\"displayName\":\"oops\"}"));

    HttpResponse<byte[]> response = HttpJson.postAsJson(client, uri("/f"), MILD, options);

    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(HttpJson.readFromJson(response, JsonType.of(Named.class, options)))
        .isEqualTo(new Named("oops"));
  }

  @Test
  public void putAndPatchUseTheirMethods() throws Exception {
    server.enqueue(json(200, "{}"));
    server.enqueue(json(200, "{}"));

    HttpJson.putAsJson(client, uri("/a"), MILD, options);
    HttpJson.patchAsJson(client, uri("/a"), MILD, options);

    assertThat(received(server).take().getMethod()).isEqualTo("PUT");
    RecordedRequest patch = received(server).take();
    assertThat(patch.getMethod()).isEqualTo("PATCH");
    assertThat(patch.getBody().utf8()).isEqualTo(FORECAST);
  }

  @Test
  public void typedPostReturnsTheResponseValue() throws Exception {
    server.enqueue(json(200, "[" + FORECAST + "]"));

    List<WeatherForecast> echoed =
        HttpJson.postAsJson(
            client,
            uri("/echo"),
            List.of(MILD),
            new JsonType<List<WeatherForecast>>() {}.withOptions(options));

    assertThat(echoed).containsExactly(MILD);
    assertThat(received(server).take().getBody().utf8()).isEqualTo("[" + FORECAST + "]");
  }

  @Test
  public void queryAsJsonSendsTheValueWithQueryAndReadsTheResult() throws Exception {
    server.enqueue(json(200, "[" + FORECAST + "]"));

    List<WeatherForecast> found =
        HttpJson.queryAsJson(
            client,
            uri("/forecasts"),
            new Named("mild"),
            new JsonType<List<WeatherForecast>>() {}.withOptions(options));

    assertThat(found).containsExactly(MILD);
    RecordedRequest request = received(server).take();
    assertThat(request.getMethod()).isEqualTo("QUERY");
    assertThat(request.getHeaders().get("Content-Type"))
        .isEqualTo("application/json; charset=utf-8");
    assertThat(request.getHeaders().get("Accept"))
        .isEqualTo("application/json, application/problem+json");
    String body = "{\"displayName\":\"mild\"}";
    assertThat(request.getHeaders().get("Content-Length")).isEqualTo(String.valueOf(body.length()));
    assertThat(request.getBody().utf8()).isEqualTo(body);
  }

  @Test
  public void queryAsJsonAsyncChecksTheStatus() throws Exception {
    server.enqueue(json(422, "{\"error\":\"bad query\"}"));

    assertThatThrownBy(
            () ->
                HttpJson.queryAsJsonAsync(
                        client, uri("/forecasts"), MILD, JsonType.of(Named.class, options))
                    .get(10, TimeUnit.SECONDS))
        .cause()
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(422))
        .hasMessageStartingWith("HTTP 422 from QUERY");
    RecordedRequest request = received(server).take();
    assertThat(request.getMethod()).isEqualTo("QUERY");
    assertThat(request.getBody().utf8()).isEqualTo(FORECAST);
  }

  @Test
  public void queryAsJsonWithAClassReadsTheResultAsTheJsonTypeFormDoes() throws Exception {
    server.enqueue(json(200, FORECAST));
    server.enqueue(json(200, FORECAST));

    WeatherForecast found =
        HttpJson.queryAsJson(client, uri("/forecasts"), new Named("mild"), WeatherForecast.class);
    WeatherForecast foundAsync =
        HttpJson.queryAsJsonAsync(
                client, uri("/forecasts"), new Named("mild"), WeatherForecast.class)
            .get(10, TimeUnit.SECONDS);

    assertThat(found).isEqualTo(MILD);
    assertThat(foundAsync).isEqualTo(MILD);
    for (int i = 0; i < 2; i++) {
      RecordedRequest request = received(server).take();
      assertThat(request.getMethod()).isEqualTo("QUERY");
      assertThat(request.getBody().utf8()).isEqualTo("{\"displayName\":\"mild\"}");
    }
  }

  @Test
  public void boundClientQueryAsJsonWithAClassUsesTheClientsOptions() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"ok\"}"));
    server.enqueue(json(422, "{\"error\":\"bad query\"}"));
    HttpJsonClient api = HttpJsonClient.newBuilder(client).options(options).build();

    assertThat(api.queryAsJson("" + uri("/q"), MILD, Named.class)).isEqualTo(new Named("ok"));
    assertThatThrownBy(
            () -> api.queryAsJsonAsync("" + uri("/q"), MILD, Named.class).get(10, TimeUnit.SECONDS))
        .cause()
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(422));
    RecordedRequest request = received(server).take();
    assertThat(request.getMethod()).isEqualTo("QUERY");
    assertThat(request.getBody().utf8()).isEqualTo(FORECAST);
    assertThat(received(server).take().getMethod()).isEqualTo("QUERY");
  }

  @Test
  public void typedPutFailsOnErrorStatus() {
    server.enqueue(json(400, "{\"error\":\"bad\"}"));

    assertThatThrownBy(
            () -> HttpJson.putAsJson(client, uri("/a"), MILD, JsonType.of(Named.class, options)))
        .isInstanceOf(HttpJsonStatusException.class)
        .hasMessageContaining("PUT");
  }

  @Test
  public void typedPatchAsyncCompletesWithValue() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"p\"}"));

    assertThat(
            HttpJson.patchAsJsonAsync(client, uri("/a"), MILD, JsonType.of(Named.class, options))
                .get(10, TimeUnit.SECONDS))
        .isEqualTo(new Named("p"));
  }

  @Test
  public void webOptionsWriteCamelCaseNamesAndNulls() throws Exception {
    server.enqueue(json(204, ""));

    HttpJson.postAsJson(client, uri("/p"), new PascalPerson("Ada", null), options);

    assertThat(received(server).take().getBody().utf8())
        .isEqualTo("{\"firstName\":\"Ada\",\"middleName\":null}");
  }

  @Test
  public void snakeCaseOptionsApplyToReadAndWrite() throws Exception {
    JsonOptions snake =
        options.toBuilder().naming(JsonOptions.Naming.SNAKE_CASE).writeNulls(false).build();
    server.enqueue(json(200, "{\"display_name\":\"s\"}"));

    Named read =
        HttpJson.postAsJson(
            client, uri("/p"), new Person("Ada", null), JsonType.of(Named.class, snake));

    assertThat(read).isEqualTo(new Named("s"));
    assertThat(received(server).take().getBody().utf8()).isEqualTo("{\"first_name\":\"Ada\"}");
  }

  @Test
  public void serializationFailureSurfacesBeforeAnythingIsSent() throws Exception {
    server.enqueue(json(200, "{}"));

    assertThatThrownBy(() -> HttpJson.postAsJson(client, uri("/x"), unserializable(), options))
        .isInstanceOf(JsonWriteException.class)
        .hasMessageContaining("boom in getName")
        .satisfies(e -> assertThat(((JsonWriteException) e).path()).isEqualTo("$.name"));
    assertThatThrownBy(() -> JsonContent.of(selfReferencing(), options))
        .isInstanceOf(JsonWriteException.class);
    assertThat(received(server).count()).isZero();
    assertThat(
            HttpJson.getFromJson(
                client, uri("/ok"), JsonType.mapOf(Object.class).withOptions(options)))
        .isEmpty();
  }

  @Test
  public void asyncSerializationFailureFailsTheFuture() {
    CompletableFuture<HttpResponse<byte[]>> future =
        HttpJson.postAsJsonAsync(client, uri("/x"), unserializable(), options);

    assertThatThrownBy(future.orTimeout(30, TimeUnit.SECONDS)::join)
        .hasCauseInstanceOf(JsonWriteException.class);
  }

  // ---- JsonContent and body handlers ----

  @Test
  public void jsonContentExposesValueTypeAndMediaTypeAndBuildsARequest() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"ok\"}"));
    JsonContent content = JsonContent.of(MILD, options);

    HttpRequest request = content.requestBuilder("POST", uri("/c")).header("X-A", "1").build();
    HttpResponse<Named> response =
        client.send(request, JsonBodyHandlers.of(JsonType.of(Named.class, options)));

    assertThat(content.value()).isSameAs(MILD);
    assertThat(content.objectType()).isEqualTo(WeatherForecast.class);
    assertThat(content.mediaType()).isEqualTo("application/json; charset=utf-8");
    assertThat(content.contentLength()).isEqualTo(FORECAST.length());
    assertThat(response.body()).isEqualTo(new Named("ok"));
    RecordedRequest recorded = received(server).take();
    assertThat(recorded.getHeaders().get("Content-Type"))
        .isEqualTo("application/json; charset=utf-8");
    assertThat(recorded.getHeaders().get("X-A")).isEqualTo("1");
    assertThat(recorded.getBody().utf8()).isEqualTo(FORECAST);
  }

  @Test
  public void bodyHandlerFailsErrorStatusWithTheStatusException() throws Exception {
    server.enqueue(json(404, "{\"error\":\"no such user\"}"));

    CompletableFuture<HttpResponse<Named>> future =
        client.sendAsync(
            HttpRequest.newBuilder(uri("/u/1")).build(),
            JsonBodyHandlers.of(JsonType.of(Named.class, options)));

    assertThatThrownBy(future.orTimeout(30, TimeUnit.SECONDS)::join)
        .cause()
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(404);
              assertThat(e.getMessage()).isEqualTo("HTTP 404: {\"error\":\"no such user\"}");
              assertThat(e.uri()).isNull();
            });
  }

  @Test
  public void jsonContentEncodesInTheMediaTypesCharset() throws Exception {
    server.enqueue(json(204, ""));
    JsonContent content =
        JsonContent.of(new Named("Zoë"), options).withMediaType("application/json; charset=UTF-16");

    client.send(
        content.requestBuilder("PUT", uri("/c")).build(), HttpResponse.BodyHandlers.discarding());

    RecordedRequest recorded = received(server).take();
    assertThat(recorded.getHeaders().get("Content-Type"))
        .isEqualTo("application/json; charset=UTF-16");
    // Little-endian without a byte-order mark, as .NET's Encoding.Unicode writes and reads it.
    assertThat(recorded.getBody().toByteArray())
        .isEqualTo("{\"displayName\":\"Zoë\"}".getBytes(UTF_16LE));
  }

  @Test
  public void utf16AndUtf32RequestBodiesAreLittleEndianWithoutAByteOrderMarkAsDotNetWritesThem()
      throws Exception {
    server.enqueue(json(204, ""));
    server.enqueue(json(204, ""));
    server.enqueue(json(204, ""));
    Named value = new Named("Zoë ✓");
    String text = "{\"displayName\":\"Zoë ✓\"}";
    HttpJsonClient utf32 =
        HttpJsonClient.newBuilder(client)
            .options(options)
            .header("Content-Type", "application/json; charset=UTF-32")
            .build();

    client.send(
        JsonContent.of(value, options)
            .withMediaType("application/json; charset=utf-16")
            .requestBuilder("POST", uri("/a"))
            .build(),
        HttpResponse.BodyHandlers.discarding());
    client.send(
        JsonContent.of(value, options)
            .requestBuilder("POST", uri("/b"))
            .header("Content-Type", "application/json; charset=\"utf-16\"")
            .build(),
        HttpResponse.BodyHandlers.discarding());
    utf32.postAsJson(uri("/c").toString(), value);

    assertThat(received(server).take().getBody().toByteArray()).isEqualTo(text.getBytes(UTF_16LE));
    RecordedRequest b = received(server).take();
    assertThat(b.getHeaders().values("Content-Type"))
        .containsExactly("application/json; charset=\"utf-16\"");
    assertThat(b.getBody().toByteArray()).isEqualTo(text.getBytes(UTF_16LE));
    assertThat(received(server).take().getBody().toByteArray())
        .isEqualTo(text.getBytes(Charset.forName("UTF-32LE")));
  }

  // ---- characters the request charset cannot encode ----

  private static final Named UNMAPPABLE = new Named("€ 漢 é 😀");

  @Test
  public void jsonContentEscapesCharactersItsCharsetCannotEncodeNeverWritingQuestionMarks()
      throws Exception {
    JsonContent latin1 =
        JsonContent.of(UNMAPPABLE, JsonType.of(Named.class, options))
            .withMediaType("application/json; charset=ISO-8859-1");
    JsonContent ascii =
        JsonContent.of(UNMAPPABLE, options).withMediaType("application/json; charset=us-ascii");

    assertThat(bodyOf(latin1))
        .isEqualTo("{\"displayName\":\"\\u20AC \\u6F22 é \\uD83D\\uDE00\"}".getBytes(ISO_8859_1));
    assertThat(bodyOf(ascii))
        .isEqualTo(
            "{\"displayName\":\"\\u20AC \\u6F22 \\u00E9 \\uD83D\\uDE00\"}".getBytes(US_ASCII));
  }

  @Test
  public void escapedCharactersReadBackAsTheOriginalValue() throws Exception {
    byte[] latin1 =
        bodyOf(
            JsonContent.of(UNMAPPABLE, options)
                .withMediaType("application/json; charset=iso-8859-1"));
    server.enqueue(bytes(200, "application/json; charset=iso-8859-1", latin1));

    assertThat(HttpJson.getFromJson(client, uri("/r"), JsonType.of(Named.class, options)))
        .isEqualTo(UNMAPPABLE);
  }

  @Test
  public void propertyNamesTheCharsetCannotEncodeAreEscapedToo() throws Exception {
    JsonContent content =
        JsonContent.of(java.util.Map.of("€uro", 1), JsonType.of(Object.class, options))
            .withMediaType("application/json; charset=us-ascii");

    assertThat(new String(bodyOf(content), US_ASCII)).isEqualTo("{\"\\u20ACuro\":1}");
  }

  @Test
  public void oneLinersEncodeInTheCharsetOfTheCallersContentTypeEscapingWhatItCannotEncode()
      throws Exception {
    server.enqueue(json(204, ""));
    server.enqueue(json(200, "{\"displayName\":\"ok\"}"));
    server.enqueue(json(204, ""));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/api/"))
            .options(options)
            .header("Content-Type", "application/json; charset=iso-8859-1")
            .build();
    byte[] expected = "{\"displayName\":\"\\u20AC \\u6F22 é \\uD83D\\uDE00\"}".getBytes(ISO_8859_1);

    api.postAsJson("a", UNMAPPABLE);
    assertThat(api.putAsJson("b", UNMAPPABLE, Named.class)).isEqualTo(new Named("ok"));
    HttpJsonClient.newBuilder(client)
        .baseUri(uri("/api/"))
        .options(options)
        .build()
        .withHeader("Content-Type", "application/json; charset=US-ASCII")
        .patchAsJsonAsync("c", new Named("é"))
        .get(10, TimeUnit.SECONDS);

    for (int i = 0; i < 2; i++) {
      RecordedRequest recorded = received(server).take();
      assertThat(recorded.getHeaders().values("Content-Type"))
          .containsExactly("application/json; charset=iso-8859-1");
      assertThat(recorded.getBody().toByteArray()).isEqualTo(expected);
    }
    assertThat(received(server).take().getBody().utf8()).isEqualTo("{\"displayName\":\"\\u00E9\"}");
  }

  @Test
  public void aContentTypeSetOnTheRequestBuilderDecidesTheBodysCharset() throws Exception {
    server.enqueue(json(204, ""));

    client.send(
        JsonContent.of(UNMAPPABLE, options)
            .requestBuilder("POST", uri("/x"))
            .setHeader("Content-Type", "application/json; charset=ISO-8859-1")
            .build(),
        HttpResponse.BodyHandlers.discarding());

    assertThat(received(server).take().getBody().toByteArray())
        .isEqualTo("{\"displayName\":\"\\u20AC \\u6F22 é \\uD83D\\uDE00\"}".getBytes(ISO_8859_1));
  }

  /** The bytes {@code publisher} sends, collected by a subscriber that asks for everything. */
  static byte[] bodyOf(HttpRequest.BodyPublisher publisher) throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    CompletableFuture<byte[]> done = new CompletableFuture<>();
    publisher.subscribe(
        new java.util.concurrent.Flow.Subscriber<java.nio.ByteBuffer>() {
          @Override
          public void onSubscribe(java.util.concurrent.Flow.Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
          }

          @Override
          public void onNext(java.nio.ByteBuffer item) {
            byte[] bytes = new byte[item.remaining()];
            item.get(bytes);
            out.writeBytes(bytes);
          }

          @Override
          public void onError(Throwable throwable) {
            done.completeExceptionally(throwable);
          }

          @Override
          public void onComplete() {
            done.complete(out.toByteArray());
          }
        });
    return done.get(5, TimeUnit.SECONDS);
  }

  @Test
  public void jsonContentWithDeclaredTypeWritesThatType() throws Exception {
    JsonContent content =
        JsonContent.of(List.of(MILD), JsonType.listOf(WeatherForecast.class).withOptions(options));

    assertThat(content.objectType()).isEqualTo(JsonType.listOf(WeatherForecast.class).type());
    assertThat(content.contentLength()).isEqualTo(FORECAST.length() + 2);
  }

  // ---- charsets ----

  @Test
  public void readsUtf16WhenTheContentTypeSaysSo() throws Exception {
    server.enqueue(
        bytes(
            200,
            "application/json; charset=utf-16",
            "{\"displayName\":\"Zoë ✓\"}".getBytes(UTF_16)));

    assertThat(HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("Zoë ✓"));
  }

  @Test
  public void readsUtf16BigEndianWithoutBom() throws Exception {
    server.enqueue(
        bytes(
            200,
            "application/json; charset=\"UTF-16BE\"",
            "{\"displayName\":\"é\"}".getBytes(UTF_16BE)));

    assertThat(HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("é"));
  }

  @Test
  public void readsUtf16LittleEndianWithoutAByteOrderMarkAsDotNetWritesIt() throws Exception {
    server.enqueue(
        bytes(
            200,
            "application/json; charset=utf-16",
            "{\"displayName\":\"Zoë ✓\"}".getBytes(UTF_16LE)));
    server.enqueue(
        bytes(
            200,
            "application/json; charset=\"UTF-16\"",
            "[{\"displayName\":\"漢\"}]".getBytes(UTF_16LE)));

    assertThat(HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("Zoë ✓"));
    assertThat(
            HttpJson.getFromJson(
                client, uri("/y"), JsonType.listOf(Named.class).withOptions(options)))
        .containsExactly(new Named("漢"));
  }

  @Test
  public void readsUtf16InEitherByteOrderWithAByteOrderMark() throws Exception {
    byte[] le = "{\"displayName\":\"Zoë\"}".getBytes(UTF_16LE);
    byte[] leWithMark = new byte[le.length + 2];
    leWithMark[0] = (byte) 0xFF;
    leWithMark[1] = (byte) 0xFE;
    System.arraycopy(le, 0, leWithMark, 2, le.length);
    server.enqueue(bytes(200, "application/json; charset=utf-16", leWithMark));
    server.enqueue(
        bytes(
            200, "application/json; charset=utf-16", "{\"displayName\":\"Zoë\"}".getBytes(UTF_16)));
    server.enqueue(
        bytes(
            200,
            "application/json; charset=utf-16",
            "{\"displayName\":\"Zoë\"}".getBytes(UTF_16BE)));

    for (int i = 0; i < 3; i++) {
      assertThat(HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
          .as("body %d", i)
          .isEqualTo(new Named("Zoë"));
    }
  }

  @Test
  public void readsUtf32InEitherByteOrderWithOrWithoutAByteOrderMark() throws Exception {
    String text = "{\"displayName\":\"Zoë 😀\"}";
    byte[] le = text.getBytes(Charset.forName("UTF-32LE"));
    byte[] leWithMark = new byte[le.length + 4];
    leWithMark[0] = (byte) 0xFF;
    leWithMark[1] = (byte) 0xFE;
    System.arraycopy(le, 0, leWithMark, 4, le.length);
    server.enqueue(bytes(200, "application/json; charset=utf-32", le));
    server.enqueue(bytes(200, "application/json; charset=utf-32", leWithMark));
    server.enqueue(
        bytes(200, "application/json; charset=UTF-32", text.getBytes(Charset.forName("UTF-32BE"))));

    for (int i = 0; i < 3; i++) {
      assertThat(HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
          .as("body %d", i)
          .isEqualTo(new Named("Zoë 😀"));
    }
  }

  @Test
  public void readsLatin1AndWindows1252() throws Exception {
    server.enqueue(
        bytes(
            200,
            "application/json;charset=ISO-8859-1",
            "{\"displayName\":\"Café\"}".getBytes(ISO_8859_1)));
    server.enqueue(
        bytes(
            200,
            "text/json; charset=windows-1252",
            "{\"displayName\":\"€ – Œ\"}".getBytes(Charset.forName("windows-1252"))));

    assertThat(HttpJson.getFromJson(client, uri("/a"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("Café"));
    assertThat(HttpJson.getFromJson(client, uri("/b"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("€ – Œ"));
  }

  @Test
  public void unknownCharsetFailsNamingIt() {
    server.enqueue(bytes(200, "application/json; charset=x-klingon", "{}".getBytes(UTF_8)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("x-klingon");
  }

  @Test
  public void contentTypeIsNotEnforced() throws Exception {
    server.enqueue(bytes(200, "text/plain", "{\"displayName\":\"plain\"}".getBytes(UTF_8)));

    assertThat(HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("plain"));
  }

  @Test
  public void invalidUtf8IsAnErrorNotAReplacementCharacter() {
    byte[] body = {
      '{',
      '"',
      'd',
      'i',
      's',
      'p',
      'l',
      'a',
      'y',
      'N',
      'a',
      'm',
      'e',
      '"',
      ':',
      '"',
      (byte) 0xC3,
      (byte) 0x28,
      '"',
      '}'
    };
    server.enqueue(bytes(200, "application/json", body));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("UTF-8");
  }

  @Test
  public void utf8ByteOrderMarkIsSkipped() throws Exception {
    byte[] json = "{\"displayName\":\"bom\"}".getBytes(UTF_8);
    byte[] body = new byte[json.length + 3];
    body[0] = (byte) 0xEF;
    body[1] = (byte) 0xBB;
    body[2] = (byte) 0xBF;
    System.arraycopy(json, 0, body, 3, json.length);
    server.enqueue(bytes(200, "application/json; charset=utf-8", body));

    assertThat(HttpJson.getFromJson(client, uri("/x"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("bom"));
  }

  // ---- compression ----

  private static final String ASKED = "gzip, deflate";

  private void assertAskedForCompression() throws InterruptedException {
    assertThat(received(server).take().getHeaders().get("Accept-Encoding")).isEqualTo(ASKED);
  }

  @Test
  public void oneLinersAskForGzipAndDeflateAndDecodeEachOnBothForms() throws Exception {
    for (Compressed.Coding coding : Compressed.Coding.values()) {
      server.enqueue(Compressed.json(200, coding, FORECAST));
      server.enqueue(Compressed.json(200, coding, FORECAST));
      server.enqueue(Compressed.json(200, coding, "{\"displayName\":\"gone\"}"));

      assertThat(
              HttpJson.getFromJson(client, uri("/gz"), JsonType.of(WeatherForecast.class, options)))
          .as("%s", coding)
          .isEqualTo(MILD);
      assertAskedForCompression();
      assertThat(
              HttpJson.getFromJsonAsync(
                      client, uri("/gz"), JsonType.of(WeatherForecast.class, options))
                  .get(10, TimeUnit.SECONDS))
          .as("%s async", coding)
          .isEqualTo(MILD);
      assertAskedForCompression();
      assertThat(HttpJson.deleteFromJson(client, uri("/gz"), JsonType.of(Named.class, options)))
          .isEqualTo(new Named("gone"));
      assertAskedForCompression();
    }
  }

  @Test
  public void sendAndPostDecodeTheBodyAndDropTheCompressedHeaders() throws Exception {
    for (Compressed.Coding coding : Compressed.Coding.values()) {
      server.enqueue(Compressed.json(200, coding, FORECAST));
      server.enqueue(Compressed.json(200, coding, FORECAST));
      server.enqueue(Compressed.json(201, coding, "{\"displayName\":\"made\"}"));
      server.enqueue(Compressed.json(201, coding, "{\"displayName\":\"made\"}"));

      HttpRequest request = HttpRequest.newBuilder(uri("/send")).build();
      assertThat(
              HttpJson.exchange(client, request, JsonType.of(WeatherForecast.class, options))
                  .body())
          .isEqualTo(MILD);
      assertAskedForCompression();
      assertThat(
              HttpJson.exchangeAsync(client, request, JsonType.of(WeatherForecast.class, options))
                  .thenApply(HttpResponse::body)
                  .get(10, TimeUnit.SECONDS))
          .isEqualTo(MILD);
      assertAskedForCompression();

      HttpResponse<byte[]> posted = HttpJson.postAsJson(client, uri("/post"), MILD, options);
      HttpResponse<byte[]> postedAsync =
          HttpJson.postAsJsonAsync(client, uri("/post"), MILD, options).get(10, TimeUnit.SECONDS);
      for (HttpResponse<byte[]> response : List.of(posted, postedAsync)) {
        assertThat(new String(response.body(), UTF_8)).isEqualTo("{\"displayName\":\"made\"}");
        assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(response.headers().firstValue("Content-Length")).isEmpty();
        assertThat(HttpJson.readFromJson(response, Named.class)).isEqualTo(new Named("made"));
        assertAskedForCompression();
      }
    }
  }

  @Test
  public void compressedErrorBodiesAreDecodedForTheStatusException() throws Exception {
    String problem = "{\"title\":\"Out of stock\",\"status\":409,\"detail\":\"none left\"}";
    for (Compressed.Coding coding : Compressed.Coding.values()) {
      server.enqueue(
          Compressed.response(
              409, "application/problem+json", coding.header, coding.encode(problem)));
      server.enqueue(
          Compressed.response(
              409, "application/problem+json", coding.header, coding.encode(problem)));

      assertThatThrownBy(
              () -> HttpJson.getFromJson(client, uri("/e"), JsonType.of(Named.class, options)))
          .isInstanceOfSatisfying(
              HttpJsonStatusException.class,
              e -> {
                assertThat(e.body()).isEqualTo(problem);
                assertThat(e.problem().orElseThrow().detail()).isEqualTo("none left");
              });
      assertAskedForCompression();
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJsonAsync(client, uri("/e"), JsonType.of(Named.class, options))
                      .get(10, TimeUnit.SECONDS))
          .cause()
          .isInstanceOfSatisfying(
              HttpJsonStatusException.class,
              e -> assertThat(e.problem().orElseThrow().title()).isEqualTo("Out of stock"));
      assertAskedForCompression();
    }
  }

  /**
   * A proxy's error page labelled {@code gzip} but sent plain: nothing of it decodes, so it is
   * shown as sent, as a body in a coding httpjson cannot decode is, rather than lost; the status is
   * the failure and the decoding failure is kept with it.
   */
  @Test
  public void anErrorBodyThatIsNotInItsCodingIsShownAsSent() throws Exception {
    String page = "<html><body>502 Bad Gateway</body></html>";
    for (int i = 0; i < 21; i++) {
      server.enqueue(Compressed.response(502, "text/html", "gzip", page.getBytes(UTF_8)));
    }

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/e"), JsonType.of(Named.class, options)))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(502);
              assertThat(e.body()).isEqualTo(page);
              assertThat(e.getMessage()).contains("502 Bad Gateway");
              assertThat(e.getSuppressed()).singleElement().isInstanceOf(JsonReadException.class);
              assertThat(e.getSuppressed()[0]).hasMessageContaining("not gzip data");
            });
    // Over HTTP/2 the end of the read raced the stream's cancellation, whose "Stream N cancelled"
    // won now and then: twenty times, async.
    for (int i = 0; i < 20; i++) {
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJsonAsync(client, uri("/e"), JsonType.of(Named.class, options))
                      .get(10, TimeUnit.SECONDS))
          .cause()
          .isInstanceOfSatisfying(
              HttpJsonStatusException.class, e -> assertThat(e.body()).isEqualTo(page));
    }
  }

  /**
   * The untyped send calls return any status unchecked: an error whose body is not in the coding it
   * is labelled with (a plain proxy page sent as gzip, a gzip body cut short) is returned with its
   * bytes as sent, not lost to a decoding failure, and {@code ensureSuccess} shows the page.
   */
  @Test
  public void anUntypedErrorResponseWhoseBodyIsNotInItsCodingIsReturnedAsSent() throws Exception {
    String page = "<html><body>502 Bad Gateway</body></html>";
    byte[] cut = Arrays.copyOf(Compressed.gzip(page.getBytes(UTF_8)), 20);
    server.enqueue(Compressed.response(502, "text/html", "gzip", page.getBytes(UTF_8)));
    server.enqueue(Compressed.response(502, "text/html", "gzip", page.getBytes(UTF_8)));
    server.enqueue(Compressed.response(502, "text/html", "gzip", cut));

    HttpResponse<byte[]> blocking = HttpJson.postAsJson(client, uri("/p"), MILD, options);
    HttpResponse<byte[]> async =
        HttpJson.postAsJsonAsync(client, uri("/p"), MILD, options).get(10, TimeUnit.SECONDS);
    for (HttpResponse<byte[]> response : List.of(blocking, async)) {
      assertThat(response.statusCode()).isEqualTo(502);
      assertThat(new String(response.body(), UTF_8)).isEqualTo(page);
      assertThat(response.headers().firstValue("Content-Encoding")).contains("gzip");
      assertThatThrownBy(() -> HttpJson.ensureSuccess(response))
          .isInstanceOfSatisfying(
              HttpJsonStatusException.class,
              e -> {
                assertThat(e.statusCode()).isEqualTo(502);
                assertThat(e.body()).isEqualTo(page);
                assertThat(e.getMessage()).contains("502 Bad Gateway");
              });
    }

    HttpResponse<byte[]> truncated = HttpJson.postAsJson(client, uri("/p"), MILD, options);
    assertThat(truncated.statusCode()).isEqualTo(502);
    assertThat(truncated.body()).isEqualTo(cut);
    assertThatThrownBy(() -> HttpJson.ensureSuccess(truncated))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(502));
  }

  /**
   * A success is returned as data: one whose body is not in the coding it is labelled with is
   * corrupt, and fails the untyped call with {@link JsonReadException} rather than pass as a body.
   */
  @Test
  public void anUntypedSuccessWhoseBodyIsNotInItsCodingFails() throws Exception {
    byte[] plain = "{\"displayName\":\"a\"}".getBytes(UTF_8);
    server.enqueue(Compressed.response(200, "application/json", "gzip", plain));
    server.enqueue(Compressed.response(200, "application/json", "gzip", plain));

    assertThatThrownBy(() -> HttpJson.postAsJson(client, uri("/p"), MILD, options))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("not gzip data");
    assertThatThrownBy(
            () ->
                HttpJson.postAsJsonAsync(client, uri("/p"), MILD, options)
                    .get(10, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("not gzip data");
  }

  @Test
  public void streamsDecodeCompressedArraysAndNdjson() throws Exception {
    for (Compressed.Coding coding : Compressed.Coding.values()) {
      server.enqueue(
          Compressed.json(200, coding, "[{\"displayName\":\"a\"},{\"displayName\":\"b\"}]"));
      server.enqueue(
          Compressed.response(
              200,
              "application/x-ndjson",
              coding.header,
              coding.encode("{\"displayName\":\"c\"}\n{\"displayName\":\"d\"}\n")));

      try (java.util.stream.Stream<Named> stream =
          HttpJson.getFromJsonAsStream(client, uri("/s"), JsonType.of(Named.class, options))) {
        assertThat(stream).containsExactly(new Named("a"), new Named("b"));
      }
      assertAskedForCompression();
      try (java.util.stream.Stream<Named> stream =
          HttpJson.getFromJsonAsStreamAsync(client, uri("/s"), JsonType.of(Named.class, options))
              .get(10, TimeUnit.SECONDS)) {
        assertThat(stream).containsExactly(new Named("c"), new Named("d"));
      }
      assertAskedForCompression();
    }
  }

  @Test
  public void jsonBodyHandlersWithPlainSendDecodeWhatArrives() throws Exception {
    for (Compressed.Coding coding : Compressed.Coding.values()) {
      server.enqueue(Compressed.json(200, coding, FORECAST));
      server.enqueue(Compressed.json(200, coding, FORECAST));
      server.enqueue(Compressed.json(200, coding, "[{\"displayName\":\"a\"}]"));
      server.enqueue(Compressed.json(200, coding, "[{\"displayName\":\"b\"}]"));
      // The request names no Accept-Encoding: the JDK client sends none (the server compresses
      // regardless); OkHttp asks for gzip and decodes gzip itself.
      String asked = transportDecodesGzip() ? "gzip" : null;
      HttpRequest request = HttpRequest.newBuilder(uri("/h")).build();

      assertThat(
              client
                  .send(request, JsonBodyHandlers.of(JsonType.of(WeatherForecast.class, options)))
                  .body())
          .isEqualTo(MILD);
      assertThat(received(server).take().getHeaders().get("Accept-Encoding")).isEqualTo(asked);
      assertThat(
              client
                  .sendAsync(
                      request, JsonBodyHandlers.of(JsonType.of(WeatherForecast.class, options)))
                  .get(10, TimeUnit.SECONDS)
                  .body())
          .isEqualTo(MILD);
      received(server).take();
      try (java.util.stream.Stream<Named> stream =
          client
              .send(request, JsonBodyHandlers.ofStream(JsonType.of(Named.class, options)))
              .body()) {
        assertThat(stream).containsExactly(new Named("a"));
      }
      received(server).take();
      HttpRequest asking =
          HttpRequest.newBuilder(uri("/h")).header("Accept-Encoding", coding.header).build();
      HttpResponse<java.io.InputStream> raw =
          client.send(asking, HttpResponse.BodyHandlers.ofInputStream());
      try (java.util.stream.Stream<Named> stream =
          HttpJson.readFromJsonAsStream(raw, Named.class)) {
        assertThat(stream).containsExactly(new Named("b"));
      }
      assertThat(received(server).take().getHeaders().get("Accept-Encoding"))
          .isEqualTo(coding.header);
    }
  }

  @Test
  public void boundClientCallsAskForCompressionUnlessADefaultHeaderNamesTheEncodings()
      throws Exception {
    server.enqueue(Compressed.json(200, Compressed.Coding.GZIP, FORECAST));
    server.enqueue(Compressed.json(200, Compressed.Coding.DEFLATE, FORECAST));
    server.enqueue(Compressed.json(200, Compressed.Coding.GZIP, FORECAST));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client).baseUri(uri("/api/")).options(options).build();
    HttpJsonClient gzipOnly =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/api/"))
            .options(options)
            .header("Accept-Encoding", "gzip")
            .build();

    assertThat(api.getFromJson("f", WeatherForecast.class)).isEqualTo(MILD);
    assertAskedForCompression();
    assertThat(api.getFromJsonAsync("f", WeatherForecast.class).get(10, TimeUnit.SECONDS))
        .isEqualTo(MILD);
    assertAskedForCompression();
    assertThat(gzipOnly.getFromJson("f", WeatherForecast.class)).isEqualTo(MILD);
    assertThat(received(server).take().getHeaders().values("Accept-Encoding"))
        .containsExactly("gzip");
  }

  @Test
  public void compressionOffSendsNoAcceptEncodingYetDecodesWhatArrives() throws Exception {
    JsonOptions off = options.toBuilder().compression(false).build();
    server.enqueue(json(200, FORECAST));
    server.enqueue(Compressed.json(200, Compressed.Coding.GZIP, FORECAST));

    assertThat(off.compression()).isFalse();
    assertThat(off).isNotEqualTo(options);
    assertThat(HttpJson.getFromJson(client, uri("/plain"), JsonType.of(WeatherForecast.class, off)))
        .isEqualTo(MILD);
    assertThat(received(server).take().getHeaders().get("Accept-Encoding"))
        .isEqualTo(transportDecodesGzip() ? "gzip" : null);
    assertThat(HttpJson.getFromJson(client, uri("/gz"), JsonType.of(WeatherForecast.class, off)))
        .isEqualTo(MILD);
    received(server).take();
  }

  @Test
  public void aCallersOwnAcceptEncodingIsSentAsIsAndIdentityPassesThrough() throws Exception {
    server.enqueue(json(200, FORECAST));
    HttpRequest identity =
        HttpRequest.newBuilder(uri("/id")).header("Accept-Encoding", "identity").build();

    assertThat(
            HttpJson.exchange(client, identity, JsonType.of(WeatherForecast.class, options)).body())
        .isEqualTo(MILD);
    assertThat(received(server).take().getHeaders().values("Accept-Encoding"))
        .containsExactly("identity");
  }

  private static MockResponse encodedOverTwoLines(String first, String second, byte[] body) {
    return new MockResponse.Builder()
        .code(200)
        .addHeader("Content-Type", "application/json")
        .addHeader("Content-Encoding", first)
        .addHeader("Content-Encoding", second)
        .body(new okio.Buffer().write(body))
        .build();
  }

  @Test
  public void contentEncodingOverTwoHeaderLinesIsReadWhole() throws Exception {
    byte[] array = "[{\"displayName\":\"a\"},{\"displayName\":\"b\"}]".getBytes(UTF_8);
    byte[] twice = Compressed.gzip(Compressed.gzip(array));
    for (int i = 0; i < 3; i++) {
      server.enqueue(encodedOverTwoLines("gzip", "gzip", twice));
    }
    server.enqueue(encodedOverTwoLines("identity", "gzip", Compressed.gzip(array)));
    server.enqueue(encodedOverTwoLines("identity", "gzip", Compressed.gzip(array)));
    String stacked = "'gzip, gzip': more than one coding";

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/z"), JsonType.listOf(Named.class).withOptions(options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining(stacked);
    assertThatThrownBy(
            () -> {
              try (java.util.stream.Stream<Named> stream =
                  HttpJson.getFromJsonAsStream(
                      client, uri("/z"), JsonType.of(Named.class, options))) {
                stream.forEach(n -> {});
              }
            })
        .satisfiesAnyOf(
            e -> assertThat(e).isInstanceOf(JsonReadException.class).hasMessageContaining(stacked),
            e ->
                assertThat(e)
                    .isInstanceOf(java.io.UncheckedIOException.class)
                    .cause()
                    .isInstanceOf(JsonReadException.class)
                    .hasMessageContaining(stacked));
    HttpResponse<byte[]> bytes = HttpJson.postAsJson(client, uri("/z"), MILD, options);
    assertThat(bytes.body()).as("a body httpjson cannot decode is kept as sent").isEqualTo(twice);
    assertThat(bytes.headers().allValues("Content-Encoding")).containsExactly("gzip", "gzip");
    assertThatThrownBy(
            () -> HttpJson.readFromJson(bytes, JsonType.listOf(Named.class).withOptions(options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining(stacked);
    assertThat(
            HttpJson.getFromJson(
                client, uri("/z"), JsonType.listOf(Named.class).withOptions(options)))
        .containsExactly(new Named("a"), new Named("b"));
    try (java.util.stream.Stream<Named> stream =
        HttpJson.getFromJsonAsStream(client, uri("/z"), JsonType.of(Named.class, options))) {
      assertThat(stream).containsExactly(new Named("a"), new Named("b"));
    }
  }

  @Test
  public void maxResponseSizeLimitsTheDecodedBytesNotTheCompressedOnes() throws Exception {
    String big =
        "[" + "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",".repeat(100) + "\"a\"]";
    byte[] gz = Compressed.gzip(big);
    JsonOptions small = options.toBuilder().maxResponseSize(1000).build();
    assertThat(gz.length).isLessThan(1000);
    assertThat(big.length()).isGreaterThan(1000);
    server.enqueue(Compressed.response(200, "application/json", "gzip", gz));
    server.enqueue(Compressed.response(200, "application/json", "gzip", gz));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/big"), JsonType.of(List.class, small)))
        .isInstanceOfSatisfying(
            dev.httpjson.ResponseTooLargeException.class,
            e -> {
              assertThat(e.declared()).isFalse();
              assertThat(e.size()).isEqualTo(1001); // inflation stopped one byte past the limit
            });
    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsync(client, uri("/big"), JsonType.of(List.class, small))
                    .get(10, TimeUnit.SECONDS))
        .cause()
        .isInstanceOfSatisfying(
            dev.httpjson.ResponseTooLargeException.class,
            e -> assertThat(e.size()).isEqualTo(1001));

    // Stored, not compressed: the compressed length is over the limit, the decoded body within.
    String text = "\"" + "x".repeat(990) + "\"";
    byte[] noisyGz = Compressed.gzipStored(text);
    assertThat(noisyGz.length).isGreaterThan(1000);
    server.enqueue(Compressed.response(200, "application/json", "gzip", noisyGz));
    assertThat(HttpJson.getFromJson(client, uri("/noisy"), JsonType.of(String.class, small)))
        .isEqualTo(text.substring(1, text.length() - 1));
  }

  @Test
  public void aGzipBombFailsAtTheLimitWithoutInflatingIt() throws Exception {
    byte[] bomb = Compressed.gzipBomb(64L * 1024 * 1024);
    assertThat(bomb.length).isLessThan(200 * 1024);
    server.enqueue(Compressed.response(200, "application/json", "gzip", bomb));
    server.enqueue(Compressed.response(200, "application/json", "gzip", bomb));
    long limit = JsonOptions.DEFAULT_MAX_RESPONSE_SIZE;

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/bomb"), JsonType.of(List.class, options)))
        .isInstanceOfSatisfying(
            dev.httpjson.ResponseTooLargeException.class,
            e -> assertThat(e.size()).isEqualTo(limit + 1));
    assertThatThrownBy(
            () ->
                HttpJson.getFromJsonAsync(client, uri("/bomb"), JsonType.of(List.class, options))
                    .get(30, TimeUnit.SECONDS))
        .cause()
        .isInstanceOfSatisfying(
            dev.httpjson.ResponseTooLargeException.class,
            e -> assertThat(e.size()).isEqualTo(limit + 1));
    server.enqueue(json(200, FORECAST));
    assertThat(
            HttpJson.getFromJson(client, uri("/ok"), JsonType.of(WeatherForecast.class, options)))
        .isEqualTo(MILD);
  }

  // ---- parser limits ----

  @Test
  public void nestingBeyondTheLimitFailsNamingIt() {
    server.enqueue(json(200, "[".repeat(100_000) + "]".repeat(100_000)));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/deep"), JsonType.of(Object.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxNestingDepth")
        .hasMessageContaining("500");
  }

  @Test
  public void numberLongerThanTheLimitFailsNamingIt() {
    server.enqueue(json(200, "{\"temperatureC\":" + "9".repeat(1001) + "}"));

    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, uri("/n"), JsonType.of(WeatherForecast.class, options)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxNumberLength");
  }

  @Test
  public void stringLongerThanTheLimitFailsNamingIt() {
    server.enqueue(json(200, "{\"displayName\":\"" + "x".repeat(5000) + "\"}"));
    JsonOptions small = options.toBuilder().maxStringLength(1000).build();

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, uri("/s"), JsonType.of(Named.class, small)))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("JsonOptions.maxStringLength")
        .satisfies(e -> assertThat(((JsonReadException) e).path()).isEqualTo("$.displayName"));
  }

  // ---- arguments ----

  @Test
  public void argumentsAreCheckedEagerly() {
    assertThatThrownBy(() -> HttpJson.getFromJson(null, uri("/x"), Named.class))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("client == null");
    assertThatThrownBy(
            () -> HttpJson.getFromJsonAsync(client, URI.create("/relative"), Named.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("relative")
        .hasMessageContaining("/relative");
    assertThatThrownBy(() -> HttpJson.getFromJson(client, URI.create(""), Named.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("relative");
    assertThatThrownBy(() -> HttpJson.postAsJsonAsync(client, uri("/x"), MILD, (Class<Named>) null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("type == null");
    assertThat(received(server).count()).isZero();
  }

  // ---- HttpJsonClient ----

  @Test
  public void boundClientResolvesAgainstItsBaseAndSendsDefaultHeaders() throws Exception {
    server.enqueue(json(200, FORECAST));
    server.enqueue(json(200, "{\"displayName\":\"made\"}"));
    server.enqueue(json(200, "[]"));
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/api/v1/"))
            .options(options)
            .header("Authorization", "Bearer t")
            .build();

    assertThat(api.getFromJson("forecasts/1", WeatherForecast.class)).isEqualTo(MILD);
    assertThat(api.postAsJson("things", MILD, Named.class)).isEqualTo(new Named("made"));
    assertThat(api.getFromJson(null, JsonType.listOf(Named.class))).isEmpty();

    RecordedRequest get = received(server).take();
    assertThat(get.getTarget()).isEqualTo("/api/v1/forecasts/1");
    assertThat(get.getHeaders().get("Authorization")).isEqualTo("Bearer t");
    RecordedRequest post = received(server).take();
    assertThat(post.getTarget()).isEqualTo("/api/v1/things");
    assertThat(post.getHeaders().get("Authorization")).isEqualTo("Bearer t");
    assertThat(post.getBody().utf8()).isEqualTo(FORECAST);
    assertThat(received(server).take().getTarget()).isEqualTo("/api/v1/");
  }

  @Test
  public void boundClientWithoutBaseRejectsRelativeUris() {
    HttpJsonClient api = HttpJsonClient.newBuilder(client).build();

    assertThatThrownBy(() -> api.getFromJson("users/1", Named.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("uri is relative and no base URI is set: users/1");
  }

  // ---- per-call API: send, ensureSuccess, readFromJsonAsStream, JsonType, withHeader ----

  private HttpRequest.Builder orderRequest(String method, String path) throws Exception {
    return JsonContent.of(new Named("order"), options).requestBuilder(method, uri(path));
  }

  @Test
  public void sendReadsTheResponseToAHandBuiltRequestAndSendsItAsBuilt() throws Exception {
    server.enqueue(json(201, "{\"displayName\":\"receipt\"}"));

    Named receipt =
        HttpJson.exchange(
                client,
                orderRequest("PUT", "/orders/1").header("Idempotency-Key", "k-1").build(),
                JsonType.of(Named.class, options))
            .body();

    assertThat(receipt).isEqualTo(new Named("receipt"));
    RecordedRequest request = received(server).take();
    assertThat(request.getMethod()).isEqualTo("PUT");
    assertThat(request.getHeaders().values("Idempotency-Key")).containsExactly("k-1");
    assertThat(request.getHeaders().values("Accept"))
        .containsExactly("application/json, application/problem+json");
    assertThat(request.getBody().utf8()).isEqualTo("{\"displayName\":\"order\"}");
  }

  @Test
  public void sendKeepsTheAcceptTheCallerSet() throws Exception {
    server.enqueue(json(200, "{\"displayName\":\"v\"}"));
    HttpRequest request =
        HttpRequest.newBuilder(uri("/v")).header("Accept", "application/vnd.api+json").build();

    HttpJson.exchange(client, request, JsonType.of(Named.class, options)).body();

    assertThat(received(server).take().getHeaders().values("Accept"))
        .containsExactly("application/vnd.api+json");
  }

  @Test
  public void sendFailsAnErrorStatusWithMethodUriAndProblemDetails() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(422)
            .addHeader("Content-Type", "application/problem+json")
            .body("{\"title\":\"Out of stock\",\"status\":422,\"detail\":\"sku A-42\"}")
            .build());

    assertThatThrownBy(
            () ->
                HttpJson.exchange(client, orderRequest("POST", "/orders").build(), Named.class)
                    .body())
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(422);
              assertThat(e.method()).isEqualTo("POST");
              assertThat(e.uri()).isEqualTo(uri("/orders"));
              assertThat(e.problem()).map(ProblemDetails::title).contains("Out of stock");
              assertThat(e.getMessage()).contains("422").contains("POST").contains("/orders");
            });
  }

  @Test
  public void sendAppliesTheSizeLimitAndTheWholeCallTimeoutOfItsOptions() throws Exception {
    server.enqueue(json(200, "[" + "1,".repeat(600) + "1]"));
    JsonOptions small = options.toBuilder().maxResponseSize(100).build();
    assertThatThrownBy(
            () ->
                HttpJson.exchange(
                        client,
                        HttpRequest.newBuilder(uri("/big")).build(),
                        JsonType.of(List.class, small))
                    .body())
        .isInstanceOf(dev.httpjson.ResponseTooLargeException.class)
        .hasMessageContaining("100");

    server.enqueue(
        new MockResponse.Builder().code(200).body("{}").headersDelay(3, TimeUnit.SECONDS).build());
    JsonOptions quick = options.toBuilder().timeout(java.time.Duration.ofMillis(300)).build();
    CompletableFuture<Named> late =
        HttpJson.exchangeAsync(
                client,
                HttpRequest.newBuilder(uri("/slow")).build(),
                JsonType.of(Named.class, quick))
            .thenApply(HttpResponse::body);
    assertThatThrownBy(() -> late.get(10, TimeUnit.SECONDS))
        .hasCauseInstanceOf(dev.httpjson.CallTimeoutException.class);
  }

  @Test
  public void aTimeoutTooLongToCountMeansNoTimeoutOnEveryPath() throws Exception {
    for (java.time.Duration forever :
        List.of(
            java.time.temporal.ChronoUnit.FOREVER.getDuration(),
            java.time.Duration.ofSeconds(Long.MAX_VALUE))) {
      JsonOptions o = options.toBuilder().timeout(forever).idleTimeout(forever).build();
      server.enqueue(json(200, "{\"displayName\":\"b\"}"));
      assertThat(HttpJson.getFromJson(client, uri("/b"), JsonType.of(Named.class, o)))
          .isEqualTo(new Named("b"));
      server.enqueue(json(200, "{\"displayName\":\"a\"}"));
      assertThat(
              HttpJson.getFromJsonAsync(client, uri("/a"), JsonType.of(Named.class, o))
                  .get(10, TimeUnit.SECONDS))
          .isEqualTo(new Named("a"));
      server.enqueue(json(200, "[{\"displayName\":\"s\"}]"));
      try (java.util.stream.Stream<Named> stream =
          HttpJson.getFromJsonAsStream(client, uri("/s"), JsonType.of(Named.class, o))) {
        assertThat(stream).containsExactly(new Named("s"));
      }
      HttpJsonClient api =
          HttpJsonClient.newBuilder(client).baseUri(uri("/api/")).options(options).build();
      server.enqueue(json(200, "{\"displayName\":\"c\"}"));
      assertThat(
              api.withTimeout(forever).getFromJsonAsync("c", Named.class).get(10, TimeUnit.SECONDS))
          .isEqualTo(new Named("c"));
    }
  }

  @Test
  public void aZeroTimeoutMeansNoTimeoutAndANegativeOneIsAnArgumentError() throws Exception {
    JsonOptions quick = options.toBuilder().timeout(java.time.Duration.ofMillis(200)).build();
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client).baseUri(uri("/api/")).options(quick).build();
    MockResponse late =
        new MockResponse.Builder()
            .code(200)
            .body("{\"displayName\":\"late\"}")
            .headersDelay(700, TimeUnit.MILLISECONDS)
            .build();

    server.enqueue(late);
    assertThat(api.withTimeout(java.time.Duration.ZERO).getFromJson("late", Named.class))
        .isEqualTo(new Named("late"));
    server.enqueue(late);
    JsonOptions none = quick.toBuilder().timeout(java.time.Duration.ZERO).build();
    assertThat(none.timeout()).isNull();
    assertThat(
            HttpJson.getFromJsonAsync(client, uri("/late"), JsonType.of(Named.class, none))
                .get(10, TimeUnit.SECONDS))
        .isEqualTo(new Named("late"));
    server.enqueue(late);
    assertThatThrownBy(() -> api.getFromJson("late", Named.class))
        .isInstanceOf(dev.httpjson.CallTimeoutException.class)
        .hasMessageContaining("PT0.2S");

    assertThatThrownBy(() -> api.withTimeout(java.time.Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("timeout < 0: PT-1S");
  }

  @Test
  public void sendReadsTheCharsetOfTheResponse() throws Exception {
    server.enqueue(
        bytes(
            200,
            "application/json; charset=iso-8859-1",
            "{\"displayName\":\"caf\u00e9\"}".getBytes(ISO_8859_1)));

    assertThat(
            HttpJson.exchange(client, HttpRequest.newBuilder(uri("/l")).build(), Named.class)
                .body())
        .isEqualTo(new Named("caf\u00e9"));
  }

  @Test
  public void ensureSuccessPassesA2xxAndThrowsTheCheckedCallsExceptionOtherwise() throws Exception {
    server.enqueue(json(204, ""));
    server.enqueue(
        new MockResponse.Builder()
            .code(409)
            .addHeader("Content-Type", "application/problem+json")
            .body("{\"title\":\"Conflict\",\"status\":409}")
            .build());

    HttpResponse<byte[]> ok = HttpJson.postAsJson(client, uri("/a"), MILD, options);
    assertThat(HttpJson.ensureSuccess(ok)).isSameAs(ok);

    HttpResponse<byte[]> conflict = HttpJson.postAsJson(client, uri("/b"), MILD, options);
    assertThatThrownBy(() -> HttpJson.ensureSuccess(conflict))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.statusCode()).isEqualTo(409);
              assertThat(e.method()).isEqualTo("POST");
              assertThat(e.problem()).map(ProblemDetails::title).contains("Conflict");
            });
  }

  /**
   * A response the caller received still compressed (its own {@code Accept-Encoding}) has its error
   * body decoded for the exception; one that decodes to more than the prefix kept is said to be
   * cut, as an uncompressed one is, and is not read as JSON from its first 8 KiB.
   */
  @Test
  public void ensureSuccessOfACompressedErrorBodyLongerThanThePrefixSaysItWasCut()
      throws Exception {
    String problem = "{\"title\":\"" + "t".repeat(20_000) + "\"}";
    server.enqueue(
        Compressed.response(
            500, "application/problem+json", "gzip", Compressed.gzip(problem.getBytes(UTF_8))));

    HttpResponse<byte[]> response =
        client.send(
            HttpRequest.newBuilder(uri("/c")).header("Accept-Encoding", "gzip").build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertThat(response.headers().firstValue("Content-Encoding")).contains("gzip");
    assertThatThrownBy(() -> HttpJson.ensureSuccess(response))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class,
            e -> {
              assertThat(e.body()).isEqualTo(problem.substring(0, 8192));
              assertThat(e.bodyTruncated()).isTrue();
              assertThat(e.getMessage()).endsWith("…");
              assertThatThrownBy(() -> e.bodyAs(java.util.Map.class))
                  .isInstanceOf(JsonReadException.class)
                  .hasMessageContaining("longer than the 8192 bytes");
            });
  }

  @Test
  public void readFromJsonAsStreamReadsAnyResponseAndClosingReleasesIt() throws Exception {
    server.enqueue(
        bytes(
            200,
            "application/x-ndjson",
            "{\"displayName\":\"a\"}\n{\"displayName\":\"b\"}\n".getBytes(UTF_8)));
    server.enqueue(json(200, "[{\"displayName\":\"c\"},{\"displayName\":\"d\"}]"));

    HttpResponse<java.io.InputStream> ndjson =
        client.send(
            orderRequest("POST", "/batch").build(), HttpResponse.BodyHandlers.ofInputStream());
    try (java.util.stream.Stream<Named> results =
        HttpJson.readFromJsonAsStream(ndjson, JsonType.of(Named.class, options))) {
      assertThat(results).containsExactly(new Named("a"), new Named("b"));
    }
    HttpResponse<java.io.InputStream> array =
        client.send(
            HttpRequest.newBuilder(uri("/list")).build(),
            HttpResponse.BodyHandlers.ofInputStream());
    try (java.util.stream.Stream<Named> results =
        HttpJson.readFromJsonAsStream(array, JsonType.of(Named.class, options))) {
      assertThat(results.findFirst()).contains(new Named("c")); // stops early
    }

    server.enqueue(json(200, "{\"displayName\":\"after\"}"));
    assertThat(HttpJson.getFromJson(client, uri("/after"), JsonType.of(Named.class, options)))
        .isEqualTo(new Named("after"));
  }

  @Test
  public void readFromJsonAsStreamFailsAnUnknownCharsetNamingItAndClosesTheBody() throws Exception {
    server.enqueue(bytes(200, "application/json; charset=x-klingon", "[]".getBytes(UTF_8)));
    HttpResponse<java.io.InputStream> response =
        client.send(
            HttpRequest.newBuilder(uri("/k")).build(), HttpResponse.BodyHandlers.ofInputStream());

    assertThatThrownBy(() -> HttpJson.readFromJsonAsStream(response, Named.class))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("x-klingon");
    assertThatThrownBy(() -> response.body().read())
        .as("the body was closed")
        .isInstanceOf(IOException.class)
        .hasMessageContaining("closed");
  }

  @Test
  public void aPreparedTypeIsAcceptedWhereverATypeIs() throws Exception {
    JsonType<Named> named = JsonType.of(Named.class, options);
    JsonType<List<Named>> list = new JsonType<List<Named>>() {}.withOptions(options);
    server.enqueue(json(200, "{\"displayName\":\"g\"}"));
    server.enqueue(json(200, "[{\"displayName\":\"l\"}]"));
    server.enqueue(json(200, "{\"displayName\":\"p\"}"));
    server.enqueue(json(200, "{\"displayName\":\"d\"}"));
    server.enqueue(json(200, "{\"displayName\":\"h\"}"));

    assertThat(HttpJson.getFromJson(client, uri("/g"), named)).isEqualTo(new Named("g"));
    assertThat(HttpJson.getFromJsonAsync(client, uri("/l"), list).get(30, TimeUnit.SECONDS))
        .containsExactly(new Named("l"));
    assertThat(HttpJson.postAsJson(client, uri("/p"), new Named("x"), named))
        .isEqualTo(new Named("p"));
    assertThat(HttpJson.deleteFromJson(client, uri("/d"), named)).isEqualTo(new Named("d"));
    assertThat(
            client
                .send(
                    HttpRequest.newBuilder(uri("/h"))
                        .POST(JsonContent.of(new Named("y"), named))
                        .build(),
                    JsonBodyHandlers.of(named))
                .body())
        .isEqualTo(new Named("h"));
    assertThat(JsonType.of(Named.class, options)).isEqualTo(named).hasSameHashCodeAs(named);
    assertThatThrownBy(() -> JsonType.of(List.class.getTypeParameters()[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a concrete type");
  }

  @Test
  public void boundClientWithHeaderAndWithTimeoutApplyToTheirCallsOnly() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client).baseUri(uri("/api/")).options(options).build();
    server.enqueue(json(200, "{\"displayName\":\"one\"}"));
    server.enqueue(json(200, "{\"displayName\":\"two\"}"));

    assertThat(api.withHeader("X-Request-Id", "r-1").getFromJson("items/1", Named.class))
        .isEqualTo(new Named("one"));
    assertThat(api.getFromJson("items/2", Named.class)).isEqualTo(new Named("two"));

    RecordedRequest first = received(server).take();
    assertThat(first.getUrl().encodedPath()).isEqualTo("/api/items/1");
    assertThat(first.getHeaders().values("X-Request-Id")).containsExactly("r-1");
    assertThat(received(server).take().getHeaders().values("X-Request-Id")).isEmpty();

    server.enqueue(
        new MockResponse.Builder().code(200).body("{}").headersDelay(3, TimeUnit.SECONDS).build());
    assertThatThrownBy(
            () ->
                api.withTimeout(java.time.Duration.ofMillis(300)).getFromJson("slow", Named.class))
        .isInstanceOf(dev.httpjson.CallTimeoutException.class)
        .hasMessageContaining("PT0.3S");
    assertThatThrownBy(() -> api.withHeader("Host", "evil"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Host");
  }

  @Test
  public void boundClientSendAddsItsHeadersToAHandBuiltRequest() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/api/"))
            .header("Authorization", "Bearer t")
            .options(options)
            .build();
    server.enqueue(json(200, "{\"displayName\":\"s\"}"));

    Named sent =
        api.withHeader("X-Request-Id", "r-2")
            .exchange(orderRequest("POST", "/api/orders").build(), Named.class)
            .body();

    assertThat(sent).isEqualTo(new Named("s"));
    RecordedRequest request = received(server).take();
    assertThat(request.getHeaders().values("Authorization")).containsExactly("Bearer t");
    assertThat(request.getHeaders().values("X-Request-Id")).containsExactly("r-2");
    assertThat(request.getHeaders().values("Accept"))
        .containsExactly("application/json, application/problem+json");
  }
}

package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okio.Buffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The parsing files of JSONTestSuite (nst/JSONTestSuite, MIT licence, vendored under {@code
 * dev/httpjson/contract/jsontestsuite/}), read as {@code Object} by a codec three ways: through
 * {@link HttpJson#getFromJson} from a loopback server, and through the codec's reader from a byte
 * array and from a stream.
 *
 * <ul>
 *   <li>Every {@code y_} file (valid JSON) reads, the same way on all three paths.
 *   <li>Every {@code n_} file (not JSON) fails with a {@link JsonReadException} that says where
 *       (line and column) and gives advice a caller can take: never a parser setting httpjson does
 *       not expose. The one exception is the empty file, which reads as {@code null} (an empty body
 *       is documented as {@code null}).
 *   <li>An {@code i_} file (implementation-defined) reads or fails with a {@link
 *       JsonReadException}; nothing else.
 * </ul>
 *
 * <p>A codec module runs it by subclassing and naming its codec.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class JsonTestSuiteContract {
  private static final String DIRECTORY = "/dev/httpjson/contract/jsontestsuite/";

  /** The one file that is not JSON but reads, as an empty body does: as {@code null}. */
  private static final String EMPTY = "n_structure_no_data.json";

  private MockWebServer server;
  private HttpClient client;
  private JsonOptions options;
  private JsonReader<Object> reader;

  /** The codec under test. */
  protected abstract JsonCodec codec();

  @BeforeAll
  void start() throws IOException {
    server = LoopbackServer.start();
    client = HttpClient.newHttpClient();
    options = JsonOptions.newBuilder().codec(codec()).build();
    reader = codec().bind(options).reader(Object.class);
  }

  @AfterAll
  void stop() throws IOException {
    server.close();
  }

  static Stream<String> accepted() {
    return files("y_");
  }

  static Stream<String> rejected() {
    return files("n_").filter(name -> !name.equals(EMPTY));
  }

  static Stream<String> undecided() {
    return files("i_");
  }

  @ParameterizedTest
  @MethodSource("accepted")
  public void validJsonReadsOnEveryPath(String name) throws Exception {
    byte[] json = bytes(name);

    Object overHttp = HttpJson.getFromJson(client, serve(json), JsonType.of(Object.class, options));
    Object fromBytes = reader.read(json, 0, json.length);
    Object fromStream = reader.read(new ByteArrayInputStream(json));

    assertThat(fromBytes).isEqualTo(overHttp);
    assertThat(fromStream).isEqualTo(overHttp);
  }

  @ParameterizedTest
  @MethodSource("rejected")
  public void invalidJsonFailsWithAPositionOnEveryPath(String name) throws Exception {
    byte[] json = bytes(name);

    assertRejected(
        () -> HttpJson.getFromJson(client, serve(json), JsonType.of(Object.class, options)));
    assertRejected(() -> reader.read(json, 0, json.length));
    assertRejected(() -> reader.read(new ByteArrayInputStream(json)));
  }

  @ParameterizedTest
  @MethodSource("rejected")
  public void invalidJsonNeverAdvisesAParserSettingCallersCannotReach(String name)
      throws Exception {
    byte[] json = bytes(name);

    for (Reading read :
        List.<Reading>of(
            () -> reader.read(json, 0, json.length),
            () -> reader.read(new ByteArrayInputStream(json)))) {
      try {
        read.run();
        fail("read " + name);
      } catch (JsonReadException e) {
        assertThat(e.getMessage())
            .doesNotContain("setStrictness")
            .doesNotContain("LENIENT")
            .doesNotContain("setLenient");
      }
    }
  }

  @ParameterizedTest
  @MethodSource("undecided")
  public void implementationDefinedJsonReadsOrFailsAsDocumented(String name) throws Exception {
    byte[] json = bytes(name);

    for (Reading read :
        List.<Reading>of(
            () -> HttpJson.getFromJson(client, serve(json), JsonType.of(Object.class, options)),
            () -> reader.read(json, 0, json.length),
            () -> reader.read(new ByteArrayInputStream(json)))) {
      try {
        read.run();
      } catch (JsonReadException e) {
        assertThat(e.getMessage()).isNotBlank();
      }
    }
  }

  /**
   * Documents a lenient parser took as whole values (numbers outside the RFC 8259 grammar, members
   * where only names belong, a document cut after a nested close): each fails as a single value, as
   * an element of a streamed array and as an NDJSON line.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "[0.e1]",
        "[2.e3]",
        "[2.e+3]",
        "[2.e-3]",
        "[1e1e1]",
        "[1E2E3]",
        "0.",
        "-1.",
        "[1.]",
        "01",
        "[-]",
        "[+1]",
        "[.5]",
        "[1e]",
        "[1e+]",
        "[--1]",
        "[[1],[2]",
        "[1,[2,[3],4]",
        "{1}",
        "{\"a\":1,2}",
        "{\"a\" 1}",
        "{\"a\":}",
        "{,}",
        "[1 2]",
        "[1,]",
        "[,1]",
        "{\"a\":1,}",
        "[1,2",
        "{\"a\":1",
        "{\"a\":",
        "\"abc",
        "[\"\\x\"]",
        "[\"\\u12G4\"]",
        "tru",
        "[nul]",
        "[1}",
        "{\"a\":1]",
        "[[]]]",
        "'a'",
        "/* c */ 1",
        "# c\n1",
        "\"a\" // c",
        "NaN",
        "[Infinity]",
        "[-Infinity]"
      })
  public void documentsALenientParserTakesAreRejectedOnEveryPath(String document) throws Exception {
    byte[] json = document.getBytes(StandardCharsets.UTF_8);
    byte[] element = ("[" + document + "]").getBytes(StandardCharsets.UTF_8);
    byte[] line = ("1\n" + document + "\n").getBytes(StandardCharsets.UTF_8);
    JsonSequenceReader<Object> sequences = codec().bind(options).sequenceReader(Object.class);

    assertRejected(
        () -> HttpJson.getFromJson(client, serve(json), JsonType.of(Object.class, options)));
    assertRejected(() -> reader.read(json, 0, json.length));
    assertRejected(() -> reader.read(new ByteArrayInputStream(json)));
    assertRejected(() -> drain(sequences.array(new ByteArrayInputStream(element))));
    assertRejected(() -> drain(sequences.values(new ByteArrayInputStream(line))));
  }

  private static void drain(JsonSequenceReader.Cursor<Object> cursor) throws IOException {
    try (cursor) {
      while (cursor.next()) {
        cursor.value();
      }
    }
  }

  @Test
  public void theEmptyFileReadsAsNullOverHttp() throws Exception {
    byte[] json = bytes(EMPTY);

    assertThat(json).isEmpty();
    assertThat(HttpJson.getFromJson(client, serve(json), JsonType.of(Object.class, options)))
        .isNull();
  }

  @Test
  public void theSuiteIsComplete() {
    assertThat(files("y_")).hasSize(95);
    assertThat(files("n_")).hasSize(188);
    assertThat(files("i_")).hasSize(35);
  }

  private static void assertRejected(Reading read) {
    assertThatThrownBy(read::run)
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem()).isNotBlank();
              assertThat(e.line()).as("line of: %s", e.getMessage()).isPositive();
              assertThat(e.column()).as("column of: %s", e.getMessage()).isNotNegative();
            });
  }

  private URI serve(byte[] json) {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .body(new Buffer().write(json))
            .build());
    return LoopbackServer.uri(server, "/suite");
  }

  private static Stream<String> files(String prefix) {
    List<String> names = new ArrayList<>();
    try (InputStream in = resource("index.txt");
        BufferedReader lines =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line; (line = lines.readLine()) != null; ) {
        if (line.startsWith(prefix)) {
          names.add(line);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names.stream();
  }

  private static byte[] bytes(String name) throws IOException {
    try (InputStream in = resource("test_parsing/" + name)) {
      return in.readAllBytes();
    }
  }

  private static InputStream resource(String name) throws IOException {
    InputStream in = JsonTestSuiteContract.class.getResourceAsStream(DIRECTORY + name);
    if (in == null) {
      throw new IOException("missing test resource " + DIRECTORY + name);
    }
    return in;
  }

  /** One way of reading a file. */
  @FunctionalInterface
  private interface Reading {
    void run() throws Exception;
  }
}

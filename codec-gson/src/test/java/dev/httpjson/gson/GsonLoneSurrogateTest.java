package dev.httpjson.gson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A lone surrogate escape, which every codec writes, reads back with Gson too, while the rules of
 * Gson's strict mode that its legacy strict mode drops still hold for a string value: no raw
 * control character, no {@code \'}, no escaped line feed, and a name stays valid Unicode.
 */
class GsonLoneSurrogateTest {
  public record Text(String v) {}

  /** A map whose value type holds a type variable: Gson's own map adapter reads it. */
  public record Generic<T>(Map<String, List<T>> v) {}

  private final JsonOptions options = JsonOptions.newBuilder().codec(new GsonCodec()).build();
  private final HttpClient client = HttpClient.newHttpClient();
  private MockWebServer server;

  /** Longer than Gson's 1,024-character buffer: the string is read in more than one fill. */
  private static final String LONG = "x".repeat(3000);

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private <T> T get(JsonType<T> type, String body) throws Exception {
    server.enqueue(LoopbackServer.json(200, body));
    return HttpJson.getFromJson(
        client, LoopbackServer.uri(server, "/t"), type.withOptions(options));
  }

  @ParameterizedTest
  @ValueSource(strings = {"\\ud800", "a\\uDC00b", "\\udbff\\udbff", "\\udc00\\ud800"})
  void aLoneSurrogateEscapeReadsAsItsChar(String escaped) throws Exception {
    String value =
        escaped
            .replace("\\ud800", "\uD800")
            .replace("\\uDC00", "\uDC00")
            .replace("\\udc00", "\uDC00")
            .replace("\\udbff", "\uDBFF");
    assertThat(get(JsonType.of(Text.class), "{\"v\":\"" + escaped + "\"}"))
        .isEqualTo(new Text(value));
    assertThat(get(JsonType.of(Text.class), "{\"v\":\"" + LONG + escaped + LONG + "\"}"))
        .isEqualTo(new Text(LONG + value + LONG));
    assertThat(get(JsonType.listOf(String.class), "[\"" + escaped + "\",\"b\"]"))
        .containsExactly(value, "b");
  }

  @Test
  void aLoneSurrogateEscapeInASkippedPropertyReads() throws Exception {
    assertThat(get(JsonType.of(Text.class), "{\"x\":\"\\udc00\",\"v\":\"a\"}"))
        .isEqualTo(new Text("a"));
  }

  /**
   * Each rule the strict mode checks inside a string, with a lone surrogate escape before it, in a
   * short string and far into a long one: refused at the character (after an escape's letter), in
   * Gson's words.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aStringStillFollowsTheStrictRules(boolean longString) {
    String before = "\\ud800" + (longString ? LONG : "");
    int column = "{\"v\":\"".length() + before.length() + 1;
    assertRefused(
        "{\"v\":\"" + before + "\tb\"}",
        "Unescaped control characters (\\u0000-\\u001F) are not allowed in strict mode",
        1,
        column,
        "$.v");
    assertRefused(
        "{\"v\":\"" + before + "\\'b\"}",
        "Invalid escaped character \"'\" in strict mode",
        1,
        column + 2,
        "$.v");
    assertRefused(
        "{\"v\":\"" + before + "\\\nb\"}",
        "Cannot escape a newline character in strict mode",
        1,
        column + 2,
        "$.v");
  }

  /** A string that breaks a rule after one that is fine: the failure is at the second. */
  @Test
  void aLaterStringsFailureIsItsOwn() {
    assertThatThrownBy(
            () -> get(JsonType.listOf(String.class), "[\"\\ud800\",\n \"" + LONG + "a\u0001b\"]"))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem()).startsWith("Unescaped control characters");
              assertThat(e.path()).isEqualTo("$[1]");
              assertThat(e.line()).isEqualTo(2);
              assertThat(e.column()).isEqualTo(2 + LONG.length() + 2);
            });
  }

  @Test
  void aLoneSurrogateEscapeInANameIsRefused() {
    assertThatThrownBy(() -> get(JsonType.mapOf(Long.class), "{\"\\ud800\":1}"))
        .isInstanceOf(JsonReadException.class);
    assertThatThrownBy(() -> get(JsonType.of(Text.class), "{\"\\udc00\":1,\"v\":\"a\"}"))
        .isInstanceOf(JsonReadException.class);
  }

  /** A key Gson's own map adapter reads as a string value is a name all the same. */
  @Test
  void aLoneSurrogateEscapeInAKeyOfGsonsMapAdapterIsRefused() throws Exception {
    assertThat(get(JsonType.of(Generic.class), "{\"v\":{\"a\\ud83d\\ude00\":[]}}"))
        .isEqualTo(new Generic<>(Map.of("a\uD83D\uDE00", List.of())));
    assertThatThrownBy(() -> get(JsonType.of(Generic.class), "{\"v\":{\"a\\ud800\":[]}}"))
        .isInstanceOfSatisfying(
            JsonReadException.class, e -> assertThat(e.problem()).startsWith("Unpaired surrogate"));
  }

  private void assertRefused(String body, String problem, long line, long column, String path) {
    assertThatThrownBy(() -> get(JsonType.of(Text.class), body))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem()).isEqualTo(problem);
              assertThat(e.line()).isEqualTo(line);
              assertThat(e.column()).isEqualTo(column);
              assertThat(e.path()).isEqualTo(path);
            });
  }
}

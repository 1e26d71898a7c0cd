package dev.httpjson.jackson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A failure in a streamed body ({@code getFromJsonAsStream}, an array or NDJSON) names the line and
 * column of the body as it came: counted from the body's first byte, a UTF-8 byte order mark
 * included, whatever the parser is given to start on.
 */
class StreamedFailurePositionTest {
  private static final String BOM = "\uFEFF";
  private static final String JSON = "application/json";
  private static final String NDJSON = "application/x-ndjson";

  private final HttpClient client = HttpClient.newHttpClient();
  private final JsonOptions options = JsonOptions.newBuilder().codec(new JacksonCodec()).build();
  private MockWebServer server;
  private final List<String> wrong = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
    assertThat(wrong).isEmpty();
  }

  @Test
  void aSyntaxErrorOnTheFirstLineIsAtItsColumn() throws Exception {
    assertFailsAt(JSON, "[1,2,x]", Integer.class, 1, 6, "$[2]");
    assertFailsAt(JSON, "[1,2,}", Integer.class, 1, 6, "$[2]");
    // A second value on a line is the first error: NDJSON holds one value a line.
    assertFailsAt(NDJSON, "1 2 }", Integer.class, 1, 3, "$");
    assertFailsAt(NDJSON, "x", Integer.class, 1, 1, "$");
    assertFailsAt(JSON, "[1] 2", Integer.class, 1, 6, "$");
    assertFailsAt(JSON, "[1,2", Integer.class, 1, 5, "$[1]");
  }

  @Test
  void aSyntaxErrorOnALaterLineIsAtItsLineAndColumn() throws Exception {
    assertFailsAt(JSON, "[1,\n 2,\n  x]", Integer.class, 3, 3, "$[2]");
    assertFailsAt(NDJSON, "1\n2\n  }\n", Integer.class, 3, 3, "$");
    assertFailsAt(NDJSON, "\n\n\n\n\n7 }", Integer.class, 6, 3, "$");
  }

  @Test
  void aFailureAfterAByteOrderMarkCountsTheMarksBytes() throws Exception {
    assertFailsAt(JSON, BOM + "[1,2,x]", Integer.class, 1, 9, "$[2]");
    assertFailsAt(NDJSON, BOM + "1 2 }", Integer.class, 1, 6, "$");
    assertFailsAt(NDJSON, BOM + "1\n2 }", Integer.class, 2, 3, "$");
    assertFailsAt(JSON, BOM + "{}", Integer.class, 1, 5, "$");
    assertFailsAt(JSON, BOM + "[1,\"a\"]", Integer.class, 1, 7, "$[1]");
  }

  @Test
  void aMismatchOrALimitIsWhereTheParserStopped() throws Exception {
    assertFailsAt(JSON, "[1,\"a\"]", Integer.class, 1, 4, "$[1]");
    assertFailsAt(JSON, "{}", Integer.class, 1, 2, "$");
    assertFailsAt(NDJSON, "1\n\"a\"", Integer.class, 2, 1, "$");
    JsonOptions small = options.toBuilder().maxStringLength(4).build();
    assertFailsAt(JSON, "[\"ab\",\n \"abcdef\"]", JsonType.of(String.class, small), 2, 10, "$[1]");
  }

  /**
   * Bytes that start as a mark would, but are none, are the body's first characters; a body that
   * does not start as UTF-8 is refused at its first byte that says so.
   */
  @Test
  void aBodyIsPlacedFromItsFirstByte() throws Exception {
    byte[] notAMark = {(byte) 0xEF, (byte) 0xBB, '1'};
    assertFailsAt(NDJSON, notAMark, JsonType.of(Integer.class, options), 1, 4, "$");
    byte[] utf16 = {'[', 0, '1', 0, ']', 0};
    assertFailsAt(JSON, utf16, JsonType.of(Integer.class, options), 1, 2, "$");
  }

  private void assertFailsAt(
      String contentType, String body, Class<?> type, long line, long column, String path)
      throws Exception {
    assertFailsAt(
        contentType, body.getBytes(UTF_8), JsonType.of(type, options), line, column, path);
  }

  private void assertFailsAt(
      String contentType, String body, JsonType<?> type, long line, long column, String path)
      throws Exception {
    assertFailsAt(contentType, body.getBytes(UTF_8), type, line, column, path);
  }

  private void assertFailsAt(
      String contentType, byte[] body, JsonType<?> type, long line, long column, String path)
      throws Exception {
    server.enqueue(LoopbackServer.bytes(200, contentType, body));
    String what = new String(body, UTF_8).replace("\n", "\\n").replace(BOM, "<BOM>");
    Throwable thrown = null;
    try (Stream<?> s =
        HttpJson.getFromJsonAsStream(client, LoopbackServer.uri(server, "/s"), type)) {
      s.forEach(e -> {});
    } catch (JsonReadException | UncheckedHttpJsonException e) {
      thrown = e instanceof JsonReadException ? e : e.getCause();
    }
    if (!(thrown instanceof JsonReadException e)) {
      wrong.add(what + ": no JsonReadException but " + thrown);
    } else if (e.line() != line || e.column() != column || !e.path().equals(path)) {
      wrong.add(
          what
              + ": at "
              + line
              + ":"
              + column
              + " "
              + path
              + " expected, "
              + e.line()
              + ":"
              + e.column()
              + " "
              + e.path()
              + " reported ("
              + e.getMessage()
              + ")");
    }
  }
}

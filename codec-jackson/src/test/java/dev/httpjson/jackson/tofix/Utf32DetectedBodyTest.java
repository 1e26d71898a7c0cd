package dev.httpjson.jackson.tofix;

import static dev.httpjson.testing.LoopbackServer.bytes;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.testing.LoopbackServer;
import dev.httpjson.testing.Models.Named;
import java.net.http.HttpClient;
import java.util.HexFormat;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Known bug (found by the fuzzer): on the direct byte path (no charset, or UTF-8) Jackson sniffs
 * the first bytes and switches to UTF-32 (or UTF-16) when they look like it ({@code 00 00 00 xx});
 * an invalid UTF-32 unit then fails with {@code java.io.CharConversionException} from Jackson's
 * UTF32Reader, which httpjson passes through raw instead of as a {@link JsonReadException} with
 * position, target type and content type.
 */
class Utf32DetectedBodyTest {
  private MockWebServer server;
  private HttpClient client;
  private JsonOptions options;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    client = HttpClient.newHttpClient();
    options = JsonOptions.newBuilder().codec(new JacksonCodec()).build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void bodyThatLooksLikeUtf32ButIsNotFailsAsAJsonReadException() {
    byte[] body = HexFormat.of().parseHex("0000001273706c21794e616d65220800");
    server.enqueue(bytes(200, "application/json", body));

    assertThatThrownBy(
            () -> HttpJson.getFromJson(client, server.url("/x").uri(), Named.class, options))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("application/json");
  }
}

package dev.httpjson.jackson.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.contract.HostileServerHarness;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A response rejected on its headers alone (a declared Content-Length over the limit) whose small
 * body arrived with them: the call fails before reading, and its connection is closed, not left
 * open with the unread body (the harness counts two descriptors per connection, client and server
 * side, after the calls).
 */
class RejectedWholeBodyConnectionTest extends HostileServerHarness {
  private static final String MESSAGE =
      "Response Content-Length 202 exceeds maxResponseSize 100 bytes; nothing was read";

  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Test
  void declaredLengthsOverTheLimitLeaveNoConnectionOpen() {
    JsonOptions small = options.toBuilder().maxResponseSize(100).build();
    for (int i = 0; i < 3; i++) {
      server.enqueue(LoopbackServer.json(200, "\"" + "x".repeat(200) + "\""));
    }

    for (int i = 0; i < 3; i++) {
      assertThatThrownBy(
              () -> HttpJson.getFromJson(client, uri("/big"), JsonType.of(String.class, small)))
          .isInstanceOf(ResponseTooLargeException.class)
          .hasMessage(MESSAGE + " (HTTP 200 from GET " + uri("/big") + ")");
    }
    assertThat(server.getRequestCount()).isEqualTo(warmUpRequests + 3);
  }

  @Test
  void asyncCallsWithDeclaredLengthsOverTheLimitLeaveNoConnectionOpen() {
    JsonOptions small = options.toBuilder().maxResponseSize(100).build();
    for (int i = 0; i < 3; i++) {
      server.enqueue(LoopbackServer.json(200, "\"" + "x".repeat(200) + "\""));
    }

    for (int i = 0; i < 3; i++) {
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJsonAsync(client, uri("/big"), JsonType.of(String.class, small))
                      .get(30, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .cause()
          .isInstanceOf(ResponseTooLargeException.class)
          .hasMessage(MESSAGE + " (HTTP 200 from GET " + uri("/big") + ")");
    }
    assertThat(server.getRequestCount()).isEqualTo(warmUpRequests + 3);
  }
}

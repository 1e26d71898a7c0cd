package dev.httpjson.jackson.reliability;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.HostileServerHarness;
import dev.httpjson.testing.LoopbackServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A response rejected on its headers alone (a declared Content-Length over the limit) whose small
 * body arrived with them: the failure thrown from {@code onSubscribe} leaves each connection open
 * (the harness counts two descriptors per call, client and server side, after the calls).
 */
class RejectedWholeBodyConnectionTest extends HostileServerHarness {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Test
  @Tag("tofix")
  void declaredLengthsOverTheLimitLeaveNoConnectionOpen() {
    JsonOptions small = options.toBuilder().maxResponseSize(100).build();
    for (int i = 0; i < 3; i++) {
      server.enqueue(LoopbackServer.json(200, "\"" + "x".repeat(200) + "\""));
    }

    for (int i = 0; i < 3; i++) {
      assertThatThrownBy(() -> HttpJson.getFromJson(client, uri("/big"), String.class, small))
          .isInstanceOf(ResponseTooLargeException.class);
    }
  }
}

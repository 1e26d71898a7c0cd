package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient.Version;
import org.junit.jupiter.api.Test;

/** The {@code Last-Event-ID} value a reconnection sends for an event id. */
class EventCallsTest {
  @Test
  void anAsciiIdIsSentAsIsOnEveryVersion() {
    for (Version v : Version.values()) {
      assertThat(EventCalls.lastEventIdValue("evt-42 \t/x", v)).isEqualTo("evt-42 \t/x");
    }
  }

  @Test
  void aNonAsciiIdIsSentAsItsUtf8BytesOverHttp2Only() {
    // Each char of the value is one byte on the wire: é is C3 A9, € is E2 82 AC.
    assertThat(EventCalls.lastEventIdValue("\u00e9\u20ac", Version.HTTP_2))
        .isEqualTo("\u00c3\u00a9\u00e2\u0082\u00ac");
    assertThat(EventCalls.lastEventIdValue("\u00e9", Version.HTTP_1_1)).isNull();
    assertThat(EventCalls.lastEventIdValue("\ud83d\ude00", Version.HTTP_2))
        .isEqualTo("\u00f0\u009f\u0098\u0080");
  }

  @Test
  void anIdWithAControlCharacterIsNeverSent() {
    for (Version v : Version.values()) {
      assertThat(EventCalls.lastEventIdValue("a\u0001b", v)).isNull();
      assertThat(EventCalls.lastEventIdValue("a\u007fb", v)).isNull();
    }
  }
}

package dev.httpjson.jackson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import java.time.Instant;
import java.time.OffsetDateTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A date property with its own {@code @JsonFormat} gets a deserializer of its own from Jackson: the
 * codec's rules for dates (issue 29: only from an ISO-8601 string, no epoch seconds) still apply to
 * it.
 */
class JsonFormatDatesTest {
  private static final JsonOptions OPTIONS =
      JsonOptions.newBuilder().codec(new JacksonCodec()).build();

  /** An instant with a pattern of its own. */
  public record Formatted(
      @JsonFormat(pattern = "yyyy-MM-dd HH:mm:ssX", timezone = "UTC") Instant v) {}

  /** An offset date-time with a pattern of its own. */
  public record FormattedOffset(@JsonFormat(pattern = "yyyy-MM-dd HH:mm:ssXXX") OffsetDateTime v) {}

  @ParameterizedTest
  @ValueSource(strings = {"1e400", "1e18", "1700000000", "-1.5", "[2026,1,2]"})
  void aNumberIsNotReadAsADateWithAFormatOfItsOwn(String value) {
    for (Class<?> type : new Class<?>[] {Formatted.class, FormattedOffset.class}) {
      assertThatThrownBy(
              () -> JsonType.of(type, OPTIONS).fromJson(("{\"v\":" + value + "}").getBytes(UTF_8)))
          .as("%s into %s", value, type.getSimpleName())
          .isInstanceOf(JsonReadException.class);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"2026-01-02 03:04:05Z"})
  void theFormatItselfStillReads(String text) throws Exception {
    assertThat(JsonType.of(Formatted.class, OPTIONS).fromJson("{\"v\":\"" + text + "\"}").v())
        .isEqualTo(Instant.parse("2026-01-02T03:04:05Z"));
  }
}

package dev.httpjson.avaje;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Differential fuzzing of what the avaje-jsonb codec accepts as JSON, against Jackson 3 with the
 * same limits: avaje's own parser is lenient, and the codec's guard in front of it must make the
 * codec accept exactly the RFC 8259 documents Jackson accepts. Each input is read as {@code Object}
 * from a byte array, from a stream and as the one line of an NDJSON stream; the codec must agree
 * with Jackson on every path, and fail only with a {@link JsonReadException}.
 *
 * <p>Not compared: inputs that start like a byte order mark or UTF-16/32 (Jackson guesses an
 * encoding from zero bytes, the codec reads only marked UTF-16/32), and numbers or strings over
 * avaje's own parser limits (about 100 digits, 32,000 characters: documented in the README's codec
 * table).
 *
 * <p>In the normal build this runs in regression mode over the committed inputs in {@code
 * src/test/resources/dev/httpjson/avaje/GuardFuzzTestInputs/agreesWithJackson/}. To fuzz: {@code
 * JAZZER_FUZZ=1 mvn -B -pl codec-avaje test -Dtest=GuardFuzzTest -Djazzer.max_duration=5m} (see
 * docs/RELIABILITY.md).
 */
// Once per CI run, on the default JDK: a grammar check compared with Jackson's parser, no JDK
// client in it (see CONTRIBUTING).
@Tag("once")
class GuardFuzzTest {
  private static final JsonOptions OPTIONS =
      JsonOptions.newBuilder().codec(new AvajeCodec()).build();
  private static final JsonReader<Object> AVAJE =
      OPTIONS.codec().bind(OPTIONS).reader(Object.class);
  private static final JsonSequenceReader<Object> AVAJE_LINES =
      OPTIONS.codec().bind(OPTIONS).sequenceReader(Object.class);

  private static final JsonMapper JACKSON =
      JsonMapper.builder(
              JsonFactory.builder()
                  .streamReadConstraints(
                      StreamReadConstraints.builder()
                          .maxNestingDepth(JsonOptions.DEFAULT_MAX_NESTING_DEPTH)
                          .maxNumberLength(JsonOptions.DEFAULT_MAX_NUMBER_LENGTH)
                          .maxStringLength(JsonOptions.DEFAULT_MAX_STRING_LENGTH)
                          .build())
                  .build())
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  @FuzzTest(maxDuration = "5m")
  void agreesWithJackson(byte[] input) throws IOException {
    if (input.length == 0) {
      return; // an empty body is null, decided before any codec reads
    }
    int first = input[0] & 0xFF;
    if (first == 0
        || first == 0xEF
        || first == 0xFE
        || first == 0xFF
        || (input.length > 1 && input[1] == 0)) {
      return;
    }
    boolean jackson = jacksonAccepts(input);
    String bytes = avaje(() -> AVAJE.read(input, 0, input.length));
    if (bytes != null && overAvajeLimit(bytes)) {
      return;
    }
    String stream = avaje(() -> AVAJE.read(new ByteArrayInputStream(input)));
    check(input, "bytes", jackson, bytes);
    check(input, "stream", jackson, stream);
    if (indexOf(input, (byte) '\n') < 0 && indexOf(input, (byte) '\r') < 0) {
      byte[] line = Arrays.copyOf(input, input.length + 1);
      line[input.length] = '\n';
      int[] values = {0};
      String ndjson =
          avaje(
              () -> {
                try (JsonSequenceReader.Cursor<Object> c =
                    AVAJE_LINES.values(new ByteArrayInputStream(line))) {
                  while (c.next()) {
                    c.value();
                    values[0]++;
                  }
                }
                return null;
              });
      if (ndjson != null && overAvajeLimit(ndjson)) {
        return;
      }
      // One JSON value is one NDJSON value. Not one: a failure, nothing (whitespace) or several
      // whitespace-separated values.
      boolean one = ndjson == null && values[0] == 1;
      if (jackson != one && !(ndjson == null && values[0] != 1 && !jackson)) {
        throw new AssertionError(
            "avaje-jsonb reads "
                + (ndjson == null ? values[0] + " value(s)" : "nothing (" + ndjson + ")")
                + " from an NDJSON line that Jackson "
                + (jackson ? "accepts" : "rejects")
                + " as a value: "
                + new String(input, StandardCharsets.ISO_8859_1));
      }
    }
  }

  private static boolean jacksonAccepts(byte[] input) {
    try {
      JACKSON.readValue(input, Object.class);
      return true;
    } catch (JacksonException e) {
      return false;
    }
  }

  /**
   * The codec's failure message, or null if it read a value; anything but JsonReadException throws.
   */
  private static String avaje(Read read) throws IOException {
    try {
      read.run();
      return null;
    } catch (JsonReadException e) {
      return e.getMessage();
    }
  }

  private static boolean overAvajeLimit(String message) {
    return message.contains("for avaje-jsonb's parser");
  }

  private static void check(byte[] input, String path, boolean jackson, String avaje) {
    if (avaje != null && overAvajeLimit(avaje)) {
      return;
    }
    if (jackson != (avaje == null)) {
      throw new AssertionError(
          "avaje-jsonb "
              + (avaje == null ? "accepts" : "rejects (" + avaje + ")")
              + " on the "
              + path
              + " path what Jackson "
              + (jackson ? "accepts" : "rejects")
              + ": "
              + new String(input, StandardCharsets.ISO_8859_1));
    }
  }

  private static int indexOf(byte[] b, byte c) {
    for (int i = 0; i < b.length; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }

  @FunctionalInterface
  private interface Read {
    Object run() throws IOException;
  }
}

package dev.httpjson.gson;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.CodecAlone;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Core and this codec in a JVM of their own, with Gson's jar and nothing else: no Jackson at all.
 */
class ClassPathIsolationTest {
  private static final Pattern GSON = Pattern.compile("gson-2\\.[^/]*\\.jar");

  @Test
  void coreAndTheGsonCodecWorkWithNoJacksonOnTheClassPath() throws Exception {
    CodecAlone.run(
        new GsonCodec(),
        GSON,
        "tools.jackson.databind.ObjectMapper",
        "com.fasterxml.jackson.databind.ObjectMapper",
        "com.fasterxml.jackson.core.JsonFactory",
        "com.fasterxml.jackson.annotation.JsonProperty");
  }

  /** The check can fail: a class of the codec's own library is on the child's class path. */
  @Test
  void aClassThatMustBeAbsentButIsThereFailsTheRunWithTheChildsStderr() {
    assertThatThrownBy(() -> CodecAlone.run(new GsonCodec(), GSON, "com.google.gson.Gson"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("present, but must be absent: com.google.gson.Gson");
  }
}

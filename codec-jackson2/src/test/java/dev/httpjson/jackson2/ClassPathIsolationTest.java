package dev.httpjson.jackson2;

import dev.httpjson.contract.CodecAlone;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Core and this codec in a JVM of their own, with Jackson 2's jars and nothing else: no Jackson 3,
 * no test library. {@link NoJackson3Test} checks the same of this module's test class path.
 */
class ClassPathIsolationTest {
  private static final Pattern JACKSON_2 =
      Pattern.compile(
          "jackson-(core|databind|annotations|datatype-jsr310|datatype-jdk8)-2\\.[^/]*\\.jar");

  @Test
  void coreAndTheJackson2CodecWorkWithNoJackson3OnTheClassPath() throws Exception {
    CodecAlone.run(
        new Jackson2Codec(),
        JACKSON_2,
        "tools.jackson.databind.ObjectMapper",
        "tools.jackson.core.JsonParser",
        "dev.httpjson.jackson.JacksonCodec");
  }
}

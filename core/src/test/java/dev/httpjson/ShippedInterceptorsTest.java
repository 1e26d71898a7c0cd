package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The interceptors httpjson ships use public API alone, as an interceptor of another module (the
 * OpenTelemetry one) must: nothing from {@code dev.httpjson.internal}.
 */
class ShippedInterceptorsTest {
  @Test
  void loggingAndRetryUseOnlyPublicApi() throws IOException {
    for (Class<?> shipped : List.of(LoggingInterceptor.class, RetryInterceptor.class)) {
      assertThat(internalsReferencedBy(shipped)).as(shipped.getSimpleName()).isEmpty();
    }
  }

  /** The {@code dev/httpjson/internal} classes the class files of {@code type} name. */
  private static Set<String> internalsReferencedBy(Class<?> type) throws IOException {
    Set<String> found = new TreeSet<>();
    List<String> files = new ArrayList<>();
    files.add(type.getSimpleName());
    for (Class<?> nested : type.getDeclaredClasses()) {
      files.add(type.getSimpleName() + "$" + nested.getSimpleName());
    }
    for (int i = 1; i < 50; i++) {
      files.add(type.getSimpleName() + "$" + i);
    }
    Pattern internal = Pattern.compile("dev/httpjson/internal/[A-Za-z0-9_]+");
    for (String file : files) {
      try (InputStream in = type.getResourceAsStream(file + ".class")) {
        if (in == null) {
          continue;
        }
        Matcher m = internal.matcher(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
        while (m.find()) {
          found.add(m.group());
        }
      }
    }
    assertThat(found).as("scanned %s", type).isNotNull();
    return found;
  }
}

package dev.httpjson.jackson2;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * This module's tests, the whole contract included, run with Jackson 2 alone: no Jackson 3 class is
 * on the test class path. {@code ClassPathIsolationTest} checks the same for a bare JVM.
 */
class NoJackson3Test {
  @Test
  void jackson3IsNotOnTheTestClassPath() {
    assertThatThrownBy(() -> Class.forName("tools.jackson.databind.ObjectMapper"))
        .isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> Class.forName("tools.jackson.core.JsonParser"))
        .isInstanceOf(ClassNotFoundException.class);
  }
}

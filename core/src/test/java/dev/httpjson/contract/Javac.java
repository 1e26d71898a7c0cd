package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.spi.ToolProvider;

/**
 * The JDK's compiler for the tests that build a small application and run it in a JVM of its own
 * (module path, cold start): run in this JVM, where a forked {@code javac} would start (and warm
 * up) a JVM per test; and the forked application's JVM started for a short life.
 */
public final class Javac {
  private Javac() {}

  /**
   * Compiles with {@code args} (what follows {@code javac} on a command line); fails with javac's
   * words.
   */
  public static void compile(List<String> args) {
    ToolProvider javac =
        ToolProvider.findFirst("javac")
            .orElseThrow(
                () -> new AssertionError("no javac here (a JDK, not a JRE, runs the tests)"));
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(diagnostics, true, StandardCharsets.UTF_8);
    int status = javac.run(out, out, args.toArray(new String[0]));
    assertThat(status).as("javac: %s", diagnostics.toString(StandardCharsets.UTF_8)).isZero();
  }

  /**
   * {@code java} of the JDK running the tests, with options for a JVM that lives a second: only the
   * first compiler tier and the serial collector (what it runs does not depend on either).
   */
  public static List<String> java() {
    return List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1",
        "-XX:+UseSerialGC");
  }
}

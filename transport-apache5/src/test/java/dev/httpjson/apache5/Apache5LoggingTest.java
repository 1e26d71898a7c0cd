package dev.httpjson.apache5;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * What a call over the transport writes to stderr in a JVM of its own. Apache HttpClient logs
 * through the SLF4J 1.7 API; the transport brings no binding (the application chooses where logs
 * go), so SLF4J prints its notice when none is on the class path, and nothing is printed with one
 * of the API's version (this module's tests run with {@code slf4j-nop}, as the package
 * documentation advises).
 */
class Apache5LoggingTest {
  @Test
  void aCallInAFreshJvmWritesNothingToStderrWithAnSlf4jBindingOfApachesApiVersion()
      throws Exception {
    Output output = callInAFreshJvm(classPath());
    assertThat(output.stdout).isEqualTo("ok\n");
    assertThat(output.stderr).as("stderr").isEmpty();
  }

  @Test
  void withoutAnSlf4jBindingOnlySlf4jsOwnNoticeReachesStderr() throws Exception {
    List<String> withoutBinding =
        classPath().stream()
            .filter(entry -> !Path.of(entry).getFileName().toString().startsWith("slf4j-nop"))
            .collect(Collectors.toList());
    assertThat(withoutBinding).hasSize(classPath().size() - 1);
    Output output = callInAFreshJvm(withoutBinding);
    assertThat(output.stdout).isEqualTo("ok\n");
    assertThat(output.stderr).contains("SLF4J").contains("NOP");
    assertThat(output.stderr.lines()).allMatch(line -> line.startsWith("SLF4J"));
  }

  private static List<String> classPath() {
    return Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
  }

  private static final class Output {
    final String stdout;
    final String stderr;

    Output(String stdout, String stderr) {
      this.stdout = stdout;
      this.stderr = stderr;
    }
  }

  private static Output callInAFreshJvm(List<String> classPath) throws Exception {
    try (MockWebServer server = LoopbackServer.start()) {
      server.enqueue(new MockResponse.Builder().code(200).body("ok").build());
      Process child =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-XX:TieredStopAtLevel=1",
                  "-cp",
                  String.join(File.pathSeparator, classPath),
                  FreshJvmCall.class.getName(),
                  LoopbackServer.uri(server, "/fresh").toString())
              .start();
      CompletableFuture<byte[]> stdout =
          CompletableFuture.supplyAsync(() -> readAll(child.getInputStream()));
      CompletableFuture<byte[]> stderr =
          CompletableFuture.supplyAsync(() -> readAll(child.getErrorStream()));
      boolean exited = child.waitFor(60, TimeUnit.SECONDS);
      if (!exited) {
        child.destroyForcibly();
      }
      Output output =
          new Output(
              new String(stdout.get(10, TimeUnit.SECONDS), UTF_8),
              new String(stderr.get(10, TimeUnit.SECONDS), UTF_8));
      assertThat(exited).as("child finished: %s %s", output.stdout, output.stderr).isTrue();
      assertThat(child.exitValue()).as("child's stderr: %s", output.stderr).isZero();
      return output;
    }
  }

  private static byte[] readAll(java.io.InputStream in) {
    try {
      return in.readAllBytes();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}

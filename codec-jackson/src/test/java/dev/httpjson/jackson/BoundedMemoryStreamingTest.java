package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.contract.RawServer;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Streams a JSON array far larger than the heap of a forked JVM ({@value #HEAP}) and consumes it
 * all: memory is bounded by one element, not by the body.
 */
class BoundedMemoryStreamingTest {
  static final String HEAP = "-Xmx32m";
  static final long BODY_BYTES = 256L * 1024 * 1024;

  record Forecast(LocalDate date, int temperatureC, int temperatureF, String summary) {}

  @Test
  void streamsABodyEightTimesLargerThanTheHeap() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                java,
                HEAP,
                "-XX:+ExitOnOutOfMemoryError",
                "-cp",
                System.getProperty("java.class.path"),
                Child.class.getName(),
                Long.toString(BODY_BYTES))
            .redirectErrorStream(true)
            .start();
    boolean exited = child.waitFor(120, TimeUnit.SECONDS);
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!exited) {
      child.destroyForcibly();
    }

    assertThat(exited).as("child finished: %s", output).isTrue();
    assertThat(child.exitValue()).as("child output: %s", output).isZero();
    assertThat(output).contains("streamed ").contains(" bytes ok");
  }

  /** The forked JVM: serves the endless-looking array and streams it through httpjson. */
  public static final class Child {
    public static void main(String[] args) throws Exception {
      long target = Long.parseLong(args[0]);
      byte[] element =
          ("{\"date\":\"2026-11-30\",\"temperatureC\":21,\"temperatureF\":69,"
                  + "\"summary\":\"Mild\"}")
              .getBytes(StandardCharsets.UTF_8);
      long elements = target / (element.length + 1);
      try (RawServer server =
          new RawServer(
              (socket, head) -> {
                OutputStream out = socket.getOutputStream();
                out.write(
                    ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                            + "Transfer-Encoding: chunked\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                byte[] chunk = new byte[64 * 1024];
                int used = 0;
                chunk[used++] = '[';
                for (long i = 0; i < elements; i++) {
                  if (used + element.length + 2 > chunk.length) {
                    writeChunk(out, chunk, used);
                    used = 0;
                  }
                  if (i > 0) {
                    chunk[used++] = ',';
                  }
                  System.arraycopy(element, 0, chunk, used, element.length);
                  used += element.length;
                }
                chunk[used++] = ']';
                writeChunk(out, chunk, used);
                out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
              })) {
        HttpClient client = HttpClient.newHttpClient();
        long count = 0;
        try (Stream<Forecast> stream =
            HttpJson.getFromJsonAsStream(client, server.uri("/big"), Forecast.class)) {
          for (Forecast f : (Iterable<Forecast>) stream::iterator) {
            if (f.temperatureC() != 21 || !f.summary().equals("Mild")) {
              throw new AssertionError("wrong element " + count + ": " + f);
            }
            count++;
          }
        }
        if (count != elements) {
          throw new AssertionError("expected " + elements + " elements, got " + count);
        }
        List<Throwable> failures = server.handlerFailures();
        if (!failures.isEmpty()) {
          throw new AssertionError("server failed", failures.get(0));
        }
        System.out.println(
            "streamed " + count + " elements, " + elements * (element.length + 1) + " bytes ok");
      }
    }

    private static void writeChunk(OutputStream out, byte[] chunk, int length) throws Exception {
      out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.write(chunk, 0, length);
      out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
    }
  }
}

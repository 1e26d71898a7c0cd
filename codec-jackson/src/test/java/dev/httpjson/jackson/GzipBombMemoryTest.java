package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonOptions;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.contract.Compressed;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A decompression bomb — 64 MB of JSON in about 64 KB of gzip — fails with {@link
 * ResponseTooLargeException} at the {@value JsonOptions#DEFAULT_MAX_RESPONSE_SIZE}-byte default
 * limit on every call shape, in a forked JVM whose {@value #HEAP} heap could not hold the inflated
 * body: inflation stops at the limit (an {@code OutOfMemoryError} exits the child non-zero).
 */
class GzipBombMemoryTest {
  static final String HEAP = "-Xmx64m";
  static final long DECODED = 64L * 1024 * 1024;

  @Test
  void aSixtyFourMegabyteGzipBombFailsAtTheLimitInASixtyFourMegabyteHeap() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                java,
                HEAP,
                "-XX:+ExitOnOutOfMemoryError",
                "-cp",
                System.getProperty("java.class.path"),
                Child.class.getName())
            .redirectErrorStream(true)
            .start();
    boolean exited = child.waitFor(120, TimeUnit.SECONDS);
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!exited) {
      child.destroyForcibly();
    }
    assertThat(exited).as("child finished: %s", output).isTrue();
    assertThat(child.exitValue()).as("child output: %s", output).isZero();
    long over = JsonOptions.DEFAULT_MAX_RESPONSE_SIZE + 1;
    assertThat(output)
        .contains("bomb: compressed to less than 128 KiB")
        .contains("get blocking: ResponseTooLargeException size=" + over)
        .contains("get async: ResponseTooLargeException size=" + over)
        .contains("send with JsonBodyHandlers: ResponseTooLargeException size=" + over)
        .contains("stream, one huge element: ResponseTooLargeException");
  }

  /** A server answering every request with {@code gzip} as a gzip body, then closing. */
  static RawServer bombServer(byte[] gzip) throws IOException {
    return new RawServer(
        (socket, head) -> {
          OutputStream out = socket.getOutputStream();
          out.write(
              ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                      + "Connection: close\r\nContent-Length: "
                      + gzip.length
                      + "\r\n\r\n")
                  .getBytes(StandardCharsets.ISO_8859_1));
          out.write(gzip);
          out.flush();
          socket.close();
        });
  }

  /** The forked JVM: one line per call shape. */
  public static final class Child {
    public static void main(String[] args) throws Exception {
      byte[] bomb = Compressed.gzipBomb(DECODED);
      System.out.println("bomb: " + DECODED + " bytes of JSON in " + bomb.length);
      if (bomb.length < 128 * 1024) {
        System.out.println("bomb: compressed to less than 128 KiB");
      }
      HttpClient client = HttpClient.newHttpClient();
      try (RawServer server = bombServer(bomb)) {
        URI uri = server.uri("/bomb");
        Map<String, Shape> shapes = new LinkedHashMap<>();
        shapes.put("get blocking", () -> HttpJson.getFromJson(client, uri, List.class));
        shapes.put(
            "get async",
            () -> {
              try {
                HttpJson.getFromJsonAsync(client, uri, List.class).get(60, TimeUnit.SECONDS);
              } catch (ExecutionException e) {
                throw e.getCause();
              }
            });
        shapes.put(
            "send with JsonBodyHandlers",
            () ->
                client.send(
                    HttpRequest.newBuilder(uri).header("Accept-Encoding", "gzip").build(),
                    JsonBodyHandlers.of(List.class)));
        shapes.put(
            "stream, one huge element",
            () -> {
              try (Stream<Named> s =
                  HttpJson.getFromJsonAsStream(client, server.uri("/huge"), Named.class)) {
                s.forEach(x -> {});
              }
            });
        for (Map.Entry<String, Shape> shape : shapes.entrySet()) {
          try {
            shape.getValue().call();
            System.out.println(shape.getKey() + ": no failure");
          } catch (Throwable t) {
            // client.send wraps its handler's failure in an IOException of the JDK's (the cause).
            Throwable e =
                t instanceof UncheckedIOException
                        || (t.getClass() == IOException.class
                            && t.getCause() instanceof ResponseTooLargeException)
                    ? t.getCause()
                    : t;
            System.out.println(
                shape.getKey()
                    + ": "
                    + e.getClass().getSimpleName()
                    + (e instanceof ResponseTooLargeException
                        ? " size=" + ((ResponseTooLargeException) e).size()
                        : " " + e.getMessage()));
          }
        }
      }
    }
  }

  interface Shape {
    void call() throws Throwable;
  }
}

package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Memory follows the bytes received, never a declared Content-Length: in a forked JVM with a
 * {@value #HEAP} heap, 40 calls in flight to a server that declares {@value #DECLARED} bytes each
 * (600 MB in all), sends one byte and stalls, must not run out of memory — on every buffering path.
 */
class DeclaredLengthMemoryTest {
  static final String HEAP = "-Xmx256m";
  static final int CALLS = 40;
  static final long DECLARED = 15_000_000;

  @Test
  void fortyStalledCallsThatEachDeclareFifteenMegabytesFitInAQuarterGigabyteHeap()
      throws Exception {
    String output = runChild(Stalled.class);

    assertThat(output)
        .contains("get async: " + CALLS + " failed with IOException")
        .contains("post async: " + CALLS + " failed with IOException")
        .contains("get blocking: " + CALLS + " failed with IOException")
        .contains("post blocking: " + CALLS + " failed with IOException");
  }

  @Test
  void aDeclaredLengthBeyondTheLargestArrayFailsBeforeReadingWhateverTheLimit() throws Exception {
    String output = runChild(Huge.class);

    assertThat(output)
        .contains(
            "get async: ResponseTooLargeException declared=true limit=2147483639"
                + " size=3000000000")
        .contains(
            "get blocking: ResponseTooLargeException declared=true limit=2147483639"
                + " size=3000000000")
        .contains(
            "post async: ResponseTooLargeException declared=true limit=2147483639"
                + " size=3000000000");
  }

  private static String runChild(Class<?> main) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                java,
                HEAP,
                "-XX:+ExitOnOutOfMemoryError",
                "-cp",
                System.getProperty("java.class.path"),
                main.getName())
            .redirectErrorStream(true)
            .start();
    boolean exited = child.waitFor(120, TimeUnit.SECONDS);
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!exited) {
      child.destroyForcibly();
    }
    assertThat(exited).as("child finished: %s", output).isTrue();
    assertThat(child.exitValue()).as("child output: %s", output).isZero();
    return output;
  }

  /** A server that declares {@code length} bytes, sends one, and holds the connection. */
  static RawServer stallingServer(long length, CountDownLatch headersSent) throws IOException {
    return new RawServer(
        (socket, head) -> {
          RawServer.write(
              socket,
              "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                  + length
                  + "\r\n\r\n[");
          headersSent.countDown();
          socket.getInputStream().read(); // until the client or the test closes it
        });
  }

  /** The forked JVM for the 40 stalled calls; prints one line per path. */
  public static final class Stalled {
    public static void main(String[] args) throws Exception {
      HttpClient client = HttpClient.newHttpClient();
      JsonOptions options = JsonOptions.web();
      Map<String, CallFactory> paths =
          Map.of(
              "get async",
              uri ->
                  () -> HttpJson.getFromJsonAsync(client, uri, JsonType.of(Object.class, options)),
              "post async",
              uri -> () -> HttpJson.postAsJsonAsync(client, uri, List.of(1), options),
              "get blocking",
              uri ->
                  blocking(
                      () -> HttpJson.getFromJson(client, uri, JsonType.of(Object.class, options))),
              "post blocking",
              uri -> blocking(() -> HttpJson.postAsJson(client, uri, List.of(1), options)));
      for (String path : List.of("get async", "post async", "get blocking", "post blocking")) {
        CountDownLatch headersSent = new CountDownLatch(CALLS);
        int failed = 0;
        try (RawServer server = stallingServer(DECLARED, headersSent)) {
          List<CompletableFuture<?>> calls = new ArrayList<>();
          for (int i = 0; i < CALLS; i++) {
            calls.add(paths.get(path).call(server.uri("/big/" + i)).get());
          }
          if (!headersSent.await(60, TimeUnit.SECONDS)) {
            throw new AssertionError(path + ": not all calls got their headers");
          }
          Thread.sleep(500); // every body subscriber exists and holds what it allocated
          System.gc();
          server.close(); // every body ends early: each call fails
          for (CompletableFuture<?> call : calls) {
            try {
              call.get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
              if (!(e.getCause() instanceof IOException)) {
                throw new AssertionError(path + ": unexpected failure", e.getCause());
              }
              failed++;
            }
          }
        }
        System.out.println(path + ": " + failed + " failed with IOException");
      }
    }

    private static Supplier<CompletableFuture<?>> blocking(Callable<?> call) {
      return () -> {
        CompletableFuture<Object> f = new CompletableFuture<>();
        Thread t =
            new Thread(
                () -> {
                  try {
                    f.complete(call.call());
                  } catch (Throwable e) {
                    f.completeExceptionally(e);
                  }
                });
        t.setDaemon(true);
        t.start();
        return f;
      };
    }

    interface CallFactory {
      Supplier<CompletableFuture<?>> call(java.net.URI uri);
    }
  }

  /** The forked JVM for a declared length over what one array holds, with no limit set. */
  public static final class Huge {
    public static void main(String[] args) throws Exception {
      HttpClient client = HttpClient.newHttpClient();
      JsonOptions unlimited = JsonOptions.newBuilder().maxResponseSize(Long.MAX_VALUE).build();
      try (RawServer server = stallingServer(3_000_000_000L, new CountDownLatch(0))) {
        report(
            "get async",
            () ->
                HttpJson.getFromJsonAsync(
                        client, server.uri("/a"), JsonType.of(Object.class, unlimited))
                    .get(30, TimeUnit.SECONDS));
        report(
            "get blocking",
            () ->
                HttpJson.getFromJson(
                    client, server.uri("/b"), JsonType.of(Object.class, unlimited)));
        report(
            "post async",
            () ->
                HttpJson.postAsJsonAsync(client, server.uri("/p"), List.of(1), unlimited)
                    .get(30, TimeUnit.SECONDS));
      }
    }

    private static void report(String path, Callable<?> call) {
      Throwable failure;
      try {
        Object value = call.call();
        failure =
            new AssertionError(
                "returned " + (value instanceof HttpResponse ? "a response" : value));
      } catch (ExecutionException e) {
        failure = e.getCause();
      } catch (Throwable e) {
        failure = e;
      }
      if (failure instanceof ResponseTooLargeException) {
        ResponseTooLargeException e = (ResponseTooLargeException) failure;
        System.out.println(
            path
                + ": ResponseTooLargeException declared="
                + e.declared()
                + " limit="
                + e.limit()
                + " size="
                + e.size());
      } else {
        System.out.println(path + ": " + failure);
        failure.printStackTrace(System.out);
      }
    }
  }
}

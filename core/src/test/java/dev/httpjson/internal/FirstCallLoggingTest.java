package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.CountingCodec;
import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A first call that nobody listens to starts no logging backend: looking a {@code System.Logger} up
 * loads and configures {@code java.util.logging} (about thirty classes and a properties file),
 * which a cold start pays for although nothing is ever logged. Checked in a fresh JVM, from its
 * class-loading log.
 */
class FirstCallLoggingTest {
  private static final String LOG_MANAGER = "java.util.logging.LogManager ";

  @Test
  void aFirstCallWithNoListenerLoadsNoLoggingBackend() throws Exception {
    Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
    Process child =
        new ProcessBuilder(
                List.of(
                    java.toString(),
                    "-Xlog:class+load=info",
                    "-cp",
                    System.getProperty("java.class.path"),
                    Child.class.getName()))
            .redirectErrorStream(true)
            .start();
    byte[] output;
    try (InputStream in = child.getInputStream()) {
      output = in.readAllBytes();
    }
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("the child ended").isTrue();
    String log = new String(output, StandardCharsets.UTF_8);
    assertThat(child.exitValue()).as(log).isZero();
    assertThat(log).contains("value=hi").contains("dev.httpjson.internal.CallRunner ");
    assertThat(log).doesNotContain(LOG_MANAGER);
  }

  /**
   * One GET of {@code "hi"} from a one-shot HTTP/1.1 server of its own (no JDK server: it logs).
   */
  static final class Child {
    public static void main(String[] args) throws Exception {
      try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        Thread serving =
            new Thread(
                () -> {
                  try (Socket s = server.accept()) {
                    InputStream in = s.getInputStream();
                    int matched = 0;
                    while (matched < 4) { // up to the blank line that ends the request head
                      int b = in.read();
                      if (b < 0) {
                        return;
                      }
                      matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : 0;
                    }
                    OutputStream out = s.getOutputStream();
                    out.write(
                        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                + "Content-Length: 4\r\nConnection: close\r\n\r\n\"hi\"")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                  } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                  }
                });
        serving.start();
        URI uri = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/");
        JsonType<String> type =
            JsonType.of(String.class)
                .withOptions(JsonOptions.newBuilder().codec(new CountingCodec()).build());
        String value = HttpJson.getFromJson(HttpClient.newHttpClient(), uri, type);
        System.out.println("value=" + value);
        serving.join(10_000);
      }
      System.exit(0);
    }
  }
}

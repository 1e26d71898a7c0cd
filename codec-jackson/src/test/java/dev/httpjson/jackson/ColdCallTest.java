package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What the first call of a fresh JVM loads: a call with no listener and no JFR recording loads none
 * of JFR's event machinery (its event class was loaded with the call path, and JFR's ~100 classes
 * with it, costing cold start).
 */
class ColdCallTest {
  private static final long TIMEOUT_SECONDS = 60;

  @Test
  void aCallWithNoRecordingLoadsNoJfrMachinery() throws Exception {
    Path dir = Files.createTempDirectory("httpjson-cold");
    try {
      Path log = dir.resolve("classes.txt");
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process child =
          new ProcessBuilder(
                  java,
                  "-Xlog:class+load:file=" + log,
                  "-cp",
                  System.getProperty("java.class.path"),
                  Main.class.getName())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("out.txt").toFile())
              .start();
      if (!child.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        child.destroyForcibly();
        throw new AssertionError("the child JVM did not finish in " + TIMEOUT_SECONDS + " s");
      }
      String out = Files.readString(dir.resolve("out.txt"));
      assertThat(child.exitValue()).as(out).isZero();
      assertThat(out).contains("Forecast[date=2025-01-01, temperatureC=1");

      List<String> jfr =
          Files.readAllLines(log).stream()
              .filter(l -> l.contains(" jdk.jfr.internal."))
              .collect(Collectors.toList());
      assertThat(jfr).as("JFR internals loaded by one call with no recording").isEmpty();
    } finally {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
      }
    }
  }

  /** The child: one GET against a loopback server of its own. */
  public static final class Main {
    /** The forecast read. */
    public record Forecast(String date, int temperatureC) {}

    public static void main(String[] args) throws Exception {
      byte[] body = "{\"date\":\"2025-01-01\",\"temperatureC\":1}".getBytes(StandardCharsets.UTF_8);
      try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        Thread serve =
            new Thread(
                () -> {
                  try (Socket socket = server.accept()) {
                    InputStream in = socket.getInputStream();
                    for (int b, run = 0; run < 4 && (b = in.read()) >= 0; ) {
                      run = (b == '\r' || b == '\n') ? run + 1 : 0;
                    }
                    OutputStream out = socket.getOutputStream();
                    out.write(
                        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                + body.length
                                + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.write(body);
                  } catch (Exception e) {
                    e.printStackTrace();
                  }
                });
        serve.setDaemon(true);
        serve.start();
        URI uri = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/");
        System.out.println(HttpJson.getFromJson(HttpClient.newHttpClient(), uri, Forecast.class));
      }
    }
  }
}

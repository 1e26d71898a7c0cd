package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.LoggingInterceptor;
import dev.httpjson.contract.RawServer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** What {@link LoggingInterceptor} writes of what the OkHttp transport passes on. */
class OkHttpLoggingTest {
  /** Keeps each line given at any level. */
  private static final class Captured implements System.Logger {
    final List<String> lines = new CopyOnWriteArrayList<>();

    @Override
    public String getName() {
      return "captured";
    }

    @Override
    public boolean isLoggable(Level level) {
      return true;
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
      lines.add(msg);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
      lines.add(format);
    }
  }

  /**
   * OkHttp, unlike the JDK's client, takes a response header whose name or value holds control
   * characters (a bare carriage return, an escape): the headers are logged with them escaped, each
   * on its own line, so that a server cannot forge a log line or drive the terminal of whoever
   * reads the log.
   */
  @Test
  void aResponseHeaderValueWithControlCharactersIsLoggedEscapedOnItsOwnLine() throws Exception {
    Captured log = new Captured();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              socket
                  .getOutputStream()
                  .write(
                      ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4\r\n"
                              + "X-Note: a\rINFO forged\u001b[2Kb\u0007c\r\n"
                              + "X-\u001b[2KName: v\r\n\r\n\"ok\"")
                          .getBytes(StandardCharsets.ISO_8859_1));
              socket.getOutputStream().flush();
            })) {
      HttpJsonClient api =
          HttpJsonClient.newBuilder(OkHttpClients.http1())
              .baseUri(raw.uri("/"))
              .interceptor(
                  LoggingInterceptor.newBuilder()
                      .level(LoggingInterceptor.Level.HEADERS)
                      .logger(log)
                      .build())
              .build();

      assertThat(api.getFromJson("x", String.class)).isEqualTo("ok");
    }

    assertThat(log.lines).hasSize(2);
    assertThat(log.lines.get(1))
        .startsWith("<-- 200 GET ")
        .containsIgnoringCase("\nx-note: a\\rINFO forged\\u001b[2Kb\\u0007c")
        .containsIgnoringCase("\nx-\\u001b[2Kname: v")
        .doesNotContain("\r")
        .doesNotContain("\u001b")
        .doesNotContain("\u0007");
  }
}

package dev.httpjson;

import static dev.httpjson.contract.LoopbackServer.json;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.contract.LoopbackServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Multipart bodies as a loopback server receives them when a part cannot be read whole. */
class MultipartBytesTest {
  private MockWebServer server;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void anInputStreamPartThatFailsMidwayFailsTheCallAndNoWholeBodyIsSent() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    InputStream failing =
        new SequenceInputStream(
            new ByteArrayInputStream("first half ".getBytes(StandardCharsets.UTF_8)),
            new InputStream() {
              @Override
              public int read() throws IOException {
                throw new IOException("disk gone");
              }
            });
    MultipartContent upload =
        MultipartContent.newBuilder()
            .file("f", failing, "f.bin", "application/octet-stream")
            .build();
    String boundary = upload.mediaType().substring("multipart/form-data; boundary=".length());

    Throwable thrown =
        assertTimeoutPreemptively(
            Duration.ofSeconds(20),
            () -> catchThrowable(() -> HttpJson.postAsJson(http, server.url("/up").uri(), upload)));

    RecordedRequest r = LoopbackServer.received(server).take(2, SECONDS);
    if (r != null && r.getFailure() == null) {
      assertThat(r.getBody().utf8())
          .as("a body the server took as whole")
          .doesNotEndWith("--" + boundary + "--\r\n");
    }
    assertThat(thrown).isInstanceOf(IOException.class);
    StringBuilder messages = new StringBuilder();
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      messages.append(t).append('\n');
    }
    assertThat(messages.toString()).contains("disk gone");
  }
}

package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.Http2Loopback;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.jackson.JacksonCodec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.tls.HandshakeCertificates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Where a blocking {@code send} over HTTP/2 reads the body: on the caller's thread, as OkHttp's own
 * {@code execute()} and {@code bytes()} do, whatever pace the body subscriber requests at. On
 * HTTP/2 httpjson reads a body through a subscriber that requests one buffer at a time (the length
 * is only a header there); a thread hand-off per buffer would cost a blocking call about half its
 * throughput on loopback.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OkHttpHttp2CostTest {
  private static final String BODY = body();

  private static String body() {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < 5; i++) {
      b.append(i == 0 ? "" : ",")
          .append("{\"date\":\"2026-12-0")
          .append(i + 1)
          .append("\",\"temperatureC\":")
          .append(10 + i)
          .append(",\"summary\":\"Mild with a light breeze from the west\"}");
    }
    return b.append(']').toString();
  }

  private static MockWebServer serving(MockResponse response) throws IOException {
    MockWebServer server = Http2Loopback.start();
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            return response;
          }
        });
    return server;
  }

  /** An HTTP/2 client that records the thread which reads each response body to its end. */
  private static OkHttpClient recording(List<Thread> bodyEnds) {
    HandshakeCertificates trust = Http2Loopback.clientCertificates();
    return OkHttpClients.builder()
        .sslSocketFactory(trust.sslSocketFactory(), trust.trustManager())
        .protocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1))
        .eventListener(
            new EventListener() {
              @Override
              public void responseBodyEnd(Call call, long byteCount) {
                bodyEnds.add(Thread.currentThread());
              }
            })
        .build();
  }

  @Test
  void aSubscriberThatRequestsOneBufferAtATimeIsFedOnTheCallersThread() throws Exception {
    List<Thread> bodyEnds = new CopyOnWriteArrayList<>();
    List<Thread> fed = new CopyOnWriteArrayList<>();
    OkHttpClient okhttp = recording(bodyEnds);
    try (MockWebServer server = serving(LoopbackServer.json(200, BODY))) {
      HttpClient client = OkHttpTransport.newHttpClient(okhttp);
      StringBuilder received = new StringBuilder();
      HttpResponse<Void> response =
          client.send(
              HttpRequest.newBuilder(server.url("/f").uri()).build(),
              BodyHandlers.ofByteArrayConsumer(
                  (Optional<byte[]> chunk) -> {
                    fed.add(Thread.currentThread());
                    chunk.ifPresent(bytes -> received.append(new String(bytes, UTF_8)));
                  }));

      assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
      assertThat(received.toString()).isEqualTo(BODY);
      assertThat(fed).isNotEmpty().containsOnly(Thread.currentThread());
      assertThat(bodyEnds).containsExactly(Thread.currentThread());
    } finally {
      okhttp.dispatcher().executorService().shutdown();
      okhttp.connectionPool().evictAll();
    }
  }

  @Test
  void aJsonReadOverHttp2ReadsTheBodyOnTheCallersThread() throws Exception {
    List<Thread> bodyEnds = new CopyOnWriteArrayList<>();
    OkHttpClient okhttp = recording(bodyEnds);
    try (MockWebServer server = serving(LoopbackServer.json(200, BODY))) {
      HttpClient client = OkHttpTransport.newHttpClient(okhttp);
      URI uri = server.url("/f").uri();
      JsonOptions options = JsonOptions.newBuilder().codec(new JacksonCodec()).build();
      for (int i = 0; i < 3; i++) {
        List<?> forecasts = HttpJson.getFromJson(client, uri, JsonType.of(List.class, options));
        assertThat(forecasts).hasSize(5);
      }

      assertThat(bodyEnds)
          .as("the threads that read each body to its end")
          .containsExactly(Thread.currentThread(), Thread.currentThread(), Thread.currentThread());
    } finally {
      okhttp.dispatcher().executorService().shutdown();
      okhttp.connectionPool().evictAll();
    }
  }

  @Test
  void theWholeCallTimeoutStillEndsAnHttp2BodyThatStallsOnTheCallersThread() throws Exception {
    List<Thread> bodyEnds = new CopyOnWriteArrayList<>();
    OkHttpClient okhttp = recording(bodyEnds);
    MockResponse stalling =
        new MockResponse.Builder()
            .code(200)
            .setHeader("Content-Type", "application/json")
            .body(BODY)
            .throttleBody(64, 5, TimeUnit.SECONDS) // a first piece, then 5 s per piece
            .build();
    try (MockWebServer server = serving(stalling)) {
      HttpClient client = OkHttpTransport.newHttpClient(okhttp);
      JsonOptions quick =
          JsonOptions.newBuilder()
              .codec(new JacksonCodec())
              .timeout(java.time.Duration.ofMillis(500))
              .build();
      long start = System.nanoTime();
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJson(
                      client, server.url("/f").uri(), JsonType.of(List.class, quick)))
          .isInstanceOf(dev.httpjson.CallTimeoutException.class);
      assertThat(java.time.Duration.ofNanos(System.nanoTime() - start))
          .as("ended by the whole-call timeout, not by the body's end")
          .isLessThan(java.time.Duration.ofSeconds(4));
      assertThat(Thread.currentThread().isInterrupted()).isFalse();
    } finally {
      okhttp.dispatcher().executorService().shutdown();
      okhttp.connectionPool().evictAll();
    }
  }

  private static final java.nio.charset.Charset UTF_8 = java.nio.charset.StandardCharsets.UTF_8;
}

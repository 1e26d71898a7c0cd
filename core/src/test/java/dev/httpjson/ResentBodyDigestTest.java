package dev.httpjson;

import static dev.httpjson.contract.LoopbackServer.json;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.contract.LoopbackServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.MessageDigestSpi;
import java.security.Provider;
import java.security.Security;
import java.util.concurrent.atomic.AtomicLong;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a request body sent again is checked against costs only where something may send it again,
 * and covers every body that may change between two sends. The bytes digested are counted by a
 * SHA-256 provider put first for the duration of a test.
 */
class ResentBodyDigestTest {
  private static final int SIZE = 1 << 20;

  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();
  private MockWebServer server;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    Security.insertProviderAt(new Counting(), 1);
  }

  @AfterEach
  void stop() {
    Security.removeProvider(Counting.NAME);
    server.close();
  }

  private static byte[] payload() {
    byte[] bytes = new byte[SIZE];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 31 + i / 7);
    }
    return bytes;
  }

  private void send(HttpClient client, HttpRequest.BodyPublisher body) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(server.url("/up").uri()).POST(body).build();
    HttpJson.exchange(client, request, JsonType.of(String.class, options));
  }

  /** An interceptor of the caller's own that sends each request twice, returning the second. */
  private static final Interceptor TWICE =
      new Interceptor() {
        @Override
        public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
            throws IOException, InterruptedException {
          chain.forward(request);
          return chain.forward(request);
        }

        @Override
        public <T> java.util.concurrent.CompletableFuture<HttpResponse<T>> interceptAsync(
            HttpRequest request, Chain<T> chain) {
          throw new UnsupportedOperationException("blocking calls only");
        }
      };

  @Test
  void aBodyNothingWillSendAgainIsNotDigested() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    HttpClient client =
        Interceptor.decorate(
            http,
            Interceptor.request(r -> HttpRequest.newBuilder(r, (n, v) -> true).build()),
            LoggingInterceptor.newBuilder().build());
    byte[] bytes = payload();

    long before = Counting.BYTES.get();
    send(
        client,
        BodyPublishers.fromPublisher(
            BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes)), SIZE));
    long digested = Counting.BYTES.get() - before;

    RecordedRequest r = LoopbackServer.take(server);
    assertThat(r.getBody().size()).isEqualTo(SIZE);
    assertThat(digested)
        .as("bytes digested for a body no interceptor and no redirect policy sends again")
        .isLessThan(SIZE);
  }

  @Test
  void withoutInterceptorsOnlyAStreamedBodyTheClientMaySendAgainIsDigested() throws Exception {
    for (int i = 0; i < 3; i++) {
      server.enqueue(json(200, "\"ok\""));
    }
    HttpClient redirecting =
        HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
    byte[] bytes = payload();

    long before = Counting.BYTES.get();
    send(http, BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes)));
    long neverResent = Counting.BYTES.get() - before;
    before = Counting.BYTES.get();
    send(redirecting, BodyPublishers.ofByteArray(bytes));
    long held = Counting.BYTES.get() - before;
    before = Counting.BYTES.get();
    send(redirecting, BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes)));
    long streamed = Counting.BYTES.get() - before;

    for (int i = 0; i < 3; i++) {
      assertThat(LoopbackServer.take(server).getBody().size()).isEqualTo(SIZE);
    }
    assertThat(neverResent)
        .as("bytes digested for a body a client that follows no redirect never sends again")
        .isLessThan(SIZE);
    assertThat(held).as("bytes digested for a body held in memory").isLessThan(SIZE);
    assertThat(streamed)
        .as("bytes digested for a streamed body a client that follows redirects may send again")
        .isGreaterThanOrEqualTo(SIZE);
  }

  @Test
  void aBodyAnInterceptorMaySendAgainIsDigestedAndAChangedOneRefused() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    server.enqueue(json(200, "\"ok\""));
    HttpClient client = Interceptor.decorate(http, TWICE);
    byte[] bytes = payload();
    AtomicLong opened = new AtomicLong();

    long before = Counting.BYTES.get();
    Throwable thrown =
        catchThrowable(
            () ->
                send(
                    client,
                    BodyPublishers.fromPublisher(
                        BodyPublishers.ofInputStream(
                            () -> {
                              byte[] b = bytes.clone();
                              b[SIZE / 2] += (byte) opened.getAndIncrement();
                              return new ByteArrayInputStream(b);
                            }),
                        SIZE)));
    long digested = Counting.BYTES.get() - before;

    assertThat(digested).isGreaterThanOrEqualTo(SIZE);
    assertThat(thrown)
        .isInstanceOf(HttpJsonException.class)
        .hasMessageContaining("the request body cannot be sent again");
    assertThat(LoopbackServer.take(server).getBody().size()).isEqualTo(SIZE);
    RecordedRequest second = LoopbackServer.received(server).take(2, SECONDS);
    if (second != null && second.getFailure() == null) {
      assertThat(second.getBody().size()).as("the changed body, whole").isLessThan(SIZE);
    }
  }

  @Test
  void aMultipartFileChangedBetweenTwoSendsFailsTheSecondBeforeItGoesOutWhole(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("data.bin");
    byte[] bytes = payload();
    Files.write(file, bytes);
    MultipartContent upload = MultipartContent.newBuilder().file("f", file).build();
    String end = "--" + upload.mediaType().substring("multipart/form-data; boundary=".length());
    server.enqueue(json(200, "\"ok\""));
    server.enqueue(json(200, "\"ok\""));
    HttpClient client =
        Interceptor.decorate(
            http,
            new Interceptor() {
              @Override
              public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
                  throws IOException, InterruptedException {
                chain.forward(request);
                byte[] changed = bytes.clone();
                changed[SIZE / 2]++; // the same length: only the bytes tell
                Files.write(file, changed);
                return chain.forward(request);
              }

              @Override
              public <T> java.util.concurrent.CompletableFuture<HttpResponse<T>> interceptAsync(
                  HttpRequest request, Chain<T> chain) {
                throw new UnsupportedOperationException("blocking calls only");
              }
            });

    Throwable thrown = catchThrowable(() -> send(client, upload));

    assertThat(LoopbackServer.take(server).getBody().utf8()).endsWith(end + "--\r\n");
    RecordedRequest second = LoopbackServer.received(server).take(2, SECONDS);
    if (second != null && second.getFailure() == null) {
      assertThat(second.getBody().utf8())
          .as("the changed file, sent whole")
          .doesNotEndWith(end + "--\r\n");
    }
    assertThat(thrown)
        .isInstanceOf(HttpJsonException.class)
        .hasMessageContaining("the request body cannot be sent again")
        .hasMessageContaining("MultipartContent");
  }

  /** A provider of SHA-256 that counts the bytes it digests, in front of the JDK's. */
  public static final class Counting extends Provider {
    private static final long serialVersionUID = 1L;
    static final String NAME = "CountingDigests";
    static final AtomicLong BYTES = new AtomicLong();

    Counting() {
      super(NAME, "1", "counts the bytes digested with SHA-256");
      put("MessageDigest.SHA-256", Sha256.class.getName());
    }
  }

  /** SHA-256 by the JDK's own, counted. */
  public static final class Sha256 extends MessageDigestSpi implements Cloneable {
    private MessageDigest inner;

    public Sha256() throws java.security.GeneralSecurityException {
      inner = MessageDigest.getInstance("SHA-256", "SUN");
    }

    @Override
    protected void engineUpdate(byte input) {
      Counting.BYTES.incrementAndGet();
      inner.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
      Counting.BYTES.addAndGet(len);
      inner.update(input, offset, len);
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
      Counting.BYTES.addAndGet(input.remaining());
      inner.update(input);
    }

    @Override
    protected byte[] engineDigest() {
      return inner.digest();
    }

    @Override
    protected void engineReset() {
      inner.reset();
    }

    @Override
    protected int engineGetDigestLength() {
      return inner.getDigestLength();
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
      Sha256 copy = (Sha256) super.clone();
      copy.inner = (MessageDigest) inner.clone();
      return copy;
    }
  }
}

package dev.httpjson.jackson.reliability;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonSequenceContent;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.contract.HostileServerHarness;
import dev.httpjson.contract.Models.Exploding;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.Models.Node;
import dev.httpjson.contract.RawServer;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Values whose serialization fails (the "Writing" rows of docs/RELIABILITY.md): the error surfaces
 * from the call as {@link JsonWriteException}; a buffered body is never sent, and a streamed body
 * that fails midway is aborted, never completed, so its connection is not reused.
 */
public class HostileWriteTest extends HostileServerHarness {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Test
  void selfReferencingGraphFailsBeforeAnythingIsSent() {
    assertThatThrownBy(() -> HttpJson.postAsJson(client, uri("/n"), new Node(), options))
        .isInstanceOf(JsonWriteException.class)
        .hasMessageContaining("Cannot write " + Node.class.getName());
    assertThat(server.getRequestCount()).isEqualTo(warmUpRequests); // the warm-up calls only
  }

  @ParameterizedTest
  @ValueSource(strings = {"POST", "PUT", "PATCH"})
  void throwingGetterFailsEveryMethodBeforeAnythingIsSent(String method) {
    Exploding value = new Exploding();

    Throwable untyped = catchThrowable(() -> send(method, value));
    Throwable typed = catchThrowable(() -> sendTyped(method, value));

    for (Throwable failure : List.of(untyped, typed)) {
      assertThat(failure)
          .isInstanceOfSatisfying(
              JsonWriteException.class,
              e -> {
                assertThat(e.path()).isEqualTo("$.name");
                assertThat(e.getMessage()).contains("boom in getName");
              });
    }
    assertThat(server.getRequestCount()).isEqualTo(warmUpRequests);
  }

  @Test
  void asyncSelfReferenceFailsTheFutureAndSendsNothing() {
    CompletableFuture<Named> future =
        HttpJson.putAsJsonAsync(client, uri("/n"), new Node(), JsonType.of(Named.class, options));

    Throwable failure = catchThrowable(() -> future.get(10, TimeUnit.SECONDS));
    assertThat(failure)
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(JsonWriteException.class);
    assertThat(server.getRequestCount()).isEqualTo(warmUpRequests);
  }

  @Test
  void boundClientSurfacesTheWriteFailure() {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client).baseUri(uri("/")).options(options).build();

    assertThatThrownBy(() -> api.postAsJson("things", List.of(new Named("a"), new Exploding())))
        .isInstanceOf(JsonWriteException.class)
        .hasMessageContaining("boom in getName")
        .satisfies(e -> assertThat(((JsonWriteException) e).path()).isEqualTo("$[1].name"));
    assertThat(server.getRequestCount()).isEqualTo(warmUpRequests);
  }

  @Test
  void jsonContentRejectsTheValueWhenBuilt() {
    assertThatThrownBy(() -> JsonContent.of(new Exploding(), options))
        .isInstanceOf(JsonWriteException.class);
    assertThatThrownBy(() -> JsonContent.of(new Node(), options))
        .isInstanceOf(JsonWriteException.class);
  }

  @Test
  void streamedBodyThatFailsMidwayIsAbortedNotCompletedAndItsConnectionNotReused()
      throws Exception {
    AtomicInteger completeBodies = new AtomicInteger();
    AtomicInteger abortedBodies = new AtomicInteger();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              try {
                if (head.startsWith("POST")) {
                  if (readChunkedBodyToTheEnd(socket.getInputStream())) {
                    completeBodies.incrementAndGet();
                    RawServer.write(socket, "HTTP/1.1 204 No Content\r\n\r\n");
                  } else {
                    abortedBodies.incrementAndGet();
                  }
                } else {
                  RawServer.write(
                      socket,
                      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                          + "Content-Length: 20\r\nConnection: close\r\n\r\n"
                          + OK_JSON);
                }
              } finally {
                socket.close();
              }
            })) {
      List<Object> elements = new ArrayList<>();
      for (int i = 0; i < 5000; i++) {
        elements.add(new Named("n" + i));
      }
      elements.add(new Exploding());

      Throwable failure =
          catchThrowable(
              () ->
                  client.send(
                      JsonSequenceContent.ofArray(elements, JsonType.of(Object.class, options))
                          .requestBuilder("POST", raw.uri("/bulk"))
                          .build(),
                      HttpResponse.BodyHandlers.discarding()));
      assertThat(failure).isInstanceOf(IOException.class);
      assertThat(causes(failure)).anyMatch(c -> c instanceof JsonWriteException);

      assertThat(HttpJson.getFromJson(client, raw.uri("/ok"), JsonType.of(Named.class, options)))
          .isEqualTo(new Named("ok"));
      assertThat(completeBodies).hasValue(0);
      waitFor(() -> abortedBodies.get() == 1);
      assertThat(raw.connections()).isEqualTo(2);
    }
  }

  /**
   * A chunked body whose producer stalls after its first bytes, when the call's timeout elapses:
   * the call fails with {@link CallTimeoutException} and the server never sees the terminating zero
   * chunk, so it cannot take the bytes it got for the whole body.
   */
  @Test
  void streamedBodyThatStallsPastTheCallTimeoutIsAbortedNotCompleted() throws Exception {
    ChunkedBodies bodies = new ChunkedBodies();
    StallingPublisher publisher = new StallingPublisher();
    try (RawServer raw = new RawServer(bodies)) {
      HttpRequest request =
          HttpRequest.newBuilder(raw.uri("/bulk"))
              .header("Content-Type", "application/json")
              .POST(publisher)
              .build();
      JsonOptions timed = options.toBuilder().timeout(Duration.ofMillis(300)).build();

      Throwable failure =
          catchThrowable(() -> HttpJson.exchange(client, request, JsonType.of(Named.class, timed)));

      assertThat(failure).isInstanceOf(CallTimeoutException.class);
      bodies.assertOneAbortedNoneComplete();
      assertThat(publisher.cancelled.await(10, TimeUnit.SECONDS))
          .as("the stalled publisher's subscription was cancelled")
          .isTrue();
    }
  }

  /**
   * The same when the calling thread is interrupted while the body is being produced: the send
   * reports the interrupt and the body is cut short, never ended as if it were whole.
   */
  @Test
  void streamedBodyThatStallsWhenTheCallerIsInterruptedIsAbortedNotCompleted() throws Exception {
    ChunkedBodies bodies = new ChunkedBodies();
    StallingPublisher publisher = new StallingPublisher();
    try (RawServer raw = new RawServer(bodies)) {
      HttpRequest request =
          HttpRequest.newBuilder(raw.uri("/bulk"))
              .header("Content-Type", "application/json")
              .POST(publisher)
              .build();
      Thread caller = Thread.currentThread();
      Thread interrupter =
          new Thread(
              () -> {
                try {
                  if (publisher.requested.await(10, TimeUnit.SECONDS)) {
                    caller.interrupt();
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      interrupter.start();
      Throwable failure;
      try {
        failure =
            catchThrowable(
                () -> HttpJson.exchange(client, request, JsonType.of(Named.class, options)));
      } finally {
        interrupter.join(10_000);
        Thread.interrupted(); // an interrupt that came too late for the call must not leak
      }

      assertThat(failure).isInstanceOf(InterruptedException.class);
      bodies.assertOneAbortedNoneComplete();
      assertThat(publisher.cancelled.await(10, TimeUnit.SECONDS))
          .as("the stalled publisher's subscription was cancelled")
          .isTrue();
    }
  }

  /**
   * A server that reads each POST's chunked body and counts the bodies that ended with the zero
   * chunk (answered 204) and those cut short by the client's close.
   */
  private static final class ChunkedBodies implements RawServer.Handler {
    final AtomicInteger complete = new AtomicInteger();
    final AtomicInteger aborted = new AtomicInteger();

    @Override
    public void handle(Socket socket, String head) throws IOException {
      try {
        if (readChunkedBodyToTheEnd(socket.getInputStream())) {
          complete.incrementAndGet();
          RawServer.write(socket, "HTTP/1.1 204 No Content\r\n\r\n");
        } else {
          aborted.incrementAndGet();
        }
      } finally {
        socket.close();
      }
    }

    void assertOneAbortedNoneComplete() throws InterruptedException {
      waitFor(() -> aborted.get() + complete.get() == 1);
      assertThat(complete).as("bodies the server received whole").hasValue(0);
      assertThat(aborted).as("bodies cut short").hasValue(1);
    }
  }

  /**
   * Sends {@code [1,} on the first request, then nothing ever again; {@code requested} opens at
   * that first request (the body is being written: a client may still hold its bytes in a buffer).
   */
  private static final class StallingPublisher implements HttpRequest.BodyPublisher {
    final CountDownLatch requested = new CountDownLatch(1);
    final CountDownLatch cancelled = new CountDownLatch(1);

    @Override
    public long contentLength() {
      return -1;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      subscriber.onSubscribe(
          new Flow.Subscription() {
            private boolean sent;

            @Override
            public synchronized void request(long n) {
              if (!sent) {
                sent = true;
                subscriber.onNext(ByteBuffer.wrap("[1,".getBytes(ISO_8859_1)));
                requested.countDown();
              }
            }

            @Override
            public void cancel() {
              cancelled.countDown();
            }
          });
    }
  }

  private Object send(String method, Object value) throws Exception {
    switch (method) {
      case "POST":
        return HttpJson.postAsJson(client, uri("/w"), value, options);
      case "PUT":
        return HttpJson.putAsJson(client, uri("/w"), value, options);
      default:
        return HttpJson.patchAsJson(client, uri("/w"), value, options);
    }
  }

  private Object sendTyped(String method, Object value) throws Exception {
    switch (method) {
      case "POST":
        return HttpJson.postAsJson(client, uri("/w"), value, JsonType.of(Named.class, options));
      case "PUT":
        return HttpJson.putAsJson(client, uri("/w"), value, JsonType.of(Named.class, options));
      default:
        return HttpJson.patchAsJson(client, uri("/w"), value, JsonType.of(Named.class, options));
    }
  }

  /** True if the chunked body ended with its last (zero) chunk, false on EOF or reset first. */
  private static boolean readChunkedBodyToTheEnd(InputStream in) {
    ByteArrayOutputStream tail = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    try {
      for (int n; (n = in.read(buf)) >= 0; ) {
        tail.write(buf, 0, n);
        String text = tail.toString(ISO_8859_1);
        if (text.endsWith("\r\n0\r\n\r\n") || text.equals("0\r\n\r\n")) {
          return true;
        }
        if (tail.size() > 64) {
          byte[] last = tail.toByteArray();
          tail.reset();
          tail.write(last, last.length - 16, 16);
        }
      }
    } catch (IOException reset) {
      return false;
    }
    return false;
  }

  private static void waitFor(java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    for (int i = 0; i < 100 && !condition.getAsBoolean(); i++) {
      Thread.sleep(100);
    }
    assertThat(condition.getAsBoolean()).isTrue();
  }

  private static List<Throwable> causes(Throwable t) {
    List<Throwable> all = new ArrayList<>();
    for (Throwable c = t; c != null && !all.contains(c); c = c.getCause()) {
      all.add(c);
    }
    return all;
  }
}

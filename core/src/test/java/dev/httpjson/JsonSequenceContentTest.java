package dev.httpjson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.contract.LoopbackServer;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link JsonSequenceContent} keeps the Reactive Streams protocol ({@link Flow}): it never signals
 * more chunks than requested, signals one at a time, stops and closes its source on cancel and on
 * an illegal request, and can be subscribed again when its source allows it (an {@code Iterable}) —
 * which is what a redirect or an authentication retry of the JDK client does.
 */
class JsonSequenceContentTest {
  /** Elements of about 1 KiB each, so that {@link #ELEMENTS} of them fill several chunks. */
  private static final int ELEMENTS = 100;

  private static final String PADDING = "x".repeat(1000);

  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();
  private MockWebServer server;

  @BeforeEach
  void startServer() throws IOException {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  private static List<String> elements() {
    return IntStream.range(0, ELEMENTS).mapToObj(i -> i + PADDING).collect(Collectors.toList());
  }

  /** The body CountingCodec writes for {@link #elements()}: quoted strings in a JSON array. */
  private static String wholeArray() {
    return elements().stream().map(e -> "\"" + e + "\"").collect(Collectors.joining(",", "[", "]"));
  }

  // ---- demand ----

  @Test
  void neverSignalsMoreChunksThanRequestedAndCompletesAfterTheLastOne() {
    JsonSequenceContent body =
        JsonSequenceContent.ofArray(elements(), JsonType.of(String.class, options));
    Recorder recorder = new Recorder();
    body.subscribe(recorder);

    assertThat(recorder.chunks).isEmpty();
    recorder.subscription.request(1);
    assertThat(recorder.chunks).hasSize(1);
    recorder.subscription.request(2);
    assertThat(recorder.chunks).hasSize(3);
    assertThat(recorder.completed).isFalse();

    recorder.subscription.request(Long.MAX_VALUE);
    recorder.subscription.request(Long.MAX_VALUE); // demand saturates, it does not overflow

    assertThat(recorder.chunks).hasSizeGreaterThan(3);
    assertThat(recorder.completed).isTrue();
    assertThat(recorder.error).isNull();
    assertThat(recorder.body()).isEqualTo(wholeArray());
  }

  @Test
  void completesWithoutWaitingForDemandOnceTheLastChunkIsSent() {
    JsonSequenceContent body =
        JsonSequenceContent.ofArray(List.of("a", "b"), JsonType.of(String.class, options));
    Recorder recorder = new Recorder();
    body.subscribe(recorder);

    recorder.subscription.request(1);

    assertThat(recorder.body()).isEqualTo("[\"a\",\"b\"]");
    assertThat(recorder.completed).isTrue();
  }

  // ---- cancel ----

  @Test
  void cancelStopsIterationAndClosesTheStream() {
    AtomicInteger pulled = new AtomicInteger();
    AtomicBoolean closed = new AtomicBoolean();
    Stream<String> source =
        elements().stream().peek(e -> pulled.incrementAndGet()).onClose(() -> closed.set(true));
    Recorder recorder = new Recorder();
    JsonSequenceContent.ofArray(source, JsonType.of(String.class, options)).subscribe(recorder);

    recorder.subscription.request(1);
    int pulledBeforeCancel = pulled.get();
    recorder.subscription.cancel();
    recorder.subscription.request(10);

    assertThat(pulledBeforeCancel).isBetween(1, ELEMENTS - 1);
    assertThat(pulled).hasValue(pulledBeforeCancel);
    assertThat(closed).isTrue();
    assertThat(recorder.chunks).hasSize(1);
    assertThat(recorder.completed).isFalse();
    assertThat(recorder.error).isNull();
  }

  @Test
  void cancelWhileTheSourceIsProducingStopsAfterThatElementAndSignalsNothing() throws Exception {
    CountDownLatch producing = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger pulled = new AtomicInteger();
    AtomicBoolean closed = new AtomicBoolean();
    Stream<String> source =
        elements().stream()
            .peek(
                e -> {
                  if (pulled.incrementAndGet() == 3) {
                    producing.countDown();
                    awaitUninterruptibly(release);
                  }
                })
            .onClose(() -> closed.set(true));
    Recorder recorder = new Recorder();
    JsonSequenceContent.ofArray(source, JsonType.of(String.class, options)).subscribe(recorder);
    Thread sender = new Thread(() -> recorder.subscription.request(1), "sender");
    sender.start();

    assertThat(producing.await(10, TimeUnit.SECONDS)).isTrue();
    recorder.subscription.cancel(); // from another thread, while the source is busy
    assertThat(closed).as("the source is closed by the thread iterating it").isFalse();
    release.countDown();
    sender.join(10_000);

    assertThat(sender.isAlive()).isFalse();
    assertThat(pulled).hasValue(3);
    assertThat(closed).isTrue();
    assertThat(recorder.chunks).isEmpty();
    assertThat(recorder.completed).isFalse();
    assertThat(recorder.error).isNull();
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    try {
      if (!latch.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
        throw new AssertionError("latch not released within 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---- subscribing again ----

  @Test
  void anIterableCanBeSubscribedAgainAndEverySubscriberGetsTheWholeSequence() {
    JsonSequenceContent body =
        JsonSequenceContent.ofArray(elements(), JsonType.of(String.class, options));
    Recorder first = new Recorder();
    Recorder second = new Recorder();
    body.subscribe(first);
    body.subscribe(second);

    first.subscription.request(1);
    second.subscription.request(Long.MAX_VALUE);
    first.subscription.request(Long.MAX_VALUE);

    assertThat(first.body()).isEqualTo(wholeArray());
    assertThat(second.body()).isEqualTo(wholeArray());
    assertThat(first.completed).isTrue();
    assertThat(second.completed).isTrue();
  }

  @Test
  void aStreamCanBeSubscribedOnlyOnceAndTheSecondSubscriberIsToldToUseAnIterable() {
    JsonSequenceContent body =
        JsonSequenceContent.ofNdjson(elements().stream(), JsonType.of(String.class, options));
    Recorder first = new Recorder();
    Recorder second = new Recorder();
    body.subscribe(first);
    body.subscribe(second);
    first.subscription.request(Long.MAX_VALUE);

    assertThat(first.completed).isTrue();
    assertThat(second.subscription).as("onSubscribe comes before onError").isNotNull();
    assertThat(second.chunks).isEmpty();
    assertThat(second.error)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("a Stream source can be sent only once")
        .hasMessageContaining("Iterable");
  }

  // ---- illegal requests (rule 3.9) ----

  @ParameterizedTest
  @ValueSource(longs = {0, -1, Long.MIN_VALUE})
  void requestOfZeroOrLessSignalsIllegalArgumentAndClosesTheSource(long n) {
    AtomicBoolean closed = new AtomicBoolean();
    Stream<String> source = elements().stream().onClose(() -> closed.set(true));
    Recorder recorder = new Recorder();
    JsonSequenceContent.ofArray(source, JsonType.of(String.class, options)).subscribe(recorder);

    recorder.subscription.request(n);

    assertThat(recorder.error)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("request <= 0: " + n);
    assertThat(closed).as("closed when the error is signalled").isTrue();
    recorder.subscription.request(10);
    assertThat(recorder.chunks).isEmpty();
    assertThat(recorder.completed).isFalse();
  }

  @Test
  void anIllegalRequestFromInsideOnNextIsSignalledAfterOnNextReturns() {
    Recorder recorder =
        new Recorder() {
          @Override
          public void onNext(ByteBuffer item) {
            super.onNext(item);
            subscription.request(0);
            events.add("onNext returned");
          }
        };
    JsonSequenceContent.ofArray(elements(), JsonType.of(String.class, options)).subscribe(recorder);

    recorder.subscription.request(5);

    assertThat(recorder.events)
        .containsExactly("onSubscribe", "onNext", "onNext returned", "onError");
  }

  // ---- through the JDK client ----

  @Test
  void anElementThatFailsHalfwayFailsTheCallAndTheServerNeverGetsAWholeBody() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).build());
    List<String> all = elements();
    Iterable<String> failing =
        () ->
            new java.util.Iterator<String>() {
              int i;

              @Override
              public boolean hasNext() {
                return i < all.size();
              }

              @Override
              public String next() {
                if (i == all.size() / 2) {
                  throw new IllegalStateException("element source broke");
                }
                return all.get(i++);
              }
            };
    JsonSequenceContent body =
        JsonSequenceContent.ofArray(failing, JsonType.of(String.class, options));

    Throwable thrown =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(20),
            () ->
                org.assertj.core.api.Assertions.catchThrowable(
                    () ->
                        HttpJson.postAsJson(
                            HttpClient.newHttpClient(),
                            LoopbackServer.uri(server, "/bulk"),
                            body,
                            options)));

    assertThat(thrown).isInstanceOf(IOException.class);
    StringBuilder messages = new StringBuilder();
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      messages.append(t).append('\n');
    }
    assertThat(messages.toString()).contains("element source broke");
    RecordedRequest r =
        LoopbackServer.received(server).take(2, java.util.concurrent.TimeUnit.SECONDS);
    if (r != null && r.getFailure() == null) {
      assertThat(r.getBody().utf8()).as("a body the server took as whole").endsWith("]");
    }
  }

  @Test
  void anIterableBodyIsSentWholeAgainAfterA307Redirect() throws Exception {
    server.enqueue(new MockResponse.Builder().code(307).addHeader("Location", "/moved").build());
    server.enqueue(new MockResponse.Builder().code(204).build());
    HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
    JsonSequenceContent body =
        JsonSequenceContent.ofArray(elements(), JsonType.of(String.class, options));

    HttpResponse<Void> response =
        client.send(
            body.requestBuilder("POST", LoopbackServer.uri(server, "/bulk")).build(),
            HttpResponse.BodyHandlers.discarding());

    assertThat(response.statusCode()).isEqualTo(204);
    RecordedRequest first = dev.httpjson.contract.LoopbackServer.take(server);
    RecordedRequest second = dev.httpjson.contract.LoopbackServer.take(server);
    assertThat(first.getUrl().encodedPath()).isEqualTo("/bulk");
    assertThat(first.getBody().utf8()).isEqualTo(wholeArray());
    assertThat(second.getUrl().encodedPath()).isEqualTo("/moved");
    assertThat(second.getMethod()).isEqualTo("POST");
    assertThat(second.getHeaders().get("Transfer-Encoding")).isEqualTo("chunked");
    assertThat(second.getBody().utf8()).isEqualTo(wholeArray());
  }

  @Test
  void aStreamBodyFailsTheSendClearlyWhenA307AsksForItAgain() throws Exception {
    server.enqueue(new MockResponse.Builder().code(307).addHeader("Location", "/moved").build());
    HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
    JsonSequenceContent body =
        JsonSequenceContent.ofArray(elements().stream(), JsonType.of(String.class, options));

    Throwable failure =
        catchThrowable(
            () ->
                client.send(
                    body.requestBuilder("POST", LoopbackServer.uri(server, "/bulk")).build(),
                    HttpResponse.BodyHandlers.discarding()));

    assertThat(failure).isInstanceOf(IOException.class);
    assertThat(causes(failure))
        .anySatisfy(
            c ->
                assertThat(c)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("a Stream source can be sent only once"));
    assertThat(dev.httpjson.contract.LoopbackServer.take(server).getBody().utf8())
        .isEqualTo(wholeArray());
    // The redirected request's headers go out before its body fails: the server sees the request
    // line, then the connection closes without a single body chunk.
    RecordedRequest second = dev.httpjson.contract.LoopbackServer.take(server);
    assertThat(second.getUrl().encodedPath()).isEqualTo("/moved");
    assertThat(second.getChunkSizes()).isEmpty();
    assertThat(second.getFailure()).isInstanceOf(IOException.class);
  }

  // ---- a one-shot Iterable sent again ----

  /** An Iterable whose every iterator() is the same one: a second pass finds it spent. */
  private static Iterable<String> sameIteratorEveryTime() {
    java.util.Iterator<String> once = elements().iterator();
    return () -> once;
  }

  /** An Iterable with a fresh iterator object every time, over one shared, one-pass source. */
  private static Iterable<String> freshIteratorsOverOneSource() {
    java.util.Iterator<String> source = elements().iterator();
    return () ->
        new java.util.Iterator<>() {
          @Override
          public boolean hasNext() {
            return source.hasNext();
          }

          @Override
          public String next() {
            return source.next();
          }
        };
  }

  @Test
  void aOneShotIterableSubscribedAgainFailsInsteadOfSendingAnEmptyArray() {
    for (Iterable<String> oneShot :
        List.of(sameIteratorEveryTime(), freshIteratorsOverOneSource())) {
      JsonSequenceContent body =
          JsonSequenceContent.ofArray(oneShot, JsonType.of(String.class, options));
      Recorder first = new Recorder();
      body.subscribe(first);
      first.subscription.request(Long.MAX_VALUE);
      Recorder second = new Recorder();
      body.subscribe(second);
      second.subscription.request(Long.MAX_VALUE);

      assertThat(first.body()).isEqualTo(wholeArray());
      assertThat(second.chunks).as("not a byte of the second pass, not even '['").isEmpty();
      assertThat(second.completed).isFalse();
      assertThat(second.error)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("an Iterable body must be re-iterable");
    }
  }

  @Test
  void aOneShotNdjsonIterableSubscribedAgainFailsToo() {
    JsonSequenceContent body =
        JsonSequenceContent.ofNdjson(
            freshIteratorsOverOneSource(), JsonType.of(String.class, options));
    Recorder first = new Recorder();
    body.subscribe(first);
    first.subscription.request(Long.MAX_VALUE);
    Recorder second = new Recorder();
    body.subscribe(second);
    second.subscription.request(Long.MAX_VALUE);

    assertThat(first.completed).isTrue();
    assertThat(second.chunks).isEmpty();
    assertThat(second.error).hasMessageContaining("an Iterable body must be re-iterable");
  }

  @Test
  void anEmptyReIterableIterableIsSentAgainAsAnEmptyArray() {
    JsonSequenceContent body =
        JsonSequenceContent.ofArray(List.<String>of(), JsonType.of(String.class, options));
    for (int i = 0; i < 2; i++) {
      Recorder recorder = new Recorder();
      body.subscribe(recorder);
      recorder.subscription.request(Long.MAX_VALUE);
      assertThat(recorder.body()).isEqualTo("[]");
      assertThat(recorder.completed).isTrue();
    }
  }

  @Test
  void aOneShotIterableFailsTheSendWhenA307AsksForItAgainInsteadOfPostingAnEmptyArray()
      throws Exception {
    for (Iterable<String> oneShot :
        List.of(sameIteratorEveryTime(), freshIteratorsOverOneSource())) {
      server.enqueue(new MockResponse.Builder().code(307).addHeader("Location", "/moved").build());
      server.enqueue(new MockResponse.Builder().code(204).build());
      HttpClient client =
          HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
      JsonSequenceContent body =
          JsonSequenceContent.ofArray(oneShot, JsonType.of(String.class, options));

      Throwable failure =
          catchThrowable(
              () ->
                  client.send(
                      body.requestBuilder("POST", LoopbackServer.uri(server, "/bulk")).build(),
                      HttpResponse.BodyHandlers.discarding()));

      assertThat(failure).isInstanceOf(IOException.class);
      assertThat(causes(failure))
          .anySatisfy(
              c ->
                  assertThat(c)
                      .isInstanceOf(IllegalStateException.class)
                      .hasMessageContaining("an Iterable body must be re-iterable"));
      assertThat(server.takeRequest().getBody().utf8()).isEqualTo(wholeArray());
      RecordedRequest second = server.takeRequest();
      assertThat(second.getUrl().encodedPath()).isEqualTo("/moved");
      assertThat(second.getBody().utf8()).isNotEqualTo("[]");
      assertThat(second.getChunkSizes()).isEmpty();
      // The 204 meant for the redirect target was never taken: drop it with the server.
      server.close();
      server = LoopbackServer.start();
    }
  }

  private static List<Throwable> causes(Throwable t) {
    List<Throwable> all = new ArrayList<>();
    for (Throwable c = t; c != null && !all.contains(c); c = c.getCause()) {
      all.add(c);
    }
    return all;
  }

  /** Records every signal; requests nothing by itself. */
  private static class Recorder implements Flow.Subscriber<ByteBuffer> {
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<byte[]> chunks = new CopyOnWriteArrayList<>();
    Flow.Subscription subscription;
    volatile boolean completed;
    volatile @Nullable Throwable error;
    private final AtomicBoolean inSignal = new AtomicBoolean();

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      enter("onSubscribe");
      this.subscription = subscription;
      exit();
    }

    @Override
    public void onNext(ByteBuffer item) {
      enter("onNext");
      byte[] bytes = new byte[item.remaining()];
      item.get(bytes);
      chunks.add(bytes);
      exit();
    }

    @Override
    public void onError(Throwable throwable) {
      enter("onError");
      error = throwable;
      exit();
    }

    @Override
    public void onComplete() {
      enter("onComplete");
      completed = true;
      exit();
    }

    /** Signals must not overlap (rule 1.3), and nothing may follow a terminal signal (1.7). */
    private void enter(String signal) {
      assertThat(inSignal.compareAndSet(false, true))
          .as("%s while another signal is in progress: %s", signal, events)
          .isTrue();
      assertThat(completed || error != null)
          .as("%s after a terminal signal: %s", signal, events)
          .isFalse();
      events.add(signal);
    }

    private void exit() {
      inSignal.set(false);
    }

    String body() {
      StringBuilder sb = new StringBuilder();
      for (byte[] chunk : chunks) {
        sb.append(new String(chunk, UTF_8));
      }
      return sb.toString();
    }
  }
}

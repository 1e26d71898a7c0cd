package dev.httpjson.contract;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What callers do around the async API and the blocking deadline: complete the future themselves,
 * wrap the client, get interrupted by someone else. Against raw loopback servers that notice when
 * the client gives a connection up; each test ends with a check that no thread or descriptor
 * leaked.
 */
public abstract class AsyncContract {
  private static final String ENDLESS_HEAD =
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";

  protected HttpClient client;
  protected JsonOptions options;
  private ResourceCounts baseline;

  protected abstract JsonCodec codec();

  /**
   * The client under test, running its asynchronous work on {@code executor} (whose threads these
   * tests do not count: they belong to the caller).
   */
  protected HttpClient newClient(java.util.concurrent.ExecutorService executor) {
    return HttpClient.newBuilder().executor(executor).build();
  }

  private java.util.concurrent.ExecutorService executor;

  @BeforeEach
  void start() throws Exception {
    // The JDK's default executor keeps a thread per concurrent exchange for a minute: its own pool
    // at work, which would hide what these tests count (httpjson's threads and the descriptors).
    executor =
        java.util.concurrent.Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "async-contract-exchange");
              t.setDaemon(true);
              return t;
            });
    client = newClient(executor);
    options = JsonOptions.newBuilder().codec(codec()).build();
    try (RawServer warm = new RawServer(AsyncContract::answerNamed)) {
      HttpJson.getFromJson(client, warm.uri("/warm"), JsonType.of(Named.class, options));
      HttpJson.getFromJsonAsync(client, warm.uri("/warm"), JsonType.of(Named.class, options))
          .get(30, TimeUnit.SECONDS);
      // Async calls past the platform lanes run on virtual threads (21+): their I/O pollers too.
      VirtualThreads.runOnOne(
          () -> HttpJson.getFromJson(client, warm.uri("/warm"), JsonType.of(Named.class, options)));
    }
    baseline = ResourceCounts.now();
  }

  @org.junit.jupiter.api.AfterEach
  void stop() {
    executor.shutdownNow();
  }

  // ---- a client-wide limit on calls in flight (HttpJsonClient.Builder.maxConcurrentCalls) ----

  /** A server whose exchanges each wait at {@code gate}, counting how many are in at once. */
  private static RawServer gated(CountDownLatch gate, AtomicInteger in, AtomicInteger most)
      throws IOException {
    return new RawServer(
        (socket, head) -> {
          most.accumulateAndGet(in.incrementAndGet(), Math::max);
          try {
            gate.await(15, TimeUnit.SECONDS);
          } finally {
            in.decrementAndGet();
          }
          if (head.startsWith("GET /s")) {
            byte[] body = "[{\"displayName\":\"ok\"}]".getBytes(UTF_8);
            RawServer.write(
                socket,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length
                    + "\r\nConnection: close\r\n\r\n");
            socket.getOutputStream().write(body);
            socket.getOutputStream().flush();
            socket.close();
          } else if (head.startsWith("GET /fail")) {
            RawServer.write(
                socket, "HTTP/1.1 500 Oops\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            socket.close();
          } else {
            answerNamed(socket, head);
          }
        });
  }

  private HttpJsonClient limited(RawServer server, int max) {
    return HttpJsonClient.newBuilder(client)
        .baseUri(server.uri("/"))
        .options(options)
        .maxConcurrentCalls(max)
        .build();
  }

  @Test
  public void maxConcurrentCallsHoldsAsyncCallsPastTheLimitUntilOneEnds() throws Exception {
    CountDownLatch gate = new CountDownLatch(1);
    AtomicInteger in = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    try (RawServer server = gated(gate, in, most)) {
      HttpJsonClient api = limited(server, 2);
      List<CompletableFuture<Named>> calls = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        calls.add(api.getFromJsonAsync("n" + i, Named.class));
      }
      awaitCount(in, 2, "exchanges in flight");
      Thread.sleep(200); // long enough for a third exchange to arrive, were it let through
      assertThat(server.connections()).isEqualTo(2);

      gate.countDown();
      for (CompletableFuture<Named> call : calls) {
        assertThat(call.get(15, TimeUnit.SECONDS)).isEqualTo(new Named("ok"));
      }
      assertThat(most.get()).isEqualTo(2);
      assertThat(server.connections()).isEqualTo(6);
    }
    ResourceCounts.assertBackTo(baseline);
  }

  @Test
  public void aCallThatGetsNoPermitBeforeItsTimeoutFailsWithTheCallTimeoutNamingTheLimit()
      throws Exception {
    CountDownLatch gate = new CountDownLatch(1);
    AtomicInteger in = new AtomicInteger();
    try (RawServer server = gated(gate, in, new AtomicInteger())) {
      HttpJsonClient api = limited(server, 1);
      CompletableFuture<Named> first = api.getFromJsonAsync("first", Named.class);
      awaitCount(in, 1, "the first exchange");
      HttpJsonClient hurried = api.withTimeout(Duration.ofMillis(200));

      assertThatThrownBy(() -> hurried.getFromJson("blocking", Named.class))
          .isInstanceOf(dev.httpjson.CallTimeoutException.class)
          .hasMessageContaining("maxConcurrentCalls(1)");
      CompletableFuture<Named> async = hurried.getFromJsonAsync("async", Named.class);
      assertThatThrownBy(() -> async.get(10, TimeUnit.SECONDS))
          .hasCauseInstanceOf(dev.httpjson.CallTimeoutException.class)
          .hasMessageContaining("maxConcurrentCalls(1)");
      assertThat(server.connections()).isEqualTo(1);

      gate.countDown();
      assertThat(first.get(15, TimeUnit.SECONDS)).isEqualTo(new Named("ok"));
      assertThat(api.getFromJson("after", Named.class)).isEqualTo(new Named("ok"));
    }
    ResourceCounts.assertBackTo(baseline);
  }

  @Test
  public void aStreamHoldsItsPermitUntilItIsClosed() throws Exception {
    CountDownLatch gate = new CountDownLatch(1);
    gate.countDown();
    AtomicInteger in = new AtomicInteger();
    try (RawServer server = gated(gate, in, new AtomicInteger())) {
      HttpJsonClient api = limited(server, 1);
      Stream<Named> stream = api.getFromJsonAsStream("s1", Named.class);
      CompletableFuture<Named> next = api.getFromJsonAsync("n", Named.class);
      Thread.sleep(200);
      assertThat(next).isNotDone();
      assertThat(server.connections()).isEqualTo(1);

      stream.close();

      assertThat(next.get(15, TimeUnit.SECONDS)).isEqualTo(new Named("ok"));
      // Exhausted rather than closed: the permit goes back at the end of the elements.
      try (Stream<Named> read = api.getFromJsonAsStream("s2", Named.class)) {
        java.util.Iterator<Named> it = read.iterator();
        assertThat(it.next()).isEqualTo(new Named("ok"));
        assertThat(it.hasNext()).isFalse();
        assertThat(api.getFromJsonAsync("m", Named.class).get(15, TimeUnit.SECONDS))
            .isEqualTo(new Named("ok"));
      }
    }
    ResourceCounts.assertBackTo(baseline);
  }

  @Test
  public void cancellingAWaitingAsyncCallFreesItsPlaceAndSendsNothing() throws Exception {
    int timersBefore = dev.httpjson.internal.DeadlineTimer.INSTANCE.pending();
    CountDownLatch gate = new CountDownLatch(1);
    AtomicInteger in = new AtomicInteger();
    try (RawServer server = gated(gate, in, new AtomicInteger())) {
      HttpJsonClient api = limited(server, 1);
      CompletableFuture<Named> first = api.getFromJsonAsync("first", Named.class);
      awaitCount(in, 1, "the first exchange");
      CompletableFuture<Named> waiting = api.getFromJsonAsync("cancelled", Named.class);
      CompletableFuture<Named> third = api.getFromJsonAsync("third", Named.class);

      assertThat(waiting.cancel(true)).isTrue();
      gate.countDown();

      assertThat(first.get(15, TimeUnit.SECONDS)).isEqualTo(new Named("ok"));
      assertThat(third.get(15, TimeUnit.SECONDS)).isEqualTo(new Named("ok"));
      assertThat(server.connections()).isEqualTo(2);
    }
    // No deadline of the cancelled call's wait stays scheduled (it would hold the call, and the
    // timer thread, until the whole-call timeout).
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (dev.httpjson.internal.DeadlineTimer.INSTANCE.pending() > timersBefore
        && System.nanoTime() < until) {
      Thread.sleep(10);
    }
    assertThat(dev.httpjson.internal.DeadlineTimer.INSTANCE.pending())
        .as("timer tasks still scheduled")
        .isLessThanOrEqualTo(timersBefore);
    ResourceCounts.assertBackTo(baseline);
  }

  /**
   * A call that waited for a permit and then started: its caller completing the future with a value
   * of its own aborts the exchange, as for a call that never waited, and the permit comes back.
   */
  @Test
  public void completingACallThatWaitedForAPermitWithAValueAbortsItsExchange() throws Exception {
    List<Consumer<CompletableFuture<Named>>> ways =
        List.of(
            f -> f.complete(new Named("mine")),
            f -> f.obtrudeValue(new Named("mine")),
            f -> f.completeOnTimeout(new Named("late"), 1, TimeUnit.MILLISECONDS));
    AtomicInteger aborted = new AtomicInteger();
    AtomicInteger in = new AtomicInteger();
    CountDownLatch[] gate = new CountDownLatch[1];
    CountDownLatch[] bodyStarted = new CountDownLatch[1];
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              if (head.startsWith("GET /endless")) {
                bodyStarted[0].countDown();
                writeEndlessArray(socket, aborted);
              } else if (head.startsWith("GET /first")) {
                in.incrementAndGet();
                gate[0].await(15, TimeUnit.SECONDS);
                answerNamed(socket, head);
              } else {
                answerNamed(socket, head);
              }
            })) {
      HttpJsonClient api = limited(server, 1);
      for (int i = 0; i < ways.size(); i++) {
        gate[0] = new CountDownLatch(1);
        bodyStarted[0] = new CountDownLatch(1);
        CompletableFuture<Named> first = api.getFromJsonAsync("first", Named.class);
        awaitCount(in, i + 1, "the first exchange of way " + i);
        CompletableFuture<Named> waited = api.getFromJsonAsync("endless" + i, Named.class);
        gate[0].countDown();
        assertThat(first.get(15, TimeUnit.SECONDS)).isEqualTo(new Named("ok"));
        assertThat(bodyStarted[0].await(15, TimeUnit.SECONDS)).as("the waiting call ran").isTrue();

        ways.get(i).accept(waited);

        awaitCount(aborted, i + 1, "exchanges aborted after way " + i);
        // Its permit is back: a call after it is let through.
        assertThat(api.getFromJsonAsync("after" + i, Named.class).get(15, TimeUnit.SECONDS))
            .isEqualTo(new Named("ok"));
      }
    }
    assertNothingLeaked();
  }

  @Test
  public void aFailedCallGivesItsPermitBack() throws Exception {
    CountDownLatch gate = new CountDownLatch(1);
    gate.countDown();
    try (RawServer server = gated(gate, new AtomicInteger(), new AtomicInteger())) {
      // A permit that leaked would make the next call wait: it would fail with its timeout.
      HttpJsonClient api = limited(server, 1).withTimeout(Duration.ofSeconds(5));
      for (int i = 0; i < 3; i++) {
        assertThatThrownBy(() -> api.getFromJson("fail", Named.class))
            .isInstanceOf(dev.httpjson.HttpJsonStatusException.class);
        assertThatThrownBy(() -> api.getFromJsonAsStream("fail", Named.class))
            .isInstanceOf(dev.httpjson.HttpJsonStatusException.class);
        CompletableFuture<Named> async = api.getFromJsonAsync("fail", Named.class);
        assertThatThrownBy(() -> async.get(15, TimeUnit.SECONDS))
            .hasCauseInstanceOf(dev.httpjson.HttpJsonStatusException.class);
      }
      HttpJsonClient unreachable =
          HttpJsonClient.newBuilder(client)
              .baseUri("http://127.0.0.1:1/")
              .options(options)
              .maxConcurrentCalls(1)
              .build()
              .withTimeout(Duration.ofSeconds(5));
      for (int i = 0; i < 2; i++) {
        assertThatThrownBy(() -> unreachable.getFromJson("x", Named.class))
            .isInstanceOf(IOException.class);
      }
      assertThat(api.getFromJsonAsync("ok", Named.class).get(15, TimeUnit.SECONDS))
          .isEqualTo(new Named("ok"));
    }
    ResourceCounts.assertBackTo(baseline);
  }

  @Test
  public void maxConcurrentCallsRefusesLessThanOne() {
    assertThatThrownBy(() -> HttpJsonClient.newBuilder(client).maxConcurrentCalls(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxConcurrentCalls < 1: 0");
  }

  // ---- the caller completes the future first ----

  @Test
  public void orTimeoutRacingTheHeadersOfStreamsLeavesNoConnectionOpen() throws Exception {
    int calls = 30;
    AtomicInteger aborted = new AtomicInteger();
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              Thread.sleep(ThreadLocalRandom.current().nextInt(40));
              writeEndlessArray(socket, aborted);
            })) {
      List<CompletableFuture<Stream<Named>>> futures = new ArrayList<>();
      for (int i = 0; i < calls; i++) {
        futures.add(
            HttpJson.getFromJsonAsStreamAsync(
                    client, server.uri("/s" + i), JsonType.of(Named.class, options))
                .orTimeout(20, TimeUnit.MILLISECONDS));
      }
      int timedOut = 0;
      for (CompletableFuture<Stream<Named>> f : futures) {
        try {
          f.get(10, TimeUnit.SECONDS).close(); // a stream that won the race: the user closes it
        } catch (ExecutionException e) {
          assertThat(e).hasCauseInstanceOf(TimeoutException.class);
          timedOut++;
        }
      }

      assertThat(timedOut).as("calls that lost the race to orTimeout").isPositive();
      // Each connection the server accepted ends given up by the client: before the request head
      // was read (a handler failure) or while the body was being written.
      awaitTrue(
          () -> aborted.get() + server.handlerFailures().size() == server.connections(),
          () ->
              "connections "
                  + server.connections()
                  + ", given up mid-body "
                  + aborted.get()
                  + ", before the head "
                  + server.handlerFailures().size());
    }
    assertNothingLeaked();
  }

  /**
   * An interrupt that reaches {@code HttpClient.send} as the headers arrive can leave the JDK's
   * {@code send} throwing {@code InterruptedException} for an exchange whose body subscriber is
   * already fed: no response comes back, and the body holds the connection. A client wrapper that
   * throws after its delegate answered does the same, deterministically: the stream's body httpjson
   * made for that response is closed, and the exchange with it.
   */
  @Test
  public void aStreamBodyMadeForAResponseSendNeverReturnedIsClosed() throws Exception {
    AtomicInteger aborted = new AtomicInteger();
    try (RawServer server = new RawServer((socket, head) -> writeEndlessArray(socket, aborted))) {
      HttpClient interruptedLate =
          new ForwardingHttpClient(client) {
            @Override
            public <T> HttpResponse<T> send(
                HttpRequest request, HttpResponse.BodyHandler<T> handler)
                throws IOException, InterruptedException {
              delegate.send(request, handler); // the headers arrived; the response is dropped
              throw new InterruptedException("as the JDK's send, interrupted as it returned");
            }
          };
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJsonAsStream(
                      interruptedLate, server.uri("/s"), JsonType.of(Named.class, options)))
          .isInstanceOf(InterruptedException.class);
      Thread.interrupted(); // whatever the wrapper's throw left set
      awaitTrue(
          () -> aborted.get() == 1,
          () -> "connections " + server.connections() + ", given up mid-body " + aborted.get());
    }
    assertNothingLeaked();
  }

  @Test
  public void completingTheFutureFirstInAnyWayAbortsTheExchange() throws Exception {
    List<Consumer<CompletableFuture<Named>>> ways =
        List.of(
            f -> f.cancel(true),
            f -> f.complete(new Named("mine")),
            f -> f.completeExceptionally(new IllegalStateException("mine")),
            f -> f.completeOnTimeout(new Named("late"), 1, TimeUnit.MILLISECONDS),
            f -> f.orTimeout(1, TimeUnit.MILLISECONDS));
    AtomicInteger aborted = new AtomicInteger();
    CountDownLatch[] bodyStarted = new CountDownLatch[1];
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              bodyStarted[0].countDown();
              writeEndlessArray(socket, aborted);
            })) {
      for (int i = 0; i < ways.size(); i++) {
        bodyStarted[0] = new CountDownLatch(1);
        CompletableFuture<Named> f =
            HttpJson.getFromJsonAsync(
                client, server.uri("/w" + i), JsonType.of(Named.class, options));
        assertThat(bodyStarted[0].await(10, TimeUnit.SECONDS)).isTrue();

        ways.get(i).accept(f);

        awaitCount(aborted, i + 1, "exchanges aborted after way " + i);
      }
    }
    assertNothingLeaked();
  }

  @Test
  public void anAsyncCallCompletesOnAnHttpjsonThreadAndStillAbortsWhenEveryLaneIsBusy()
      throws Exception {
    int held = 4 * Runtime.getRuntime().availableProcessors() + 8;
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger aborted = new AtomicInteger();
    AtomicInteger heldArrived = new AtomicInteger();
    CountDownLatch extraArrived = new CountDownLatch(1);
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              if (head.startsWith("GET /abort")) {
                extraArrived.countDown();
                writeEndlessArray(socket, aborted);
              } else {
                heldArrived.incrementAndGet();
                release.await(60, TimeUnit.SECONDS);
                answerNamed(socket, head);
              }
            })) {
      List<CompletableFuture<String>> threads = new ArrayList<>();
      for (int i = 0; i < held; i++) {
        threads.add(
            HttpJson.getFromJsonAsync(
                    client, server.uri("/held" + i), JsonType.of(Named.class, options))
                .thenApply(named -> named.displayName() + "@" + Thread.currentThread().getName()));
      }
      // Every held call is at the server, so every lane (and, past them, the JDK's sendAsync or a
      // virtual thread) is busy before the extra call starts.
      awaitCount(heldArrived, held, "held calls that reached the server");
      CompletableFuture<Named> extra =
          HttpJson.getFromJsonAsync(
              client, server.uri("/abort"), JsonType.of(Named.class, options));
      assertThat(extraArrived.await(15, TimeUnit.SECONDS)).as("the extra call arrived").isTrue();
      assertThat(extra.cancel(true)).isTrue();
      awaitCount(aborted, 1, "the extra call, cancelled while every lane was busy");

      release.countDown();
      List<String> names = new ArrayList<>();
      for (CompletableFuture<String> f : threads) {
        names.add(f.get(20, TimeUnit.SECONDS));
      }
      assertThat(names).allSatisfy(n -> assertThat(n).startsWith("ok@"));
      // The first calls ran on lanes; past the lanes (Java 17) the JDK's threads complete them.
      assertThat(names.get(0)).startsWith("ok@httpjson-async-");
    }
    assertNothingLeaked();
  }

  @Test
  public void pastTheLanesAValueIsDecodedAtTheChainsEndAndItsFailuresReachInterceptorsAsRaised()
      throws Exception {
    // With virtual threads (Java 21 and later) a call past the platform lanes runs on a virtual
    // thread of its own, never through sendAsync: the chain's asynchronous end is not reached.
    org.junit.jupiter.api.Assumptions.assumeFalse(
        VirtualThreads.available(), "past the lanes, calls run on virtual threads here");
    int held = 4 * Runtime.getRuntime().availableProcessors() + 8;
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger heldArrived = new AtomicInteger();
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              if (head.startsWith("GET /malformed")) {
                byte[] body = "{\"displayName\":".getBytes(UTF_8);
                RawServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                        + body.length
                        + "\r\nConnection: close\r\n\r\n");
                socket.getOutputStream().write(body);
                socket.getOutputStream().flush();
                socket.close();
              } else if (head.startsWith("GET /long")) {
                RawServer.write(
                    socket, ENDLESS_HEAD.replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n"));
                OutputStream out = socket.getOutputStream();
                RawServer.writeChunk(out, "[\"" + "x".repeat(64) + "\"]");
                RawServer.writeChunk(out, "");
                socket.close();
              } else if (head.startsWith("GET /held")) {
                heldArrived.incrementAndGet();
                release.await(60, TimeUnit.SECONDS);
                answerNamed(socket, head);
              } else {
                answerNamed(socket, head);
              }
            })) {
      List<CompletableFuture<Named>> threads = new ArrayList<>();
      for (int i = 0; i < held; i++) {
        threads.add(
            HttpJson.getFromJsonAsync(
                client, server.uri("/held" + i), JsonType.of(Named.class, options)));
      }
      awaitCount(heldArrived, held, "held calls that reached the server");
      List<Object> seen = java.util.Collections.synchronizedList(new ArrayList<>());
      HttpClient decorated =
          dev.httpjson.Interceptor.decorate(
              client,
              new dev.httpjson.Interceptor() {
                @Override
                public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
                    throws IOException, InterruptedException {
                  return chain.forward(request);
                }

                @Override
                public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
                    HttpRequest request, Chain<T> chain) {
                  return chain
                      .forwardAsync(request)
                      .whenComplete(
                          (r, e) ->
                              seen.add(
                                  e != null
                                      ? (e instanceof java.util.concurrent.CompletionException
                                              && e.getCause() != null
                                          ? e.getCause()
                                          : e)
                                      : r.body()));
                }
              });
      JsonOptions small = options.toBuilder().maxResponseSize(16).build();

      Named good =
          HttpJson.getFromJsonAsync(
                  decorated, server.uri("/good"), JsonType.of(Named.class, options))
              .get(20, TimeUnit.SECONDS);
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJsonAsync(
                          decorated, server.uri("/malformed"), JsonType.of(Named.class, options))
                      .get(20, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(dev.httpjson.JsonReadException.class);
      assertThatThrownBy(
              () ->
                  HttpJson.getFromJsonAsync(
                          decorated, server.uri("/long"), JsonType.of(Named.class, small))
                      .get(20, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(dev.httpjson.ResponseTooLargeException.class);

      assertThat(good.displayName()).isEqualTo("ok");
      assertThat(seen).hasSize(3);
      assertThat(seen.get(0)).isInstanceOf(Named.class);
      assertThat(seen.get(1)).isInstanceOf(dev.httpjson.JsonReadException.class);
      assertThat(seen.get(2)).isInstanceOf(dev.httpjson.ResponseTooLargeException.class);

      release.countDown();
      for (CompletableFuture<Named> f : threads) {
        assertThat(f.get(20, TimeUnit.SECONDS).displayName()).isEqualTo("ok");
      }
    }
    assertNothingLeaked();
  }

  @Test
  public void cancellingBeforeTheServerAnswersAbortsAndReportsCancellation() throws Exception {
    CountDownLatch requested = new CountDownLatch(1);
    AtomicInteger closed = new AtomicInteger();
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              requested.countDown();
              if (socket.getInputStream().read() < 0) { // waits for the client to give up
                closed.incrementAndGet();
              }
            })) {
      CompletableFuture<Named> f =
          HttpJson.getFromJsonAsync(
              client, server.uri("/never"), JsonType.of(Named.class, options));
      assertThat(requested.await(10, TimeUnit.SECONDS)).isTrue();

      f.cancel(true);

      assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS))
          .isInstanceOf(CancellationException.class);
      awaitCount(closed, 1, "connections closed by the client");
    }
    assertNothingLeaked();
  }

  // ---- a waiter that gets there before a lane runs the call itself ----

  /** The client, recording the thread each blocking send runs on. */
  private HttpClient recording(List<Thread> ranOn) {
    return new ForwardingHttpClient(client) {
      @Override
      public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
          throws IOException, InterruptedException {
        ranOn.add(Thread.currentThread());
        return delegate.send(request, handler);
      }
    };
  }

  @Test
  public void aWaiterThatGetsThereBeforeALaneRunsTheCallItself() throws Exception {
    List<Thread> ranOn = java.util.Collections.synchronizedList(new ArrayList<>());
    HttpClient c = recording(ranOn);
    int byGet = 0;
    int byJoin = 0;
    try (RawServer server = new RawServer(AsyncContract::answerNamed)) {
      // A lane may win the race now and then, on a loaded machine many times in a row: the calls go
      // on until each waiter ran one, at most 200 times; a waiter that never runs one fails.
      for (int i = 0; i < 200 && (byGet == 0 || byJoin == 0); i++) {
        ranOn.clear();
        // Untimed get() and join() are what is tested (only they run the call); a net bounds them.
        assertThat(
                bounded(
                        HttpJson.getFromJsonAsync(
                            c, server.uri("/g" + i), JsonType.of(Named.class, options)))
                    .get())
            .isEqualTo(new Named("ok"));
        byGet += ranOn.get(0) == Thread.currentThread() ? 1 : 0;
        ranOn.clear();
        assertThat(
                bounded(
                        HttpJson.getFromJsonAsync(
                            c, server.uri("/j" + i), JsonType.of(Named.class, options)))
                    .join())
            .isEqualTo(new Named("ok"));
        byJoin += ranOn.get(0) == Thread.currentThread() ? 1 : 0;
      }
    }
    assertThat(byGet).as("calls run by get()").isPositive();
    assertThat(byJoin).as("calls run by join()").isPositive();
    assertThat(Thread.interrupted()).isFalse();
    assertNothingLeaked();
  }

  @Test
  public void aCallRunByItsWaiterStillAbortsWhenCancelledFailedOrTimedOut() throws Exception {
    List<Consumer<CompletableFuture<Named>>> ways =
        List.of(
            f -> f.cancel(true),
            f -> f.completeExceptionally(new IllegalStateException("mine")),
            f -> f.orTimeout(1, TimeUnit.MILLISECONDS));
    for (Consumer<CompletableFuture<Named>> way : ways) {
      assertWaiterRunsAndAborts(way);
    }
    assertNothingLeaked();
  }

  /**
   * Starts calls to a server that never answers until one is run by the waiting test thread; for
   * each, {@code way} settles the future from another thread, and the exchange must be aborted, the
   * waiter woken with the outcome and left without an interrupt.
   */
  private void assertWaiterRunsAndAborts(Consumer<CompletableFuture<Named>> way) throws Exception {
    List<Thread> ranOn = java.util.Collections.synchronizedList(new ArrayList<>());
    HttpClient c = recording(ranOn);
    AtomicInteger closed = new AtomicInteger();
    CountDownLatch[] requested = {null};
    boolean ranByWaiter = false;
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              requested[0].countDown();
              if (socket.getInputStream().read() < 0) { // waits for the client to give up
                closed.incrementAndGet();
              }
            })) {
      for (int attempt = 0; attempt < 20 && !ranByWaiter; attempt++) {
        ranOn.clear();
        CountDownLatch arrived = new CountDownLatch(1);
        requested[0] = arrived;
        // The other thread starts first: starting a thread between the call and get() would give
        // a lane all the time it needs to take the call. It waits for the future as well as for
        // the request: the request can reach the server before the call has returned the future.
        CompletableFuture<CompletableFuture<Named>> call = new CompletableFuture<>();
        Thread settler =
            new Thread(
                () -> {
                  try {
                    if (arrived.await(10, TimeUnit.SECONDS)) {
                      way.accept(call.get(10, TimeUnit.SECONDS));
                    }
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  } catch (ExecutionException | TimeoutException e) {
                    throw new AssertionError("the call's future was never handed over", e);
                  }
                });
        settler.start();
        CompletableFuture<Named> f =
            bounded(
                HttpJson.getFromJsonAsync(
                    c, server.uri("/never" + attempt), JsonType.of(Named.class, options)));
        call.complete(f);

        assertThatThrownBy(f::get)
            .isInstanceOfAny(CancellationException.class, ExecutionException.class)
            .satisfies(e -> assertThat(e.getCause() instanceof WaitedTooLong).isFalse());

        joinBounded(settler);
        ranByWaiter = ranOn.get(0) == Thread.currentThread();
        assertThat(Thread.interrupted()).as("the abort's interrupt reached the waiter").isFalse();
        awaitCount(closed, attempt + 1, "connections given up by the client");
      }
    }
    assertThat(ranByWaiter).as("a call run by its waiter in 20 attempts").isTrue();
  }

  @Test
  public void aWaiterInterruptedWhileRunningTheCallAbortsItAndGetThrowsInterruptedException()
      throws Exception {
    assertInterruptedWaiterAborts(false);
  }

  @Test
  public void aJoinerInterruptedWhileRunningTheCallAbortsItAndKeepsTheInterrupt() throws Exception {
    assertInterruptedWaiterAborts(true);
  }

  private void assertInterruptedWaiterAborts(boolean join) throws Exception {
    List<Thread> ranOn = java.util.Collections.synchronizedList(new ArrayList<>());
    HttpClient c = recording(ranOn);
    AtomicInteger closed = new AtomicInteger();
    CountDownLatch[] requested = {null};
    boolean ranByWaiter = false;
    Thread waiter = Thread.currentThread();
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              requested[0].countDown();
              if (socket.getInputStream().read() < 0) {
                closed.incrementAndGet();
              }
            })) {
      for (int attempt = 0; attempt < 20 && !ranByWaiter; attempt++) {
        ranOn.clear();
        CountDownLatch arrived = new CountDownLatch(1);
        requested[0] = arrived;
        CompletableFuture<CompletableFuture<Named>> call = new CompletableFuture<>();
        Thread interrupter =
            new Thread(
                () -> {
                  try {
                    if (arrived.await(10, TimeUnit.SECONDS)) {
                      // The request is at the server: whoever runs the call is in send.
                      waiter.interrupt();
                      if (join) {
                        CompletableFuture<Named> g = call.get(10, TimeUnit.SECONDS);
                        // A joiner running the call ends it at once; join ignores an interrupt
                        // when a lane runs it, so that call is cancelled after a while.
                        awaitDone(g, 1);
                        g.cancel(true);
                      }
                    }
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  } catch (ExecutionException | TimeoutException e) {
                    throw new AssertionError("the call's future was never handed over", e);
                  }
                });
        interrupter.start();
        CompletableFuture<Named> f =
            bounded(
                HttpJson.getFromJsonAsync(
                    c, server.uri("/i" + attempt), JsonType.of(Named.class, options)));
        call.complete(f);

        boolean interruptedAfter;
        if (join) {
          Throwable thrown = null;
          try {
            f.join();
          } catch (java.util.concurrent.CompletionException | CancellationException e) {
            thrown = e;
          }
          interruptedAfter = Thread.interrupted();
          joinBounded(interrupter);
          assertThat(thrown).isNotNull();
          assertThat(thrown.getCause() instanceof WaitedTooLong).isFalse();
          ranByWaiter = ranOn.get(0) == Thread.currentThread();
          if (ranByWaiter) {
            assertThat(thrown).hasCauseInstanceOf(InterruptedException.class);
            assertThat(interruptedAfter).as("join leaves the interrupt set").isTrue();
          }
        } else {
          assertThatThrownBy(f::get).isInstanceOf(InterruptedException.class);
          interruptedAfter = Thread.interrupted();
          joinBounded(interrupter);
          ranByWaiter = ranOn.get(0) == Thread.currentThread();
          assertThat(interruptedAfter).as("status cleared by the exception").isFalse();
        }
        if (ranByWaiter) {
          assertThat(f).isCompletedExceptionally();
        } else {
          f.cancel(true); // a lane runs it: a waiter's interrupt leaves the call going
        }
        awaitCount(closed, attempt + 1, "connections given up by the client");
      }
    }
    assertThat(ranByWaiter).as("a call run by its waiter in 20 attempts").isTrue();
    assertNothingLeaked();
  }

  // ---- no interrupt outlives a blocking call ----

  @Test
  public void aClientThatThrowsLeavesNoDeadlineToInterruptTheCallerLater() throws Exception {
    JsonOptions timed = options.toBuilder().timeout(Duration.ofMillis(150)).build();
    for (RuntimeException thrown :
        List.of(new IllegalStateException("tracing failed"), new UnsupportedOperationException())) {
      HttpClient failing =
          new ForwardingHttpClient(client) {
            @Override
            public <T> HttpResponse<T> send(
                HttpRequest request, HttpResponse.BodyHandler<T> handler) {
              throw thrown;
            }
          };
      try (RawServer server = new RawServer(AsyncContract::answerNamed)) {
        assertThatThrownBy(
                () ->
                    HttpJson.getFromJson(
                        failing, server.uri("/x"), JsonType.of(Named.class, timed)))
            .isSameAs(thrown);
      }

      Thread.sleep(400); // well past the deadline: unrelated work must not be interrupted
      assertThat(Thread.interrupted()).as("interrupted after " + thrown).isFalse();
    }
    HttpClient erring =
        new ForwardingHttpClient(client) {
          @Override
          public <T> HttpResponse<T> send(
              HttpRequest request, HttpResponse.BodyHandler<T> handler) {
            throw new AssertionError("an Error from a wrapper");
          }
        };
    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    erring,
                    java.net.URI.create("http://127.0.0.1:9/"),
                    JsonType.of(Named.class, timed)))
        .isInstanceOf(AssertionError.class);
    Thread.sleep(400);
    assertThat(Thread.interrupted()).as("interrupted after an Error").isFalse();
    assertNothingLeaked();
  }

  @Test
  public void anInterruptFromElsewhereDuringACallIsKept() throws Exception {
    JsonOptions timed = options.toBuilder().timeout(Duration.ofSeconds(10)).build();
    HttpClient interruptedMidCall =
        new ForwardingHttpClient(client) {
          @Override
          public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
              throws IOException, InterruptedException {
            HttpResponse<T> response = delegate.send(request, handler);
            Thread.currentThread().interrupt(); // as another thread might, while the call runs
            return response;
          }
        };
    try (RawServer server = new RawServer(AsyncContract::answerNamed)) {
      for (JsonOptions o : List.of(timed, options)) {
        assertThat(
                HttpJson.getFromJson(
                    interruptedMidCall, server.uri("/x"), JsonType.of(Named.class, o)))
            .isEqualTo(new Named("ok"));

        assertThat(Thread.interrupted()).as("interrupt kept, timeout " + o.timeout()).isTrue();
      }
    }
    assertNothingLeaked();
  }

  // ---- a blocking call made from a virtual thread does not pin its carrier ----

  /*
   * On JDK 21 to 23 a virtual thread that blocks while it holds a monitor, or waits in
   * Object.wait, keeps its carrier thread (JFR's jdk.VirtualThreadPinned). Virtual threads are not
   * visible to ThreadMXBean, and JDK 24 and later no longer pin there: a platform thread makes the
   * same call, and what it holds and waits on while blocked in each stage is read.
   */

  @Test
  public void aBlockingCallWaitingForTheHeadersHoldsNoMonitor() throws Exception {
    CountDownLatch reached = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              reached.countDown();
              release.await(15, TimeUnit.SECONDS);
              answerNamed(socket, head);
            })) {
      assertWaitsWithoutAMonitor(
          () ->
              HttpJson.getFromJson(
                  client, server.uri("/headers"), JsonType.of(Named.class, options)),
          reached,
          release,
          "waiting for the response headers");
    }
    assertNothingLeaked();
  }

  @Test
  public void aBlockingCallWaitingForTheRestOfTheBodyHoldsNoMonitor() throws Exception {
    CountDownLatch reached = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              byte[] body = "{\"displayName\":\"ok\"}".getBytes(UTF_8);
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                      + body.length
                      + "\r\nConnection: close\r\n\r\n");
              OutputStream out = socket.getOutputStream();
              out.write(body, 0, 5);
              out.flush();
              reached.countDown();
              release.await(15, TimeUnit.SECONDS);
              out.write(body, 5, body.length - 5);
              out.flush();
              socket.close();
            })) {
      assertWaitsWithoutAMonitor(
          () ->
              HttpJson.getFromJson(client, server.uri("/body"), JsonType.of(Named.class, options)),
          reached,
          release,
          "waiting for the rest of the response body");
    }
    assertNothingLeaked();
  }

  @Test
  public void aBlockingCallWaitingForItsRequestBodyPublisherHoldsNoMonitor() throws Exception {
    byte[] sent = "{\"displayName\":\"sent\"}".getBytes(UTF_8);
    CountDownLatch reached = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    // Asked for bytes, it gives them only once released, from a thread of its own started now.
    CompletableFuture<java.util.concurrent.Flow.Subscriber<? super java.nio.ByteBuffer>> asked =
        new CompletableFuture<>();
    java.util.concurrent.Flow.Publisher<java.nio.ByteBuffer> slow =
        subscriber ->
            subscriber.onSubscribe(
                new java.util.concurrent.Flow.Subscription() {
                  @Override
                  public void request(long n) {
                    if (asked.complete(subscriber)) {
                      reached.countDown();
                    }
                  }

                  @Override
                  public void cancel() {}
                });
    Thread publisher =
        new Thread(
            () -> {
              try {
                if (release.await(15, TimeUnit.SECONDS)) {
                  java.util.concurrent.Flow.Subscriber<? super java.nio.ByteBuffer> s =
                      asked.get(15, TimeUnit.SECONDS);
                  s.onNext(java.nio.ByteBuffer.wrap(sent));
                  s.onComplete();
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } catch (ExecutionException | TimeoutException e) {
                // never asked: the test fails on its own
              }
            },
            "slow-publisher");
    publisher.setDaemon(true);
    publisher.start();
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              socket.getInputStream().readNBytes(sent.length);
              answerNamed(socket, head);
            })) {
      HttpRequest request =
          HttpRequest.newBuilder(server.uri("/post"))
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.fromPublisher(slow, sent.length))
              .build();
      assertWaitsWithoutAMonitor(
          () -> HttpJson.exchange(client, request, JsonType.of(Named.class, options)).body(),
          reached,
          release,
          "waiting for its request body publisher");
    }
    joinBounded(publisher);
    assertNothingLeaked();
  }

  @Test
  public void aBlockingCallWaitingForItsSequenceBodysIteratorHoldsNoMonitor() throws Exception {
    CountDownLatch reached = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    // An iterable whose iterator() blocks, as one over a database cursor does while it opens.
    Iterable<Named> slow =
        () -> {
          reached.countDown();
          try {
            release.await(15, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return List.of(new Named("sent")).iterator();
        };
    dev.httpjson.JsonSequenceContent content =
        dev.httpjson.JsonSequenceContent.ofArray(slow, JsonType.of(Named.class, options));
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              java.io.InputStream in = socket.getInputStream();
              String end = "0\r\n\r\n";
              StringBuilder seen = new StringBuilder();
              for (int b = in.read(); b >= 0; b = in.read()) {
                seen.append((char) b);
                if (seen.length() >= end.length()
                    && seen.substring(seen.length() - end.length()).equals(end)) {
                  break;
                }
              }
              answerNamed(socket, head);
            })) {
      HttpRequest request = content.requestBuilder("POST", server.uri("/sequence")).build();
      assertWaitsWithoutAMonitor(
          () -> HttpJson.exchange(client, request, JsonType.of(Named.class, options)).body(),
          reached,
          release,
          "waiting for its sequence body's iterator");
    }
    assertNothingLeaked();
  }

  /**
   * Runs {@code call} on a thread of its own; once {@code reached}, reads that thread's monitors
   * for a while, then opens {@code release} and expects the call's value.
   */
  private static void assertWaitsWithoutAMonitor(
      Callable<Named> call, CountDownLatch reached, CountDownLatch release, String stage)
      throws Exception {
    CompletableFuture<Named> result = new CompletableFuture<>();
    Thread caller =
        new Thread(
            () -> {
              try {
                result.complete(call.call());
              } catch (Throwable t) {
                result.completeExceptionally(t);
              }
            },
            "blocking-caller");
    caller.setDaemon(true);
    caller.start();
    List<String> pinned = new ArrayList<>();
    int samples = 0;
    try {
      assertThat(reached.await(15, TimeUnit.SECONDS)).as("the call reached: " + stage).isTrue();
      java.lang.management.ThreadMXBean threads =
          java.lang.management.ManagementFactory.getThreadMXBean();
      long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
      while (System.nanoTime() < until && !result.isDone()) {
        java.lang.management.ThreadInfo info =
            threads.getThreadInfo(new long[] {caller.getId()}, true, false)[0];
        if (info == null) {
          break;
        }
        samples++;
        for (java.lang.management.MonitorInfo m : info.getLockedMonitors()) {
          pinned.add("holds " + m + " at " + m.getLockedStackFrame());
        }
        StackTraceElement[] stack = info.getStackTrace();
        for (int i = 0; i < stack.length; i++) {
          if (stack[i].getClassName().equals("java.lang.Object")
              && stack[i].getMethodName().startsWith("wait")) {
            int j = i;
            while (j < stack.length && stack[j].getClassName().equals("java.lang.Object")) {
              j++;
            }
            pinned.add(
                "waits in Object.wait on "
                    + info.getLockInfo()
                    + (j < stack.length ? " at " + stack[j] : ""));
            break;
          }
        }
        Thread.sleep(5);
      }
    } finally {
      release.countDown();
    }
    assertThat(result.get(15, TimeUnit.SECONDS)).isNotNull();
    joinBounded(caller);
    assertThat(samples).as("samples of the caller " + stage).isPositive();
    assertThat(new java.util.LinkedHashSet<>(pinned))
        .as("what the caller holds or waits on while " + stage)
        .isEmpty();
  }

  // ---- helpers ----

  private void assertNothingLeaked() throws Exception {
    try (RawServer server = new RawServer(AsyncContract::answerNamed)) {
      assertThat(HttpJson.getFromJson(client, server.uri("/ok"), JsonType.of(Named.class, options)))
          .isEqualTo(new Named("ok"));
      assertThat(
              HttpJson.getFromJsonAsync(
                      client, server.uri("/ok"), JsonType.of(Named.class, options))
                  .get(30, TimeUnit.SECONDS))
          .isEqualTo(new Named("ok"));
    }
    ResourceCounts.assertBackTo(baseline);
  }

  private static void answerNamed(Socket socket, String head) throws IOException {
    byte[] body = "{\"displayName\":\"ok\"}".getBytes(UTF_8);
    RawServer.write(
        socket,
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + body.length
            + "\r\nConnection: close\r\n\r\n");
    socket.getOutputStream().write(body);
    socket.getOutputStream().flush();
    socket.close();
  }

  /** Writes an endless JSON array until the client gives the connection up, then counts it. */
  private static void writeEndlessArray(Socket socket, AtomicInteger aborted) throws Exception {
    try {
      RawServer.write(socket, ENDLESS_HEAD);
      OutputStream out = socket.getOutputStream();
      RawServer.writeChunk(out, "[");
      for (int i = 0; ; i++) {
        RawServer.writeChunk(out, "{\"displayName\":\"n" + i + "\"},");
        Thread.sleep(5);
      }
    } catch (IOException e) {
      aborted.incrementAndGet();
    } finally {
      socket.close();
    }
  }

  /** The failure {@link #bounded} completes a future with when nothing else settled it. */
  private static final class WaitedTooLong extends AssertionError {
    private static final long serialVersionUID = 1L;

    WaitedTooLong() {
      super("the future was not settled within 30 s");
    }
  }

  /**
   * A net under an untimed {@code get()} or {@code join()}, which the waiter-runs-the-call tests
   * must use: fails {@code f} with {@link WaitedTooLong} if nothing settled it within 30 s.
   */
  private static <T> CompletableFuture<T> bounded(CompletableFuture<T> f) {
    CompletableFuture.delayedExecutor(30, TimeUnit.SECONDS)
        .execute(() -> f.completeExceptionally(new WaitedTooLong()));
    return f;
  }

  private static void joinBounded(Thread t) throws InterruptedException {
    t.join(TimeUnit.SECONDS.toMillis(30));
    assertThat(t.isAlive()).as(t + " still running after 30 s").isFalse();
  }

  private static void awaitDone(CompletableFuture<?> f, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!f.isDone() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
  }

  private static void awaitTrue(
      java.util.function.BooleanSupplier condition, java.util.function.Supplier<String> what)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(condition.getAsBoolean()).as(what).isTrue();
  }

  private static void awaitCount(AtomicInteger count, int expected, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (count.get() < expected && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(count.get()).as(what).isEqualTo(expected);
  }
}

package dev.httpjson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.ForwardingHttpClient;
import dev.httpjson.contract.RawServer;
import dev.httpjson.internal.AsyncCall;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Which thread completes an async call's future, and so runs the dependent stages a caller adds
 * without an executor: never the timer, on every completion path, with the async lanes free and
 * with every lane busy (Java 17: the JDK's {@code sendAsync}; 21+: a virtual thread per call).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CompletionThreadTest {
  private static final String TIMER = "httpjson-timeout";

  private final HttpClient jdk = HttpClient.newHttpClient();

  /** The platform lanes that are inside a blocking send now. */
  private final Set<Thread> lanesInSend = ConcurrentHashMap.newKeySet();

  private final HttpClient client =
      new ForwardingHttpClient(jdk) {
        @Override
        public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
          Thread t = Thread.currentThread();
          boolean lane = t.getName().startsWith("httpjson-async-") && !isVirtual(t);
          if (lane) {
            lanesInSend.add(t);
          }
          try {
            return delegate.send(request, handler);
          } finally {
            lanesInSend.remove(t);
          }
        }
      };

  private final JsonOptions options =
      JsonOptions.newBuilder().codec(new CountingCodec()).timeout(Duration.ofMillis(300)).build();

  private final CountDownLatch release = new CountDownLatch(1);

  /** How many connections to /never or /cancel the client closed. */
  private final java.util.concurrent.atomic.AtomicInteger neverClosed =
      new java.util.concurrent.atomic.AtomicInteger();

  private final AtomicReference<CountDownLatch> gate = new AtomicReference<>(new CountDownLatch(0));
  private RawServer server;

  @BeforeEach
  void start() throws IOException {
    server = new RawServer(this::answer);
  }

  @AfterEach
  void stop() throws IOException {
    release.countDown();
    server.close();
  }

  @Test
  void everyCompletionPathRunsDependentStagesOffTheTimerWhileLanesAreFree() throws Exception {
    List<String> seen = completionThreads();

    assertThat(seen)
        .allSatisfy(s -> assertThat(s).doesNotStartWith(TIMER))
        .anySatisfy(s -> assertThat(s).contains("@httpjson-async-"));
  }

  @Test
  void everyCompletionPathRunsDependentStagesOffTheTimerWhenEveryLaneIsBusy() throws Exception {
    holdEveryLane();

    List<String> seen = completionThreads();

    assertThat(seen).allSatisfy(s -> assertThat(s).doesNotContain("@" + TIMER));
  }

  /**
   * A caller that retries in {@code exceptionally} (blocking, without an executor) holds up no
   * other call's timeout: the timer never runs it.
   */
  @Test
  void aDependentStageThatBlocksDelaysNoOtherCallsTimeout() throws Exception {
    holdEveryLane();
    CountDownLatch blocking = new CountDownLatch(1);
    CountDownLatch unblock = new CountDownLatch(1);
    CompletableFuture<String> timedOut =
        HttpJson.getFromJsonAsync(
            client,
            server.uri("/never"),
            JsonType.of(String.class, options.toBuilder().timeout(Duration.ofMillis(100)).build()));
    CompletableFuture<String> retried =
        timedOut.exceptionally(
            e -> {
              blocking.countDown();
              try {
                unblock.await(2, TimeUnit.SECONDS); // a blocking retry
              } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
              }
              return "retried on " + Thread.currentThread().getName();
            });
    assertThat(blocking.await(10, TimeUnit.SECONDS)).isTrue();

    long start = System.nanoTime();
    assertThatThrownBy(
            () ->
                HttpJson.getFromJson(
                    client, server.uri("/never"), JsonType.of(String.class, options)))
        .isInstanceOf(CallTimeoutException.class);
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

    unblock.countDown();
    assertThat(millis).as("ms until a 300 ms timeout fired").isLessThan(1_500);
    assertThat(retried.get(10, TimeUnit.SECONDS)).doesNotEndWith(TIMER);
  }

  /**
   * With every lane busy (Java 17: the JDK's {@code sendAsync}), a listener sees the same events as
   * on a lane, in order.
   */
  @Test
  void aListenerSeesEveryPhaseWhenEveryLaneIsBusy() throws Exception {
    holdEveryLane();
    dev.httpjson.contract.ListenerContract.Recorder recorder =
        new dev.httpjson.contract.ListenerContract.Recorder();
    HttpClient observed = CallListener.decorate(client, recorder);
    JsonOptions relaxed = options.toBuilder().timeout(Duration.ofSeconds(10)).build();

    CompletableFuture<String> f =
        HttpJson.getFromJsonAsync(observed, server.uri("/ok"), JsonType.of(String.class, relaxed));

    assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo("ok");
    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /ok",
            "responseHeaders 200",
            "responseBodyRead 4 4",
            "decoded",
            "callEnd");
  }

  /**
   * With every lane busy too, an interceptor sees the whole-call timeout as the caller does, and
   * the exchange behind the chain is aborted (Java 17: the chain's end of the JDK's {@code
   * sendAsync} is failed and cancelled; 21+: the call runs blocking on a virtual thread).
   */
  @Test
  void anInterceptorSeesTheTimeoutAndTheExchangeIsAbortedWhenEveryLaneIsBusy() throws Exception {
    holdEveryLane();
    List<Throwable> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    Interceptor recording =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
              throws IOException, InterruptedException {
            try {
              return chain.forward(request);
            } catch (IOException | InterruptedException e) {
              seen.add(e);
              throw e;
            }
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return chain
                .forwardAsync(request)
                .whenComplete(
                    (r, e) -> {
                      if (e != null) {
                        seen.add(e instanceof CompletionException ? e.getCause() : e);
                      }
                    });
          }
        };
    int closedBefore = neverClosed.get();
    CompletableFuture<String> f =
        HttpJson.getFromJsonAsync(
            Interceptor.decorate(client, recording),
            server.uri("/never"),
            JsonType.of(String.class, options));

    assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(CallTimeoutException.class);
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while ((seen.isEmpty() || neverClosed.get() == closedBefore) && System.nanoTime() < until) {
      Thread.sleep(10);
    }
    assertThat(seen).hasSize(1);
    assertThat(seen.get(0)).isInstanceOf(CallTimeoutException.class);
    assertThat(neverClosed.get()).as("the exchange was aborted").isGreaterThan(closedBefore);
  }

  /**
   * An interceptor's own {@link IllegalArgumentException} reaches the caller as it was raised, with
   * every lane busy too: only the client's rejection of a response is a malformed response.
   */
  @Test
  void anInterceptorsArgumentErrorIsNotAMalformedResponseWhenEveryLaneIsBusy() throws Exception {
    holdEveryLane();
    Interceptor refusing =
        new Interceptor() {
          @Override
          public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain) {
            throw new IllegalArgumentException("no such tenant");
          }

          @Override
          public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
              HttpRequest request, Chain<T> chain) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("no such tenant"));
          }
        };
    JsonOptions relaxed = options.toBuilder().timeout(Duration.ofSeconds(10)).build();

    CompletableFuture<String> f =
        HttpJson.getFromJsonAsync(
            Interceptor.decorate(client, refusing),
            server.uri("/ok"),
            JsonType.of(String.class, relaxed));
    go();

    assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no such tenant");
  }

  /**
   * A call the timer ends completes where the client completes its calls: on the client's executor,
   * when it has one (21+: the call ran on a virtual lane, and ends there), never on {@code
   * CompletableFuture}'s default executor (the common pool, which an application may keep busy).
   */
  @Test
  void aTimeoutWithEveryLaneBusyCompletesOnTheClientsExecutor() throws Exception {
    java.util.concurrent.ExecutorService own =
        java.util.concurrent.Executors.newCachedThreadPool(r -> new Thread(r, "clients-executor"));
    try {
      HttpClient withExecutor = HttpClient.newBuilder().executor(own).build();
      holdEveryLane();

      CompletableFuture<String> f =
          HttpJson.getFromJsonAsync(
              withExecutor, server.uri("/never"), JsonType.of(String.class, options));
      String seen =
          f.handle(
                  (value, failure) ->
                      unwrap(failure).getClass().getSimpleName()
                          + "@"
                          + Thread.currentThread().getName())
              .get(10, TimeUnit.SECONDS);

      assertThat(seen)
          .isEqualTo(
              "CallTimeoutException@"
                  + (Runtime.version().feature() >= 21
                      ? "httpjson-async-virtual"
                      : "clients-executor"));
    } finally {
      own.shutdownNow();
    }
  }

  /**
   * A call that waits for a permit of {@link HttpJsonClient.Builder#maxConcurrentCalls} and times
   * out completes on the client's executor, or without one on an async lane: with the common pool
   * kept busy, its timeout still fails it in time.
   */
  @Test
  void aCallThatTimesOutWaitingForAPermitCompletesOnTheClientsExecutorOrALane() throws Exception {
    java.util.concurrent.ExecutorService own =
        java.util.concurrent.Executors.newCachedThreadPool(r -> new Thread(r, "clients-executor"));
    int workers = java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() + 1;
    CountDownLatch busy = new CountDownLatch(1);
    List<CompletableFuture<String>> holders = new ArrayList<>();
    try {
      for (int i = 0; i < workers; i++) {
        java.util.concurrent.ForkJoinPool.commonPool()
            .execute(
                () -> {
                  try {
                    busy.await(20, TimeUnit.SECONDS); // an application's long task
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
      }
      JsonOptions untimed = options.toBuilder().timeout(null).build();
      for (HttpClient http : List.of(HttpClient.newBuilder().executor(own).build(), jdk)) {
        HttpJsonClient limited =
            HttpJsonClient.newBuilder(http).options(untimed).maxConcurrentCalls(1).build();
        CompletableFuture<String> holder =
            limited.getFromJsonAsync(
                server.uri("/held").toString(), JsonType.of(String.class, untimed));
        holders.add(holder);
        long start = System.nanoTime();
        CompletableFuture<String> waiting =
            limited.getFromJsonAsync(
                server.uri("/ok").toString(), JsonType.of(String.class, options));
        String seen =
            waiting
                .handle(
                    (value, failure) ->
                        unwrap(failure).getClass().getSimpleName()
                            + "@"
                            + Thread.currentThread().getName())
                .get(10, TimeUnit.SECONDS);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        if (http == jdk) {
          assertThat(seen).startsWith("CallTimeoutException@httpjson-async-");
        } else {
          assertThat(seen).isEqualTo("CallTimeoutException@clients-executor");
        }
        assertThat(millis).as("ms until a 300 ms timeout failed the call").isLessThan(5_000);
        holder.cancel(true);
      }
    } finally {
      holders.forEach(h -> h.cancel(true));
      busy.countDown();
      own.shutdownNow();
    }
  }

  private void go() {
    gate.set(new CountDownLatch(0));
  }

  /**
   * For each path, the name of the thread that ran a stage added before the future completed, as
   * "path:outcome@thread".
   */
  private List<String> completionThreads() throws Exception {
    List<String> seen = new ArrayList<>();
    JsonOptions relaxed = options.toBuilder().timeout(Duration.ofSeconds(10)).build();
    for (String path : List.of("/ok", "/status", "/undecodable", "/never", "/cancel", "/wait")) {
      CountDownLatch go = new CountDownLatch(1);
      gate.set(go);
      CompletableFuture<String> f =
          HttpJson.getFromJsonAsync(
              client,
              server.uri(path),
              JsonType.of(String.class, path.equals("/never") ? options : relaxed));
      CompletableFuture<String> stage =
          f.handle(
              (value, failure) ->
                  path
                      + ":"
                      + (failure == null ? value : unwrap(failure).getClass().getSimpleName())
                      + "@"
                      + Thread.currentThread().getName());
      go.countDown();
      if (path.equals("/cancel")) {
        f.cancel(true);
      } else if (path.equals("/wait")) {
        f.get(10, TimeUnit.SECONDS); // may run the call itself, if no lane has taken it yet
      }
      seen.add(stage.get(10, TimeUnit.SECONDS));
    }
    assertThat(seen)
        .extracting(s -> s.substring(0, s.indexOf('@')))
        .containsExactly(
            "/ok:ok",
            "/status:HttpJsonStatusException",
            "/undecodable:JsonReadException",
            "/never:CallTimeoutException",
            "/cancel:CancellationException",
            "/wait:ok");
    return seen;
  }

  /**
   * Starts calls until every platform lane is inside a blocking send, held by the server (a lane
   * still ending an earlier test's call takes one of the later ones).
   */
  private void holdEveryLane() throws Exception {
    JsonOptions untimed = options.toBuilder().timeout(null).build();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (lanesInSend.size() < AsyncCall.PLATFORM_LANES && System.nanoTime() < deadline) {
      HttpJson.getFromJsonAsync(client, server.uri("/held"), JsonType.of(String.class, untimed));
      Thread.sleep(20);
    }
    assertThat(lanesInSend).as("lanes busy").hasSize(AsyncCall.PLATFORM_LANES);
  }

  private void answer(Socket socket, String head) throws Exception {
    String path = head.substring(head.indexOf(' ') + 1, head.indexOf(' ', head.indexOf(' ') + 1));
    if (path.equals("/held")) {
      release.await(30, TimeUnit.SECONDS);
      respond(socket, 200, "\"held\"");
      return;
    }
    if (path.equals("/never") || path.equals("/cancel")) {
      try {
        socket.getInputStream().read(); // until the client gives up
      } catch (IOException closed) {
        // a reset is the client giving up too
      }
      neverClosed.incrementAndGet();
      socket.close();
      return;
    }
    gate.get().await(10, TimeUnit.SECONDS);
    switch (path) {
      case "/status":
        respond(socket, 500, "\"no\"");
        break;
      case "/undecodable":
        respond(socket, 200, "not a string");
        break;
      default:
        respond(socket, 200, "\"ok\"");
    }
  }

  private static void respond(Socket socket, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(UTF_8);
    RawServer.write(
        socket,
        "HTTP/1.1 "
            + status
            + " X\r\nContent-Type: application/json\r\nContent-Length: "
            + bytes.length
            + "\r\nConnection: close\r\n\r\n");
    socket.getOutputStream().write(bytes);
    socket.getOutputStream().flush();
    socket.close();
  }

  private static Throwable unwrap(Throwable t) {
    return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
  }

  private static boolean isVirtual(Thread t) {
    try {
      return (Boolean) Thread.class.getMethod("isVirtual").invoke(t);
    } catch (ReflectiveOperationException e) {
      return false; // Java 17
    }
  }
}

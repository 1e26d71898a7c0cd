package dev.httpjson.contract;

import static dev.httpjson.contract.LoopbackServer.json;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallListener;
import dev.httpjson.CallTimeoutException;
import dev.httpjson.EventStreamOptions;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.LoggingInterceptor;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.spi.JsonCodec;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The events a {@link CallListener} sees, in order and with their content, for each way a call
 * ends: success, status failure, timeout, decode failure, a stream read to its end or closed early,
 * a retried and a redirected call. Run by the Jackson codec module and by the OkHttp transport.
 */
public abstract class ListenerContract {
  /** An item of a GitHub-like API. */
  public record Item(int id, String title) {}

  protected MockWebServer server;
  protected HttpClient client;
  protected JsonOptions options;

  /** The codec under test. */
  protected abstract JsonCodec codec();

  /** The client under test; it must not follow redirects itself. */
  protected HttpClient newClient() {
    return HttpClient.newHttpClient();
  }

  /**
   * The requests {@code scripted} received ({@link #server}, or another server a row starts). A
   * transport that answers from the servers' scripts in memory, never reaching their sockets,
   * overrides it with the requests it recorded.
   */
  protected LoopbackServer.Received received(MockWebServer scripted) {
    return LoopbackServer.received(scripted);
  }

  @BeforeEach
  void startServer() throws Exception {
    server = LoopbackServer.start();
    client = newClient();
    options = JsonOptions.newBuilder().codec(codec()).build();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  private URI uri(String path) {
    return LoopbackServer.uri(server, path);
  }

  /** Records every event as a line, checks timestamps only go forward. */
  public static final class Recorder implements CallListener {
    private final List<String> events = new ArrayList<>();
    private final List<Call> calls = new ArrayList<>();
    private final CountDownLatch over = new CountDownLatch(1);
    private long last;
    private final List<String> errors = new ArrayList<>();

    private synchronized void add(Call call, String event, long nanoTime) {
      if (!calls.contains(call)) {
        calls.add(call);
      }
      if (nanoTime < call.startNanos() || nanoTime < last) {
        errors.add(event + " went back in time");
      }
      last = nanoTime;
      events.add(event);
    }

    @Override
    public synchronized void callStart(Call call) {
      last = call.startNanos();
      add(call, "callStart " + call.method() + " " + URI.create(call.uri()).getPath(), last);
    }

    @Override
    public void requestBodySent(Call call, long bytes, long nanoTime) {
      add(call, "requestBodySent " + bytes, nanoTime);
    }

    @Override
    public void responseHeaders(Call call, int statusCode, long nanoTime) {
      add(call, "responseHeaders " + statusCode, nanoTime);
    }

    @Override
    public void responseBodyRead(Call call, long wireBytes, long decodedBytes, long nanoTime) {
      add(call, "responseBodyRead " + wireBytes + " " + decodedBytes, nanoTime);
    }

    @Override
    public void decoded(Call call, long decodeNanos, long nanoTime) {
      if (decodeNanos < 0 || decodeNanos > nanoTime - call.startNanos()) {
        synchronized (this) {
          errors.add("decoded in " + decodeNanos + " ns");
        }
      }
      add(call, "decoded", nanoTime);
    }

    @Override
    public void retry(Call call, int attempt, long nanoTime) {
      add(call, "retry " + attempt, nanoTime);
    }

    @Override
    public void redirect(Call call, int statusCode, String location, long nanoTime) {
      add(call, "redirect " + statusCode + " " + URI.create(location).getPath(), nanoTime);
    }

    @Override
    public void streamEnd(Call call, long elements, boolean early, long nanoTime) {
      add(call, "streamEnd " + elements + (early ? " early" : ""), nanoTime);
    }

    @Override
    public void callEnd(Call call, long nanoTime) {
      add(call, "callEnd", nanoTime);
      over.countDown();
    }

    @Override
    public void callFailed(Call call, Throwable failure, long nanoTime) {
      add(call, "callFailed " + failure.getClass().getSimpleName(), nanoTime);
      over.countDown();
    }

    /** The events once the call is over (waits for it, at most 10 s). */
    public List<String> events() throws InterruptedException {
      assertThat(over.await(10, SECONDS)).as("the call ended or failed").isTrue();
      synchronized (this) {
        assertThat(errors).isEmpty();
        assertThat(calls).hasSize(1);
        return List.copyOf(events);
      }
    }

    /** The one call seen. */
    public synchronized Call call() {
      assertThat(calls).hasSize(1);
      return calls.get(0);
    }
  }

  private HttpJsonClient.Builder builder(Recorder recorder) {
    return HttpJsonClient.newBuilder(client).baseUri(uri("/")).options(options).listener(recorder);
  }

  @Test
  void aSuccessfulGetReportsEachPhaseInOrder() throws Exception {
    String body = "{\"id\":1,\"title\":\"one\"}";
    server.enqueue(json(200, body));
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();

    assertThat(api.getFromJson("items/1?token=s3cret", Item.class)).isEqualTo(new Item(1, "one"));

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items/1",
            "responseHeaders 200",
            "responseBodyRead " + body.length() + " " + body.length(),
            "decoded",
            "callEnd");
    CallListener.Call call = recorder.call();
    assertThat(call.method()).isEqualTo("GET");
    assertThat(call.uri()).doesNotContain("s3cret").contains("/items/1");
    assertThat((Type) call.type()).isEqualTo(Item.class);
  }

  @Test
  void aPostReportsItsRequestBodyBeforeTheResponse() throws Exception {
    server.enqueue(json(201, "{\"id\":2,\"title\":\"two\"}"));
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();

    api.postAsJson("items", new Item(0, "two"), Item.class);

    String sent = received(server).take(5, SECONDS).getBody().utf8();
    assertThat(recorder.events())
        .containsExactly(
            "callStart POST /items",
            "requestBodySent " + sent.length(),
            "responseHeaders 201",
            "responseBodyRead 22 22",
            "decoded",
            "callEnd");
  }

  @Test
  void anAsyncCallReportsTheSameEvents() throws Exception {
    server.enqueue(json(200, "{\"id\":1,\"title\":\"one\"}"));
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();

    assertThat(api.getFromJsonAsync("items/1", Item.class).get(10, SECONDS))
        .isEqualTo(new Item(1, "one"));

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items/1",
            "responseHeaders 200",
            "responseBodyRead 22 22",
            "decoded",
            "callEnd");
  }

  @Test
  void aStatusFailureEndsTheCallWithTheStatusException() throws Exception {
    server.enqueue(json(404, "{\"message\":\"Not Found\"}"));
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();

    assertThatThrownBy(() -> api.getFromJson("items/9", Item.class))
        .isInstanceOf(HttpJsonStatusException.class);

    // The error body is read (for the exception's message) and reported as any body is.
    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items/9",
            "responseHeaders 404",
            "responseBodyRead 23 23",
            "callFailed HttpJsonStatusException");
  }

  @Test
  void aTimeoutEndsTheCallWithTheTimeout() throws Exception {
    server.enqueue(
        new MockResponse.Builder().code(200).body("{}").headersDelay(3, SECONDS).build());
    Recorder recorder = new Recorder();
    HttpJsonClient api =
        builder(recorder)
            .options(options.toBuilder().timeout(Duration.ofMillis(200)).build())
            .build();

    assertThatThrownBy(() -> api.getFromJson("slow", Item.class))
        .isInstanceOf(CallTimeoutException.class);

    assertThat(recorder.events())
        .containsExactly("callStart GET /slow", "callFailed CallTimeoutException");
  }

  @Test
  void aDecodeFailureEndsTheCallWithTheReadException() throws Exception {
    server.enqueue(json(200, "{\"id\":\"one\""));
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();

    assertThatThrownBy(() -> api.getFromJson("items/1", Item.class))
        .isInstanceOf(JsonReadException.class);

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items/1",
            "responseHeaders 200",
            "responseBodyRead 11 11",
            "callFailed JsonReadException");
  }

  @Test
  void aStreamReadToItsEndReportsItsElements() throws Exception {
    String body =
        "[{\"id\":1,\"title\":\"a\"},{\"id\":2,\"title\":\"b\"},{\"id\":3,\"title\":\"c\"}]";
    server.enqueue(json(200, body));
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();

    try (Stream<Item> items = api.getFromJsonAsStream("items", Item.class)) {
      assertThat(items.map(Item::id).collect(Collectors.toList())).containsExactly(1, 2, 3);
    }

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items",
            "responseHeaders 200",
            "responseBodyRead " + body.length() + " " + body.length(),
            "streamEnd 3",
            "callEnd");
  }

  /** A {@link System.Logger} that keeps its lines. */
  private static final class Lines implements System.Logger {
    final List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public String getName() {
      return "lines";
    }

    @Override
    public boolean isLoggable(Level level) {
      return true;
    }

    @Override
    public void log(Level level, java.util.ResourceBundle bundle, String msg, Throwable thrown) {
      lines.add(msg);
    }

    @Override
    public void log(Level level, java.util.ResourceBundle bundle, String format, Object... params) {
      lines.add(params == null ? format : java.text.MessageFormat.format(format, params));
    }
  }

  /**
   * Beside a listener, a {@link LoggingInterceptor} logs from the call's own measurement: the
   * response line of a stream is written when the stream is over, with the bytes the listener got.
   */
  @Test
  void aLoggerBesideAListenerLogsAStreamWhenItEndsWithTheListenersBytes() throws Exception {
    String body =
        "[{\"id\":1,\"title\":\"a\"},{\"id\":2,\"title\":\"b\"},{\"id\":3,\"title\":\"c\"}]";
    server.enqueue(json(200, body));
    Recorder recorder = new Recorder();
    Lines log = new Lines();
    HttpJsonClient api =
        builder(recorder).interceptor(LoggingInterceptor.newBuilder().logger(log).build()).build();

    try (Stream<Item> items = api.getFromJsonAsStream("items", Item.class)) {
      Iterator<Item> it = items.iterator();
      assertThat(it.next().id()).isEqualTo(1);
      assertThat(log.lines).as("nothing logged of the response before the stream ends").hasSize(1);
      it.next();
      it.next();
      assertThat(it.hasNext()).isFalse();
    }

    assertThat(recorder.events())
        .contains("responseBodyRead " + body.length() + " " + body.length(), "callEnd");
    assertThat(log.lines).hasSize(2);
    assertThat(log.lines.get(1))
        .startsWith("<-- 200 GET ")
        .endsWith(" ms, " + body.length() + "-byte body)");
  }

  /** Beside a listener, the log line shows the decoded size the call measured for a gzip body. */
  @Test
  void aLoggerBesideAListenerShowsTheDecodedSizeOfACompressedBody() throws Exception {
    String body = "{\"id\":1,\"title\":\"" + "one ".repeat(100) + "\"}";
    byte[] gzipped = Compressed.gzip(body);
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Content-Encoding", "gzip")
            .body(new okio.Buffer().write(gzipped))
            .build());
    Recorder recorder = new Recorder();
    Lines log = new Lines();
    HttpJsonClient api =
        builder(recorder).interceptor(LoggingInterceptor.newBuilder().logger(log).build()).build();

    assertThat(api.getFromJson("items/1", Item.class).id()).isEqualTo(1);

    assertThat(recorder.events())
        .contains("responseBodyRead " + gzipped.length + " " + body.length());
    assertThat(log.lines).hasSize(2);
    assertThat(log.lines.get(1))
        .startsWith("<-- 200 GET ")
        .endsWith(" ms, " + gzipped.length + "-byte body, " + body.length() + " decoded)");
  }

  @Test
  void aStreamClosedEarlyReportsSo() throws Exception {
    server.enqueue(
        json(
            200,
            "[{\"id\":1,\"title\":\"a\"},{\"id\":2,\"title\":\"b\"},{\"id\":3,\"title\":\"c\"}]"));
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();

    try (Stream<Item> items = api.getFromJsonAsStream("items", Item.class)) {
      Iterator<Item> it = items.iterator();
      assertThat(it.next().id()).isEqualTo(1);
    }

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items", "responseHeaders 200", "streamEnd 1 early", "callEnd");
  }

  @Test
  void aStreamThatFailsReportsItsFailure() throws Exception {
    server.enqueue(json(200, "[{\"id\":1,\"title\":\"a\"},{\"id\":\"x\""));
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();

    try (Stream<Item> items = api.getFromJsonAsStream("items", Item.class)) {
      assertThatThrownBy(() -> items.collect(Collectors.toList()))
          .isInstanceOf(UncheckedIOException.class)
          .hasCauseInstanceOf(JsonReadException.class);
    }

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items",
            "responseHeaders 200",
            "streamEnd 1",
            "callFailed JsonReadException");
  }

  @Test
  void aRetriedCallReportsEachAttempt() throws Exception {
    server.enqueue(json(503, "{}"));
    server.enqueue(json(200, "{\"id\":1,\"title\":\"one\"}"));
    Recorder recorder = new Recorder();
    HttpJsonClient api =
        builder(recorder)
            .interceptor(
                RetryInterceptor.newBuilder()
                    .backoff(Duration.ofMillis(1), Duration.ofMillis(5))
                    .build())
            .build();

    assertThat(api.getFromJson("items/1", Item.class)).isEqualTo(new Item(1, "one"));

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items/1",
            "responseHeaders 503",
            "retry 2",
            "responseHeaders 200",
            "responseBodyRead 22 22",
            "decoded",
            "callEnd");
  }

  @Test
  void aRetriedAsyncCallReportsEachAttempt() throws Exception {
    server.enqueue(json(503, "{}"));
    server.enqueue(json(200, "{\"id\":1,\"title\":\"one\"}"));
    Recorder recorder = new Recorder();
    HttpJsonClient api =
        builder(recorder)
            .interceptor(
                RetryInterceptor.newBuilder()
                    .backoff(Duration.ofMillis(1), Duration.ofMillis(5))
                    .build())
            .build();

    assertThat(api.getFromJsonAsync("items/1", Item.class).get(10, SECONDS))
        .isEqualTo(new Item(1, "one"));

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items/1",
            "responseHeaders 503",
            "retry 2",
            "responseHeaders 200",
            "responseBodyRead 22 22",
            "decoded",
            "callEnd");
  }

  @Test
  void aRedirectedCallReportsTheHop() throws Exception {
    server.enqueue(new MockResponse.Builder().code(302).setHeader("Location", "/moved").build());
    server.enqueue(json(200, "{\"id\":1,\"title\":\"one\"}"));
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).followRedirects(HttpClient.Redirect.NORMAL).build();

    assertThat(api.getFromJson("items/1", Item.class)).isEqualTo(new Item(1, "one"));

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items/1",
            "responseHeaders 302",
            "redirect 302 /moved",
            "responseHeaders 200",
            "responseBodyRead 22 22",
            "decoded",
            "callEnd");
  }

  /**
   * A 303 after a POST is followed with a GET, without the body: the hop reports no request body,
   * where the POST's was reported again for it.
   */
  @Test
  void aPostRedirectedToAGetReportsItsBodyForThePostOnly() throws Exception {
    server.enqueue(new MockResponse.Builder().code(303).setHeader("Location", "/items/2").build());
    server.enqueue(json(200, "{\"id\":2,\"title\":\"two\"}"));
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).followRedirects(HttpClient.Redirect.NORMAL).build();

    assertThat(api.postAsJson("items", new Item(0, "two"), Item.class))
        .isEqualTo(new Item(2, "two"));

    String sent = received(server).take(5, SECONDS).getBody().utf8();
    assertThat(received(server).take(5, SECONDS).getMethod()).isEqualTo("GET");
    assertThat(recorder.events())
        .containsExactly(
            "callStart POST /items",
            "requestBodySent " + sent.length(),
            "responseHeaders 303",
            "redirect 303 /items/2",
            "responseHeaders 200",
            "responseBodyRead 22 22",
            "decoded",
            "callEnd");
  }

  @Test
  void staticCallsReportThroughADecoratedClient() throws Exception {
    server.enqueue(json(200, "{\"id\":1,\"title\":\"one\"}"));
    Recorder recorder = new Recorder();
    HttpClient observed = CallListener.decorate(client, recorder);

    assertThat(HttpJson.getFromJson(observed, uri("/items/1"), JsonType.of(Item.class, options)))
        .isEqualTo(new Item(1, "one"));

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /items/1",
            "responseHeaders 200",
            "responseBodyRead 22 22",
            "decoded",
            "callEnd");
  }

  @Test
  void anEventStreamReportsItsEvents() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .setHeader("Content-Type", "text/event-stream")
            .body("data: {\"id\":1,\"title\":\"a\"}\n\ndata: {\"id\":2,\"title\":\"b\"}\n\n")
            .build());
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();

    try (Stream<ServerSentEvent<Item>> events = api.getFromJsonAsEvents("feed", Item.class)) {
      assertThat(events.count()).isEqualTo(2);
    }

    assertThat(recorder.events())
        .containsExactly("callStart GET /feed", "responseHeaders 200", "streamEnd 2", "callEnd");
  }

  @Test
  void anEventStreamsReconnectionIsReportedAsARetry() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .setHeader("Content-Type", "text/event-stream")
            .body("retry: 0\ndata: {\"id\":1,\"title\":\"a\"}\n\n")
            .build());
    server.enqueue(new MockResponse.Builder().code(204).build()); // the stream is over
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();
    EventStreamOptions reconnect = EventStreamOptions.newBuilder().maxReconnects(1).build();

    try (Stream<ServerSentEvent<Item>> events =
        api.getFromJsonAsEvents("feed", JsonType.of(Item.class), reconnect)) {
      assertThat(events.count()).isEqualTo(1);
    }

    assertThat(recorder.events())
        .containsExactly(
            "callStart GET /feed",
            "responseHeaders 200",
            "retry 2",
            "responseHeaders 204",
            "streamEnd 1",
            "callEnd");
  }

  @Test
  void aCallThatGetsNoPermitBeforeItsTimeoutStartsAndFailsOnceBlockingOrAsync() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .body("{\"id\":1,\"title\":\"held\"}")
            .headersDelay(2, SECONDS)
            .build());
    List<String> events = java.util.Collections.synchronizedList(new ArrayList<>());
    CountDownLatch ends = new CountDownLatch(3);
    CallListener byPath =
        new CallListener() {
          private String path(Call call) {
            return URI.create(call.uri()).getPath();
          }

          @Override
          public void callStart(Call call) {
            events.add(path(call) + " callStart");
          }

          @Override
          public void callEnd(Call call, long nanoTime) {
            events.add(path(call) + " callEnd");
            ends.countDown();
          }

          @Override
          public void callFailed(Call call, Throwable failure, long nanoTime) {
            events.add(path(call) + " callFailed " + failure.getClass().getSimpleName());
            ends.countDown();
          }
        };
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/"))
            .options(options)
            .listener(byPath)
            .maxConcurrentCalls(1)
            .build();
    java.util.concurrent.CompletableFuture<Item> held = api.getFromJsonAsync("held", Item.class);
    assertThat(received(server).take(5, SECONDS))
        .as("the held call reached the server")
        .isNotNull();
    HttpJsonClient hurried = api.withTimeout(Duration.ofMillis(200));

    assertThatThrownBy(() -> hurried.getFromJson("blocking", Item.class))
        .isInstanceOf(CallTimeoutException.class);
    java.util.concurrent.CompletableFuture<Item> async =
        hurried.getFromJsonAsync("async", Item.class);
    assertThatThrownBy(() -> async.get(10, SECONDS)).hasCauseInstanceOf(CallTimeoutException.class);
    assertThat(held.get(10, SECONDS)).isEqualTo(new Item(1, "held"));

    assertThat(ends.await(10, SECONDS)).as("every call ended or failed: " + events).isTrue();
    Thread.sleep(100); // long enough for a second end, were one reported
    synchronized (events) {
      assertThat(events.stream().filter(e -> e.startsWith("/blocking")))
          .containsExactly("/blocking callStart", "/blocking callFailed CallTimeoutException");
      assertThat(events.stream().filter(e -> e.startsWith("/async")))
          .containsExactly("/async callStart", "/async callFailed CallTimeoutException");
      assertThat(events.stream().filter(e -> e.startsWith("/held")))
          .containsExactly("/held callStart", "/held callEnd");
    }
  }

  @Test
  void aCallGivenUpWhileWaitingForAPermitStartsAndFailsOnceBlockingOrAsync() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .body("{\"id\":1,\"title\":\"held\"}")
            .headersDelay(1, SECONDS)
            .build());
    List<String> events = java.util.Collections.synchronizedList(new ArrayList<>());
    CountDownLatch ends = new CountDownLatch(3);
    CallListener byPath =
        new CallListener() {
          private String path(Call call) {
            return URI.create(call.uri()).getPath();
          }

          @Override
          public void callStart(Call call) {
            events.add(path(call) + " callStart");
          }

          @Override
          public void callEnd(Call call, long nanoTime) {
            events.add(path(call) + " callEnd");
            ends.countDown();
          }

          @Override
          public void callFailed(Call call, Throwable failure, long nanoTime) {
            events.add(path(call) + " callFailed " + failure.getClass().getSimpleName());
            ends.countDown();
          }
        };
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/"))
            .options(options)
            .listener(byPath)
            .maxConcurrentCalls(1)
            .build();
    java.util.concurrent.CompletableFuture<Item> held = api.getFromJsonAsync("held", Item.class);
    assertThat(received(server).take(5, SECONDS))
        .as("the held call reached the server")
        .isNotNull();
    java.util.concurrent.CompletableFuture<Throwable> thrown =
        new java.util.concurrent.CompletableFuture<>();
    Thread waiter =
        new Thread(
            () -> {
              try {
                api.getFromJson("blocking", Item.class);
                thrown.complete(null);
              } catch (Throwable t) {
                thrown.complete(t);
              }
            });
    waiter.start();
    java.util.concurrent.CompletableFuture<Item> async = api.getFromJsonAsync("async", Item.class);
    Thread.sleep(200); // both wait for the permit the held call has

    waiter.interrupt();
    assertThat(async.cancel(true)).isTrue();

    assertThat(thrown.get(10, SECONDS)).isInstanceOf(InterruptedException.class);
    assertThat(held.get(10, SECONDS)).isEqualTo(new Item(1, "held"));
    assertThat(ends.await(10, SECONDS)).as("every call ended or failed: " + events).isTrue();
    Thread.sleep(100); // long enough for a second end, were one reported
    synchronized (events) {
      assertThat(events.stream().filter(e -> e.startsWith("/blocking")))
          .containsExactly("/blocking callStart", "/blocking callFailed InterruptedException");
      assertThat(events.stream().filter(e -> e.startsWith("/async")))
          .containsExactly("/async callStart", "/async callFailed CancellationException");
    }
  }

  @Test
  void anAsyncCallCancelledBeforeItsLaneRunsItStartsAndFailsOnce() throws Exception {
    // An async call is handed to a lane (or, past the lanes on Java 21+, a virtual thread) that
    // runs it a moment later: a cancel right after the call returns its future usually lands in
    // that moment, before the call has started. Past the lanes on Java 17 the JDK's sendAsync
    // starts the call before its future is returned, so there is no such window there; either way
    // every call must report one start and one failure.
    int calls = 100;
    java.util.Map<String, List<String>> events = new java.util.concurrent.ConcurrentHashMap<>();
    CountDownLatch ends = new CountDownLatch(calls);
    CallListener byPath =
        new CallListener() {
          private List<String> of(Call call) {
            return events.computeIfAbsent(
                URI.create(call.uri()).getPath(),
                p -> java.util.Collections.synchronizedList(new ArrayList<>()));
          }

          @Override
          public void callStart(Call call) {
            of(call).add("callStart");
          }

          @Override
          public void callEnd(Call call, long nanoTime) {
            of(call).add("callEnd");
            ends.countDown();
          }

          @Override
          public void callFailed(Call call, Throwable failure, long nanoTime) {
            of(call).add("callFailed " + failure.getClass().getSimpleName());
            ends.countDown();
          }
        };
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/"))
            .options(options)
            .listener(byPath)
            .build();

    for (int i = 0; i < calls; i++) {
      assertThat(api.getFromJsonAsync("cancelled" + i, Item.class).cancel(true)).isTrue();
    }

    assertThat(ends.await(10, SECONDS))
        .as("every cancelled call failed: %s of %s missing", ends.getCount(), calls)
        .isTrue();
    Thread.sleep(200); // long enough for a second end, were one reported
    assertThat(events).hasSize(calls);
    events.forEach(
        (path, seen) ->
            assertThat(seen)
                .as(path)
                .containsExactly("callStart", "callFailed CancellationException"));
  }

  @Test
  void aCancelledAsyncCallEndsOnceWithTheCancellation() throws Exception {
    server.enqueue(
        new MockResponse.Builder().code(200).body("{}").headersDelay(3, SECONDS).build());
    Recorder recorder = new Recorder();
    HttpJsonClient api = builder(recorder).build();

    java.util.concurrent.CompletableFuture<Item> call = api.getFromJsonAsync("slow", Item.class);
    assertThat(received(server).take(5, SECONDS)).as("the request reached the server").isNotNull();
    assertThat(call.cancel(true)).isTrue();

    assertThat(recorder.events())
        .containsExactly("callStart GET /slow", "callFailed CancellationException");
    Thread.sleep(200); // long enough for a second end, were one reported
    assertThat(recorder.events()).hasSize(2);
  }

  @Test
  void aListenerThatThrowsNeverBreaksTheCall() throws Exception {
    server.enqueue(json(200, "{\"id\":1,\"title\":\"one\"}"));
    server.enqueue(json(200, "{\"id\":1,\"title\":\"one\"}"));
    CallListener throwing =
        new CallListener() {
          @Override
          public void callStart(Call call) {
            throw new IllegalStateException("callStart");
          }

          @Override
          public void responseHeaders(Call call, int statusCode, long nanoTime) {
            throw new AssertionError("responseHeaders");
          }

          @Override
          public void decoded(Call call, long decodeNanos, long nanoTime) {
            throw new IllegalStateException("decoded");
          }

          @Override
          public void callEnd(Call call, long nanoTime) {
            throw new IllegalStateException("callEnd");
          }
        };
    Recorder blocking = new Recorder();
    Recorder async = new Recorder();

    assertThat(throwingFirst(throwing, blocking).getFromJson("items/1", Item.class))
        .isEqualTo(new Item(1, "one"));
    assertThat(
            throwingFirst(throwing, async).getFromJsonAsync("items/1", Item.class).get(10, SECONDS))
        .isEqualTo(new Item(1, "one"));

    for (Recorder recorder : List.of(blocking, async)) {
      assertThat(recorder.events())
          .containsExactly(
              "callStart GET /items/1",
              "responseHeaders 200",
              "responseBodyRead 22 22",
              "decoded",
              "callEnd");
    }
  }

  private HttpJsonClient throwingFirst(CallListener throwing, Recorder recorder) {
    return HttpJsonClient.newBuilder(client)
        .baseUri(uri("/"))
        .options(options)
        .listener(throwing)
        .listener(recorder)
        .build();
  }

  @Test
  void listenersSeeConcurrentCallsApart() throws Exception {
    int calls = 8;
    for (int i = 0; i < calls; i++) {
      server.enqueue(json(200, "{\"id\":1,\"title\":\"one\"}"));
    }
    CountDownLatch ended = new CountDownLatch(calls);
    List<String> seen = java.util.Collections.synchronizedList(new ArrayList<>());
    CallListener counting =
        new CallListener() {
          @Override
          public void callEnd(Call call, long nanoTime) {
            seen.add(call.uri());
            ended.countDown();
          }
        };
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(uri("/"))
            .options(options)
            .listener(counting)
            .build();
    List<java.util.concurrent.CompletableFuture<Item>> futures = new ArrayList<>();
    for (int i = 0; i < calls; i++) {
      futures.add(api.getFromJsonAsync("items/" + i, Item.class));
    }
    for (java.util.concurrent.CompletableFuture<Item> f : futures) {
      f.get(10, SECONDS);
    }
    assertThat(ended.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(seen).hasSize(calls).doesNotHaveDuplicates();
  }
}

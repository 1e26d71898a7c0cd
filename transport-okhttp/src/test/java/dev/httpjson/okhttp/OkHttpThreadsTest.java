package dev.httpjson.okhttp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.RawServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The threads the transport starts to wait for response bytes: named {@code httpjson-okhttp-…},
 * daemons, holding nothing of the caller that made them start, gone when idle, and never running
 * the caller's code.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OkHttpThreadsTest {
  private final HttpClient client = OkHttpClients.http1();
  private final CountDownLatch release = new CountDownLatch(1);
  private RawServer server;

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    if (server != null) {
      server.close();
    }
  }

  /** Answers with headers and one line at once, the rest when released. */
  private java.net.URI heldStream() throws Exception {
    server =
        new RawServer(
            (socket, head) -> {
              OutputStream out = socket.getOutputStream();
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n");
              RawServer.writeChunk(out, "first\n");
              release.await(30, TimeUnit.SECONDS);
              RawServer.writeChunk(out, "last\n");
              out.write("0\r\n\r\n".getBytes(UTF_8));
              out.flush();
            });
    return server.uri("/held");
  }

  private static List<Thread> readers() {
    List<Thread> readers = new ArrayList<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive() && t.getName().startsWith("httpjson-okhttp-")) {
        readers.add(t);
      }
    }
    return readers;
  }

  /**
   * {@link HttpRequest#timeout()} is OkHttp's own call timeout, watched by Okio's watchdog (which
   * OkHttp's call and HTTP/2 timeouts use anyway): the transport starts no timer thread of its own
   * for it, blocking or async (it had an {@code httpjson-okhttp-timeout} executor whose thread
   * never ended).
   */
  @Test
  void aRequestTimeoutStartsNoThreadOfTheTransport() throws Exception {
    server =
        new RawServer(
            (socket, head) -> {
              release.await(30, TimeUnit.SECONDS); // no headers until the test ends
            });
    for (Thread t : readers()) {
      t.join(TimeUnit.SECONDS.toMillis(10)); // an earlier test's readers, idle
    }
    HttpRequest request =
        HttpRequest.newBuilder(server.uri("/stall"))
            .timeout(java.time.Duration.ofMillis(300))
            .build();

    long start = System.nanoTime();
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> client.send(request, BodyHandlers.ofString()))
        .isInstanceOf(java.net.http.HttpTimeoutException.class);
    CompletableFuture<HttpResponse<String>> async =
        client.sendAsync(request, BodyHandlers.ofString());
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> async.get(10, TimeUnit.SECONDS))
        .hasCauseInstanceOf(java.net.http.HttpTimeoutException.class);

    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(5_000);
    assertThat(readers()).as("threads of the transport").isEmpty();
    assertThat(Thread.getAllStackTraces().keySet())
        .extracting(Thread::getName)
        .as("OkHttp's own watchdog fired the timeouts")
        .contains("Okio Watchdog");
  }

  @Test
  void readerThreadsAreNamedDaemonsWithoutTheCallersLoaderAndExitWhenIdle() throws Exception {
    java.net.URI uri = heldStream();
    URLClassLoader callersLoader = new URLClassLoader(new URL[0], null);
    AtomicReference<HttpResponse<InputStream>> response = new AtomicReference<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread caller =
        new Thread(
            () -> {
              try {
                response.set(
                    client.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofInputStream()));
              } catch (Throwable t) {
                failure.set(t);
              }
            },
            "caller-with-its-own-loader");
    caller.setContextClassLoader(callersLoader);
    caller.start();
    caller.join(30_000);
    assertThat(failure.get()).isNull();
    InputStream body = response.get().body();
    assertThat(body.read(new byte[6])).isEqualTo(6); // "first\n"; a reader now waits for "last"

    List<Thread> readers = readers();
    assertThat(readers).isNotEmpty();
    for (Thread reader : readers) {
      assertThat(reader.getName()).startsWith("httpjson-okhttp-reader-");
      assertThat(reader.isDaemon()).isTrue();
      assertThat(reader.getContextClassLoader()).isNotSameAs(callersLoader).isNull();
    }

    release.countDown();
    assertThat(new String(body.readAllBytes(), UTF_8)).isEqualTo("last\n");
    body.close();
    for (Thread reader : readers) {
      reader.join(TimeUnit.SECONDS.toMillis(PumpThreads.IDLE_SECONDS + 10));
      assertThat(reader.isAlive()).as("%s exits when idle", reader.getName()).isFalse();
    }
    callersLoader.close();
  }

  @Test
  void aCallersSubscriberIsNeverCalledOnAReaderThread() throws Exception {
    java.net.URI uri = heldStream();
    List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
    CompletableFuture<HttpResponse<Void>> exchange =
        client.sendAsync(
            HttpRequest.newBuilder(uri).build(),
            BodyHandlers.fromLineSubscriber(
                new java.util.concurrent.Flow.Subscriber<String>() {
                  private java.util.concurrent.Flow.Subscription subscription;

                  @Override
                  public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
                    subscription = s;
                    s.request(1);
                  }

                  @Override
                  public void onNext(String line) {
                    threads.add(Thread.currentThread().getName());
                    if (line.equals("first")) {
                      release.countDown();
                    }
                    subscription.request(1);
                  }

                  @Override
                  public void onError(Throwable t) {
                    threads.add(Thread.currentThread().getName());
                  }

                  @Override
                  public void onComplete() {
                    threads.add(Thread.currentThread().getName());
                  }
                }));
    CompletableFuture<String> dependent = exchange.thenApply(r -> Thread.currentThread().getName());
    assertThat(exchange.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(threads).hasSize(3).noneMatch(name -> name.startsWith("httpjson-"));
    assertThat(dependent.get(30, TimeUnit.SECONDS)).doesNotStartWith("httpjson-");
  }

  /**
   * {@code ofFile} is one of the JDK's own subscribers, fed on a reader thread; the future it
   * completes is still completed off it, so the caller's stages never run there.
   */
  @Test
  void sendAsyncCompletesOffTheReaderThreads(@TempDir Path dir) throws Exception {
    java.net.URI uri = heldStream();
    Path file = dir.resolve("body.txt");
    CompletableFuture<HttpResponse<Path>> exchange =
        client.sendAsync(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofFile(file));
    CompletableFuture<String> dependent = exchange.thenApply(r -> Thread.currentThread().getName());
    release.countDown();
    assertThat(dependent.get(30, TimeUnit.SECONDS)).doesNotStartWith("httpjson-");
    assertThat(Files.readString(file)).isEqualTo("first\nlast\n");
  }
}

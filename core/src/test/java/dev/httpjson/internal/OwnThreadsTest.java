package dev.httpjson.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.CountingCodec;
import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.ForwardingHttpClient;
import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.net.Socket;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The threads httpjson starts for a call (the async lanes, the timer) inherit nothing from the
 * caller's thread, and end when idle.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OwnThreadsTest {
  private static final InheritableThreadLocal<String> REQUEST = new InheritableThreadLocal<>();

  @Test
  void aLaneStartedByACallInheritsNothingFromTheCallerAndEndsWhenIdle() throws Exception {
    awaitGone(threadsOfHttpjson()); // so that this call starts a lane
    List<Object> seen = new CopyOnWriteArrayList<>();
    HttpClient client =
        new ForwardingHttpClient(HttpClient.newHttpClient()) {
          @Override
          public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
              throws IOException, InterruptedException {
            Thread t = Thread.currentThread();
            seen.addAll(
                java.util.Arrays.asList(
                    t.getName(),
                    String.valueOf(REQUEST.get()),
                    String.valueOf(t.getContextClassLoader()),
                    t.getThreadGroup().getName()));
            return delegate.send(request, handler);
          }
        };
    JsonOptions options =
        JsonOptions.newBuilder().codec(new CountingCodec()).timeout(Duration.ofSeconds(10)).build();
    ThreadGroup group = new ThreadGroup("webapp");
    ClassLoader webapp = new URLClassLoader(new URL[0], null);
    AtomicReference<CompletableFuture<String>> call = new AtomicReference<>();
    try (RawServer server = new RawServer(OwnThreadsTest::answer)) {
      Thread caller =
          new Thread(
              group,
              () -> {
                REQUEST.set("the caller's");
                Thread.currentThread().setContextClassLoader(webapp);
                call.set(
                    HttpJson.getFromJsonAsync(
                        client, server.uri("/x"), JsonType.of(String.class, options)));
              });
      caller.start();
      caller.join(10_000);
      // A stage's get never runs the call itself: the lane does.
      assertThat(call.get().thenApply(s -> s).get(10, TimeUnit.SECONDS)).isEqualTo("ok");
    }

    assertThat(seen).hasSize(4);
    assertThat((String) seen.get(0)).startsWith("httpjson-async-");
    assertThat(seen.get(1)).as("an inheritable thread local").isEqualTo("null");
    assertThat(seen.get(2)).as("the context class loader").isEqualTo("null");
    assertThat(seen.get(3)).as("the thread group").isNotEqualTo("webapp");
    Set<Thread> started = threadsOfHttpjson();
    assertThat(started).extracting(Thread::getName).contains((String) seen.get(0));
    awaitGone(started);
  }

  /**
   * A call past the platform lanes runs on a virtual thread (Java 21+) named apart from them, so a
   * thread dump tells a lane from a call past the lanes: {@code httpjson-async-N} platform threads,
   * {@code httpjson-async-virtual} virtual ones.
   */
  @Test
  void virtualAndPlatformLanesHaveDistinctNames() throws Exception {
    Assumptions.assumeTrue(Runtime.version().feature() >= 21, "virtual threads: Java 21+");
    List<String> seen = new CopyOnWriteArrayList<>();
    HttpClient client =
        new ForwardingHttpClient(HttpClient.newHttpClient()) {
          @Override
          public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
              throws IOException, InterruptedException {
            Thread t = Thread.currentThread();
            seen.add(t.getName() + (isVirtual(t) ? " virtual" : " platform"));
            return delegate.send(request, handler);
          }
        };
    JsonOptions options =
        JsonOptions.newBuilder().codec(new CountingCodec()).timeout(Duration.ofSeconds(20)).build();
    CountDownLatch release = new CountDownLatch(1);
    Semaphore arrived = new Semaphore(0);
    List<CompletableFuture<String>> calls = new ArrayList<>();
    try (RawServer server =
        new RawServer(
            (socket, head) -> {
              arrived.release();
              release.await(30, TimeUnit.SECONDS);
              answer(socket, head);
            })) {
      try {
        // Each call reaches the server before the next starts: every lane is then busy.
        for (int i = 0; i <= AsyncCall.PLATFORM_LANES; i++) {
          calls.add(
              HttpJson.getFromJsonAsync(
                  client, server.uri("/x"), JsonType.of(String.class, options)));
          assertThat(arrived.tryAcquire(10, TimeUnit.SECONDS)).as("request %d arrived", i).isTrue();
        }
      } finally {
        release.countDown();
      }
      for (CompletableFuture<String> call : calls) {
        assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("ok");
      }
    }

    assertThat(seen).hasSize(AsyncCall.PLATFORM_LANES + 1);
    assertThat(seen.stream().filter(s -> s.endsWith(" platform")))
        .hasSize(AsyncCall.PLATFORM_LANES)
        .allMatch(s -> s.matches("httpjson-async-[0-9]+ platform"), "httpjson-async-N")
        .doesNotHaveDuplicates();
    assertThat(seen.stream().filter(s -> s.endsWith(" virtual")))
        .containsExactly("httpjson-async-virtual virtual");
  }

  private static boolean isVirtual(Thread t) {
    try {
      return (Boolean) Thread.class.getMethod("isVirtual").invoke(t);
    } catch (ReflectiveOperationException e) {
      return false;
    }
  }

  private static void awaitGone(Set<Thread> threads) throws InterruptedException {
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(10));
      assertThat(t.isAlive()).as(t.getName() + ", idle, still alive").isFalse();
    }
  }

  private static Set<Thread> threadsOfHttpjson() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(
            t ->
                t.getName().equals("httpjson-timeout") || t.getName().startsWith("httpjson-async-"))
        .collect(Collectors.toSet());
  }

  private static void answer(Socket socket, String head) throws IOException {
    byte[] body = "\"ok\"".getBytes(UTF_8);
    RawServer.write(
        socket,
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + body.length
            + "\r\nConnection: close\r\n\r\n");
    socket.getOutputStream().write(body);
    socket.getOutputStream().flush();
    socket.close();
  }
}

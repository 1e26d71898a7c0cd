package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * An asynchronous interceptor's wait ({@link Interceptor.Chain#delay}, a {@link RetryInterceptor}'s
 * backoff) ends on httpjson's own threads, never on the timer's nor on the common pool: an
 * application that keeps the common pool busy (a parallel stream, a long task; with two cores it
 * has one thread) does not hold a retry back.
 */
class RetryBackoffThreadTest {
  @Test
  void anAsyncRetryGoesOnWhileTheCommonPoolIsKeptBusy() throws Exception {
    CountDownLatch busy = new CountDownLatch(1);
    java.util.List<java.util.concurrent.ExecutorService> closing = new java.util.ArrayList<>();
    int workers = ForkJoinPool.getCommonPoolParallelism();
    try (MockWebServer server = LoopbackServer.start()) {
      for (int i = 0; i < workers; i++) {
        ForkJoinPool.commonPool()
            .execute(
                () -> {
                  long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                  while (busy.getCount() > 0 && System.nanoTime() < until) {
                    try {
                      Thread.sleep(10); // an application's long task
                    } catch (InterruptedException e) {
                      return;
                    }
                  }
                });
      }
      server.enqueue(
          new MockResponse.Builder()
              .code(503)
              .addHeader("Retry-After", "0")
              .addHeader("Content-Type", "application/json")
              .body("{}")
              .build());
      server.enqueue(LoopbackServer.json(200, "\"ok\""));
      AtomicReference<String> resumedOn = new AtomicReference<>();
      Interceptor watching =
          new Interceptor() {
            @Override
            public <T> java.net.http.HttpResponse<T> intercept(
                java.net.http.HttpRequest request, Chain<T> chain)
                throws java.io.IOException, InterruptedException {
              return chain.forward(request);
            }

            @Override
            public <T> CompletableFuture<java.net.http.HttpResponse<T>> interceptAsync(
                java.net.http.HttpRequest request, Chain<T> chain) {
              return chain
                  .delay(Duration.ofMillis(10))
                  .thenCompose(
                      v -> {
                        resumedOn.set(Thread.currentThread().getName());
                        return chain.forwardAsync(request);
                      });
            }
          };

      // A client that completes its exchanges on a thread of its own: the JDK's sendAsync hands
      // its completions to CompletableFuture's default executor, on JDK 25 the common pool too.
      java.util.concurrent.ExecutorService exchanges =
          java.util.concurrent.Executors.newCachedThreadPool();
      closing.add(exchanges);
      HttpClient ownCompletions =
          new dev.httpjson.contract.ForwardingHttpClient(HttpClient.newHttpClient()) {
            @Override
            public <T> CompletableFuture<java.net.http.HttpResponse<T>> sendAsync(
                java.net.http.HttpRequest request,
                java.net.http.HttpResponse.BodyHandler<T> handler) {
              return CompletableFuture.supplyAsync(
                  () -> {
                    try {
                      return delegate.send(request, handler);
                    } catch (java.io.IOException e) {
                      throw new java.util.concurrent.CompletionException(e);
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                      throw new java.util.concurrent.CompletionException(e);
                    }
                  },
                  exchanges);
            }
          };
      HttpClient decorated =
          Interceptor.decorate(
              ownCompletions,
              RetryInterceptor.newBuilder()
                  .maxAttempts(2)
                  .backoff(Duration.ofMillis(50), Duration.ofMillis(50))
                  .build(),
              watching);

      long start = System.nanoTime();
      String value =
          decorated
              .sendAsync(
                  java.net.http.HttpRequest.newBuilder(LoopbackServer.uri(server, "/x")).build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString())
              .get(30, TimeUnit.SECONDS)
              .body();
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

      assertThat(value).isEqualTo("\"ok\"");
      assertThat(millis).as("ms for a retry after 0 s, the common pool busy").isLessThan(5_000);
      assertThat(resumedOn.get()).startsWith("httpjson-async-");
    } finally {
      busy.countDown();
      closing.forEach(java.util.concurrent.ExecutorService::shutdownNow);
    }
  }
}

package dev.httpjson.jackson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpClient;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The JDK client's executor is the user's: a direct one, a single thread, one that rejects every
 * task or one shut down mid-call. Each call, blocking and async, ends with its value or a failure
 * within bounded time, never waits forever.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UserExecutorTest {
  private final JsonType<Named> type =
      JsonType.of(Named.class, JsonOptions.newBuilder().codec(new JacksonCodec()).build());

  /** Answers {@code /slow…} after 300 ms, anything else at once. */
  private static void answer(Socket socket, String head) throws Exception {
    if (head.startsWith("GET /slow")) {
      Thread.sleep(300);
    }
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

  @Test
  void aDirectOrSingleThreadExecutorServesBlockingAndAsyncCalls() throws Exception {
    ExecutorService one = Executors.newSingleThreadExecutor();
    try {
      for (Executor executor : new Executor[] {Runnable::run, one}) {
        Outcome outcome = callsOn(HttpClient.newBuilder().executor(executor).build(), null);
        assertThat(outcome.blocking).as("blocking on " + executor).isEqualTo(new Named("ok"));
        assertThat(outcome.async).as("async on " + executor).isEqualTo(new Named("ok"));
      }
    } finally {
      one.shutdownNow();
    }
  }

  /**
   * Fails on JDK 17 (passes on JDK 25): once the client's executor rejects a task, the JDK 17
   * client's selector manager stops, and every exchange of that client then waits forever, in the
   * JDK's own {@code send} as in httpjson's calls; JDK 25 fails them with an {@code IOException}.
   * httpjson cannot restart the JDK's selector; a timeout ({@code JsonOptions.Builder#timeout})
   * bounds such a call.
   */
  @Test
  @Tag("tofix")
  void anExecutorThatRejectsOrIsShutDownMidCallFailsTheCallsRatherThanHanging() throws Exception {
    Executor rejecting =
        task -> {
          throw new RejectedExecutionException("rejecting every task");
        };
    Outcome refused = callsOn(HttpClient.newBuilder().executor(rejecting).build(), null);
    assertThat(refused.blocking)
        .as("blocking, every task rejected")
        .isInstanceOf(IOException.class);
    assertThat(refused.async).as("async, every task rejected").isInstanceOf(IOException.class);

    ExecutorService shut = Executors.newCachedThreadPool();
    Outcome shutDown = callsOn(HttpClient.newBuilder().executor(shut).build(), shut);
    assertThat(shutDown.blocking)
        .as("blocking, shut down mid-call")
        .isInstanceOf(IOException.class);
    assertThat(shutDown.async).as("async, shut down mid-call").isInstanceOf(IOException.class);
  }

  /**
   * What a blocking and an async call to a slow answer ended with: a value, a failure or a hang.
   */
  private static final class Outcome {
    Object blocking;
    Object async;
  }

  /** Makes both calls, shuts {@code shutMidCall} down while they wait, and waits 5 s at most. */
  private Outcome callsOn(HttpClient client, ExecutorService shutMidCall) throws Exception {
    Outcome outcome = new Outcome();
    try (RawServer server = new RawServer(UserExecutorTest::answer)) {
      CompletableFuture<Object> blocking = new CompletableFuture<>();
      Thread caller =
          new Thread(
              () -> {
                try {
                  blocking.complete(HttpJson.getFromJson(client, server.uri("/slow/b"), type));
                } catch (Throwable t) {
                  blocking.complete(t);
                }
              },
              "blocking-caller");
      caller.setDaemon(true);
      caller.start();
      CompletableFuture<Named> async =
          HttpJson.getFromJsonAsync(client, server.uri("/slow/a"), type);
      if (shutMidCall != null) {
        Thread.sleep(100);
        shutMidCall.shutdownNow();
      }
      outcome.blocking = waitFor(blocking);
      Object a = waitFor(async);
      outcome.async = a instanceof ExecutionException ? ((ExecutionException) a).getCause() : a;
      if (!blocking.isDone()) {
        caller.interrupt(); // let the test end
      }
      async.cancel(true);
    }
    return outcome;
  }

  private static Object waitFor(CompletableFuture<?> f) throws InterruptedException {
    try {
      return f.get(5, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e;
    } catch (TimeoutException e) {
      return "still waiting after 5 s";
    }
  }
}

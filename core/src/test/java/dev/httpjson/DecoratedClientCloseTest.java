package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.ForwardingHttpClient;
import java.lang.reflect.Method;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A client {@link Interceptor#decorate} or {@link HttpCache#decorate} returns is a view of the
 * client it wraps: closing or shutting it down closes or shuts down that client, on Java 21+ (where
 * {@link HttpClient} has {@code close()}, whose default would do nothing) and on 17 (for a wrapped
 * client that is {@link AutoCloseable}).
 */
class DecoratedClientCloseTest {
  private static final Interceptor PASS = Interceptor.request(r -> r);

  /** A client that records what it was told, as a transport over a pool would act on it. */
  static final class Recording extends ForwardingHttpClient implements AutoCloseable {
    final List<String> told = new ArrayList<>();

    Recording() {
      super(HttpClient.newHttpClient());
    }

    @Override
    public void close() {
      told.add("close");
    }

    // Overrides of the Java 21 methods there; plain methods on 17, which no caller sees.
    public void shutdown() {
      told.add("shutdown");
    }

    public void shutdownNow() {
      told.add("shutdownNow");
    }

    public boolean awaitTermination(Duration duration) {
      told.add("awaitTermination " + duration);
      return true;
    }

    public boolean isTerminated() {
      return told.contains("close");
    }
  }

  @Test
  void closingADecoratedClientClosesTheClientItWraps() throws Exception {
    Recording wrapped = new Recording();
    HttpClient decorated = Interceptor.decorate(wrapped, PASS);
    assertThat(decorated).isInstanceOf(AutoCloseable.class);

    ((AutoCloseable) decorated).close();

    assertThat(wrapped.told).containsExactly("close");
    HttpClient cached = HttpCache.inMemory(1 << 20).decorate(new Recording());
    assertThat(cached).isInstanceOf(AutoCloseable.class);
  }

  @Test
  void onJava21ADecoratedJdkClientShutsDownAndClosesWithTheClientItWraps() throws Exception {
    Assumptions.assumeTrue(Runtime.version().feature() >= 21, "HttpClient.close(): Java 21+");
    Recording recording = new Recording();
    HttpClient decorated = Interceptor.decorate(recording, PASS);
    call(decorated, "shutdown");
    call(decorated, "shutdownNow");
    assertThat(
            HttpClient.class
                .getMethod("awaitTermination", Duration.class)
                .invoke(decorated, Duration.ofSeconds(1)))
        .isEqualTo(true);
    assertThat(recording.told).containsExactly("shutdown", "shutdownNow", "awaitTermination PT1S");

    HttpClient jdk = HttpClient.newHttpClient();
    HttpClient layered = HttpCache.inMemory(1 << 20).decorate(Interceptor.decorate(jdk, PASS));
    assertThat(call(layered, "isTerminated")).isEqualTo(false);

    call(layered, "close"); // try-with-resources on Java 21+

    assertThat(call(jdk, "isTerminated")).as("the JDK client is terminated").isEqualTo(true);
    assertThat(call(layered, "isTerminated")).isEqualTo(true);
  }

  /** {@code HttpClient.<name>()} of Java 21+, called on {@code client}. */
  private static Object call(HttpClient client, String name) throws Exception {
    Method m = HttpClient.class.getMethod(name);
    return m.invoke(client);
  }
}

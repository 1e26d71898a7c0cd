package dev.httpjson.examples;

import dev.httpjson.CallListener;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * The documentation's "Seeing your calls" examples: a listener on a client, and on a plain client.
 */
public final class ObservabilityExample {
  record User(String id, String name) {}

  /** Counts calls and failures, and logs the slow ones with where their time went. */
  static final class SlowCalls implements CallListener {
    private final LongAdder calls = new LongAdder();
    private final LongAdder failures = new LongAdder();

    @Override
    public void callEnd(Call call, long nanoTime) {
      calls.increment();
      Duration took = Duration.ofNanos(nanoTime - call.startNanos());
      if (took.compareTo(Duration.ofSeconds(1)) > 0) {
        System.getLogger("app.http")
            .log(
                System.Logger.Level.WARNING,
                call.method() + " " + call.uri() + " took " + took.toMillis() + " ms");
      }
    }

    @Override
    public void callFailed(Call call, Throwable failure, long nanoTime) {
      calls.increment();
      failures.increment();
    }
  }

  public static void main(String[] args) throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.example.com/v1/")
            .listener(new SlowCalls()) // every call: start, headers, body, decoded, end or failure
            .build();
    User user = api.getFromJson("users/42", User.class);
    System.out.println(user);

    HttpClient observed = CallListener.decorate(HttpClient.newHttpClient(), new SlowCalls());
    User same =
        HttpJson.getFromJson(
            observed, URI.create("https://api.example.com/v1/users/42"), User.class);
    System.out.println(same);
  }

  private ObservabilityExample() {}
}

package dev.httpjson.testing;

import dev.httpjson.JsonOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;

/** The stub as a parity backend: one catch-all route whose replies are the test's script. */
final class StubBackend implements Backend {
  private final StubHttpClient stub = StubHttpClient.create();
  private final Route all = stub.on("any request", r -> true);

  @Override
  public HttpClient client() {
    return stub;
  }

  @Override
  public URI base() {
    return URI.create("https://api.test/");
  }

  @Override
  public void enqueue(Reply reply, JsonOptions options) {
    // The stub writes with its own options; the parity suite uses the default ones on both sides.
    all.reply(reply);
  }

  @Override
  public Seen take(Duration timeout) throws InterruptedException {
    StubRequest r = stub.takeRequest(timeout);
    return new Seen(r.method(), r.path(), r.headers(), r.body());
  }

  @Override
  public void close() {
    stub.verify();
  }
}

package dev.httpjson.testing;

import dev.httpjson.JsonOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;

/**
 * Where a parity test's replies come from: the stub, or a loopback server scripted with the very
 * same {@link Reply}.
 */
interface Backend extends AutoCloseable {
  /** The client under test. */
  HttpClient client();

  /** The base URI requests go to. */
  URI base();

  /** Answers the next request with {@code reply}, written with {@code options}. */
  void enqueue(Reply reply, JsonOptions options);

  /** The next request received: method, path, a header and the body. */
  Seen take(Duration timeout) throws InterruptedException;

  @Override
  void close();

  /** A received request, as both backends can tell it. */
  record Seen(String method, String path, java.net.http.HttpHeaders headers, byte[] body) {
    String header(String name) {
      return headers.firstValue(name).orElse(null);
    }
  }
}

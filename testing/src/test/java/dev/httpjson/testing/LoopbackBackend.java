package dev.httpjson.testing;

import dev.httpjson.JsonOptions;
import dev.httpjson.contract.LoopbackServer;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockResponseBody;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import okio.BufferedSink;

/**
 * A loopback server playing a {@link Reply} on the wire: the same status, headers, parts, pauses,
 * delay, cut and drops, so that a parity test compares the stub with the JDK client against a real
 * server.
 */
final class LoopbackBackend implements Backend {
  private final MockWebServer server;
  private final HttpClient client = HttpClient.newHttpClient();

  LoopbackBackend() {
    try {
      server = LoopbackServer.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public HttpClient client() {
    return client;
  }

  @Override
  public URI base() {
    return LoopbackServer.uri(server, "/");
  }

  @Override
  public void enqueue(Reply reply, JsonOptions options) {
    server.enqueue(toMock(reply, options));
  }

  static MockResponse toMock(Reply reply, JsonOptions options) {
    MockResponse.Builder b = new MockResponse.Builder().code(reply.status);
    reply.headers.forEach((name, values) -> values.forEach(v -> b.addHeader(name, v)));
    if (reply.drop == Reply.Drop.BEFORE_REQUEST_BODY) {
      return b.doNotReadRequestBody().onRequestStart(new SocketEffect.CloseSocket()).build();
    }
    if (reply.drop == Reply.Drop.AFTER_REQUEST_BODY) {
      return b.onResponseStart(new SocketEffect.CloseSocket()).build();
    }
    if (!reply.delay.isZero()) {
      b.headersDelay(reply.delay.toMillis(), TimeUnit.MILLISECONDS);
    }
    List<Object> parts = reply.render(options);
    long total = Reply.length(parts);
    long length = reply.streamed ? -1 : total;
    long cutAt =
        reply.streamed
            ? reply.cutShortAt
            : Reply.cutOfFixed(total, reply.cutShortAt, reply.dropAtEnd);
    if (reply.dropAtEnd || (cutAt >= 0 && cutAt < total)) {
      b.onResponseEnd(new SocketEffect.CloseSocket());
    }
    if (reply.streamed) {
      b.addHeader("Transfer-Encoding", "chunked");
    }
    b.body(
        new MockResponseBody() {
          @Override
          public long getContentLength() {
            return length;
          }

          @Override
          public void writeTo(BufferedSink sink) throws IOException {
            long left = cutAt;
            for (int i = 0; i < parts.size(); i++) {
              Object part = parts.get(i);
              if (part instanceof Duration) {
                sleep((Duration) part);
                continue;
              }
              byte[] bytes = (byte[]) part;
              boolean cut = false;
              if (left >= 0 && bytes.length >= left) {
                cut = bytes.length > left || i + 1 < parts.size();
                bytes = java.util.Arrays.copyOf(bytes, (int) left);
                left = 0;
              } else if (left >= 0) {
                left -= bytes.length;
              }
              write(sink, bytes, reply.streamed);
              if (cut) {
                return; // the socket closes at the response's end: a body cut short
              }
            }
            if (reply.dropAtEnd) {
              return;
            }
            if (reply.streamed) {
              sink.writeUtf8("0\r\n\r\n");
              sink.flush();
            }
          }
        });
    return b.build();
  }

  private static void write(BufferedSink sink, byte[] bytes, boolean chunked) throws IOException {
    if (bytes.length == 0) {
      return;
    }
    if (chunked) {
      sink.writeUtf8(Integer.toHexString(bytes.length)).writeUtf8("\r\n");
      sink.write(bytes).writeUtf8("\r\n");
    } else {
      sink.write(bytes);
    }
    sink.flush();
  }

  private static void sleep(Duration pause) throws IOException {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException();
    }
  }

  @Override
  public Seen take(Duration timeout) throws InterruptedException {
    RecordedRequest r = server.takeRequest(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (r == null) {
      throw new AssertionError("no request reached the server within " + timeout);
    }
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (String name : r.getHeaders().names()) {
      headers.put(name, r.getHeaders().values(name));
    }
    byte[] body = r.getBody() == null ? new byte[0] : r.getBody().toByteArray();
    return new Seen(
        r.getMethod(), r.getUrl().encodedPath(), HttpHeaders.of(headers, (n, v) -> true), body);
  }

  @Override
  public void close() {
    server.close();
  }
}

package dev.httpjson.testing;

import dev.httpjson.contract.LoopbackServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okio.Buffer;
import okio.ByteString;
import org.jspecify.annotations.Nullable;

/**
 * A {@link StubHttpClient} answering, in memory, the requests meant for {@link MockWebServer}s from
 * their own scripts: one route takes every request to a server's host and port, records it as the
 * server would ({@link RecordedRequest}), asks the server's dispatcher for its {@link MockResponse}
 * (what a contract enqueued) and plays it as a {@link Reply}: status, headers, body, chunks,
 * throttling and delays. The servers are started (their URLs name the requests) but never reached:
 * no connection is made.
 *
 * <p>A request to any other address (a second server, a raw socket) finds no route and fails the
 * call. A response script the stub cannot play (socket effects, trailers, informational responses,
 * server push, WebSocket upgrades) fails the call naming what it was.
 */
final class ScriptedStub {
  private final Supplier<List<MockWebServer>> servers;
  private final StubHttpClient stub = StubHttpClient.create();
  private final Map<MockWebServer, Recorded> recorded = new ConcurrentHashMap<>();

  /**
   * A stub answering for {@code servers}: asked at each request, so that a server a test starts or
   * replaces later is answered for too.
   */
  ScriptedStub(Supplier<List<MockWebServer>> servers) {
    this.servers = servers;
    stub.on("a request to a scripted server " + servers.get(), r -> serverFor(r.uri()) != null)
        .reply(this::answer)
        .always();
  }

  /** The client the contract calls through. */
  HttpClient client() {
    return stub;
  }

  /** The requests the stub answered for {@code server}, as the server would have recorded them. */
  LoopbackServer.Received received(MockWebServer server) {
    return recorded.computeIfAbsent(server, s -> new Recorded());
  }

  private @Nullable MockWebServer serverFor(URI uri) {
    for (MockWebServer server : servers.get()) {
      if (server != null
          && server.getPort() == uri.getPort()
          && server.getHostName().equalsIgnoreCase(uri.getHost())) {
        return server;
      }
    }
    return null;
  }

  private Reply answer(StubRequest request) {
    MockWebServer server = Objects.requireNonNull(serverFor(request.uri()), "no server");
    Recorded record = (Recorded) received(server);
    RecordedRequest recorded = recorded(request, record.count.getAndIncrement());
    record.requests.add(recorded);
    MockResponse response;
    try {
      response = server.getDispatcher().dispatch(recorded);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the script chose its response", e);
    }
    return reply(response);
  }

  /** One server's requests. */
  private static final class Recorded implements LoopbackServer.Received {
    final LinkedBlockingQueue<RecordedRequest> requests = new LinkedBlockingQueue<>();
    final AtomicInteger count = new AtomicInteger();

    @Override
    public RecordedRequest take(long timeout, TimeUnit unit) throws InterruptedException {
      return requests.poll(timeout, unit);
    }

    @Override
    public int count() {
      return count.get();
    }
  }

  /** The request as mockwebserver3 records it, each exchange on a connection of its own. */
  static RecordedRequest recorded(StubRequest request, int index) {
    Headers.Builder headers = new Headers.Builder();
    request.headers().map().forEach((k, vs) -> vs.forEach(v -> headers.addUnsafeNonAscii(k, v)));
    String query = request.uri().getRawQuery();
    String target = request.path() + (query == null ? "" : "?" + query);
    byte[] body = request.body();
    return new RecordedRequest(
        index,
        0,
        null,
        List.of(),
        request.method(),
        target,
        "HTTP/1.1",
        HttpUrl.get(request.uri().toString()),
        headers.build(),
        ByteString.of(body),
        body.length,
        List.of(),
        null);
  }

  /** The response as a reply: the same status, headers and body bytes, in the same chunks. */
  static Reply reply(MockResponse response) {
    refuseWhatCannotBePlayed(response);
    Headers headers = response.getHeaders();
    boolean chunked = "chunked".equalsIgnoreCase(headers.get("Transfer-Encoding"));
    String declared = headers.get("Content-Length");
    byte[] body = body(response);
    List<byte[]> parts = chunked ? dechunk(body) : new ArrayList<>(List.of(body));
    Reply reply = Reply.bare(response.getCode(), chunked || declared == null);
    for (String name : headers.names()) {
      if (!name.equalsIgnoreCase("Content-Length")) {
        reply = reply.header(name, headers.values(name).toArray(new String[0]));
      }
    }
    long cut = -1;
    if (!chunked && declared != null) {
      long length = Long.parseLong(declared.trim());
      if (length > body.length) {
        // A lying length: announce it, deliver what there is, then the connection ends.
        cut = body.length;
        parts.add(new byte[(int) (length - body.length)]);
      } else if (length < body.length) {
        parts = new ArrayList<>(List.of(Arrays.copyOf(body, (int) length)));
      }
    }
    reply = reply.delay(Duration.ofNanos(response.getHeadersDelayNanos()));
    if (response.getBodyDelayNanos() > 0) {
      reply = reply.pause(Duration.ofNanos(response.getBodyDelayNanos()));
    }
    long period = response.getThrottlePeriodNanos();
    long perPeriod = response.getThrottleBytesPerPeriod();
    boolean first = true;
    for (byte[] part : parts) {
      if (period > 0 && perPeriod > 0 && perPeriod < Integer.MAX_VALUE) {
        for (int at = 0; at < part.length; at += (int) perPeriod) {
          if (!first) {
            reply = reply.pause(Duration.ofNanos(period));
          }
          first = false;
          reply =
              reply.chunk(
                  Arrays.copyOfRange(part, at, (int) Math.min(part.length, at + perPeriod)));
        }
      } else {
        reply = reply.chunk(part);
      }
    }
    return cut >= 0 ? reply.cutShort(cut) : reply;
  }

  private static void refuseWhatCannotBePlayed(MockResponse r) {
    List<String> refused = new ArrayList<>();
    if (r.getOnRequestStart() != null
        || r.getOnRequestBody() != null
        || r.getOnResponseStart() != null
        || r.getOnResponseBody() != null
        || r.getOnResponseEnd() != null) {
      refused.add("socket effects");
    }
    if (r.getDoNotReadRequestBody()) {
      refused.add("an unread request body");
    }
    if (r.getTrailers().size() > 0 || r.getTrailersDelayNanos() > 0) {
      refused.add("trailers");
    }
    if (!r.getInformationalResponses().isEmpty()) {
      refused.add("informational responses");
    }
    if (!r.getPushPromises().isEmpty()) {
      refused.add("server push");
    }
    if (r.getSocketHandler() != null || r.getWebSocketListener() != null || r.getInTunnel()) {
      refused.add("a socket handler, WebSocket or tunnel");
    }
    if (r.getShutdownServer() || r.getFailHandshake()) {
      refused.add("a server shutdown or failed handshake");
    }
    if (!refused.isEmpty()) {
      throw new UnsupportedOperationException("a stub cannot play " + refused + ": " + r);
    }
  }

  private static byte[] body(MockResponse response) {
    if (response.getBody() == null) {
      return new byte[0];
    }
    Buffer buffer = new Buffer();
    try {
      response.getBody().writeTo(buffer);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return buffer.readByteArray();
  }

  /** The data of each chunk of an HTTP/1.1 chunked body, as written on the wire. */
  static List<byte[]> dechunk(byte[] wire) {
    List<byte[]> chunks = new ArrayList<>();
    int at = 0;
    while (at < wire.length) {
      int eol = indexOfCrlf(wire, at);
      String size = new String(wire, at, eol - at, StandardCharsets.US_ASCII);
      int semicolon = size.indexOf(';');
      int length =
          Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
      at = eol + 2;
      if (length == 0) {
        break; // the last chunk; no trailers are played
      }
      ByteArrayOutputStream chunk = new ByteArrayOutputStream(length);
      chunk.write(wire, at, length);
      chunks.add(chunk.toByteArray());
      at += length + 2;
    }
    return chunks;
  }

  private static int indexOfCrlf(byte[] bytes, int from) {
    for (int i = from; i + 1 < bytes.length; i++) {
      if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
        return i;
      }
    }
    throw new IllegalArgumentException("a chunked body without its CRLF after byte " + from);
  }
}

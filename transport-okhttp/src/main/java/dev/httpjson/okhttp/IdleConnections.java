package dev.httpjson.okhttp;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.EventListener;
import okhttp3.Protocol;
import okhttp3.Response;

/**
 * Whether a pooled HTTP/1 connection was closed by the server while it sat idle, as servers close
 * idle keep-alive connections (nginx after 75 s, Node after 5 s). OkHttp looks for that only after
 * 10 s of idleness, and writes a request into a connection closed sooner: it then sends the request
 * again on a new one when it may, but never a body it is told is one-shot, and so a POST failed
 * ("unexpected end of stream") that the server never saw. {@link PublisherRequestBody} asks before
 * its request is written, and a request whose connection was closed is sent on another.
 *
 * <p>Looking costs a read with a 1 ms timeout, so it is done only on a connection idle for at least
 * {@link #LOOK_AFTER_NANOS}: the time since a call of this client released it, which this listener
 * of every call of the client notes. A connection that no call of the client released (a new one)
 * is not looked at.
 *
 * <p>An HTTP/1.0 response without {@code Connection: keep-alive} says that the server closes the
 * connection after it (RFC 9112, section 9.3), and it may close it a while later: OkHttp, which
 * looks for {@code Connection: close} only, would pool it, and send the next request into it. Its
 * connection is closed when its call releases it, so that no request goes there.
 *
 * <p>So is the connection of a {@code 101 Switching Protocols}, which the client never asks for:
 * after it the server speaks another protocol on the connection (RFC 9110, section 15.2.2), and
 * OkHttp, which reads the 101 as a response without a body, would pool it and read what the server
 * sends next as the answer to the next request.
 */
final class IdleConnections extends EventListener {
  /** Idle this long, a connection is looked at before a request that must not be repeated. */
  static final long LOOK_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  /**
   * When each pooled connection was last released, keyed by its socket: OkHttp locks its connection
   * objects, and on JDK 25 taking such an object's identity hash cost the caller ~2.6 µs a call
   * (more under a JFR recording); a socket's costs nothing measurable.
   */
  private final ConcurrentHashMap<Socket, AtomicLong> idleSince = new ConcurrentHashMap<>();

  /** The calls whose last response leaves its connection unusable: see the class description. */
  private final Set<Call> closing = ConcurrentHashMap.newKeySet();

  @Override
  public void responseHeadersEnd(Call call, Response response) {
    if (response.code() == 101
        || (response.protocol() == Protocol.HTTP_1_0 && !keptAlive(response))) {
      closing.add(call);
    } else if (!closing.isEmpty()) {
      closing.remove(call); // a later response of the call (a redirect followed) on another
    }
  }

  /** Whether an HTTP/1.0 response says its connection persists: {@code Connection: keep-alive}. */
  private static boolean keptAlive(Response response) {
    for (String value : response.headers("Connection")) {
      for (String option : value.split(",", -1)) {
        if (option.trim().equalsIgnoreCase("keep-alive")) {
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public void callEnd(Call call) {
    if (!closing.isEmpty()) {
      closing.remove(call);
    }
  }

  @Override
  public void callFailed(Call call, IOException ioe) {
    callEnd(call);
  }

  @Override
  public void connectionReleased(Call call, Connection connection) {
    if (!closing.isEmpty() && closing.remove(call)) {
      try {
        connection.socket().close(); // the pool drops a closed connection
      } catch (IOException ignored) {
        // closed all the same
      }
      return;
    }
    Socket socket = connection.socket();
    AtomicLong since = idleSince.get(socket);
    if (since == null) {
      // A connection released for the first time: forget the ones closed since.
      idleSince.keySet().removeIf(Socket::isClosed);
      since = idleSince.computeIfAbsent(socket, c -> new AtomicLong());
    }
    since.set(System.nanoTime());
  }

  /**
   * Whether the server closed {@code connection}, an HTTP/1 connection taken from the pool after
   * being idle a while; false when it was not idle long enough to look, or is still open.
   */
  boolean closedByPeer(Connection connection) {
    Protocol protocol = connection.protocol();
    if (protocol != Protocol.HTTP_1_1 && protocol != Protocol.HTTP_1_0) {
      return false; // HTTP/2 learns of a closing connection from its GOAWAY frame
    }
    if (connection.socket().isClosed()) {
      return true; // closed above, as a call took it from the pool
    }
    AtomicLong since = idleSince.get(connection.socket());
    if (since == null || System.nanoTime() - since.get() < LOOK_AFTER_NANOS) {
      return false;
    }
    return closed(connection.socket());
  }

  /**
   * Whether the peer closed the socket of an idle HTTP/1 connection: a read that ends (or fails)
   * rather than times out. A byte read there came unasked, before any request, and leaves the
   * connection unusable too.
   */
  private static boolean closed(Socket socket) {
    try {
      int timeout = socket.getSoTimeout();
      try {
        socket.setSoTimeout(1);
        socket.getInputStream().read();
        return true;
      } finally {
        socket.setSoTimeout(timeout);
      }
    } catch (SocketTimeoutException open) {
      return false;
    } catch (IOException e) {
      return true;
    }
  }
}

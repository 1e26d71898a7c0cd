package dev.httpjson.contract;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import javax.net.ServerSocketFactory;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okio.Buffer;

/** Small helpers over mockwebserver3 for scripted loopback responses. */
public final class LoopbackServer {
  private LoopbackServer() {}

  public static MockWebServer start() throws IOException {
    MockWebServer server = newServer();
    server.start(InetAddress.getLoopbackAddress(), 0);
    return server;
  }

  /**
   * A server, not started yet, whose connections send each write at once. mockwebserver3 writes a
   * response's headers and its body separately on a socket with Nagle's algorithm on, so a body
   * waits for the ACK of the headers, which the client delays by 40 ms: every call with a body then
   * took ~45 ms on loopback (measured: 46-50 ms per GET of a 3-byte body, 0.9 ms with this).
   */
  public static MockWebServer newServer() {
    MockWebServer server = new MockWebServer();
    server.setServerSocketFactory(NoDelayServerSockets.INSTANCE);
    return server;
  }

  /** Server sockets whose accepted connections have {@code TCP_NODELAY} set. */
  private static final class NoDelayServerSockets extends ServerSocketFactory {
    static final NoDelayServerSockets INSTANCE = new NoDelayServerSockets();

    @Override
    public ServerSocket createServerSocket() throws IOException {
      return new ServerSocket() {
        @Override
        public Socket accept() throws IOException {
          Socket socket = super.accept();
          socket.setTcpNoDelay(true);
          return socket;
        }
      };
    }

    // mockwebserver3 creates its socket unbound and binds it itself; these forms are not used.
    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
      throw new UnsupportedOperationException("createServerSocket(port)");
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
      throw new UnsupportedOperationException("createServerSocket(port, backlog)");
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress address)
        throws IOException {
      throw new UnsupportedOperationException("createServerSocket(port, backlog, address)");
    }
  }

  public static URI uri(MockWebServer server, String path) {
    return server.url(path).uri();
  }

  public static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }

  /**
   * A body sent without a Content-Length: chunked in pieces of {@code chunk} bytes over HTTP/1.1;
   * over HTTP/2 (an HTTPS server here), plain DATA frames with no content-length header.
   */
  public static MockResponse withoutLength(MockWebServer server, int code, String body, int chunk) {
    MockResponse.Builder b = new MockResponse.Builder().code(code);
    if (server.url("/").isHttps()) {
      return b.body(body).removeHeader("Content-Length").build();
    }
    return b.chunkedBody(body, chunk).build();
  }

  public static MockResponse bytes(int code, String contentType, byte[] body) {
    MockResponse.Builder b = new MockResponse.Builder().code(code).body(new Buffer().write(body));
    if (contentType != null) {
      b.addHeader("Content-Type", contentType);
    }
    return b.build();
  }

  /**
   * The next request the server received, waiting at most 10 s: {@link MockWebServer#takeRequest()}
   * waits forever when the request never comes.
   */
  public static RecordedRequest take(MockWebServer server) throws InterruptedException {
    return received(server).take();
  }

  /** The requests {@code server} received on its socket. */
  public static Received received(MockWebServer server) {
    return new Received() {
      @Override
      public RecordedRequest take(long timeout, TimeUnit unit) throws InterruptedException {
        return server.takeRequest(timeout, unit);
      }

      @Override
      public int count() {
        return server.getRequestCount();
      }
    };
  }

  /**
   * What a contract reads of the requests its scripted server received: by default the server's own
   * record ({@link #received(MockWebServer)}); a transport that answers from the server's script
   * without its socket (an in-memory client) records them itself.
   */
  public interface Received {
    /**
     * The next request not taken yet, waiting at most {@code timeout}.
     *
     * @return the request, or null when none came in time
     */
    RecordedRequest take(long timeout, TimeUnit unit) throws InterruptedException;

    /** How many requests arrived so far, taken or not. */
    int count();

    /** The next request, waiting at most 10 s: fails when none came. */
    default RecordedRequest take() throws InterruptedException {
      RecordedRequest request = take(10, TimeUnit.SECONDS);
      if (request == null) {
        throw new AssertionError("no request reached the server within 10 s");
      }
      return request;
    }
  }
}

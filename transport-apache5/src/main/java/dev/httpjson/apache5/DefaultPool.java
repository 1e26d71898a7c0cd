package dev.httpjson.apache5;

import java.io.IOException;
import java.io.InputStream;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.io.DefaultHttpClientConnectionOperator;
import org.apache.hc.client5.http.impl.io.DefaultHttpResponseParserFactory;
import org.apache.hc.client5.http.impl.io.DefaultManagedHttpClientConnection;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.io.DetachedSocketFactory;
import org.apache.hc.client5.http.io.ManagedHttpClientConnection;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.ContentLengthStrategy;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpMessage;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.impl.DefaultContentLengthStrategy;
import org.apache.hc.core5.http.impl.io.SocketHolder;
import org.apache.hc.core5.http.io.HttpClientConnection;
import org.apache.hc.core5.http.io.HttpConnectionFactory;
import org.apache.hc.core5.http.io.HttpMessageParser;
import org.apache.hc.core5.http.io.ResponseOutOfOrderStrategy;
import org.apache.hc.core5.http.io.SessionInputBuffer;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.pool.PoolConcurrencyPolicy;
import org.apache.hc.core5.pool.PoolReusePolicy;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;

/**
 * The connection pool of {@link Apache5Transport#newHttpClient()}: Apache's pool, bounded, looking
 * without waiting at each connection idle {@value #LOOK_AFTER_MILLIS} ms or more before reuse
 * ({@link ChannelSocket}), with two changes that make its connections behave as the JDK client's
 * do.
 *
 * <ul>
 *   <li>A response head cut short by the end of the connection fails the exchange. Apache's parser
 *       takes whatever header lines arrived before the end as the whole head, and the exchange then
 *       succeeds with an empty body.
 *   <li>A connection given up (a cancelled call, a timeout, an interrupt) is closed with a FIN, as
 *       the JDK closes it, rather than reset: Apache asks for a reset (linger 0), and a server
 *       waiting on the connection then sees an error instead of the client's close.
 * </ul>
 *
 * <p>And two more, which its connection factory ({@link #connections()}) gives other pools too: a
 * Content-Length repeated with the same value frames the body, as the JDK client reads it (Apache
 * refuses the response); and a final answer that a server sends before it has read a large request
 * body (a 413, a 401) ends the writing of the body, and the exchange reads it, as the JDK client
 * and OkHttp give it to the caller. Apache would write on until the server stops reading and
 * closes, and then fail the exchange with the write.
 */
final class DefaultPool {
  static final int MAX_TOTAL = 256;
  static final int MAX_PER_ROUTE = 64;

  /**
   * A pooled connection of this pool's own socket ({@link ChannelSocket}) idle this long is looked
   * at before reuse, without waiting: an end of stream or a reset that arrived (a server that
   * closed it, at its keep-alive timeout or at once) makes it stale, and the request goes on a new
   * connection. A POST written to a connection the server closed fails without the server having
   * read it, and is not sent again, as the server may have read a request whose connection fails
   * later. The look costs five system calls and is skipped for a connection reused sooner:
   * back-to-back calls (tens of microseconds apart) keep the path they had, one {@code available()}
   * of the socket ({@link InStepConnection}). A server that closes a connection within a
   * millisecond of its response, with the client's next request within that millisecond too, races
   * its FIN against the request: a look could miss it as well, the FIN still on its way.
   */
  static final long LOOK_AFTER_MILLIS = 1;

  /**
   * A pooled connection of another socket (one through a SOCKS proxy) idle this long is checked
   * before reuse: a read that waits at most 1 ms finds whether the server closed it meanwhile, and
   * a closed one is replaced by a new connection. Servers close idle connections after their
   * keep-alive timeout (nginx as configured, often 1 s; gunicorn 2 s; Node.js and Apache httpd 5
   * s). Every reuse, however soon, looks without waiting for bytes past the last response ({@link
   * InStepConnection}).
   */
  static final long VALIDATE_AFTER_MILLIS = 500;

  /**
   * The most bytes of a response head read before it is refused: the JDK client's limit ({@code
   * jdk.http.maxHeaderSize}'s default). Apache's own limits, 100 header lines of 8 KiB at most,
   * refuse heads that the JDK client and OkHttp read (a long Content-Security-Policy or cookie,
   * many Set-Cookie lines); here a line may be as long as a head, and the number of lines is
   * bounded by the head's size alone. The trailers of a chunked body, read with the connection's
   * settings, may have {@value #MAX_TRAILER_LINES} lines, so that they too stay within a few MiB.
   */
  static final int MAX_HEAD_BYTES = 384 * 1024;

  /** The most trailer lines of a chunked body: lines as long as a head's, 100 would be 38 MiB. */
  static final int MAX_TRAILER_LINES = 10;

  /** The connections' configuration: lines as long as a head may be, few trailer lines. */
  private static final Http1Config CONNECTIONS =
      Http1Config.custom()
          .setMaxLineLength(MAX_HEAD_BYTES)
          .setMaxHeaderCount(MAX_TRAILER_LINES)
          .build();

  /** The head parser's: no count of lines, as the head's size bounds it ({@link EndWatch}). */
  private static final Http1Config HEADS =
      Http1Config.custom().setMaxLineLength(MAX_HEAD_BYTES).setMaxHeaderCount(-1).build();

  private DefaultPool() {}

  static PoolingHttpClientConnectionManager create() {
    DetachedSocketFactory sockets =
        proxy -> proxy == null ? new ChannelSocket() : new FinSocket(proxy);
    DefaultHttpClientConnectionOperator operator =
        new DefaultHttpClientConnectionOperator(
            sockets,
            null,
            null,
            RegistryBuilder.<TlsSocketStrategy>create()
                .register(URIScheme.HTTPS.id, DefaultClientTlsStrategy.createDefault())
                .build());
    PoolingHttpClientConnectionManager pool =
        new PoolingHttpClientConnectionManager(
            operator,
            PoolConcurrencyPolicy.STRICT,
            PoolReusePolicy.LIFO,
            TimeValue.NEG_ONE_MILLISECOND,
            connections());
    pool.setMaxTotal(MAX_TOTAL);
    pool.setDefaultMaxPerRoute(MAX_PER_ROUTE);
    pool.setDefaultSocketConfig(SocketConfig.custom().setTcpNoDelay(true).build());
    pool.setDefaultConnectionConfig(
        ConnectionConfig.custom()
            .setSocketTimeout(Timeout.DISABLED)
            // Every lease asks the connection (InStepConnection.isStale): on a ChannelSocket idle
            // LOOK_AFTER_MILLIS, a look that never waits; on another, a wait of 1 ms at most, only
            // after VALIDATE_AFTER_MILLIS of idleness.
            .setValidateAfterInactivity(TimeValue.ZERO_MILLISECONDS)
            .build());
    return pool;
  }

  /**
   * A socket that closes with a FIN even when asked for a reset, and whose input shows what arrived
   * without taking it ({@link PeekInput}).
   */
  static final class FinSocket extends Socket {
    private @Nullable PeekInput input;

    FinSocket() {}

    FinSocket(Proxy proxy) {
      super(proxy);
    }

    @Override
    public synchronized InputStream getInputStream() throws IOException {
      PeekInput in = input;
      if (in == null) {
        in = input = new PeekInput(super.getInputStream());
      }
      return in;
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
      if (on && linger == 0) {
        return; // Apache's abortive close: close as the JDK client does instead
      }
      super.setSoLinger(on, linger);
    }
  }

  /**
   * Connections whose response parser fails a head that the end of the connection cut short, that
   * stop writing a request body when the server has answered it ({@link EarlyAnswers}), and that
   * are never used again once a server sent bytes past a response's end ({@link InStepConnection}).
   */
  static HttpConnectionFactory<ManagedHttpClientConnection> connections() {
    DefaultHttpResponseParserFactory parsers = new DefaultHttpResponseParserFactory(HEADS);
    EarlyAnswers early = new EarlyAnswers();
    RepeatedLengths lengths = new RepeatedLengths();
    return socket -> {
      InStepConnection connection =
          new InStepConnection(
              "http-outgoing-" + IDS.getAndIncrement(),
              lengths,
              early,
              new WholeHeadParser(parsers.create()));
      if (socket != null) {
        connection.bind(socket);
      }
      return connection;
    };
  }

  private static final AtomicLong IDS = new AtomicLong();

  /**
   * Apache's connection, out of use once a server sent bytes past a response's end. Apache leaves
   * such bytes (a server that counted characters for its Content-Length, or a response split by an
   * attacker's input) in the connection's buffer and reads them as the answer to the next request
   * on it: that call gets a forged answer, the one after it the answer to the call before. The JDK
   * client drops such a connection. Here the pool's check before each reuse ({@link #isStale})
   * looks, without waiting, for bytes that arrived since the last response (in Apache's buffer or
   * the socket's), and a connection that has any is closed and replaced; a pool that does not ask
   * before each reuse gets the same look before a request is written, which fails the call rather
   * than let it read them.
   */
  static final class InStepConnection extends DefaultManagedHttpClientConnection {
    private static final long VALIDATE_AFTER_NANOS =
        TimeUnit.MILLISECONDS.toNanos(VALIDATE_AFTER_MILLIS);
    private static final long LOOK_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(LOOK_AFTER_MILLIS);

    private final WholeHeadParser heads;
    // Used by one thread at a time; the pool hands the connection over with a happens-before.
    private long idleSince = System.nanoTime();
    private boolean looked; // isStale looked for bytes since the last request: no second look

    InStepConnection(
        String id,
        ContentLengthStrategy lengths,
        ResponseOutOfOrderStrategy early,
        WholeHeadParser heads) {
      super(id, null, null, CONNECTIONS, lengths, null, early, null, config -> heads);
      this.heads = heads;
    }

    @Override
    public void passivate() {
      idleSince = System.nanoTime();
      looked = false; // a check that no request followed: the next lease looks at the socket again
      super.passivate();
    }

    /**
     * Stale when closed, when bytes arrived past the last response, or when the server closed it:
     * on a socket of this pool ({@link ChannelSocket}) idle {@value #LOOK_AFTER_MILLIS} ms or more,
     * a look that never waits sees an end of stream or a reset that arrived; on another, idle
     * {@value #VALIDATE_AFTER_MILLIS} ms or more, Apache's 1 ms read.
     */
    @Override
    public boolean isStale() throws IOException {
      if (!isOpen() || unread(true) != 0) {
        return true;
      }
      Socket base = baseSocket();
      long idle = System.nanoTime() - idleSince;
      if (base instanceof ChannelSocket) {
        if (idle >= LOOK_AFTER_NANOS) {
          // A byte the look took is kept for the next read, and counted as unread (over TLS, a
          // record: the server's close_notify, read by unread's own check).
          int seen = ((ChannelSocket) base).look();
          if (seen < 0 || (seen > 0 && unread(true) != 0)) {
            return true;
          }
        }
      } else if (idle >= VALIDATE_AFTER_NANOS && (super.isStale() || unread(true) != 0)) {
        return true;
      }
      looked = true;
      return false;
    }

    /** The socket beneath TLS, or the plain one; null once closed. */
    private @Nullable Socket baseSocket() {
      SocketHolder holder = getSocketHolder();
      if (holder == null) {
        return null;
      }
      Socket base = holder.getBaseSocket();
      return base != null ? base : holder.getSocket();
    }

    @Override
    public void sendRequestHeader(ClassicHttpRequest request) throws HttpException, IOException {
      // After the pool's look, only what reached Apache's buffer since (no system call).
      long unread = isOpen() ? unread(!looked) : 0;
      looked = false;
      if (unread > 0) {
        close(CloseMode.GRACEFUL);
        throw new ConnectionClosedException(
            "The connection had "
                + unread
                + " byte(s) past the end of its last response (a server that sent more than its"
                + " Content-Length): closed before "
                + request.getMethod()
                + " "
                + request.getRequestUri()
                + " was written, rather than read them as its answer");
      }
      super.sendRequestHeader(request);
    }

    /**
     * The bytes that arrived past the last response, at least: those in Apache's buffer, and with
     * {@code socket} those the socket has ready (never waits); -1 when the server closed the
     * connection over TLS. The TLS socket counts only what it decrypted already: when none but the
     * socket beneath has bytes (a record of their own), they are read (1 ms at most, as the pool's
     * check of an idle connection reads) into Apache's buffer and counted, unless they end the
     * connection (the server's close, which the request then meets as it would have).
     */
    private long unread(boolean socket) throws IOException {
      long n = buffered();
      if (!socket) {
        return n;
      }
      SocketHolder holder = getSocketHolder();
      if (holder == null) {
        return n;
      }
      Socket s = holder.getSocket();
      n += s.getInputStream().available();
      Socket base = holder.getBaseSocket();
      if (n == 0
          && base != null
          && base != s
          && !base.isClosed()
          && base.getInputStream().available() > 0) {
        if (super.isStale()) {
          return -1;
        }
        n = buffered();
      }
      return n;
    }

    /** The bytes in Apache's buffer of this connection, once it read a response. */
    private long buffered() {
      SessionInputBuffer buffer = heads.buffer;
      return buffer == null ? 0 : buffer.length();
    }
  }

  /**
   * Apache's framing of a response, but for a Content-Length given more than once with the same
   * value, which frames the body as once (RFC 9110, section 8.6) where Apache refuses it: proxies
   * and frameworks that copy a header send such responses, and the JDK client reads them. Values
   * that differ leave the body's end unknown, and the response is refused still.
   */
  static final class RepeatedLengths implements ContentLengthStrategy {
    @Override
    public long determineLength(HttpMessage message) throws HttpException {
      if (message.countHeaders("Content-Length") > 1
          && !message.containsHeader("Transfer-Encoding")) {
        Header[] lengths = message.getHeaders("Content-Length");
        String value = lengths[0].getValue().trim();
        boolean same = !value.isEmpty() && value.length() <= 18;
        for (int i = 0; same && i < value.length(); i++) {
          same = value.charAt(i) >= '0' && value.charAt(i) <= '9';
        }
        for (int i = 1; same && i < lengths.length; i++) {
          same = lengths[i].getValue().trim().equals(value);
        }
        if (same) {
          return Long.parseLong(value);
        }
      }
      return DefaultContentLengthStrategy.INSTANCE.determineLength(message);
    }
  }

  /**
   * Notices a final answer that arrived while a request body of known length is written, once
   * {@value #LOOK_EVERY} bytes of it went and then at every {@value #LOOK_EVERY} more (a look is
   * one {@code available()} of the socket, and a shorter body is in the sockets' buffers before an
   * answer could stop it). Apache then stops writing the body, reads the answer, and closes the
   * connection after it (its body cut short leaves it out of step). An interim answer (1xx) does
   * not stop the body, nor does anything on a request that asked for {@code 100-continue} (a late
   * 100 may come after Apache stopped waiting for it), nor on a connection whose bytes cannot be
   * looked at without taking them (TLS, a socket not of this pool).
   */
  static final class EarlyAnswers implements ResponseOutOfOrderStrategy {
    static final long LOOK_EVERY = 64 * 1024;

    @Override
    public boolean isEarlyResponseDetected(
        ClassicHttpRequest request,
        HttpClientConnection connection,
        InputStream in,
        long sent,
        long next)
        throws IOException {
      if (sent / LOOK_EVERY == (sent + next) / LOOK_EVERY || !(in instanceof PeekInput)) {
        return false;
      }
      HttpEntity entity = request.getEntity();
      if (entity == null || entity.getContentLength() <= 0 || request.containsHeader("Expect")) {
        return false; // a chunked body cut short would be ended with its last chunk
      }
      if (!((PeekInput) in).finalAnswerWaiting()) {
        return false;
      }
      if (entity instanceof PublisherEntity) {
        ((PublisherEntity) entity).answeredEarly();
      }
      return true;
    }
  }

  /**
   * A socket's input that can tell whether the status line of a final answer has arrived, without
   * taking its bytes: they are read first by the next read. Read by one thread at a time, as a
   * connection is.
   */
  static final class PeekInput extends InputStream {
    /** {@code HTTP/1.1 200}: the status line up to its code. */
    private static final int STATUS = 12;

    private final InputStream in;
    private final byte[] peeked = new byte[STATUS];
    private int position;
    private int limit;

    PeekInput(InputStream in) {
      this.in = in;
    }

    /**
     * Whether the bytes that arrived begin a final answer (or something else than an interim
     * answer), reading only what is there: never waits.
     */
    boolean finalAnswerWaiting() throws IOException {
      if (position > 0) {
        System.arraycopy(peeked, position, peeked, 0, limit - position);
        limit -= position;
        position = 0;
      }
      for (int ready; limit < STATUS && (ready = in.available()) > 0; ) {
        int n = in.read(peeked, limit, Math.min(STATUS - limit, ready));
        if (n < 0) {
          break;
        }
        limit += n;
      }
      if (limit < STATUS) {
        return false; // nothing yet, or too little to tell
      }
      boolean interim = peeked[0] == 'H' && peeked[4] == '/' && peeked[9] == '1';
      return !interim;
    }

    /**
     * Keeps {@code b}, read from the socket past what was peeked, for the next read: there is room,
     * as a byte is looked for only when none arrived unread.
     */
    void keep(byte b) {
      System.arraycopy(peeked, position, peeked, 0, limit - position);
      limit -= position;
      position = 0;
      peeked[limit++] = b;
    }

    @Override
    public int read() throws IOException {
      if (position < limit) {
        return peeked[position++] & 0xff;
      }
      return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (position < limit) {
        int n = Math.min(len, limit - position);
        System.arraycopy(peeked, position, b, off, n);
        position += n;
        return n;
      }
      return in.read(b, off, len);
    }

    @Override
    public int available() throws IOException {
      return limit - position + in.available();
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /**
   * Apache's response parser, failing a head that the end of the connection cut short: the parser
   * reads the connection only while no line end is buffered, so a head that ends with its blank
   * line never meets the end of the stream, and one that met it is cut.
   */
  static final class WholeHeadParser implements HttpMessageParser<ClassicHttpResponse> {
    private final HttpMessageParser<ClassicHttpResponse> parser;
    private final EndWatch watched = new EndWatch(); // one connection's: parses one head at a time
    @Nullable SessionInputBuffer buffer; // the connection's input buffer, once it parsed a head

    WholeHeadParser(HttpMessageParser<ClassicHttpResponse> parser) {
      this.parser = parser;
    }

    @Override
    public @Nullable ClassicHttpResponse parse(SessionInputBuffer buffer, InputStream in)
        throws IOException, HttpException {
      this.buffer = buffer;
      watched.in = in;
      watched.ended = false;
      watched.taken = 0;
      long before = buffer.length();
      ClassicHttpResponse response = parser.parse(buffer, watched);
      watched.checkSize(before + watched.taken - buffer.length());
      if (response != null && watched.ended) {
        throw new ConnectionClosedException(
            "EOF reached while reading the response headers (the connection closed before the"
                + " blank line that ends them)");
      }
      return response;
    }
  }

  /**
   * The connection's stream, remembering whether a read met its end, and refusing a head of more
   * than {@value #MAX_HEAD_BYTES} bytes: the parser reads more only while the head has not ended,
   * so every byte it took before a read belongs to the head.
   */
  private static final class EndWatch extends InputStream {
    InputStream in = InputStream.nullInputStream();
    boolean ended;
    long taken; // bytes read while parsing the current head

    @Override
    public int read() throws IOException {
      checkSize(taken);
      int b = in.read();
      if (b < 0) {
        ended = true;
      } else {
        taken++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      checkSize(taken);
      int n = in.read(b, off, len);
      if (n < 0) {
        ended = true;
      } else {
        taken += n;
      }
      return n;
    }

    /** Refuses a head of which {@code size} bytes were read. */
    void checkSize(long size) throws java.net.ProtocolException {
      if (size > MAX_HEAD_BYTES) {
        throw new java.net.ProtocolException(
            "The response's header size is over the limit of "
                + MAX_HEAD_BYTES
                + " bytes (the JDK client's): "
                + size
                + " bytes read");
      }
    }

    @Override
    public int available() throws IOException {
      return in.available();
    }
  }
}

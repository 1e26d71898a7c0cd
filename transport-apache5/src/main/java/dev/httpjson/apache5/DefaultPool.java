package dev.httpjson.apache5;

import java.io.IOException;
import java.io.InputStream;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketException;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.io.DefaultHttpClientConnectionOperator;
import org.apache.hc.client5.http.impl.io.DefaultHttpResponseParserFactory;
import org.apache.hc.client5.http.impl.io.ManagedHttpClientConnectionFactory;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.io.DetachedSocketFactory;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.io.HttpMessageParser;
import org.apache.hc.core5.http.io.SessionInputBuffer;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.pool.PoolConcurrencyPolicy;
import org.apache.hc.core5.pool.PoolReusePolicy;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;

/**
 * The connection pool of {@link Apache5Transport#newHttpClient()}: Apache's pool, bounded, checking
 * connections idle for {@value #VALIDATE_AFTER_MILLIS} ms before reuse, with two changes that make
 * its connections behave as the JDK client's do.
 *
 * <ul>
 *   <li>A response head cut short by the end of the connection fails the exchange. Apache's parser
 *       takes whatever header lines arrived before the end as the whole head, and the exchange then
 *       succeeds with an empty body.
 *   <li>A connection given up (a cancelled call, a timeout, an interrupt) is closed with a FIN, as
 *       the JDK closes it, rather than reset: Apache asks for a reset (linger 0), and a server
 *       waiting on the connection then sees an error instead of the client's close.
 * </ul>
 */
final class DefaultPool {
  static final int MAX_TOTAL = 256;
  static final int MAX_PER_ROUTE = 64;

  /**
   * A pooled connection idle this long is checked before reuse: a read that waits at most 1 ms
   * finds whether the server closed it meanwhile, and a closed one is replaced by a new connection.
   * Servers close idle connections after their keep-alive timeout (nginx as configured, often 1 s;
   * gunicorn 2 s; Node.js and Apache httpd 5 s), and a POST written to such a connection fails
   * without the server having read it, and is not sent again (the server may have read a request
   * whose connection fails later). Back-to-back exchanges never pay for the check; one after at
   * least this much idleness pays 1 ms at most.
   */
  static final long VALIDATE_AFTER_MILLIS = 500;

  private DefaultPool() {}

  static PoolingHttpClientConnectionManager create() {
    DetachedSocketFactory sockets = proxy -> proxy == null ? new FinSocket() : new FinSocket(proxy);
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
            .setValidateAfterInactivity(TimeValue.ofMilliseconds(VALIDATE_AFTER_MILLIS))
            .build());
    return pool;
  }

  /** A socket that closes with a FIN even when asked for a reset. */
  static final class FinSocket extends Socket {
    FinSocket() {}

    FinSocket(Proxy proxy) {
      super(proxy);
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
      if (on && linger == 0) {
        return; // Apache's abortive close: close as the JDK client does instead
      }
      super.setSoLinger(on, linger);
    }
  }

  /** Connections whose response parser fails a head that the end of the connection cut short. */
  static ManagedHttpClientConnectionFactory connections() {
    DefaultHttpResponseParserFactory parsers =
        new DefaultHttpResponseParserFactory(Http1Config.DEFAULT);
    return ManagedHttpClientConnectionFactory.builder()
        .http1Config(Http1Config.DEFAULT)
        .responseParserFactory(config -> new WholeHeadParser(parsers.create()))
        .build();
  }

  /**
   * Apache's response parser, failing a head that the end of the connection cut short: the parser
   * reads the connection only while no line end is buffered, so a head that ends with its blank
   * line never meets the end of the stream, and one that met it is cut.
   */
  static final class WholeHeadParser implements HttpMessageParser<ClassicHttpResponse> {
    private final HttpMessageParser<ClassicHttpResponse> parser;
    private final EndWatch watched = new EndWatch(); // one connection's: parses one head at a time

    WholeHeadParser(HttpMessageParser<ClassicHttpResponse> parser) {
      this.parser = parser;
    }

    @Override
    public @Nullable ClassicHttpResponse parse(SessionInputBuffer buffer, InputStream in)
        throws IOException, HttpException {
      watched.in = in;
      watched.ended = false;
      ClassicHttpResponse response = parser.parse(buffer, watched);
      if (response != null && watched.ended) {
        throw new ConnectionClosedException(
            "EOF reached while reading the response headers (the connection closed before the"
                + " blank line that ends them)");
      }
      return response;
    }
  }

  /** The connection's stream, remembering whether a read met its end. */
  private static final class EndWatch extends InputStream {
    InputStream in = InputStream.nullInputStream();
    boolean ended;

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b < 0) {
        ended = true;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n < 0) {
        ended = true;
      }
      return n;
    }

    @Override
    public int available() throws IOException {
      return in.available();
    }
  }
}

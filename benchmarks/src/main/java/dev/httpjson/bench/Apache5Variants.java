package dev.httpjson.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Apache HttpClient 5 (classic) variants: {@code httpjson-apache5} (httpjson on {@code
 * Apache5Transport.newHttpClient()}), {@code apache5-bytes} (Apache alone, bytes only) and {@code
 * apache5-jackson} (a hand-written Apache + static Jackson 3 client), the two baselines on a client
 * configured as the transport's default one (a pool of 64 per route, no compression, no cookies, no
 * redirects); and {@code raw-socket-bytes}, a keep-alive HTTP/1.1 loop on one plain socket per
 * caller: the ceiling of any Java client on this machine.
 */
final class Apache5Variants {
  private Apache5Variants() {}

  /** A client as {@code Apache5Transport.newHttpClient()} configures its own. */
  static CloseableHttpClient client() {
    return HttpClients.custom()
        .setConnectionManager(
            PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(256)
                .setMaxConnPerRoute(64)
                .build())
        .disableContentCompression()
        .disableCookieManagement()
        .disableRedirectHandling()
        .disableAuthCaching()
        .build();
  }

  /** {@code httpjson-apache5}: {@code httpjson} on the Apache transport's default client. */
  static final class HttpJsonApache5 extends JdkVariants.HttpJsonDefault {
    HttpJsonApache5() {
      super(dev.httpjson.apache5.Apache5Transport.newHttpClient());
    }
  }

  /** {@code apache5-bytes}: Apache HttpClient 5 classic alone, bytes only. */
  static final class Apache5Bytes extends Variant.Bytes {
    private final CloseableHttpClient client = client();

    @Override
    protected byte[] get(URI uri) throws Exception {
      HttpGet get = new HttpGet(uri);
      get.setHeader("Accept", "application/json");
      return client.execute(
          get,
          response -> {
            Forecasts.checkStatus(response.getCode());
            return EntityUtils.toByteArray(response.getEntity());
          });
    }

    @Override
    protected int post(URI uri, byte[] body) throws Exception {
      HttpPost post = new HttpPost(uri);
      post.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
      return client.execute(
          post,
          response -> {
            EntityUtils.consume(response.getEntity());
            return response.getCode();
          });
    }

    @Override
    public void close() {
      client.close(CloseMode.GRACEFUL);
    }
  }

  /** {@code apache5-jackson}: a hand-written Apache HttpClient 5 + static Jackson 3 client. */
  static final class Apache5Jackson extends Variant.Model {
    private static final JsonMapper MAPPER = Jackson3.MAPPER;
    private final CloseableHttpClient client = client();

    private byte[] getBytes(URI uri) throws IOException {
      HttpGet get = new HttpGet(uri);
      get.setHeader("Accept", "application/json");
      return client.execute(
          get,
          response -> {
            Forecasts.checkStatus(response.getCode());
            return EntityUtils.toByteArray(response.getEntity());
          });
    }

    private int post(URI uri, byte[] body) throws IOException {
      HttpPost post = new HttpPost(uri);
      post.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
      return client.execute(
          post,
          response -> {
            EntityUtils.consume(response.getEntity());
            return response.getCode();
          });
    }

    @Override
    protected List<WeatherForecast> getCollection(URI uri) throws Exception {
      return MAPPER.readValue(getBytes(uri), Jackson3.LIST);
    }

    @Override
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      return MAPPER.readValue(getBytes(uri), Jackson3.PLAIN);
    }

    @Override
    protected WeatherForecast getObject(URI uri) throws Exception {
      return MAPPER.readValue(getBytes(uri), WeatherForecast.class);
    }

    @Override
    protected int postCollection(URI uri, List<WeatherForecast> value) throws Exception {
      return post(uri, MAPPER.writeValueAsBytes(value));
    }

    @Override
    protected int postObject(URI uri, WeatherForecast value) throws Exception {
      return post(uri, MAPPER.writeValueAsBytes(value));
    }

    @Override
    public void close() {
      client.close(CloseMode.GRACEFUL);
    }
  }

  /**
   * {@code raw-socket-bytes}: HTTP/1.1 by hand on a plain socket kept alive, one per calling
   * thread: the request written in one piece, the head read up to its blank line, the body by its
   * Content-Length or its chunks. No pool, no parsing beyond that: the ceiling.
   */
  static final class RawSocketBytes extends Variant.Bytes {
    private final ThreadLocal<Connection> connections = new ThreadLocal<>();
    private final List<Connection> all = new java.util.concurrent.CopyOnWriteArrayList<>();

    private Connection connection(URI uri) throws IOException {
      Connection c = connections.get();
      if (c == null) {
        c = new Connection(uri);
        connections.set(c);
        all.add(c);
      }
      return c;
    }

    @Override
    protected byte[] get(URI uri) throws Exception {
      Connection c = connection(uri);
      c.write(
          ("GET "
                  + uri.getRawPath()
                  + " HTTP/1.1\r\nHost: "
                  + c.host
                  + "\r\nAccept: application/json\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1),
          null);
      return c.read();
    }

    @Override
    protected int post(URI uri, byte[] body) throws Exception {
      Connection c = connection(uri);
      c.write(
          ("POST "
                  + uri.getRawPath()
                  + " HTTP/1.1\r\nHost: "
                  + c.host
                  + "\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1),
          body);
      c.read();
      return c.status;
    }

    @Override
    public void close() {
      for (Connection c : all) {
        try {
          c.socket.close();
        } catch (IOException e) {
          // closing
        }
      }
    }

    private static final class Connection {
      final Socket socket = new Socket();
      final String host;
      final OutputStream out;
      final InputStream in;
      int status;

      Connection(URI uri) throws IOException {
        host = uri.getHost() + ":" + uri.getPort();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()));
        out = socket.getOutputStream();
        in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
      }

      void write(byte[] head, byte[] body) throws IOException {
        if (body == null) {
          out.write(head);
        } else {
          byte[] all = java.util.Arrays.copyOf(head, head.length + body.length);
          System.arraycopy(body, 0, all, head.length, body.length);
          out.write(all);
        }
        out.flush();
      }

      byte[] read() throws IOException {
        String statusLine = line();
        status = Integer.parseInt(statusLine.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        for (String h = line(); !h.isEmpty(); h = line()) {
          String lower = h.toLowerCase(Locale.ROOT);
          if (lower.startsWith("content-length:")) {
            length = Long.parseLong(h.substring(15).trim());
          } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
            chunked = true;
          }
        }
        if (status == 204 || status == 304) {
          return new byte[0];
        }
        if (!chunked) {
          if (length < 0) {
            throw new IOException("raw-socket-bytes needs a Content-Length or chunks");
          }
          return in.readNBytes((int) length);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int size; (size = Integer.parseInt(line().split(";")[0].trim(), 16)) > 0; ) {
          body.write(in.readNBytes(size));
          line();
        }
        while (!line().isEmpty()) {
          // trailers
        }
        return body.toByteArray();
      }

      private String line() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int b; (b = in.read()) != '\n'; ) {
          if (b < 0) {
            throw new IOException("connection closed");
          }
          if (b != '\r') {
            sb.append((char) b);
          }
        }
        return sb.toString();
      }
    }
  }
}

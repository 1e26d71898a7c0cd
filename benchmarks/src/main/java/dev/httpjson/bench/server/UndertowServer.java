package dev.httpjson.bench.server;

import io.undertow.Undertow;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/** Undertow 2.3 core handler; GETs answered on the I/O thread, POST bodies read non-blocking. */
final class UndertowServer {
  private UndertowServer() {}

  static BenchServer.Running start(int port) {
    Undertow server =
        Undertow.builder()
            .setIoThreads(1)
            .setWorkerThreads(2)
            .addHttpListener(port, "127.0.0.1")
            .setHandler(UndertowServer::handle)
            .build();
    server.start();
    int actual = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    return new BenchServer.Running() {
      @Override
      public int port() {
        return actual;
      }

      @Override
      public void stop() {
        server.stop();
      }
    };
  }

  /**
   * The scale benchmark's server: one clear-text listener that speaks HTTP/1.1 and HTTP/2 (h2c, by
   * upgrade or with prior knowledge), and one TLS listener with ALPN ({@code h2}, {@code http/1.1})
   * whose key and certificate come from the PKCS#12 file {@code keystore} (password {@code
   * changeit}). The I/O threads answer the GETs, as in {@link #start}.
   *
   * @return the running server; {@link BenchServer.Running#port()} is the clear-text one and {@code
   *     tlsPort[0]} receives the TLS one
   */
  static BenchServer.Running startH2(int port, String keystore, int[] tlsPort) throws Exception {
    java.security.KeyStore ks = java.security.KeyStore.getInstance("PKCS12");
    try (java.io.InputStream in =
        java.nio.file.Files.newInputStream(java.nio.file.Paths.get(keystore))) {
      ks.load(in, "changeit".toCharArray());
    }
    javax.net.ssl.KeyManagerFactory kmf =
        javax.net.ssl.KeyManagerFactory.getInstance(
            javax.net.ssl.KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, "changeit".toCharArray());
    javax.net.ssl.SSLContext tls = javax.net.ssl.SSLContext.getInstance("TLS");
    tls.init(kmf.getKeyManagers(), null, null);
    Undertow server =
        Undertow.builder()
            .setIoThreads(1)
            .setWorkerThreads(2)
            .setServerOption(io.undertow.UndertowOptions.ENABLE_HTTP2, true)
            .setServerOption(
                io.undertow.UndertowOptions.HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, 1024)
            .addHttpListener(port, "127.0.0.1")
            .addHttpsListener(0, "127.0.0.1", tls)
            .setHandler(UndertowServer::handle)
            .build();
    server.start();
    int actual = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    tlsPort[0] = ((InetSocketAddress) server.getListenerInfo().get(1).getAddress()).getPort();
    return new BenchServer.Running() {
      @Override
      public int port() {
        return actual;
      }

      @Override
      public void stop() {
        server.stop();
      }
    };
  }

  private static void handle(HttpServerExchange exchange) {
    String method = exchange.getRequestMethod().toString();
    String path = exchange.getRequestPath();
    if ("POST".equals(method)) {
      exchange.getRequestReceiver().receiveFullBytes((ex, body) -> reply(ex, method, path, body));
    } else {
      reply(exchange, method, path, new byte[0]);
    }
  }

  private static void reply(HttpServerExchange exchange, String method, String path, byte[] body) {
    BenchServer.Reply reply =
        BenchServer.Endpoints.handle(
            method, path, body, exchange.getRequestHeaders().getFirst("Content-Encoding"));
    exchange.setStatusCode(reply.status);
    if (reply.body.length == 0) {
      exchange.endExchange();
      return;
    }
    exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json; charset=utf-8");
    exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, reply.body.length);
    if (reply.encoding != null) {
      exchange.getResponseHeaders().put(Headers.CONTENT_ENCODING, reply.encoding);
    }
    exchange.getResponseSender().send(ByteBuffer.wrap(reply.body));
  }
}

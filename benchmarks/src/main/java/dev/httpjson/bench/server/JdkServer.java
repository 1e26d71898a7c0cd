package dev.httpjson.bench.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The JDK's {@code com.sun.net.httpserver}, TCP_NODELAY on. With {@code threads == 0} handlers run
 * on the dispatcher thread (one request at a time, the seed's setting); with {@code threads > 0} on
 * a fixed pool of that many threads, so that many concurrent connections are served in parallel.
 */
final class JdkServer {
  private JdkServer() {}

  static BenchServer.Running start(int port, int threads) throws Exception {
    // Read once when the implementation class loads; without it every small response waits on
    // Nagle + delayed ACK (~40 ms) on some paths.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
    server.createContext("/", JdkServer::handle);
    ExecutorService pool =
        threads > 0
            ? Executors.newFixedThreadPool(
                threads,
                r -> {
                  Thread t = new Thread(r, "bench-server-handler");
                  t.setDaemon(true);
                  return t;
                })
            : null;
    server.setExecutor(pool); // null: the dispatcher thread runs handlers
    server.start();
    return new BenchServer.Running() {
      @Override
      public int port() {
        return server.getAddress().getPort();
      }

      @Override
      public void stop() {
        server.stop(0);
        if (pool != null) {
          pool.shutdownNow();
        }
      }
    };
  }

  private static void handle(HttpExchange exchange) throws java.io.IOException {
    byte[] request;
    try (InputStream in = exchange.getRequestBody()) {
      request = in.readAllBytes();
    }
    String path = exchange.getRequestURI().getPath();
    BenchServer.Reply reply =
        path.startsWith("/cache/")
            ? BenchServer.Endpoints.cache(
                exchange.getRequestMethod(),
                path,
                exchange.getRequestHeaders().getFirst("If-None-Match"))
            : BenchServer.Endpoints.handle(
                exchange.getRequestMethod(),
                path,
                request,
                exchange.getRequestHeaders().getFirst("Content-Encoding"));
    for (int i = 0; i < reply.headers.size(); i += 2) {
      exchange.getResponseHeaders().add(reply.headers.get(i), reply.headers.get(i + 1));
    }
    if (reply.body.length == 0) {
      exchange.sendResponseHeaders(reply.status, -1);
      exchange.close();
      return;
    }
    exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
    if (reply.encoding != null) {
      exchange.getResponseHeaders().set("Content-Encoding", reply.encoding);
    }
    exchange.sendResponseHeaders(reply.status, reply.body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(reply.body);
    }
  }
}

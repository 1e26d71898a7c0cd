package dev.httpjson.bench.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/** The JDK's {@code com.sun.net.httpserver}, handlers on the dispatcher thread, TCP_NODELAY on. */
final class JdkServer {
  private JdkServer() {}

  static BenchServer.Running start(int port) throws Exception {
    // Read once when the implementation class loads; without it every small response waits on
    // Nagle + delayed ACK (~40 ms) on some paths.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
    server.createContext("/", JdkServer::handle);
    server.setExecutor(null); // the dispatcher thread runs handlers: one request in flight
    server.start();
    return new BenchServer.Running() {
      @Override
      public int port() {
        return server.getAddress().getPort();
      }

      @Override
      public void stop() {
        server.stop(0);
      }
    };
  }

  private static void handle(HttpExchange exchange) throws java.io.IOException {
    byte[] request;
    try (InputStream in = exchange.getRequestBody()) {
      request = in.readAllBytes();
    }
    BenchServer.Reply reply =
        BenchServer.Endpoints.handle(
            exchange.getRequestMethod(), exchange.getRequestURI().getPath(), request);
    if (reply.body.length == 0) {
      exchange.sendResponseHeaders(reply.status, -1);
      exchange.close();
      return;
    }
    exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
    exchange.sendResponseHeaders(reply.status, reply.body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(reply.body);
    }
  }
}

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

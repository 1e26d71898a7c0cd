package dev.httpjson.bench.server;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/** Jetty 12 core handler (no servlet layer). */
final class JettyServer {
  private JettyServer() {}

  static BenchServer.Running start(int port) throws Exception {
    Server server = new Server();
    ServerConnector connector = new ServerConnector(server, 1, 1);
    connector.setHost("127.0.0.1");
    connector.setPort(port);
    server.addConnector(connector);
    server.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback)
              throws Exception {
            ByteBuffer in = Content.Source.asByteBuffer(request);
            byte[] body = new byte[in.remaining()];
            in.get(body);
            BenchServer.Reply reply =
                BenchServer.Endpoints.handle(
                    request.getMethod(),
                    Request.getPathInContext(request),
                    body,
                    request.getHeaders().get("Content-Encoding"));
            response.setStatus(reply.status);
            if (reply.body.length == 0) {
              response.write(true, null, callback);
              return true;
            }
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, reply.body.length);
            if (reply.encoding != null) {
              response.getHeaders().put(HttpHeader.CONTENT_ENCODING, reply.encoding);
            }
            response.write(true, ByteBuffer.wrap(reply.body), callback);
            return true;
          }
        });
    server.start();
    return new BenchServer.Running() {
      @Override
      public int port() {
        return connector.getLocalPort();
      }

      @Override
      public void stop() throws Exception {
        server.stop();
      }
    };
  }
}

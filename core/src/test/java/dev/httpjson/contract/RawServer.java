package dev.httpjson.contract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP/1.1 server on a raw {@link ServerSocket}, for protocol behaviour a scripted
 * server cannot produce (never answering, lying lengths, resets, byte-by-byte bodies). Each
 * connection is handed to the handler on its own thread after its request head was read.
 */
public final class RawServer implements AutoCloseable {
  /** Handles one connection whose request head has been read. */
  public interface Handler {
    void handle(Socket socket, String requestHead) throws Exception;
  }

  private final ServerSocket serverSocket;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final List<Throwable> handlerFailures = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();
  private final Thread acceptor;

  public RawServer(Handler handler) throws IOException {
    serverSocket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    acceptor =
        new Thread(
            () -> {
              while (!serverSocket.isClosed()) {
                Socket socket;
                try {
                  socket = serverSocket.accept();
                } catch (IOException e) {
                  return;
                }
                connections.incrementAndGet();
                sockets.add(socket);
                try {
                  // Each write goes out at once, as the test wrote it: with Nagle's algorithm a
                  // small write waits up to 40 ms for the ACK of the one before (delayed ACK).
                  socket.setTcpNoDelay(true);
                } catch (IOException e) {
                  handlerFailures.add(e);
                }
                Thread t =
                    new Thread(
                        () -> {
                          try {
                            handler.handle(socket, readHead(socket.getInputStream()));
                          } catch (Throwable e) {
                            handlerFailures.add(e);
                          }
                        },
                        "raw-server-connection");
                t.setDaemon(true);
                t.start();
              }
            },
            "raw-server-acceptor");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  public URI uri(String path) {
    return URI.create("http://127.0.0.1:" + serverSocket.getLocalPort() + path);
  }

  public int connections() {
    return connections.get();
  }

  public List<Throwable> handlerFailures() {
    return handlerFailures;
  }

  /** Reads up to the blank line that ends the request head (a GET has no body). */
  public static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int state = 0;
    for (int b; (b = in.read()) >= 0; ) {
      head.write(b);
      state = (b == '\r' || b == '\n') ? state + 1 : 0;
      if (state == 4) {
        break;
      }
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  /** Writes {@code data} as one chunk of a chunked body and flushes it. */
  public static void writeChunk(java.io.OutputStream out, String data) throws IOException {
    byte[] bytes = data.getBytes(StandardCharsets.UTF_8);
    out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.UTF_8));
    out.write(bytes);
    out.write("\r\n".getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  public static void write(Socket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
    socket.getOutputStream().flush();
  }

  @Override
  public void close() throws IOException {
    serverSocket.close();
    for (Socket s : sockets) {
      try {
        s.close();
      } catch (IOException ignored) {
        // best effort
      }
    }
  }
}

package dev.httpjson.okhttp;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import javax.net.SocketFactory;

/**
 * Sockets of {@link SocketChannel}s: a thread interrupted while blocked in their I/O gets the
 * channel closed and an exception, as {@link java.net.http.HttpClient#send} callers expect of an
 * interrupt. A plain socket keeps such a thread blocked until the read timeout.
 */
final class InterruptibleSocketFactory extends SocketFactory {
  static final InterruptibleSocketFactory INSTANCE = new InterruptibleSocketFactory();

  @Override
  public Socket createSocket() throws IOException {
    if (Thread.currentThread().isInterrupted()) {
      // OkHttp does not retry an InterruptedIOException on another route or connection.
      throw new InterruptedIOException("interrupted");
    }
    return SocketChannel.open().socket();
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port));
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return connected(
        new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port));
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return connected(
        new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
  }

  private Socket connected(InetSocketAddress remote) throws IOException {
    Socket socket = createSocket();
    socket.connect(remote);
    return socket;
  }

  private Socket connected(InetSocketAddress remote, InetSocketAddress local) throws IOException {
    Socket socket = createSocket();
    socket.bind(local);
    socket.connect(remote);
    return socket;
  }
}

package dev.httpjson.apache5;

import dev.httpjson.apache5.DefaultPool.PeekInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The default pool's socket (without a proxy): a {@link SocketChannel}'s, used in blocking mode as
 * any socket, so that a pooled connection can be looked at without waiting ({@link #look()}). A
 * plain {@link Socket} cannot tell an end of stream that arrived from no bytes without a read that
 * waits (Apache's stale check waits up to 1 ms), so Apache checks only connections idle a while,
 * and a request went to a connection the server had closed meanwhile; the JDK client's selector
 * sees such an end at once. Like {@link DefaultPool.FinSocket} it closes with a FIN even when asked
 * for a reset, and its input shows what arrived without taking it ({@link DefaultPool.PeekInput}).
 *
 * <p>The channel's socket ({@link SocketChannel#socket()}) cannot be extended, so this socket hands
 * every call to it. As with any interruptible channel, an interrupt of a thread blocked in its
 * reads or writes closes the connection at once (a plain socket's call waits for the watchdog's
 * cancel, which closes it too).
 */
final class ChannelSocket extends Socket {
  private final SocketChannel channel;
  private final Socket socket;
  private final ByteBuffer look = ByteBuffer.allocate(1);
  private @Nullable PeekInput input;

  ChannelSocket() throws IOException {
    channel = SocketChannel.open();
    socket = channel.socket();
  }

  /**
   * Looks at what arrived, without waiting: -1 when the server ended the connection (an end of
   * stream or a reset arrived) or the channel is closed, 1 when a byte arrived (kept for the next
   * read), 0 when nothing did. Five system calls: the channel's mode, read and changed twice, and
   * one read. Called between exchanges, by the connection's one user.
   */
  int look() {
    synchronized (look) {
      try {
        channel.configureBlocking(false);
        int n;
        try {
          look.clear();
          n = channel.read(look);
        } finally {
          channel.configureBlocking(true);
        }
        if (n > 0) {
          peekInput().keep(look.get(0));
        }
        return Integer.signum(n);
      } catch (IOException e) {
        return -1; // reset, or closed
      }
    }
  }

  private synchronized PeekInput peekInput() throws IOException {
    PeekInput in = input;
    if (in == null) {
      in = input = new PeekInput(socket.getInputStream());
    }
    return in;
  }

  @Override
  public InputStream getInputStream() throws IOException {
    return peekInput();
  }

  @Override
  public void setSoLinger(boolean on, int linger) throws SocketException {
    if (on && linger == 0) {
      return; // Apache's abortive close: close as the JDK client does instead
    }
    socket.setSoLinger(on, linger);
  }

  /** None, as for a plain socket: nothing but {@link #look()} changes the channel's mode. */
  @Override
  public @Nullable SocketChannel getChannel() {
    return null;
  }

  // ---- the rest is the channel's socket's ----

  @Override
  public void connect(SocketAddress endpoint) throws IOException {
    socket.connect(endpoint);
  }

  @Override
  public void connect(SocketAddress endpoint, int timeout) throws IOException {
    socket.connect(endpoint, timeout);
  }

  @Override
  public void bind(SocketAddress bindpoint) throws IOException {
    socket.bind(bindpoint);
  }

  @Override
  public InetAddress getInetAddress() {
    return socket.getInetAddress();
  }

  @Override
  public InetAddress getLocalAddress() {
    return socket.getLocalAddress();
  }

  @Override
  public int getPort() {
    return socket.getPort();
  }

  @Override
  public int getLocalPort() {
    return socket.getLocalPort();
  }

  @Override
  public SocketAddress getRemoteSocketAddress() {
    return socket.getRemoteSocketAddress();
  }

  @Override
  public SocketAddress getLocalSocketAddress() {
    return socket.getLocalSocketAddress();
  }

  @Override
  public OutputStream getOutputStream() throws IOException {
    return socket.getOutputStream();
  }

  @Override
  public void setTcpNoDelay(boolean on) throws SocketException {
    socket.setTcpNoDelay(on);
  }

  @Override
  public boolean getTcpNoDelay() throws SocketException {
    return socket.getTcpNoDelay();
  }

  @Override
  public int getSoLinger() throws SocketException {
    return socket.getSoLinger();
  }

  @Override
  public void sendUrgentData(int data) throws IOException {
    socket.sendUrgentData(data);
  }

  @Override
  public void setOOBInline(boolean on) throws SocketException {
    socket.setOOBInline(on);
  }

  @Override
  public boolean getOOBInline() throws SocketException {
    return socket.getOOBInline();
  }

  @Override
  public void setSoTimeout(int timeout) throws SocketException {
    socket.setSoTimeout(timeout);
  }

  @Override
  public int getSoTimeout() throws SocketException {
    return socket.getSoTimeout();
  }

  @Override
  public void setSendBufferSize(int size) throws SocketException {
    socket.setSendBufferSize(size);
  }

  @Override
  public int getSendBufferSize() throws SocketException {
    return socket.getSendBufferSize();
  }

  @Override
  public void setReceiveBufferSize(int size) throws SocketException {
    socket.setReceiveBufferSize(size);
  }

  @Override
  public int getReceiveBufferSize() throws SocketException {
    return socket.getReceiveBufferSize();
  }

  @Override
  public void setKeepAlive(boolean on) throws SocketException {
    socket.setKeepAlive(on);
  }

  @Override
  public boolean getKeepAlive() throws SocketException {
    return socket.getKeepAlive();
  }

  @Override
  public void setTrafficClass(int tc) throws SocketException {
    socket.setTrafficClass(tc);
  }

  @Override
  public int getTrafficClass() throws SocketException {
    return socket.getTrafficClass();
  }

  @Override
  public void setReuseAddress(boolean on) throws SocketException {
    socket.setReuseAddress(on);
  }

  @Override
  public boolean getReuseAddress() throws SocketException {
    return socket.getReuseAddress();
  }

  /**
   * Closes as a plain socket closes: its output is shut first (a FIN), unless a linger of 0 asked
   * for a reset, so that a server reading the connection sees its end even when the close then
   * resets it. The kernel answers a close with a reset when bytes the connection received were
   * never read (bytes past a response, the reason a connection is given up), and a channel's close
   * in blocking mode does not shut the output first; a plain socket's does.
   */
  @Override
  public void close() throws IOException {
    try {
      if (socket.isConnected() && !socket.isClosed() && !socket.isOutputShutdown()) {
        if (socket.getSoLinger() != 0) {
          socket.shutdownOutput();
        }
      }
    } catch (IOException e) {
      // already reset or closed by the server: the close below is all there is to do
    } finally {
      channel.close();
    }
  }

  @Override
  public void shutdownInput() throws IOException {
    socket.shutdownInput();
  }

  @Override
  public void shutdownOutput() throws IOException {
    socket.shutdownOutput();
  }

  @Override
  public String toString() {
    return socket.toString();
  }

  @Override
  public boolean isConnected() {
    return socket.isConnected();
  }

  @Override
  public boolean isBound() {
    return socket.isBound();
  }

  @Override
  public boolean isClosed() {
    return socket.isClosed();
  }

  @Override
  public boolean isInputShutdown() {
    return socket.isInputShutdown();
  }

  @Override
  public boolean isOutputShutdown() {
    return socket.isOutputShutdown();
  }

  @Override
  public void setPerformancePreferences(int connectionTime, int latency, int bandwidth) {
    socket.setPerformancePreferences(connectionTime, latency, bandwidth);
  }

  @Override
  public <T> Socket setOption(SocketOption<T> name, T value) throws IOException {
    socket.setOption(name, value);
    return this;
  }

  @Override
  public <T> T getOption(SocketOption<T> name) throws IOException {
    return socket.getOption(name);
  }

  @Override
  public Set<SocketOption<?>> supportedOptions() {
    return socket.supportedOptions();
  }
}

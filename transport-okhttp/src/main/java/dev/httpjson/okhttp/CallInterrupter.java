package dev.httpjson.okhttp;

import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.spi.AbstractInterruptibleChannel;
import okhttp3.Call;

/**
 * Lets an interrupt reach a blocking call: while the calling thread is between {@link #enter} and
 * {@link #exit}, {@link Thread#interrupt} cancels the OkHttp call (which closes its socket and so
 * wakes a blocked read or connect), as it closes an interruptible channel the thread is blocked on.
 * The sockets stay OkHttp's, whatever their factory: a socket of a {@code SocketChannel}, the other
 * way to make a read interruptible, costs two system calls per timed read on JDK 17 (the channel is
 * switched to non-blocking mode and back). One per call; cancelled for good once interrupted.
 */
final class CallInterrupter extends AbstractInterruptibleChannel {
  private final Call call;

  CallInterrupter(Call call) {
    this.call = call;
  }

  /** From now on an interrupt of this thread cancels the call; cancels it now if interrupted. */
  void enter() {
    begin();
  }

  /**
   * Ends what {@link #enter} began; the thread's interrupt status, set if it was interrupted, is
   * left for the caller to act on.
   */
  void exit() {
    try {
      end(true);
    } catch (AsynchronousCloseException interrupted) {
      // ClosedByInterruptException: the call is cancelled and the thread's status says why.
    }
  }

  @Override
  protected void implCloseChannel() {
    call.cancel();
  }
}

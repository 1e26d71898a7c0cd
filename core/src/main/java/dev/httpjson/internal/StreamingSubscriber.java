package dev.httpjson.internal;

import dev.httpjson.internal.transport.IoThreadSafe;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * A streamed body as an {@link InputStream} that gives every byte that arrived before a failure (a
 * reset connection, a body cut short) and only then reports the failure. It runs no caller code: a
 * transport may feed it on its own I/O thread.
 */
public final class StreamingSubscriber implements BodySubscriber<InputStream>, IoThreadSafe {
  private final BodySubscriber<InputStream> stream = BodySubscribers.ofInputStream();
  private volatile @Nullable Throwable failure;

  // Guarded by this: what runs once the body is closed, and whether it was.
  private Runnable @Nullable [] whenClosed;
  private boolean closed;

  @Override
  public CompletionStage<InputStream> getBody() {
    return stream.getBody().thenApply(FailsAtTheEnd::new);
  }

  /**
   * Closes the body whoever holds it: the exchange is cancelled when it has begun, or as soon as it
   * subscribes.
   */
  public void close() {
    stream
        .getBody()
        .thenAccept(
            in -> {
              try {
                in.close();
              } catch (IOException ignored) {
                // Closing the JDK's stream cancels its subscription; it reports nothing.
              }
              closed();
            });
  }

  /**
   * Has {@code action} run once {@code body} is closed, when it is a body this class made: by the
   * stream reading it, or because its response never reached the caller; at once when it is closed
   * already. What it throws is logged.
   *
   * @return whether {@code body} is one of these
   */
  static boolean whenClosed(@Nullable Object body, Runnable action) {
    if (!(body instanceof FailsAtTheEnd)) {
      return false;
    }
    ((FailsAtTheEnd) body).owner().whenClosed(action);
    return true;
  }

  private void whenClosed(Runnable action) {
    synchronized (this) {
      if (!closed) {
        Runnable[] more =
            whenClosed == null ? new Runnable[1] : Arrays.copyOf(whenClosed, whenClosed.length + 1);
        more[more.length - 1] = action;
        whenClosed = more;
        return;
      }
    }
    run(action);
  }

  private void closed() {
    Runnable[] told;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      told = whenClosed;
      whenClosed = null;
    }
    if (told != null) {
      for (Runnable action : told) {
        run(action);
      }
    }
  }

  private static void run(Runnable action) {
    try {
      action.run();
    } catch (RuntimeException | Error e) {
      System.getLogger("dev.httpjson")
          .log(System.Logger.Level.WARNING, "Reporting the end of a stream failed", e);
    }
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    stream.onSubscribe(subscription);
  }

  @Override
  public void onNext(List<ByteBuffer> item) {
    stream.onNext(item);
  }

  @Override
  public void onError(Throwable throwable) {
    failure = throwable; // before the end is queued: the reader that sees the end sees this
    stream.onComplete();
  }

  @Override
  public void onComplete() {
    stream.onComplete();
  }

  /** Where the JDK's stream ends, the failure that ended it, if one did. */
  private final class FailsAtTheEnd extends FilterInputStream {
    FailsAtTheEnd(InputStream in) {
      super(in);
    }

    StreamingSubscriber owner() {
      return StreamingSubscriber.this;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b < 0) {
        throwFailure();
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n < 0) {
        throwFailure();
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      return in.skip(n);
    }

    @Override
    public void close() throws IOException {
      try {
        in.close();
      } finally {
        closed();
      }
    }

    private void throwFailure() throws IOException {
      Throwable t = failure;
      if (t != null) {
        throw t instanceof IOException io
            ? new IOException(io.getMessage(), io)
            : new IOException(String.valueOf(t.getMessage()), t);
      }
    }
  }
}

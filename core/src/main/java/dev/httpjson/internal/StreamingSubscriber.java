package dev.httpjson.internal;

import dev.httpjson.internal.transport.IoThreadSafe;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
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
            });
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

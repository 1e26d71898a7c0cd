package dev.httpjson.okhttp;

import java.io.IOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.Call;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;
import org.jspecify.annotations.Nullable;

/**
 * Feeds a {@link BodySubscriber} from an OkHttp response body, on the thread that asks: {@link
 * #request} reads what was requested from the source right there (a reentrant request from {@code
 * onNext} only adds demand). A subscriber that requests everything in {@code onSubscribe} is fed
 * whole on the thread that starts the pump, with no hand-off; one that requests as its consumer
 * reads (the JDK's {@code ofInputStream}) is fed on the consumer's thread. Each buffer is what the
 * connection had ready, never more than {@value #MAX_BUFFER} bytes: memory follows bytes received.
 */
final class ResponsePump implements Flow.Subscription {
  static final int MAX_BUFFER = 16 * 1024;

  private final Call call;
  private final Response response;
  private final @Nullable BufferedSource source;
  private final BodySubscriber<?> subscriber;
  private final AtomicLong demand = new AtomicLong();
  private final AtomicInteger wip = new AtomicInteger();
  private volatile boolean cancelled;
  private volatile boolean done;
  private volatile @Nullable Throwable misuse;
  private volatile @Nullable Throwable subscriberFailure;

  /** Completes exceptionally when the subscriber throws: its body will then never complete. */
  final java.util.concurrent.CompletableFuture<Void> broken =
      new java.util.concurrent.CompletableFuture<>();

  ResponsePump(Call call, Response response, BodySubscriber<?> subscriber, boolean hasBody) {
    this.call = call;
    this.response = response;
    ResponseBody body = response.body();
    this.source = hasBody ? body.source() : null;
    this.subscriber = subscriber;
  }

  /**
   * Subscribes the subscriber and feeds it what it requested meanwhile, on this thread. Returns the
   * failure the subscriber threw, if it broke the Flow contract by throwing.
   */
  @Nullable Throwable start() {
    wip.set(1); // requests made inside onSubscribe only add demand; the loop below serves them
    try {
      subscriber.onSubscribe(this);
    } catch (Throwable t) {
      subscriberThrew(t);
    }
    drainLoop();
    return subscriberFailure;
  }

  @Override
  public void request(long n) {
    if (n <= 0) {
      misuse = new IllegalArgumentException("non-positive subscription request: " + n);
    } else {
      long current;
      long next;
      do {
        current = demand.get();
        next = current + n < 0 ? Long.MAX_VALUE : current + n;
      } while (!demand.compareAndSet(current, next));
    }
    if (wip.getAndIncrement() == 0) {
      drainLoop();
    }
  }

  @Override
  public void cancel() {
    if (cancelled || done) {
      return;
    }
    cancelled = true;
    call.cancel(); // wakes a thread blocked in a read; the connection is not reused
    if (wip.getAndIncrement() == 0) {
      drainLoop();
    }
  }

  private void drainLoop() {
    int missed = 1;
    for (; ; ) {
      if (!done) {
        Throwable bad = misuse;
        if (cancelled) {
          finish();
        } else if (bad != null) {
          call.cancel();
          finish();
          signalError(bad);
        } else {
          while (!done && !cancelled && demand.get() > 0) {
            emitOne();
          }
        }
      }
      missed = wip.addAndGet(-missed);
      if (missed == 0) {
        return;
      }
    }
  }

  private void emitOne() {
    ByteBuffer buffer;
    try {
      BufferedSource in = source;
      if (in == null || !in.request(1)) {
        finish();
        try {
          subscriber.onComplete();
        } catch (Throwable t) {
          subscriberThrew(t);
        }
        return;
      }
      int n = (int) Math.min(in.getBuffer().size(), MAX_BUFFER);
      buffer = ByteBuffer.wrap(in.readByteArray(n));
    } catch (IOException | RuntimeException e) {
      boolean wasCancelled = cancelled;
      finish();
      if (!wasCancelled) {
        signalError(reworded(e));
      }
      return;
    }
    if (demand.get() != Long.MAX_VALUE) {
      demand.decrementAndGet();
    }
    try {
      subscriber.onNext(List.of(buffer));
    } catch (Throwable t) {
      subscriberThrew(t);
    }
  }

  /** OkHttp's failures in the JDK client's words: a message always, the Content-Length named. */
  private Throwable reworded(Exception e) {
    String message = e.getMessage();
    if (e instanceof java.io.EOFException) {
      return new IOException(
          "EOF reached while reading" + (message == null ? "" : ": " + message), e);
    }
    if (decodedGzip() && isGzipFormatError(e)) {
      return new IOException(
          "response body is not valid gzip (Content-Encoding: gzip, decoded by OkHttp): "
              + (message == null ? e.toString() : message),
          e);
    }
    long declared = response.body().contentLength();
    if (e instanceof java.net.ProtocolException
        && declared >= 0
        && message != null
        && message.startsWith("expected " + declared + " bytes but received")) {
      java.net.ProtocolException reworded =
          new java.net.ProtocolException(
              "response body longer than its Content-Length " + declared + " (" + message + ")");
      reworded.initCause(e);
      return reworded;
    }
    return message == null ? new IOException(e.toString(), e) : e;
  }

  /** Whether OkHttp is decoding the body: it asked for gzip and removed the header it got. */
  private boolean decodedGzip() {
    Response network = response.networkResponse();
    return network != null
        && "gzip".equalsIgnoreCase(network.header("Content-Encoding"))
        && response.header("Content-Encoding") == null;
  }

  /** Okio's gzip checks ({@code GzipSource}) and the inflater's failure, as opposed to I/O. */
  private static boolean isGzipFormatError(Exception e) {
    String message = e.getMessage();
    if (e.getCause() instanceof java.util.zip.DataFormatException) {
      return true;
    }
    return message != null
        && (message.startsWith("ID1ID2:")
            || message.startsWith("FHCRC:")
            || message.startsWith("CRC:")
            || message.startsWith("ISIZE:")
            || message.startsWith("gzip finished without exhausting source"));
  }

  private void signalError(Throwable t) {
    try {
      subscriber.onError(t);
    } catch (Throwable thrown) {
      subscriberThrew(thrown);
    }
  }

  private void subscriberThrew(Throwable t) {
    if (subscriberFailure == null) {
      subscriberFailure = t;
      broken.completeExceptionally(t);
    }
    cancelled = true;
    call.cancel();
    finish();
  }

  private void finish() {
    if (!done) {
      done = true;
      response.close();
    }
  }
}

package dev.httpjson.internal;

import dev.httpjson.JsonReadException;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * Collects a body into one array, counting bytes as they arrive, then hands it to {@link #finish}.
 */
public abstract class BufferingSubscriber<T> implements BodySubscriber<T> {
  /** The largest array the JVM allocates; no buffered body can be longer. */
  public static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  /** The smallest array allocated for a body without a declared length. */
  public static final int MIN_CAPACITY = 1024;

  /** The smallest array allocated for a body with a declared length (or that length if less). */
  public static final int MIN_DECLARED_CAPACITY = 16 * 1024;

  private static final byte[] EMPTY = new byte[0];

  private final CompletableFuture<T> result = new CompletableFuture<>();
  private final long cap;
  private final long declared;
  private final long exact;
  private final @Nullable ContentDecoder decoder;
  private byte[] buffer = EMPTY;
  private int size;
  private long wire;

  /**
   * The bytes received while nothing has decoded yet, as they came, up to {@link #HELD} of them; or
   * {@code null} once something decoded or more arrived. A body none of which decodes is then shown
   * whole from its start, also when it is shorter than a gzip header (which fails only at the end)
   * or its first pieces were.
   */
  private byte @Nullable [] held = EMPTY;

  private int heldSize;

  /** The most bytes {@link #held}: a gzip header is 10, and a plain error word as short. */
  private static final int HELD = 64;

  private Flow.@Nullable Subscription subscription;
  private boolean done;
  private final @Nullable CallTrace trace;

  /**
   * @param cap the most bytes to buffer
   * @param declared the declared Content-Length, or -1: a growth hint, never an allocation
   * @param exact the length the body must have (an HTTP/2 Content-Length, see {@link
   *     Responses#exactLength}), or -1: more or fewer bytes fail with a {@link ProtocolException}
   */
  public BufferingSubscriber(long cap, long declared, long exact) {
    this(cap, declared, exact, null);
  }

  /**
   * As above, decoding a compressed body with {@code decoder} as it arrives: {@code cap} then
   * counts decoded bytes, and inflation stops once it is crossed; {@code exact} still applies to
   * the bytes received, and {@code declared} should be -1 (the compressed length is no hint).
   */
  public BufferingSubscriber(
      long cap, long declared, long exact, @Nullable ContentDecoder decoder) {
    this(cap, declared, exact, decoder, null);
  }

  /** As above, reporting the end of the body to {@code trace}. */
  public BufferingSubscriber(
      long cap,
      long declared,
      long exact,
      @Nullable ContentDecoder decoder,
      @Nullable CallTrace trace) {
    this.cap = Math.min(cap, MAX_ARRAY);
    this.declared = declared;
    this.exact = exact;
    this.decoder = decoder;
    this.trace = trace;
  }

  /**
   * Called when the compressed body is not valid in its coding, with what was decoded before (or,
   * when nothing of it decoded, its first bytes as they came).
   */
  @Nullable T undecodable(byte[] bytes, int length, JsonReadException failure) throws IOException {
    throw failure;
  }

  /**
   * As {@link #undecodable(byte[], int, JsonReadException)}; {@code whole} when {@code bytes} are
   * the whole body as it came (it ended, and none of it decoded).
   */
  @Nullable T undecodable(byte[] bytes, int length, JsonReadException failure, boolean whole)
      throws IOException {
    return undecodable(bytes, length, failure);
  }

  /**
   * The failure to report when the body broke off ({@code onError}), given what arrived before
   * ({@code bytes} up to {@code length}): {@code failure} itself unless overridden.
   */
  Throwable broken(byte[] bytes, int length, Throwable failure) {
    return failure;
  }

  /** Turns the bytes into the body value. */
  public abstract @Nullable T finish(byte[] bytes, int length) throws IOException;

  /** Called when more than {@code cap} bytes arrived; {@code bytes} holds the first {@code cap}. */
  public abstract @Nullable T overflow(byte[] bytes, int length, long received) throws IOException;

  @Override
  public CompletionStage<T> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    if (this.subscription != null) {
      subscription.cancel();
      return;
    }
    this.subscription = subscription;
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (done) {
      return;
    }
    if (decoder != null) {
      decode(decoder, buffers);
      return;
    }
    long arrived = 0;
    for (int i = 0, n = buffers.size(); i < n; i++) {
      arrived += buffers.get(i).remaining();
    }
    long newSize = size + arrived;
    if (exact >= 0 && newSize > exact) {
      abort(Responses.longerThanDeclared(exact, newSize));
      return;
    }
    if (newSize > cap) {
      if (buffer.length < cap) {
        buffer = Arrays.copyOf(buffer, (int) cap);
      }
      for (int i = 0, n = buffers.size(); i < n && size < cap; i++) {
        ByteBuffer b = buffers.get(i);
        int fits = (int) Math.min(b.remaining(), cap - size);
        b.get(buffer, size, fits);
        size += fits;
      }
      done = true;
      long received = newSize;
      end(() -> overflow(buffer, size, received));
      return;
    }
    if (newSize > buffer.length) {
      buffer = Arrays.copyOf(buffer, grow(buffer.length, newSize, declared, cap));
    }
    for (int i = 0, n = buffers.size(); i < n; i++) {
      ByteBuffer b = buffers.get(i);
      int remaining = b.remaining();
      b.get(buffer, size, remaining);
      size += remaining;
    }
  }

  private void decode(ContentDecoder decoder, List<ByteBuffer> buffers) {
    for (int i = 0, n = buffers.size(); i < n; i++) {
      wire += buffers.get(i).remaining();
    }
    if (exact >= 0 && wire > exact) {
      decoder.end();
      abort(Responses.longerThanDeclared(exact, wire));
      return;
    }
    // The bytes as sent while none has decoded, for a body none of which does (labelled with a
    // coding it is not in): what is undecodable is then shown as it came, not lost.
    List<ByteBuffer> sent = size == 0 && held != null ? duplicates(buffers) : null;
    JsonReadException undecodable = null;
    try {
      for (int i = 0, n = buffers.size(); i < n; i++) {
        decoder.feed(buffers.get(i));
        if (!inflate(decoder)) {
          return;
        }
      }
    } catch (JsonReadException e) {
      if (done) {
        throw BufferingSubscriber.<RuntimeException>sneaky(e); // an abort, on its way out
      }
      undecodable = e;
    }
    if (undecodable != null) {
      JsonReadException e = undecodable;
      decoder.end();
      done = true;
      if (size == 0 && sent != null) {
        byte[] before = held;
        int kept = (int) Math.min(heldSize, cap);
        if (before != null && kept > 0) {
          buffer = Arrays.copyOf(before, kept);
          size = kept;
        }
        for (int i = 0, n = sent.size(); i < n && size < cap; i++) {
          ByteBuffer b = sent.get(i);
          int fits = (int) Math.min(b.remaining(), cap - size);
          if (size + fits > buffer.length) {
            buffer = Arrays.copyOf(buffer, size + fits);
          }
          b.get(buffer, size, fits);
          size += fits;
        }
      }
      end(() -> undecodable(buffer, size, e));
      return;
    }
    if (sent != null) {
      hold(sent);
    }
  }

  /** Keeps {@code sent} after {@link #held} while nothing has decoded and they are few. */
  private void hold(List<ByteBuffer> sent) {
    long more = 0;
    for (int i = 0, n = sent.size(); i < n; i++) {
      more += sent.get(i).remaining();
    }
    byte[] before = held;
    if (size > 0 || before == null || heldSize + more > HELD) {
      held = null;
      return;
    }
    if (more == 0) {
      return;
    }
    byte[] now = Arrays.copyOf(before, heldSize + (int) more);
    for (int i = 0, n = sent.size(); i < n; i++) {
      ByteBuffer b = sent.get(i);
      int r = b.remaining();
      b.get(now, heldSize, r);
      heldSize += r;
    }
    held = now;
  }

  private static List<ByteBuffer> duplicates(List<ByteBuffer> buffers) {
    ByteBuffer[] copies = new ByteBuffer[buffers.size()];
    for (int i = 0; i < copies.length; i++) {
      copies[i] = buffers.get(i).duplicate();
    }
    return Arrays.asList(copies);
  }

  /** Inflates what was fed into the buffer; false (and done) once more than the cap arrived. */
  private boolean inflate(ContentDecoder decoder) throws JsonReadException {
    Inflated out = new Inflated(buffer, size);
    boolean room = out.take(decoder, cap);
    buffer = out.bytes;
    size = out.size;
    if (!room) {
      decoder.end();
      done = true;
      long received = size;
      size = (int) cap;
      end(() -> overflow(buffer, size, received));
    }
    return room;
  }

  @Override
  public void onError(Throwable throwable) {
    if (!done) {
      done = true;
      if (decoder != null) {
        decoder.end();
      }
      Throwable failure;
      try {
        failure = broken(buffer, size, throwable);
      } catch (RuntimeException | Error e) {
        e.addSuppressed(throwable);
        failure = e;
      }
      result.completeExceptionally(failure);
    }
  }

  @Override
  public void onComplete() {
    if (!done) {
      done = true;
      long received = decoder != null ? wire : size;
      if (exact >= 0 && received < exact) {
        if (decoder != null) {
          decoder.end();
        }
        result.completeExceptionally(Responses.shorterThanDeclared(exact, received));
        return;
      }
      if (decoder != null) {
        try {
          decoder.finish();
        } catch (JsonReadException e) {
          byte[] before = held;
          boolean asSent = size == 0 && before != null && heldSize == wire;
          if (asSent) { // none of it decoded: all of it is held, as it came
            size = (int) Math.min(heldSize, cap);
            buffer = Arrays.copyOf(before, size);
          }
          boolean whole = asSent && size == heldSize;
          complete(() -> undecodable(buffer, size, e, whole));
          return;
        } finally {
          decoder.end();
        }
      }
      if (trace != null) {
        trace.body(received, size);
      }
      complete(() -> finish(buffer, size));
    }
  }

  /**
   * Fails the body and makes the client abort the exchange by throwing {@code failure} from {@code
   * onNext}: the client then fails the exchange with that very exception. Cancelling instead would
   * let HTTP/2 fail it first with its own "Stream N cancelled".
   */
  private void abort(Throwable failure) {
    done = true;
    result.completeExceptionally(failure);
    throw BufferingSubscriber.<RuntimeException>sneaky(failure);
  }

  /**
   * Ends the body before its end with what {@code body} gives: a failure {@linkplain #abort aborts}
   * the exchange with it, a value completes the body and cancels the rest.
   */
  private void end(Body<T> body) {
    T value;
    try {
      value = body.get();
    } catch (Throwable t) {
      abort(t);
      return;
    }
    result.complete(value);
    cancel();
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> E sneaky(Throwable t) throws E {
    throw (E) t;
  }

  private void cancel() {
    Flow.Subscription s = subscription;
    if (s != null) {
      s.cancel();
    }
  }

  private void complete(Body<T> body) {
    T value;
    try {
      value = body.get();
    } catch (Throwable t) {
      result.completeExceptionally(t);
      return;
    }
    result.complete(value);
  }

  /**
   * The new capacity of a buffer of {@code capacity} bytes that must hold {@code needed} (at most
   * {@code cap}, itself at most {@link #MAX_ARRAY}): double, at least the minimum capacity, but
   * never past the declared length while the body is within it, nor past {@code cap}.
   */
  public static int grow(int capacity, long needed, long declared, long cap) {
    long ceiling = declared >= needed ? Math.min(declared, cap) : cap;
    long doubled = Math.max(2L * capacity, declared >= 0 ? MIN_DECLARED_CAPACITY : MIN_CAPACITY);
    return (int) Math.max(needed, Math.min(doubled, ceiling));
  }

  /** A body decoded into memory: its buffer grows as the decoder yields bytes, up to a cap. */
  static final class Inflated {
    byte[] bytes;
    int size;

    Inflated(byte[] bytes, int size) {
      this.bytes = bytes;
      this.size = size;
    }

    /**
     * Takes all that {@code decoder} yields from what it was fed; {@code false} when the body
     * outgrew {@code cap} (it holds more than {@code cap} bytes, or the largest array).
     */
    boolean take(ContentDecoder decoder, long cap) throws JsonReadException {
      long most = Math.min(cap + 1, MAX_ARRAY);
      while (true) {
        if (size == bytes.length) {
          if (size > cap || size == MAX_ARRAY) {
            return false;
          }
          bytes = Arrays.copyOf(bytes, grow(bytes.length, size + 1L, -1, most));
        }
        int n = decoder.read(bytes, size, bytes.length - size);
        if (n == 0) {
          return true;
        }
        size += n;
      }
    }
  }

  private interface Body<T> {
    @Nullable T get() throws IOException;
  }
}

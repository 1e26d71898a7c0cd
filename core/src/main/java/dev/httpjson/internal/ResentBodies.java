package dev.httpjson.internal;

import dev.httpjson.FormContent;
import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonSequenceContent;
import dev.httpjson.MultipartContent;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * The request bodies of one call, as the end of its interceptor chain sends them: a body sent again
 * (a retry, a redirect hop, an authentication repeat) must publish the bytes it published before. A
 * publisher that reads one {@code InputStream}, or serves one subscriber, publishes nothing the
 * second time, and the server would get an empty body, with the same {@code Idempotency-Key}; or,
 * after an exchange that stopped reading it early (a 401 or 503 that came while it was being
 * written), the rest of its stream. Each later subscription is counted against the first whole one
 * and its first bytes compared with the first subscription's, and one that publishes another number
 * of bytes, or other first bytes, fails its attempt with an {@link HttpJsonException} before its
 * request is complete.
 *
 * <p>httpjson's own bodies ({@link JsonContent}, {@link FormContent}, {@link MultipartContent},
 * {@link JsonSequenceContent}) publish the same bytes to every subscriber or fail a second one
 * themselves, and are sent as they are.
 */
final class ResentBodies {
  private @Nullable BodyPublisher given;
  private @Nullable Checked checked;

  /** {@code request}, its body counted when it may not publish the same bytes again. */
  HttpRequest checked(HttpRequest request) {
    BodyPublisher body = request.bodyPublisher().orElse(null);
    if (body == null
        || body instanceof JsonContent
        || body instanceof FormContent
        || body instanceof MultipartContent
        || body instanceof JsonSequenceContent
        || body instanceof Checked
        || body.contentLength() == 0) {
      return request;
    }
    Checked c;
    synchronized (this) {
      c = checked;
      if (given != body || c == null) {
        c = new Checked(body, request);
        given = body;
        checked = c;
      }
    }
    return HttpRequest.newBuilder(request, (name, value) -> true)
        .method(request.method(), c)
        .build();
  }

  /** How many of the first bytes each subscription must publish as the first one did. */
  private static final int HEAD = 64;

  private static final byte[] NO_BYTES = {};

  /** A body whose subscriptions are each counted against the first whole one. */
  private static final class Checked implements BodyPublisher {
    private final BodyPublisher body;
    private final HttpRequest request;

    /** The bytes of the first subscription that completed, or -1. */
    private final AtomicLong whole = new AtomicLong(-1);

    /** The most bytes any subscription published. */
    private final AtomicLong most = new AtomicLong();

    /** The first bytes (up to {@link #HEAD}) the first subscription published, or null. */
    private final AtomicReference<byte @Nullable []> head = new AtomicReference<>();

    Checked(BodyPublisher body, HttpRequest request) {
      this.body = body;
      this.request = request;
    }

    @Override
    public long contentLength() {
      return body.contentLength();
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      byte[] expected = head.get();
      boolean first = expected == null && head.compareAndSet(null, NO_BYTES);
      body.subscribe(new Counting(subscriber, whole.get(), most.get(), first ? null : expected));
    }

    private HttpJsonException differs(long before, long now) {
      return differs("published " + before + " bytes when first sent and " + now + " now");
    }

    private HttpJsonException differs(String what) {
      return new HttpJsonException(
          request.method()
              + " "
              + Uris.redact(request.uri())
              + ": the request body cannot be sent again: its BodyPublisher "
              + what
              + " (it reads one InputStream, or serves one subscriber); give one that publishes"
              + " the same bytes to every subscriber, such as BodyPublishers.ofByteArray or ofFile",
          null);
    }

    /** One subscription, counted. */
    private final class Counting implements Flow.Subscriber<ByteBuffer> {
      private final Flow.Subscriber<? super ByteBuffer> downstream;
      private final long wholeBefore;
      private final long mostBefore;

      /** The first subscription's first bytes, or null when this one is the first. */
      private final byte @Nullable [] expected;

      private final byte @Nullable [] own;
      private Flow.@Nullable Subscription upstream;
      private long bytes;
      private boolean done;

      Counting(
          Flow.Subscriber<? super ByteBuffer> downstream,
          long wholeBefore,
          long mostBefore,
          byte @Nullable [] expected) {
        this.downstream = downstream;
        this.wholeBefore = wholeBefore;
        this.mostBefore = mostBefore;
        this.expected = expected;
        this.own = expected == null ? new byte[HEAD] : null;
      }

      /** Whether {@code item}'s bytes in the first {@link #HEAD} are the first subscription's. */
      private boolean sameHead(ByteBuffer item) {
        if (bytes >= HEAD) {
          return true;
        }
        int n = (int) Math.min(item.remaining(), HEAD - bytes);
        byte[] e = expected;
        byte[] o = own;
        for (int i = 0; i < n; i++) {
          int at = (int) bytes + i;
          byte b = item.get(item.position() + i);
          if (o != null) {
            o[at] = b;
          } else if (e != null && at < e.length && e[at] != b) {
            return false;
          }
        }
        if (o != null) {
          head.set(Arrays.copyOf(o, (int) bytes + n));
        }
        return true;
      }

      @Override
      public void onSubscribe(Flow.Subscription subscription) {
        upstream = subscription;
        downstream.onSubscribe(subscription);
      }

      @Override
      public void onNext(ByteBuffer item) {
        if (done) {
          return;
        }
        if (!sameHead(item)) {
          done = true;
          Flow.Subscription s = upstream;
          if (s != null) {
            s.cancel();
          }
          downstream.onError(differs("published other bytes when sent again"));
          return;
        }
        bytes += item.remaining();
        if (wholeBefore >= 0 && bytes > wholeBefore) {
          done = true;
          Flow.Subscription s = upstream;
          if (s != null) {
            s.cancel();
          }
          downstream.onError(differs(wholeBefore, bytes));
          return;
        }
        most.accumulateAndGet(bytes, Math::max);
        downstream.onNext(item);
      }

      @Override
      public void onError(Throwable throwable) {
        if (!done) {
          done = true;
          downstream.onError(throwable);
        }
      }

      @Override
      public void onComplete() {
        if (done) {
          return;
        }
        done = true;
        if (wholeBefore >= 0 ? bytes != wholeBefore : bytes < mostBefore) {
          downstream.onError(differs(wholeBefore >= 0 ? wholeBefore : mostBefore, bytes));
          return;
        }
        whole.compareAndSet(-1, bytes);
        downstream.onComplete();
      }
    }
  }
}

package dev.httpjson.internal;

import dev.httpjson.FormContent;
import dev.httpjson.HttpJsonException;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonSequenceContent;
import dev.httpjson.LoggingInterceptor;
import dev.httpjson.MultipartContent;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * The request bodies of one call, as the end of its interceptor chain sends them: a body sent again
 * (a retry, a redirect hop, an authentication repeat) must publish the bytes it published before. A
 * publisher that reads one {@code InputStream}, or serves one subscriber, publishes nothing the
 * second time, and the server would get an empty body, with the same {@code Idempotency-Key}; or,
 * after an exchange that stopped reading it early (a 401 or 503 that came while it was being
 * written), the rest of its stream; or a publisher that makes its bytes again, but other ones. Each
 * later subscription is counted against the first whole one, its first bytes compared with the
 * first subscription's, and its bytes digested (SHA-256) and compared with the first whole one's
 * (before any was whole, with those of the longest subscription cut short) before the byte that
 * reaches their length is handed on: one that publishes another number of bytes, or other bytes,
 * fails its attempt with an {@link HttpJsonException} before its request is complete. The digest is
 * taken only where a body may be sent again ({@link #mayResend}); elsewhere a second subscription,
 * which nothing was to make, fails.
 *
 * <p>httpjson's own bodies of bytes in memory ({@link JsonContent}, {@link FormContent}) publish
 * the same bytes to every subscriber, and are not counted; a {@link JsonSequenceContent} fails a
 * second subscriber itself, and is guarded, so that a failure of its source is the caller's ({@link
 * #failedBody}); a {@link MultipartContent} is counted as a caller's body is, since a file part may
 * change between two sends.
 */
public final class ResentBodies {
  private final boolean clientResends;
  private @Nullable BodyPublisher given;
  private @Nullable BodyPublisher checked;

  /** The bodies of a call whose client may send a body again. */
  ResentBodies() {
    this(true);
  }

  /**
   * The bodies of a call; {@code clientResends} says whether its client may send a body again
   * ({@link #mayResend}). When it may not, nothing is digested: a body's first subscription goes on
   * as it is, and a second one, which nothing was to make, fails naming what happened.
   */
  ResentBodies(boolean clientResends) {
    this.clientResends = clientResends;
  }

  /**
   * Whether a call through {@code interceptors} to {@code delegate} may send its body more than
   * once: an interceptor of the caller's own may forward twice (a retry, a redirect hop, an
   * authentication round), and a client other than the JDK's may send again by itself (a transport
   * after a failed connection); the JDK's sends a body again for a redirect it follows and for its
   * authenticator (its implementation is the one in {@code HttpClient}'s own module), and retries
   * on a closed connection only a GET or HEAD ({@link #checked} looks at the method), or any method
   * when told to ({@code jdk.httpclient.enableAllMethodRetry}). httpjson's own interceptors that
   * forward each request once (a request or response hook, logging) send nothing again.
   */
  static boolean mayResend(Interceptor[] interceptors, HttpClient delegate) {
    for (Interceptor i : interceptors) {
      if (!(i instanceof Interceptors.ForwardsOnce) && !(i instanceof LoggingInterceptor)) {
        return true;
      }
    }
    if (delegate.getClass().getModule() != HttpClient.class.getModule()) {
      return true;
    }
    return delegate.followRedirects() != HttpClient.Redirect.NEVER
        || delegate.authenticator().isPresent()
        || System.getProperty("jdk.httpclient.enableAllMethodRetry") != null;
  }

  private static final Interceptor[] NO_INTERCEPTORS = {};

  /**
   * {@code request} as a call without interceptors sends it on {@code client} itself, which may
   * send its body again by itself (a redirect it follows, its authenticator): checked as the end of
   * an interceptor chain checks it ({@link #checked}), digested only where {@code client} may send
   * it again ({@link #mayResend}). A body held in memory ({@link InMemory#held}) publishes the same
   * bytes to every subscriber, and the request goes as it is.
   */
  static HttpRequest unchained(HttpRequest request, HttpClient client) {
    BodyPublisher body = request.bodyPublisher().orElse(null);
    if (body == null || InMemory.held(body)) {
      return request;
    }
    return new ResentBodies(mayResend(NO_INTERCEPTORS, client)).checked(request);
  }

  /**
   * The publisher {@code body} guards or counts, when it is one the end of the chain made ({@link
   * #checked}); else {@code body} itself. Such a body publishes its source's bytes as they come, on
   * the thread that asks for them: a source held in memory is still read at once through it.
   *
   * @param body a request's body
   * @return the caller's publisher beneath it
   */
  public static BodyPublisher source(BodyPublisher body) {
    if (body instanceof Wrapped) {
      return ((Wrapped) body).body;
    }
    return body;
  }

  /**
   * {@code request}, its body counted when it may not publish the same bytes again and may be sent
   * again, and its caller's code guarded ({@link Guard}) when it runs any.
   */
  HttpRequest checked(HttpRequest request) {
    BodyPublisher body = request.bodyPublisher().orElse(null);
    if (body == null
        || body instanceof JsonContent
        || body instanceof FormContent
        || body instanceof Wrapped
        || body.contentLength() == 0) {
      return request;
    }
    BodyPublisher c;
    synchronized (this) {
      c = given == body ? checked : null;
      if (c == null) {
        String method = request.method();
        boolean resends = clientResends || method.equals("GET") || method.equals("HEAD");
        c =
            !resends
                ? new Guarded(body, request, true)
                : body instanceof JsonSequenceContent
                    ? new Guarded(body, request, false)
                    : new Checked(body, request);
        given = body;
        checked = c;
      }
    }
    return HttpRequest.newBuilder(request, (name, value) -> true)
        .method(request.method(), c)
        .build();
  }

  /** A caller's body as the end of the chain hands it on: guarded, and counted or checked. */
  private abstract static class Wrapped implements BodyPublisher {
    final BodyPublisher body;
    final HttpRequest request;

    Wrapped(BodyPublisher body, HttpRequest request) {
      this.body = body;
      this.request = request;
    }

    @Override
    public final long contentLength() {
      return body.contentLength();
    }
  }

  /**
   * A body that fails by itself, not the connection: its publisher (or the source of a {@link
   * JsonSequenceContent}, or an {@code InputStream} part of a {@link MultipartContent} read once
   * already) threw, or signalled a failure that is no {@link IOException}. The attempt fails with
   * an {@link HttpJsonException} whose cause is that failure, which the client hands on as it is
   * and {@link dev.httpjson.RetryInterceptor} does not retry.
   */
  static HttpJsonException failedBody(HttpRequest request, Throwable failure) {
    return new HttpJsonException(
        request.method()
            + " "
            + Uris.redact(request.uri())
            + ": the request body failed, not the connection: "
            + failure,
        failure);
  }

  /**
   * A body guarded: a body of httpjson's own that runs the caller's code (a sequence's source), or,
   * on a client that sends nothing again ({@code once}), any body, whose second subscription then
   * fails instead of going out unchecked.
   */
  private static final class Guarded extends Wrapped {
    private final boolean once;
    private final AtomicBoolean subscribed = new AtomicBoolean();

    Guarded(BodyPublisher body, HttpRequest request, boolean once) {
      super(body, request);
      this.once = once;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      if (once && subscribed.getAndSet(true)) {
        subscriber.onSubscribe(NOTHING);
        subscriber.onError(
            cannotSendAgain(
                request,
                body,
                "was subscribed to a second time, which this client was not to do (it has no"
                    + " interceptor and no redirect or authentication that sends a body again),"
                    + " so nothing was kept to compare the bytes with"));
        return;
      }
      Guard.subscribe(body, subscriber, request);
    }
  }

  /**
   * Between a caller's publisher and the client: what the publisher throws (in {@code subscribe} or
   * {@code request}), and a failure it signals that is no {@link IOException}, reach the client as
   * {@link #failedBody}.
   */
  private static final class Guard implements Flow.Subscriber<ByteBuffer>, Flow.Subscription {
    private final Flow.Subscriber<? super ByteBuffer> downstream;
    private final HttpRequest request;
    private final AtomicBoolean done = new AtomicBoolean();
    private volatile Flow.@Nullable Subscription upstream;
    private volatile boolean subscribed;

    private Guard(Flow.Subscriber<? super ByteBuffer> downstream, HttpRequest request) {
      this.downstream = downstream;
      this.request = request;
    }

    static void subscribe(
        BodyPublisher body, Flow.Subscriber<? super ByteBuffer> subscriber, HttpRequest request) {
      Guard g = new Guard(subscriber, request);
      try {
        body.subscribe(g);
      } catch (RuntimeException | Error e) {
        g.failed(e);
      }
    }

    private void failed(Throwable failure) {
      Flow.Subscription s = upstream;
      if (s != null) {
        try {
          s.cancel();
        } catch (RuntimeException | Error ignored) {
          // The publisher is broken already: its failure is the one to report.
        }
      }
      if (!done.compareAndSet(false, true)) {
        return;
      }
      if (!subscribed) {
        subscribed = true;
        downstream.onSubscribe(this);
      }
      downstream.onError(failedBody(request, failure));
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      upstream = subscription;
      subscribed = true;
      downstream.onSubscribe(this);
    }

    @Override
    public void onNext(ByteBuffer item) {
      if (!done.get()) {
        downstream.onNext(item);
      }
    }

    @Override
    public void onError(Throwable throwable) {
      if (done.compareAndSet(false, true)) {
        downstream.onError(
            throwable instanceof IOException ? throwable : failedBody(request, throwable));
      }
    }

    @Override
    public void onComplete() {
      if (done.compareAndSet(false, true)) {
        downstream.onComplete();
      }
    }

    @Override
    public void request(long n) {
      Flow.Subscription s = upstream;
      if (s == null || done.get()) {
        return;
      }
      try {
        s.request(n);
      } catch (RuntimeException | Error e) {
        failed(e);
      }
    }

    @Override
    public void cancel() {
      done.set(true);
      Flow.Subscription s = upstream;
      if (s != null) {
        s.cancel();
      }
    }
  }

  /** The failure of a body sent again that cannot be: {@code what} its publisher did. */
  private static HttpJsonException cannotSendAgain(
      HttpRequest request, BodyPublisher body, String what) {
    return new HttpJsonException(
        request.method()
            + " "
            + Uris.redact(request.uri())
            + ": the request body cannot be sent again: its "
            + (body instanceof MultipartContent
                ? "MultipartContent "
                    + what
                    + " (a file part changed since it was first sent, or an InputStream part was"
                    + " read once)"
                : "BodyPublisher "
                    + what
                    + " (it reads one InputStream, or serves one subscriber); give one that"
                    + " publishes the same bytes to every subscriber, such as"
                    + " BodyPublishers.ofByteArray or ofFile"),
        null);
  }

  /** The subscription of a body that fails at once. */
  private static final Flow.Subscription NOTHING =
      new Flow.Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
      };

  /** How many of the first bytes each subscription must publish as the first one did. */
  private static final int HEAD = 64;

  private static final byte[] NO_BYTES = {};

  /** What one subscription published: its first {@code length} bytes, as a SHA-256 digest. */
  private static final class Sent {
    final long length;
    final byte[] digest;

    Sent(long length, byte[] digest) {
      this.length = length;
      this.digest = digest;
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every Java platform has SHA-256", e);
    }
  }

  private static byte[] digestSoFar(MessageDigest digest) {
    try {
      return ((MessageDigest) digest.clone()).digest();
    } catch (CloneNotSupportedException e) {
      throw new AssertionError("the JDK's SHA-256 clones", e);
    }
  }

  /**
   * A body whose subscriptions are each counted against the first whole one, and digested: a later
   * subscription must publish the bytes of the first whole one (or, before any was whole, those of
   * the longest one cut short), which it shows before the byte that would complete its request.
   */
  private static final class Checked extends Wrapped {

    /** The bytes of the first subscription that completed, or null. */
    private final AtomicReference<@Nullable Sent> whole = new AtomicReference<>();

    /** Before any was whole: the longest run of bytes a subscription published, or null. */
    private final AtomicReference<@Nullable Sent> longest = new AtomicReference<>();

    /** The most bytes any subscription published. */
    private final AtomicLong most = new AtomicLong();

    /** The first bytes (up to {@link #HEAD}) the first subscription published, or null. */
    private final AtomicReference<byte @Nullable []> head = new AtomicReference<>();

    Checked(BodyPublisher body, HttpRequest request) {
      super(body, request);
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      byte[] expected = head.get();
      boolean first = expected == null && head.compareAndSet(null, NO_BYTES);
      Sent w = whole.get();
      Guard.subscribe(
          body,
          new Counting(
              subscriber, w, w == null ? longest.get() : null, most.get(), first ? null : expected),
          request);
    }

    private HttpJsonException differs(long before, long now) {
      return differs("published " + before + " bytes when first sent and " + now + " now");
    }

    private HttpJsonException differs(String what) {
      return cannotSendAgain(request, body, what);
    }

    /** One subscription, counted and digested. */
    private final class Counting implements Flow.Subscriber<ByteBuffer> {
      private final Flow.Subscriber<? super ByteBuffer> downstream;
      private final @Nullable Sent wholeBefore;
      private final @Nullable Sent check; // the bytes to compare with: the whole ones, or a run
      private final long mostBefore;

      /** The first subscription's first bytes, or null when this one is the first. */
      private final byte @Nullable [] expected;

      private final byte @Nullable [] own;
      private final MessageDigest digest = sha256();
      private Flow.@Nullable Subscription upstream;
      private long bytes;
      private boolean done;

      Counting(
          Flow.Subscriber<? super ByteBuffer> downstream,
          @Nullable Sent wholeBefore,
          @Nullable Sent longestBefore,
          long mostBefore,
          byte @Nullable [] expected) {
        this.downstream = downstream;
        this.wholeBefore = wholeBefore;
        this.check = wholeBefore != null ? wholeBefore : longestBefore;
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

      /**
       * Digests {@code item}; false when it reaches the length of the bytes to compare with and the
       * bytes so far are not theirs. The item is then not handed on: the one that completes a
       * request of that length never goes out changed.
       */
      private boolean sameBytes(ByteBuffer item) {
        ByteBuffer b = item.duplicate();
        Sent c = check;
        if (c != null && bytes < c.length && bytes + b.remaining() >= c.length) {
          int limit = b.limit();
          b.limit(b.position() + (int) (c.length - bytes));
          digest.update(b);
          if (!MessageDigest.isEqual(digestSoFar(digest), c.digest)) {
            return false;
          }
          b.limit(limit);
        }
        digest.update(b);
        return true;
      }

      private void fail(HttpJsonException e) {
        done = true;
        Flow.Subscription s = upstream;
        if (s != null) {
          s.cancel();
        }
        downstream.onError(e);
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
        Sent w = wholeBefore;
        long after = bytes + item.remaining();
        if (w != null && after > w.length) {
          fail(differs(w.length, after));
          return;
        }
        if (!sameHead(item) || !sameBytes(item)) {
          fail(differs("published other bytes when sent again"));
          return;
        }
        bytes = after;
        most.accumulateAndGet(bytes, Math::max);
        if (w == null && whole.get() == null) {
          // This run may be cut short (an early response): a later subscription is held to it.
          Sent l = longest.get();
          if (l == null || l.length < bytes) {
            Sent now = new Sent(bytes, digestSoFar(digest));
            while (!longest.compareAndSet(l, now)) {
              l = longest.get();
              if (l != null && l.length >= bytes) {
                break;
              }
            }
          }
        }
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
        Sent w = wholeBefore;
        if (w != null ? bytes != w.length : bytes < mostBefore) {
          downstream.onError(differs(w != null ? w.length : mostBefore, bytes));
          return;
        }
        whole.compareAndSet(null, new Sent(bytes, digest.digest()));
        downstream.onComplete();
      }
    }
  }
}

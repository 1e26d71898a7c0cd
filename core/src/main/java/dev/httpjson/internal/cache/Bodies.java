package dev.httpjson.internal.cache;

import dev.httpjson.internal.ForwardedInfo;
import dev.httpjson.internal.ForwardingSubscriber;
import dev.httpjson.internal.StreamingSubscriber;
import dev.httpjson.internal.Unreachables;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;

/** Stored bodies given to a caller's body handler, and network bodies copied while read. */
final class Bodies {
  private static final int CHUNK = 16 * 1024;

  private Bodies() {}

  /** The network's response {@code info} with the headers the cache shows, {@code headers}. */
  static ResponseInfo forwarded(ResponseInfo info, HttpHeaders headers) {
    return new ForwardedInfo() {
      @Override
      public ResponseInfo network() {
        return info;
      }

      @Override
      public int statusCode() {
        return info.statusCode();
      }

      @Override
      public HttpHeaders headers() {
        return headers;
      }

      @Override
      public HttpClient.Version version() {
        return info.version();
      }
    };
  }

  static ResponseInfo info(int status, HttpHeaders headers, HttpClient.Version version) {
    return new ResponseInfo() {
      @Override
      public int statusCode() {
        return status;
      }

      @Override
      public HttpHeaders headers() {
        return headers;
      }

      @Override
      public HttpClient.Version version() {
        return version;
      }
    };
  }

  /**
   * Bytes {@code from} to {@code to} of {@code source}, closed when delivered or given up, given to
   * the subscriber {@code handler} makes for {@code info} on the thread that calls this and on
   * those that request more: the caller's, never the cache's. The body it reads, or the failure of
   * the subscriber (a signal that threw), as the JDK's client fails such a call. Completing the
   * future first (the caller gave up) stops the body: its source is closed and the subscriber told.
   * A body read from a file and handed out before it ended (a stream) is watched in {@code store}:
   * dropped unreachable unfinished, its file is closed at the store's next poll ({@link
   * Store#expunge}).
   */
  static <T> CompletableFuture<T> feed(
      BodyHandler<T> handler, ResponseInfo info, Source source, long from, long to, Store store) {
    BodySubscriber<T> subscriber;
    try {
      subscriber = handler.apply(info);
    } catch (RuntimeException e) {
      source.close();
      return CompletableFuture.failedFuture(e); // as the JDK's client reports it
    }
    CompletableFuture<T> out = new CompletableFuture<>();
    Feed feed = new Feed(subscriber, source, from, to, out);
    out.whenComplete(
        (body, failure) -> {
          if (failure != null) {
            feed.stop(failure);
          }
        });
    try {
      subscriber.onSubscribe(feed);
      subscriber
          .getBody()
          .whenComplete(
              (body, failure) -> {
                if (failure != null) {
                  out.completeExceptionally(failure);
                } else {
                  feed.handedOut(store, body);
                  out.complete(body);
                }
              });
    } catch (RuntimeException e) {
      feed.failed(e);
    }
    return out;
  }

  /**
   * A stored body: an array, handed out as read-only views of it (never copied, never writable by a
   * subscriber), or a region of an open file, whose checksum is verified as it is read: the file is
   * read once, and the read that reaches the end of the body fails when the file was damaged.
   */
  static final class Source {
    private final @Nullable ByteBuffer bytes;
    private final @Nullable FileChannel channel;
    private final long offset;
    final long length;

    /**
     * The checksum of the file up to {@link #checked}, or null when verified (or in memory): the
     * fields before the body, then the body as it is read.
     */
    private @Nullable CRC32 crc;

    /** The bytes of the body the checksum covers. */
    private long checked;

    private final long expected;
    private final @Nullable Path path;
    private final @Nullable Runnable damaged;

    private Source(
        @Nullable ByteBuffer bytes,
        @Nullable FileChannel channel,
        long offset,
        long length,
        @Nullable CRC32 crc,
        long expected,
        @Nullable Path path,
        @Nullable Runnable damaged) {
      this.bytes = bytes;
      this.channel = channel;
      this.offset = offset;
      this.length = length;
      this.crc = crc;
      this.expected = expected;
      this.path = path;
      this.damaged = damaged;
    }

    static Source of(byte[] bytes) {
      return of(ByteBuffer.wrap(bytes));
    }

    static Source of(ByteBuffer bytes) {
      ByteBuffer view = bytes.slice().asReadOnlyBuffer();
      return new Source(view, null, 0, view.remaining(), null, 0, null, null);
    }

    /**
     * The region of {@code channel}'s file from {@code offset}, {@code length} bytes, verified
     * against {@code expected} as it is read: {@code crc} holds the checksum of the file before
     * {@code offset}; {@code damaged} runs when it does not match.
     */
    static Source of(
        FileChannel channel,
        long offset,
        long length,
        CRC32 crc,
        long expected,
        Path path,
        @Nullable Runnable damaged) {
      return new Source(null, channel, offset, length, crc, expected, path, damaged);
    }

    ByteBuffer read(long position, int n) throws IOException {
      ByteBuffer b = bytes;
      if (b != null) {
        return b.slice((int) position, n);
      }
      ByteBuffer buffer = ByteBuffer.allocate(n);
      FileChannel c = Objects.requireNonNull(channel);
      while (buffer.hasRemaining()) {
        if (c.read(buffer, offset + position + buffer.position()) < 0) {
          throw new IOException("cache file ended early");
        }
      }
      buffer.flip();
      check(position, buffer.duplicate());
      return buffer;
    }

    /** Fills {@code into} with the bytes from {@code position} on. */
    void readInto(long position, ByteBuffer into) throws IOException {
      ByteBuffer b = bytes;
      if (b != null) {
        into.put(b.slice((int) position, into.remaining()));
        return;
      }
      FileChannel c = Objects.requireNonNull(channel);
      int from = into.position();
      long start = offset + position - from;
      while (into.hasRemaining()) {
        if (c.read(into, start + into.position()) < 0) {
          throw new IOException("cache file ended early");
        }
      }
      check(position, into.duplicate().flip().position(from));
    }

    /**
     * Adds the bytes at {@code position} to the checksum when they follow those it covers; a read
     * elsewhere (a range) verifies the whole body first. Fails once the body is read whole and its
     * checksum does not match.
     */
    private void check(long position, ByteBuffer read) throws IOException {
      CRC32 c = crc;
      if (c == null) {
        return;
      }
      if (position != checked) {
        verify();
        return;
      }
      checked += read.remaining();
      c.update(read);
      if (checked == length) {
        finish(c);
      }
    }

    /** Reads what the checksum does not cover yet, and verifies it. */
    void verify() throws IOException {
      CRC32 c = crc;
      if (c == null) {
        return;
      }
      FileChannel channel = Objects.requireNonNull(this.channel);
      ByteBuffer chunk = ByteBuffer.allocate((int) Math.min(64 * 1024, Math.max(1, length)));
      while (checked < length) {
        chunk.clear().limit((int) Math.min(chunk.capacity(), length - checked));
        while (chunk.hasRemaining()) {
          if (channel.read(chunk, offset + checked + chunk.position()) < 0) {
            throw new IOException("cache file ended early");
          }
        }
        checked += chunk.position();
        c.update(chunk.flip());
      }
      finish(c);
    }

    private void finish(CRC32 c) throws IOException {
      crc = null;
      c.update(ByteBuffer.allocate(8).putLong(0, length));
      if (c.getValue() != expected) {
        Runnable d = damaged;
        if (d != null) {
          d.run();
        }
        throw new IOException(
            "cache file "
                + path
                + " is damaged (its checksum does not match); its entry is removed");
      }
    }

    /** Whether the body is read from a file, which stays open until it is closed. */
    boolean inFile() {
      return channel != null;
    }

    void close() {
      FileChannel c = channel;
      if (c != null) {
        try {
          c.close();
        } catch (IOException e) {
          // read-only: nothing lost
        }
      }
    }
  }

  /** The body of {@code future}, with the failure the JDK's {@code send} would throw. */
  static <T> T await(CompletableFuture<T> future) throws IOException, InterruptedException {
    try {
      return future.get();
    } catch (InterruptedException e) {
      future.cancel(true); // the body stops: its file is closed
      throw e;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IllegalArgumentException) {
        throw new IllegalArgumentException(cause.getMessage(), cause);
      }
      if (cause instanceof SecurityException) {
        throw new SecurityException(cause.getMessage(), cause);
      }
      throw asIoException(cause);
    }
  }

  static IOException asIoException(@Nullable Throwable cause) {
    Throwable c =
        cause instanceof CompletionException && cause.getCause() != null ? cause.getCause() : cause;
    if (c instanceof IOException) {
      return new IOException(c.getMessage(), c);
    }
    return new IOException(c == null ? "body failed" : String.valueOf(c.getMessage()), c);
  }

  /**
   * A subscription that hands a stored body out in chunks, as demanded; reentrant calls trampoline.
   */
  private static final class Feed implements Flow.Subscription {
    private final Flow.Subscriber<? super List<ByteBuffer>> subscriber;
    private final Source source;
    private final long to;
    private final CompletableFuture<?> out;
    private final AtomicLong demand = new AtomicLong();
    private final AtomicInteger wip = new AtomicInteger();
    private volatile boolean cancelled;
    private long position;
    private boolean completed;

    /** Why the call was given up before its body ended, or null. */
    private volatile @Nullable Throwable stopped;

    /**
     * The watch of the body handed out while its file is open ({@link #handedOut}); guarded by
     * {@code this}, as is {@link #unwatched}.
     */
    private Unreachables.@Nullable Watch watch;

    /** Whether the body ended (closed, read to its end, failed): nothing more to watch. */
    private boolean unwatched;

    Feed(
        Flow.Subscriber<? super List<ByteBuffer>> subscriber,
        Source source,
        long from,
        long to,
        CompletableFuture<?> out) {
      this.subscriber = subscriber;
      this.source = source;
      this.position = from;
      this.to = to;
      this.out = out;
    }

    /**
     * The subscriber threw: the body is given up (its file closed), the subscriber told, and the
     * call fails with what it threw.
     */
    void failed(RuntimeException e) {
      cancel();
      try {
        subscriber.onError(e);
      } catch (RuntimeException ignored) {
        // it failed already; the call reports the first failure
      }
      out.completeExceptionally(e);
    }

    /**
     * The caller gave up on the call ({@code why}): the body goes no further, and a subscriber
     * still waiting for it is told, in order with its other signals.
     */
    void stop(Throwable why) {
      if (stopped == null) {
        stopped = why;
        drain();
      }
    }

    @Override
    public void request(long n) {
      if (added(demand, n, this::cancel, subscriber)) {
        drain();
      }
    }

    private void drain() {
      if (wip.getAndIncrement() != 0) {
        return;
      }
      int missed = 1;
      do {
        Throwable why = stopped;
        if (why != null && !cancelled && !completed) {
          cancel();
          try {
            subscriber.onError(
                why instanceof IOException ? why : new IOException("the call was given up", why));
          } catch (RuntimeException ignored) {
            // given up already
          }
        }
        while (!cancelled && !completed && demand.get() > 0 && position < to) {
          int n = (int) Math.min(CHUNK, to - position);
          ByteBuffer chunk;
          try {
            chunk = source.read(position, n);
          } catch (IOException e) {
            boolean signal = !cancelled;
            cancel();
            if (signal) {
              subscriber.onError(e);
            }
            break;
          }
          position += n;
          demand.decrementAndGet();
          try {
            subscriber.onNext(List.of(chunk));
          } catch (RuntimeException e) {
            failed(e);
          }
        }
        if (!cancelled && !completed && position >= to) {
          completed = true;
          source.close();
          unwatch();
          try {
            subscriber.onComplete();
          } catch (RuntimeException e) {
            failed(e);
          }
        }
        missed = wip.addAndGet(-missed);
      } while (missed != 0);
    }

    @Override
    public void cancel() {
      cancelled = true;
      source.close();
      unwatch();
    }

    /**
     * {@code body}, what the subscriber made of this feed, is the caller's now: when it is read
     * from a file and not read whole yet (a stream), it is watched in {@code store}, and once the
     * caller dropped it unreachable unfinished, this feed is cancelled and the file closed at the
     * store's next poll. What is watched is what only the caller holds: the body, or the object
     * httpjson makes to read it ({@link StreamingSubscriber#whenHeld}). The watch holds this feed
     * weakly: when nothing else holds it, the file is unreachable with the body, and the JDK closes
     * it on its own; when something does (the watch of a call's dropped stream, which ends its
     * exchange only at a poll of its own queue), the store's poll closes it.
     */
    void handedOut(Store store, @Nullable Object body) {
      if (body == null || !source.inFile()) {
        return;
      }
      Runnable dropped = new Dropped(this);
      watch(store, body, dropped);
      StreamingSubscriber.whenHeld(body, holder -> watch(store, holder, dropped));
    }

    private synchronized void watch(Store store, Object handed, Runnable dropped) {
      if (unwatched) {
        return;
      }
      Unreachables.Watch old = watch;
      watch = store.watch(handed, dropped);
      if (old != null) {
        old.end();
      }
    }

    /** The body ended: nothing to watch any more. */
    private synchronized void unwatch() {
      unwatched = true;
      Unreachables.Watch w = watch;
      watch = null;
      if (w != null) {
        w.end();
      }
    }
  }

  /**
   * What a served body dropped unfinished runs: cancels its feed, which closes its file. Holds the
   * feed weakly, and so neither the body the feed hands to its subscriber nor the file itself.
   */
  private static final class Dropped implements Runnable {
    private final java.lang.ref.WeakReference<Feed> feed;

    Dropped(Feed feed) {
      this.feed = new java.lang.ref.WeakReference<>(feed);
    }

    @Override
    public void run() {
      Feed f = feed.get();
      if (f != null) {
        f.cancel();
      }
    }
  }

  /**
   * Passes a network body on to the caller's subscriber and to a {@link Store.Sink}, which
   * publishes it when the body ended, and drops it when it failed, was cancelled or grew past the
   * limit.
   */
  static final class Tee<T> extends ForwardingSubscriber<T> {
    /** The class of the JDK's {@code BodySubscribers.ofInputStream()}, its own body. */
    private static final Class<?> JDK_STREAM = BodySubscribers.ofInputStream().getClass();

    private final Store.Sink sink;
    private final AtomicBoolean over = new AtomicBoolean();

    /**
     * Where a body handed out before it ended (a stream the caller reads) is watched, so that its
     * room comes back when the caller drops it unfinished; null when none is.
     */
    private final @Nullable Store store;

    private volatile Flow.@Nullable Subscription upstream;

    /** The watch of the body handed out, until the body ends; guarded by {@code this}. */
    private Unreachables.@Nullable Watch watch;

    Tee(BodySubscriber<T> downstream, Store.Sink sink) {
      this(downstream, sink, null);
    }

    Tee(BodySubscriber<T> downstream, Store.Sink sink, @Nullable Store store) {
      super(downstream);
      this.sink = sink;
      this.store = store;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      upstream = subscription;
      super.onSubscribe(subscription);
    }

    /**
     * The body to hand the caller for {@code body}, the one the transport's response holds, watched
     * when it is a stream being read while stored: dropped unreachable unfinished, it gives its
     * room back and stops the exchange under it. The transport holds its response, so what is
     * watched is an object only the caller holds: a stream of the cache's over the JDK's input
     * stream or over the elements of a stream, or the object httpjson makes to read its own stream
     * ({@link StreamingSubscriber#whenHeld}).
     */
    @SuppressWarnings("unchecked")
    <B> B handOut(B body) {
      Store s = store;
      if (s == null || over.get() || body == null) {
        return body;
      }
      if (body.getClass() == JDK_STREAM) {
        Handed handed = new Handed((InputStream) body);
        watch(s, handed);
        return (B) handed;
      }
      if (body instanceof java.util.stream.Stream
          && body.getClass().getName().startsWith("java.util.stream.")) {
        // A stream of the JDK's, a type no caller names: the caller's has the same elements.
        java.util.stream.Stream<Object> stream = (java.util.stream.Stream<Object>) body;
        Watched<Object> elements = new Watched<>(stream.spliterator());
        watch(s, elements);
        return (B)
            java.util.stream.StreamSupport.stream(elements, stream.isParallel())
                .onClose(stream::close);
      }
      StreamingSubscriber.whenHeld(body, holder -> watch(s, holder));
      return body;
    }

    private synchronized void watch(Store s, Object handed) {
      if (over.get()) {
        return;
      }
      Unreachables.Watch old = watch;
      watch = s.watch(handed, this::dropped);
      if (old != null) {
        old.end();
      }
    }

    /** The body handed out was dropped unfinished: its room comes back, its exchange stops. */
    private void dropped() {
      if (over.get()) {
        return;
      }
      abandon();
      Flow.Subscription u = upstream;
      if (u != null) {
        u.cancel();
      }
    }

    /** The body ended: nothing to watch any more. */
    private synchronized void unwatch() {
      Unreachables.Watch w = watch;
      watch = null;
      if (w != null) {
        w.end();
      }
    }

    @Override
    protected void cancelled() {
      abandon();
    }

    /**
     * Drops what was stored of the body: when it failed, was cancelled, or the caller gave up on a
     * call whose transport stops reading without telling its subscriber.
     */
    void abandon() {
      if (over.compareAndSet(false, true)) {
        synchronized (this) {
          sink.abandon();
        }
        unwatch();
      }
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
      if (!over.get()) {
        synchronized (this) {
          for (ByteBuffer item : items) {
            if (!sink.write(item)) {
              over.set(true);
              sink.abandon();
              break;
            }
          }
        }
        if (over.get()) {
          unwatch();
        }
      }
      super.onNext(items);
    }

    @Override
    public void onError(Throwable throwable) {
      abandon();
      super.onError(throwable);
    }

    @Override
    public void onComplete() {
      if (over.compareAndSet(false, true)) {
        synchronized (this) {
          try {
            sink.commit();
          } catch (RuntimeException e) {
            sink.abandon(); // a store that fails stores nothing; the caller's body is whole
          }
        }
        unwatch();
      }
      super.onComplete();
    }
  }

  /**
   * The JDK's input stream as the caller gets it from a body being stored: every call passed on, so
   * that only the caller holds it (the transport holds the JDK's stream, its subscriber).
   */
  private static final class Handed extends java.io.FilterInputStream {
    Handed(InputStream in) {
      super(in);
    }

    @Override
    public byte[] readAllBytes() throws IOException {
      return in.readAllBytes();
    }

    @Override
    public byte[] readNBytes(int len) throws IOException {
      return in.readNBytes(len);
    }

    @Override
    public int readNBytes(byte[] b, int off, int len) throws IOException {
      return in.readNBytes(b, off, len);
    }

    @Override
    public long transferTo(java.io.OutputStream out) throws IOException {
      return in.transferTo(out);
    }
  }

  /**
   * The elements of a stream as the caller gets them from a body being stored: the transport's
   * response holds the stream they come from, the caller's stream and its iterators this.
   */
  private static final class Watched<E> implements java.util.Spliterator<E> {
    private final java.util.Spliterator<E> elements;

    Watched(java.util.Spliterator<E> elements) {
      this.elements = elements;
    }

    @Override
    public boolean tryAdvance(java.util.function.Consumer<? super E> action) {
      return elements.tryAdvance(action);
    }

    @Override
    public void forEachRemaining(java.util.function.Consumer<? super E> action) {
      elements.forEachRemaining(action);
    }

    @Override
    public java.util.@Nullable Spliterator<E> trySplit() {
      return null; // read in order, as it arrives, on the caller's thread
    }

    @Override
    public long estimateSize() {
      return elements.estimateSize();
    }

    @Override
    public int characteristics() {
      return elements.characteristics();
    }

    @Override
    public java.util.Comparator<? super E> getComparator() {
      return elements.getComparator();
    }
  }

  /**
   * Reads and drops a network body (a 304's, or the error a stale response answers instead) while
   * the caller's body comes from the store.
   */
  static final class Swap<T> implements BodySubscriber<T> {
    private final CompletableFuture<T> body;

    Swap(CompletableFuture<T> body) {
      this.body = body;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> item) {}

    @Override
    public void onError(Throwable throwable) {}

    @Override
    public void onComplete() {}

    @Override
    public java.util.concurrent.CompletionStage<T> getBody() {
      return body;
    }
  }

  /**
   * Adds {@code n} to a subscription's {@code demand} (capped at {@code Long.MAX_VALUE}); a demand
   * that is not positive, against the Reactive Streams rules, cancels it ({@code cancel}) and fails
   * {@code subscriber}. Whether the demand was added.
   */
  static boolean added(AtomicLong demand, long n, Runnable cancel, Flow.Subscriber<?> subscriber) {
    if (n <= 0) {
      cancel.run();
      subscriber.onError(new IllegalArgumentException("request(" + n + ")"));
      return false;
    }
    demand.getAndAccumulate(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
    return true;
  }
}

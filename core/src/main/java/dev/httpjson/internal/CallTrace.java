package dev.httpjson.internal;

import dev.httpjson.CallListener;
import dev.httpjson.JsonOptions;
import dev.httpjson.LoggingInterceptor;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Consumer;
import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import org.jspecify.annotations.Nullable;

/**
 * The events of one call, for its {@link CallListener}s and its JFR {@link Event}: made only when
 * someone listens ({@link #start} returns {@code null} otherwise, and every hook is one null
 * check).
 */
public final class CallTrace implements CallListener.Call {
  /**
   * The logger of a listener's failure, looked up when one fails: looking it up starts the logging
   * backend ({@code java.util.logging} by default), which a call nobody listens to must not pay
   * for.
   */
  private static System.Logger log() {
    return System.getLogger("dev.httpjson");
  }

  /**
   * Whether this runtime has JFR: a class-path application on an image linked without the {@code
   * jdk.jfr} module still makes its calls, without the event.
   */
  private static final boolean JFR = ModuleLayer.boot().findModule("jdk.jfr").isPresent();

  private static final CallListener[] NONE = {};

  private final CallListener[] listeners;
  private final @Nullable Event event;
  private static final AtomicIntegerFieldUpdater<CallTrace> OVER =
      AtomicIntegerFieldUpdater.newUpdater(CallTrace.class, "over");
  private static final AtomicIntegerFieldUpdater<CallTrace> STREAM_OVER =
      AtomicIntegerFieldUpdater.newUpdater(CallTrace.class, "streamOver");

  private final String method;
  private final URI target;
  private volatile @Nullable String uri; // redacted when first asked for
  private final @Nullable Type type;
  private final @Nullable JsonOptions options;
  // The request body's length of the attempt under way: a redirect to a GET sends none.
  private volatile long requestBytes;
  private final long start;
  private volatile int over;
  private volatile int streamOver; // claimed by the first report of the stream's end

  // Written by the thread the call's phases run on, one after the other.
  private volatile int status;
  private volatile int attempts;
  private volatile long bytesOut = -1;
  private volatile long headersAt;
  private volatile long bodyAt;
  private volatile long wire = -1;
  private volatile long decodedBytes = -1;
  private volatile long decodeNanos;
  private volatile long elements;
  private volatile boolean redirecting;
  private volatile boolean closedEarly;
  private volatile @Nullable String cache;

  // Guarded by this: what reports once the call is over, and how it ended.
  private Over @Nullable [] overs;
  private boolean done;
  private @Nullable Throwable outcome;
  private long doneAt;

  private CallTrace(
      CallListener[] listeners,
      boolean jfr,
      HttpRequest request,
      @Nullable Type type,
      @Nullable JsonOptions options) {
    this.listeners = listeners;
    this.method = request.method();
    this.target = request.uri();
    this.type = type;
    this.options = options;
    this.requestBytes =
        request.bodyPublisher().map(HttpRequest.BodyPublisher::contentLength).orElse(0L);
    Event e = jfr ? new Event() : null;
    if (e != null) {
      e.begin();
    }
    this.event = e;
    // After the event began (its first instance loads its class): its phases are timed from
    // here, so none of them is longer than the event.
    this.start = System.nanoTime();
  }

  /**
   * The trace of a call {@code client} makes, or {@code null} when nobody listens: no listener on
   * the client and no JFR recording of {@code dev.httpjson.Call}.
   */
  public static @Nullable CallTrace start(
      HttpClient client, HttpRequest request, @Nullable Type type, @Nullable JsonOptions options) {
    CallListener[] listeners =
        client instanceof InterceptingClient ? ((InterceptingClient) client).listeners() : NONE;
    boolean jfr = JFR && recording();
    if (listeners.length == 0 && !jfr) {
      return null;
    }
    CallTrace trace = new CallTrace(listeners, jfr, request, type, options);
    trace.tell(l -> l.callStart(trace));
    return trace;
  }

  private java.util.Set<String> shown() {
    JsonOptions o = options;
    return o == null ? java.util.Set.of() : o.shownQueryParameters();
  }

  @Override
  public String method() {
    return method;
  }

  @Override
  public String uri() {
    String u = uri;
    if (u == null) {
      u = Uris.redact(target, shown());
      uri = u;
    }
    return u;
  }

  @Override
  public @Nullable Type type() {
    return type;
  }

  @Override
  public long startNanos() {
    return start;
  }

  /** The request URI as sent, not redacted. */
  public URI target() {
    return target;
  }

  /** The status of the last response headers seen, or 0. */
  public int status() {
    return status;
  }

  /** The bytes of the body as received, or -1 when no body was read to its end. */
  public long wireBytes() {
    return wire;
  }

  /** The bytes of the body once decoded (decompressed), or -1 when no body was read to its end. */
  public long decodedBytes() {
    return decodedBytes;
  }

  /** Whether the call's stream was closed by its caller before its end. */
  public boolean closedEarly() {
    return closedEarly;
  }

  /** What reports from this trace once the call is over: a {@link LoggingInterceptor}. */
  public interface Over {
    /** The call is over: ended, or failed with {@code failure}, at {@code nanoTime}. */
    public void over(CallTrace trace, @Nullable Throwable failure, long nanoTime);
  }

  /**
   * Has {@code over} told when the call is over, after the listeners; at once if it is over
   * already.
   */
  public void whenOver(Over over) {
    synchronized (this) {
      if (!done) {
        Over[] more = overs == null ? new Over[1] : Arrays.copyOf(overs, overs.length + 1);
        more[more.length - 1] = over;
        overs = more;
        return;
      }
    }
    tell(over, outcome, doneAt);
  }

  private void over(@Nullable Throwable failure, long now) {
    Over[] told;
    synchronized (this) {
      done = true;
      outcome = failure;
      doneAt = now;
      told = overs;
      overs = null;
    }
    if (told != null) {
      for (Over o : told) {
        tell(o, failure, now);
      }
    }
  }

  private void tell(Over over, @Nullable Throwable failure, long now) {
    try {
      over.over(this, failure, now);
    } catch (RuntimeException | Error e) {
      log().log(System.Logger.Level.WARNING, "Reporting the end of a call failed", e);
    }
  }

  /**
   * Whether a JFR recording enables {@code dev.httpjson.Call}. The event class (and JFR's event
   * machinery) loads only once a recording has started.
   */
  private static boolean recording() {
    return jdk.jfr.FlightRecorder.isInitialized() && Probe.EVENT.isEnabled();
  }

  /** Holds the probe event, so that loading {@code CallTrace} loads no event class. */
  private static final class Probe {
    static final Event EVENT = new Event();
  }

  /**
   * An attempt reaches the client (the chain's end) with {@code sent}, whose body (none, for a hop
   * a redirect turned into a GET) is the one {@link CallListener#requestBodySent} reports for it.
   */
  public void attempt(HttpRequest sent) {
    requestBytes = sent.bodyPublisher().map(HttpRequest.BodyPublisher::contentLength).orElse(0L);
    attempt();
  }

  /** An attempt reaches the client (the chain's end): the second and later are retries. */
  public void attempt() {
    int n = ++attempts;
    if (n > 1 && !redirecting) {
      long now = System.nanoTime();
      tell(l -> l.retry(this, n, now));
    }
    redirecting = false;
  }

  public void redirect(int statusCode, URI location) {
    redirecting = true;
    long now = System.nanoTime();
    tell(l -> l.redirect(this, statusCode, Uris.redact(location, shown()), now));
  }

  /** An attempt's response headers arrived; its request body, if any, was sent. */
  public void headers(int statusCode) {
    long now = System.nanoTime();
    if (attempts == 0) {
      attempts = 1; // no interceptor chain counted it
    }
    status = statusCode;
    headersAt = now;
    long sent = requestBytes;
    if (sent != 0) {
      bytesOut = sent;
      tell(l -> l.requestBodySent(this, sent, now));
    }
    tell(l -> l.responseHeaders(this, statusCode, now));
  }

  /** What an {@link dev.httpjson.HttpCache} under the call recorded in the response's headers. */
  public void cache(HttpHeaders headers) {
    if (headers.allValues("Cache-Status").isEmpty()) { // no stream made on every call
      return; // no cache took part: the cache's classes (and their digest) stay unloaded
    }
    java.util.Optional<dev.httpjson.HttpCache.Outcome> o =
        dev.httpjson.internal.cache.Cache.outcome(headers);
    if (o.isPresent()) {
      dev.httpjson.HttpCache.Outcome outcome = o.get();
      cache = outcome.name();
      long now = System.nanoTime();
      tell(l -> l.cache(this, outcome, now));
    }
  }

  /** The body was read to its end. */
  public void body(long wireBytes, long decoded) {
    long now = System.nanoTime();
    bodyAt = now;
    wire = wireBytes;
    decodedBytes = decoded;
    tell(l -> l.responseBodyRead(this, wireBytes, decoded, now));
  }

  /** The codec made the value from the body, in {@code nanos}. */
  public void decoded(long nanos) {
    long now = System.nanoTime();
    decodeNanos = nanos;
    tell(l -> l.decoded(this, nanos, now));
  }

  /** A stream delivered an element. Called on the consuming thread only. */
  public void element() {
    elements++;
  }

  /**
   * A stream is over: read to its end, closed early, or failed ({@code failure}). Only the first
   * report counts: a caller closing the stream from another thread while its reader fails makes
   * two.
   */
  public void streamEnd(boolean early, @Nullable Throwable failure) {
    if (over != 0 || !STREAM_OVER.compareAndSet(this, 0, 1)) {
      return;
    }
    closedEarly = early;
    long now = System.nanoTime();
    tell(l -> l.streamEnd(this, elements, early, now));
    if (failure != null) {
      failed(failure);
    } else {
      end();
    }
  }

  /** The call succeeded. Only the first of {@link #end} and {@link #failed} counts. */
  public void end() {
    if (!OVER.compareAndSet(this, 0, 1)) {
      return;
    }
    long now = System.nanoTime();
    tell(l -> l.callEnd(this, now));
    over(null, now);
    commit("success");
  }

  /** The call failed with {@code failure}, what its caller sees. */
  public void failed(Throwable failure) {
    if (!OVER.compareAndSet(this, 0, 1)) {
      return;
    }
    long now = System.nanoTime();
    tell(l -> l.callFailed(this, failure, now));
    over(failure, now);
    commit(failure.getClass().getName());
  }

  private void commit(String outcome) {
    Event e = event;
    if (e == null) {
      return;
    }
    e.end();
    if (!e.shouldCommit()) {
      return;
    }
    e.method = method;
    e.uri = uri();
    e.type = type == null ? null : type.getTypeName(); // only while a recording takes it
    e.codec = codec();
    e.status = status;
    e.outcome = outcome;
    e.attempts = attempts;
    e.bytesOut = Math.max(0, bytesOut);
    e.bytesIn = Math.max(0, wire);
    e.bytesDecoded = Math.max(0, decodedBytes);
    e.elements = elements;
    e.cache = cache;
    long headers = headersAt;
    long body = bodyAt;
    e.headersDuration = headers == 0 ? 0 : headers - start;
    e.bodyDuration = body == 0 || headers == 0 ? 0 : body - headers;
    e.decodeDuration = decodeNanos;
    e.commit();
  }

  private @Nullable String codec() {
    if (options == null || type == null) {
      return null;
    }
    try {
      return options.codec().name();
    } catch (RuntimeException | Error e) {
      return null;
    }
  }

  /** Tells each listener {@code event} in order; what one throws is logged, the others told. */
  private void tell(Consumer<CallListener> event) {
    for (CallListener l : listeners) {
      try {
        event.accept(l);
      } catch (RuntimeException | Error e) {
        log().log(System.Logger.Level.WARNING, "A CallListener threw; the call goes on", e);
      }
    }
  }

  /**
   * The JFR event of one httpjson call, committed when a recording has {@code dev.httpjson.Call}
   * enabled (it is, by default, in every recording): {@code java -XX:StartFlightRecording} or
   * {@code jcmd <pid> JFR.start} shows the calls with no code change.
   */
  @Name("dev.httpjson.Call")
  @Label("httpjson Call")
  @Category({"httpjson"})
  @Description("An HTTP exchange made by httpjson, from the call to its value or failure")
  @StackTrace(false)
  static final class Event extends jdk.jfr.Event {
    @Label("Method")
    @Nullable String method;

    @Label("URI")
    @Description("The request URI, secrets redacted")
    @Nullable String uri;

    @Label("Type")
    @Description("The type read, if any")
    @Nullable String type;

    @Label("Codec")
    @Nullable String codec;

    @Label("Status")
    @Description("The last response's status code, or 0 when none arrived")
    int status;

    @Label("Outcome")
    @Description("\"success\", or the class of the exception the call failed with")
    @Nullable String outcome;

    @Label("Cache")
    @Description("HIT, REVALIDATED or MISS when an HttpCache took part, else empty")
    @Nullable String cache;

    @Label("Attempts")
    int attempts;

    @Label("Request Bytes")
    @DataAmount
    long bytesOut;

    @Label("Response Bytes")
    @Description("The response body's bytes as received (compressed, when it was)")
    @DataAmount
    long bytesIn;

    @Label("Decoded Bytes")
    @Description("The response body's bytes after its Content-Encoding was decoded")
    @DataAmount
    long bytesDecoded;

    @Label("Elements")
    @Description("The elements a stream delivered")
    long elements;

    @Label("Time to Headers")
    @Timespan
    long headersDuration;

    @Label("Body Time")
    @Description("From the headers to the end of the body")
    @Timespan
    long bodyDuration;

    @Label("Decode Time")
    @Timespan
    long decodeDuration;
  }
}

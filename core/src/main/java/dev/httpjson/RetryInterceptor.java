package dev.httpjson;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpTimeoutException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.jspecify.annotations.Nullable;

/**
 * Repeats an exchange that failed in a way a later attempt may not: a connection that could not be
 * made or that dropped, a request timeout, or a status that says "later" (429 and 503 by default).
 * Add it to an {@link HttpJsonClient} with {@link HttpJsonClient.Builder#interceptor(Interceptor)}:
 *
 * <pre>{@code
 * HttpJsonClient api = HttpJsonClient.newBuilder(http)
 *     .baseUri("https://api.example.com/v1/")
 *     .interceptor(RetryInterceptor.newBuilder().maxAttempts(4).build())
 *     .build();
 * }</pre>
 *
 * <p><b>What is retried.</b> Requests idempotent by method (RFC 9110: GET, HEAD, OPTIONS, TRACE,
 * PUT, DELETE, and QUERY; {@link Builder#methods(String...)}) or carrying an {@code
 * Idempotency-Key}: when the connection could not be made ({@link ConnectException}, {@link
 * HttpConnectTimeoutException}); when it may have been sent and the request is idempotent by method
 * or key (a dropped connection, a {@link HttpTimeoutException request timeout}, any other {@link
 * IOException} but httpjson's own {@link HttpJsonException}s and an untrusted certificate; see
 * {@link Builder#retryOnException}); and on {@link Builder#statuses(int...)}, a status that does
 * not say "later" by itself (403, unlike 429 or 503) only with {@code Retry-After}. Every attempt
 * sends the same request, body and key (so the key must be on the request this interceptor sees); a
 * retried response's body is read and dropped first. A body whose publisher cannot publish its
 * bytes again (one {@code InputStream}, one subscriber), or publishes other bytes, fails the
 * attempt that sends it again with an {@link HttpJsonException}, which is not retried, before the
 * server gets a complete request. A body that fails by itself (its publisher throws, or signals a
 * failure that is no {@code IOException}; the source of a {@link JsonSequenceContent} throws; an
 * {@code InputStream} part of a {@link MultipartContent} is asked for again) is the caller's
 * failure, not the network's: the call fails at once with an {@link HttpJsonException} whose cause
 * is that failure (unless a {@link Builder#retryOnException} accepts it). A plain {@code send}
 * through {@link Interceptor#decorate} whose response already went to the caller's own body handler
 * is not retried when its body then fails, whatever {@link Builder#retryOnException} says: that
 * handler may have passed part of the body on (to a consumer, a subscriber, a file), and would get
 * a second body after the cut one.
 *
 * <p><b>When.</b> After the {@code Retry-After} delay (seconds or an HTTP date), else an
 * exponential backoff with full jitter, up to {@code initial × 2^(attempt − 1)} and at most {@code
 * max} ({@link Builder#backoff(Duration, Duration)}). A delay longer than the cap or than what is
 * left of the call's timeout (which covers every attempt) ends the retrying at once.
 *
 * <p><b>The last failure</b> is the last attempt's, of the type it would have had alone, its
 * message ending in the count ({@code "(3 attempts)"}); a response its handler does not fail is
 * returned. A failure not retried for a reason above carries a {@linkplain
 * Throwable#getSuppressed() suppressed} exception saying why ({@code "not retried: Retry-After 10 s
 * exceeds the 2.9 s left of the call's timeout"}).
 *
 * <p><b>Stopping.</b> {@link #intercept} waits with {@link Thread#sleep}, ended by an interrupt or
 * the call's timeout; {@link #interceptAsync} waits with {@link Chain#delay(Duration)}, holding no
 * thread, and cancelling its future cancels the wait and the attempt in flight.
 *
 * <p>Immutable and thread-safe; one instance serves any number of clients and calls.
 */
public final class RetryInterceptor implements Interceptor {
  /** The longest delay counted: 146 years, which still adds to {@code System.nanoTime()}. */
  private static final Duration MAX_DELAY = Duration.ofNanos(Long.MAX_VALUE / 2);

  /** The idempotent methods of RFC 9110 §9.2.2, and QUERY (safe and idempotent). */
  private static final Set<String> IDEMPOTENT =
      Set.of("GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE", "QUERY");

  /**
   * The statuses that say "later" by themselves, retried with or without {@code Retry-After}: 408
   * Request Timeout, 425 Too Early, 429 Too Many Requests, 500, 502 Bad Gateway, 503 Service
   * Unavailable and 504 Gateway Timeout.
   */
  private static final Set<Integer> TRANSIENT = Set.of(408, 425, 429, 500, 502, 503, 504);

  private final int maxAttempts;
  private final Set<Integer> statuses;
  private final Set<String> methods;
  private final @Nullable Predicate<? super IOException> retryOnException;
  private final Duration initial;
  private final Duration max;
  private final long initialNanos;
  private final long maxNanos;

  private RetryInterceptor(Builder b) {
    this.maxAttempts = b.maxAttempts;
    this.statuses = b.statuses;
    this.methods = b.methods;
    this.retryOnException = b.retryOnException;
    this.initial = b.initial;
    this.max = b.max;
    this.initialNanos = saturatedNanos(b.initial);
    this.maxNanos = saturatedNanos(b.max);
  }

  /** {@code d} in nanoseconds, saturated: {@code ChronoUnit.FOREVER} is no cap, not an overflow. */
  private static long saturatedNanos(Duration d) {
    return d.compareTo(MAX_DELAY) >= 0 ? MAX_DELAY.toNanos() : d.toNanos();
  }

  /**
   * A builder with the defaults: 3 attempts, statuses 429 and 503, the idempotent methods, every
   * network failure, backoff from 500 ms up to 30 s.
   */
  public static Builder newBuilder() {
    return new Builder();
  }

  private boolean retries(HttpRequest request) {
    return methods.contains(request.method()) || hasKey(request);
  }

  private static boolean hasKey(HttpRequest request) {
    return request.headers().firstValue("Idempotency-Key").isPresent();
  }

  /**
   * The delay before attempt {@code attempt + 1} after a failure, or -1 for none; {@code decision}
   * records why not when the failure is one that is retried otherwise.
   */
  private long delayAfter(
      Throwable failure, HttpRequest request, int attempt, Chain<?> chain, Decision decision) {
    if (attempt >= maxAttempts
        || !(failure instanceof IOException)
        || failure instanceof CallTimeoutException
        || failure instanceof HttpJsonStatusException) {
      return -1; // a status is decided by the statuses, before its body handler threw
    }
    if (decision.handed) {
      // The caller's handler may have written part of the body to a consumer, a subscriber or a
      // file: another attempt would add a second body after the cut one, as if it were whole.
      decision.notRetried(Decision.HANDED, 0, 0);
      return -1;
    }
    IOException e = (IOException) failure;
    if (retryOnException == null) {
      if (e instanceof HttpJsonException) {
        return -1; // a response arrived: its body, not the network, failed
      }
      if (untrusted(e)) {
        return -1; // the next attempt meets the same certificate
      }
    } else if (!retryOnException.test(e)) {
      decision.notRetried(Decision.REFUSED, 0, 0);
      return -1;
    }
    if (e instanceof ConnectException
        || e instanceof HttpConnectTimeoutException
        || IDEMPOTENT.contains(request.method())
        || hasKey(request)) {
      return fit(backoff(attempt), false, chain, decision);
    }
    decision.notRetried(
        e instanceof HttpTimeoutException ? Decision.SENT_TIMEOUT : Decision.SENT, 0, 0);
    return -1;
  }

  /**
   * Whether {@code e} is a TLS failure another attempt cannot change: the peer's certificate is not
   * trusted (as OkHttp, which does not retry it either).
   */
  private static boolean untrusted(IOException e) {
    boolean handshake = false;
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof SSLPeerUnverifiedException) {
        return true;
      }
      if (c instanceof SSLHandshakeException) {
        handshake = true;
      } else if (handshake && c instanceof CertificateException) {
        return true;
      }
    }
    return false;
  }

  /** The delay before attempt {@code attempt + 1} after this status, or -1 for none. */
  private long delayAfter(
      int status, HttpHeaders headers, int attempt, Chain<?> chain, Decision decision) {
    if (attempt >= maxAttempts || !statuses.contains(status)) {
      return -1;
    }
    long retryAfter = retryAfterNanos(headers);
    if (retryAfter < 0 && !TRANSIENT.contains(status)) {
      decision.notRetried(Decision.NO_RETRY_AFTER, status, 0);
      return -1;
    }
    if (retryAfter > maxNanos) {
      decision.notRetried(Decision.OVER_CAP, retryAfter, maxNanos);
      return -1;
    }
    return retryAfter >= 0
        ? fit(retryAfter, true, chain, decision)
        : fit(backoff(attempt), false, chain, decision);
  }

  /** {@code delay}, or -1 when it does not end before the call's timeout. */
  private static long fit(long delay, boolean retryAfter, Chain<?> chain, Decision decision) {
    Optional<Duration> left = chain.remaining();
    if (left.isPresent() && delay >= left.get().toNanos()) {
      decision.notRetried(
          retryAfter ? Decision.RETRY_AFTER_OVER_TIME_LEFT : Decision.BACKOFF_OVER_TIME_LEFT,
          delay,
          left.get().toNanos());
      return -1;
    }
    return delay;
  }

  private long backoff(int attempt) {
    long cap = maxNanos;
    long ceiling = initialNanos;
    for (int i = 1; i < attempt && ceiling < cap; i++) {
      ceiling = ceiling > cap / 2 ? cap : ceiling * 2;
    }
    ceiling = Math.min(ceiling, cap);
    return ceiling <= 0 ? 0 : ThreadLocalRandom.current().nextLong(ceiling + 1);
  }

  /** {@code Retry-After} in nanoseconds, or -1 without a usable one. */
  static long retryAfterNanos(HttpHeaders headers) {
    String value = headers.firstValue("Retry-After").orElse(null);
    if (value == null) {
      return -1;
    }
    value = value.trim();
    if (!value.isEmpty() && value.chars().allMatch(c -> c >= '0' && c <= '9')) {
      try {
        return TimeUnit.SECONDS.toNanos(Long.parseLong(value));
      } catch (NumberFormatException e) {
        return Long.MAX_VALUE; // more seconds than a long holds: longer than any cap
      }
    }
    ZonedDateTime when = httpDate(value);
    if (when == null) {
      return -1;
    }
    try {
      Duration wait = Duration.between(ZonedDateTime.now(when.getZone()), when);
      return wait.isNegative() ? 0 : wait.toNanos();
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE; // more nanoseconds than a long holds: longer than any cap
    }
  }

  /**
   * {@code value} read as an HTTP-date in any of the three forms a recipient must accept (RFC 9110
   * section 5.6.7): IMF-fixdate ({@code Sun, 06 Nov 1994 08:49:37 GMT}), and the obsolete RFC 850
   * ({@code Sunday, 06-Nov-94 08:49:37 GMT}) and asctime ({@code Sun Nov 6 08:49:37 1994}) forms;
   * null when it is none of them.
   */
  private static @Nullable ZonedDateTime httpDate(String value) {
    try {
      return ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
    } catch (DateTimeParseException e) {
      // one of the obsolete forms, or none
    }
    // RFC 850's two-digit year: one that looks more than 50 years ahead is in the past century.
    LocalDate base = LocalDate.now(ZoneOffset.UTC).minusYears(49);
    DateTimeFormatter rfc850 =
        new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("EEEE, dd-MMM-")
            .appendValueReduced(ChronoField.YEAR, 2, 2, base)
            .appendPattern(" HH:mm:ss 'GMT'")
            .toFormatter(Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);
    DateTimeFormatter asctime =
        new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("EEE MMM ppd HH:mm:ss yyyy")
            .toFormatter(Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);
    for (DateTimeFormatter obsolete : List.of(rfc850, asctime)) {
      try {
        return ZonedDateTime.parse(value, obsolete);
      } catch (DateTimeParseException e) {
        // the next form
      }
    }
    return null;
  }

  /**
   * What was decided for one attempt: the delay before the next one, or why there is none when the
   * failure is one that is retried otherwise.
   */
  private static final class Decision {
    static final int NONE = 0;
    static final int RETRY_AFTER_OVER_TIME_LEFT = 1;
    static final int BACKOFF_OVER_TIME_LEFT = 2;
    static final int OVER_CAP = 3;
    static final int SENT_TIMEOUT = 4;
    static final int SENT = 5;
    static final int REFUSED = 6;
    static final int NO_RETRY_AFTER = 7;
    static final int HANDED = 8;

    volatile long delay = -1;

    /**
     * Whether the response went to the caller's own body handler (a plain {@code send} through
     * {@link Interceptor#decorate}), which may have passed part of the body on already.
     */
    volatile boolean handed;

    private volatile int why = NONE;
    private long wanted;
    private long limit;

    void notRetried(int why, long wanted, long limit) {
      this.wanted = wanted;
      this.limit = limit;
      this.why = why; // last: the volatile write publishes the numbers
    }

    /**
     * {@code failure}, with why it was not retried as a suppressed exception when that is known.
     */
    <E extends Throwable> E explain(E failure, HttpRequest request) {
      int w = why;
      if (w != NONE) {
        failure.addSuppressed(new NotRetried(message(w, request)));
      }
      return failure;
    }

    private String message(int w, HttpRequest request) {
      switch (w) {
        case RETRY_AFTER_OVER_TIME_LEFT:
          return "not retried: Retry-After " + exceeds(" left of the call's timeout");
        case BACKOFF_OVER_TIME_LEFT:
          return "not retried: the backoff of " + exceeds(" left of the call's timeout");
        case OVER_CAP:
          return "not retried: Retry-After " + exceeds(" cap");
        case SENT_TIMEOUT:
          return maybeSent(request, "the request timeout");
        case SENT:
          return maybeSent(request, "the failure");
        case NO_RETRY_AFTER:
          return "not retried: HTTP " + wanted + " without Retry-After";
        case HANDED:
          return "not retried: the response had reached the caller's body handler, which may"
              + " have passed part of its body on; a second response would follow it";
        default:
          return "not retried: refused by retryOnException";
      }
    }

    private String exceeds(String limitWhat) {
      return time(wanted) + " exceeds the " + time(limit) + limitWhat;
    }

    private static String maybeSent(HttpRequest request, String before) {
      return "not retried: "
          + request.method()
          + " may have been sent before "
          + before
          + " and is not idempotent (no Idempotency-Key)";
    }
  }

  /** {@code nanos} for a message: {@code 10 s}, {@code 2.9 s}, {@code 40 ms}. */
  static String time(long nanos) {
    if (nanos == Long.MAX_VALUE) {
      return "over 292 years";
    }
    long second = TimeUnit.SECONDS.toNanos(1);
    if (nanos % second == 0) {
      return nanos / second + " s";
    }
    if (nanos < TimeUnit.MILLISECONDS.toNanos(100)) {
      return TimeUnit.NANOSECONDS.toMillis(nanos) + " ms";
    }
    return String.format(Locale.ROOT, "%.1f s", nanos / (double) second);
  }

  /**
   * Why a failure was not retried, added to it as a suppressed exception: the caller catches the
   * type it would without the interceptor, and logs that print the failure show the reason.
   */
  private static final class NotRetried extends Exception {
    private static final long serialVersionUID = 1L;

    NotRetried(String message) {
      super(message, null, false, false); // the failure it is added to has the stack trace
    }
  }

  private <T> Chain<T> deciding(Chain<T> chain, int attempt, Decision decision) {
    if (attempt >= maxAttempts) {
      return chain;
    }
    BodyHandler<T> handler = chain.bodyHandler();
    return chain.withBodyHandler(
        info -> {
          long delay = delayAfter(info.statusCode(), info.headers(), attempt, chain, decision);
          if (delay < 0) {
            // httpjson's own calls read each response with a subscriber of its own; a plain send
            // (no call options) gives it to the caller's handler.
            decision.handed = chain.options().isEmpty();
            return handler.apply(info);
          }
          decision.delay = delay;
          return chain.discard(info);
        });
  }

  @Override
  public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
      throws IOException, InterruptedException {
    if (!retries(request)) {
      return chain.forward(request);
    }
    for (int attempt = 1; ; attempt++) {
      Decision decision = new Decision();
      HttpResponse<T> response;
      try {
        response = deciding(chain, attempt, decision).forward(request);
      } catch (IOException e) {
        long delay = delayAfter(e, request, attempt, chain, decision);
        if (delay < 0) {
          throw decision.explain(attempts(e, attempt), request);
        }
        TimeUnit.NANOSECONDS.sleep(delay);
        continue;
      } catch (RuntimeException e) {
        throw attempts(e, attempt);
      }
      if (decision.delay < 0) {
        return response;
      }
      TimeUnit.NANOSECONDS.sleep(decision.delay);
    }
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
      HttpRequest request, Chain<T> chain) {
    if (!retries(request)) {
      return chain.forwardAsync(request);
    }
    Retrying<T> retrying = new Retrying<>(request, chain);
    retrying.attempt(1);
    return retrying.result;
  }

  /** One asynchronous call being retried; the caller's future is {@link #result}. */
  private final class Retrying<T> {
    final CompletableFuture<HttpResponse<T>> result = new CompletableFuture<>();
    private final HttpRequest request;
    private final Chain<T> chain;
    private volatile @Nullable CompletableFuture<HttpResponse<T>> inFlight;
    private volatile @Nullable CompletableFuture<Void> pending;

    Retrying(HttpRequest request, Chain<T> chain) {
      this.request = request;
      this.chain = chain;
      result.whenComplete(
          (r, e) -> {
            if (e != null) { // the caller cancelled or failed the future, or the call failed
              CompletableFuture<Void> w = pending;
              if (w != null) {
                w.cancel(false);
              }
              CompletableFuture<HttpResponse<T>> f = inFlight;
              if (f != null) {
                f.cancel(true);
              }
            }
          });
    }

    void attempt(int attempt) {
      if (result.isDone()) {
        return;
      }
      Decision decision = new Decision();
      CompletableFuture<HttpResponse<T>> f =
          deciding(chain, attempt, decision).forwardAsync(request);
      inFlight = f;
      if (result.isDone()) {
        f.cancel(true);
        return;
      }
      f.whenComplete(
          (response, failure) -> {
            if (failure != null) {
              Throwable e = unwrap(failure);
              long delay = delayAfter(e, request, attempt, chain, decision);
              if (delay < 0) {
                result.completeExceptionally(decision.explain(attempts(e, attempt), request));
              } else {
                later(attempt + 1, delay);
              }
            } else if (decision.delay < 0) {
              if (!result.complete(response) && response.body() instanceof AutoCloseable) {
                try {
                  ((AutoCloseable) response.body()).close(); // the caller gave up on it
                } catch (Exception ignored) {
                  // nothing to report to: the call is over
                }
              }
            } else {
              later(attempt + 1, decision.delay);
            }
          });
    }

    private void later(int attempt, long delay) {
      CompletableFuture<Void> wait = chain.delay(Duration.ofNanos(delay));
      pending = wait;
      if (result.isDone()) {
        wait.cancel(false);
        return;
      }
      wait.whenComplete(
          (v, failure) -> {
            if (failure == null) {
              attempt(attempt);
            } else if (!(failure instanceof CancellationException)) {
              result.completeExceptionally(failure); // no timer: the call fails, it does not hang
            }
          });
    }
  }

  private static Throwable unwrap(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** {@code failure} with the number of attempts in its message, of the same type. */
  static <E extends Throwable> E attempts(E failure, int attempts) {
    if (attempts < 2) {
      return failure;
    }
    String note = " (" + attempts + " attempts)";
    String message = failure.getMessage() == null ? note.trim() : failure.getMessage() + note;
    Throwable copy;
    if (failure instanceof HttpJsonStatusException) {
      copy = ((HttpJsonStatusException) failure).withMessage(message);
    } else if (failure.getClass() == HttpConnectTimeoutException.class) {
      copy = new HttpConnectTimeoutException(message);
    } else if (failure.getClass() == HttpTimeoutException.class) {
      copy = new HttpTimeoutException(message);
    } else if (failure.getClass() == ConnectException.class) {
      copy = new ConnectException(message);
    } else if (failure.getClass() == IOException.class) {
      copy = new IOException(message);
    } else {
      return failure; // a type it cannot copy keeps its message
    }
    if (copy.getCause() == null) {
      copy.initCause(failure);
    }
    copy.setStackTrace(failure.getStackTrace());
    @SuppressWarnings("unchecked")
    E same = (E) copy;
    return same;
  }

  @Override
  public String toString() {
    return "RetryInterceptor{maxAttempts="
        + maxAttempts
        + ", statuses="
        + statuses
        + ", methods="
        + methods
        + ", backoff="
        + initial
        + ".."
        + max
        + "}";
  }

  /** Builds {@link RetryInterceptor}; each setter returns this builder. Not thread-safe. */
  public static final class Builder {
    private int maxAttempts = 3;
    private Set<Integer> statuses = Set.of(429, 503);
    private Set<String> methods = IDEMPOTENT;
    private @Nullable Predicate<? super IOException> retryOnException;
    private Duration initial = Duration.ofMillis(500);
    private Duration max = Duration.ofSeconds(30);

    Builder() {}

    /**
     * Sets how many attempts a call makes at most, the first one included. Default 3.
     *
     * @param maxAttempts the attempts, 1 or more (1: no retry)
     * @throws IllegalArgumentException if {@code maxAttempts < 1}
     */
    public Builder maxAttempts(int maxAttempts) {
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("maxAttempts < 1: " + maxAttempts);
      }
      this.maxAttempts = maxAttempts;
      return this;
    }

    /**
     * Sets the statuses that are retried. Default 429 and 503. 408, 425, 429, 500, 502, 503 and 504
     * say "later" by themselves; any other (a rate-limit 403) is retried only when the response
     * carries {@code Retry-After}, else fails with a suppressed {@code "not retried: HTTP 403
     * without Retry-After"}.
     *
     * @param statuses the statuses, each 100–599
     * @throws IllegalArgumentException if a status is outside 100–599
     */
    public Builder statuses(int... statuses) {
      Set<Integer> set = new TreeSet<>();
      for (int s : statuses) {
        if (s < 100 || s > 599) {
          throw new IllegalArgumentException("status outside 100-599: " + s);
        }
        set.add(s);
      }
      this.statuses = Set.copyOf(set);
      return this;
    }

    /**
     * Sets the methods whose requests are retried; a request with an {@code Idempotency-Key} is
     * retried whatever its method. Default: GET, HEAD, PUT, DELETE, OPTIONS, TRACE, QUERY. A method
     * added that is not idempotent (POST) is retried only when nothing was sent or on a status.
     *
     * @param methods the method names, case-sensitive as HTTP says
     */
    public Builder methods(String... methods) {
      Set<String> set = new TreeSet<>();
      for (String m : methods) {
        Objects.requireNonNull(m, "methods contains null");
        if (!isToken(m)) {
          throw new IllegalArgumentException(
              "method is not an HTTP token (RFC 9110): \"" + m + "\"");
        }
        if (!m.toUpperCase(Locale.ROOT).equals(m)) {
          throw new IllegalArgumentException("method must be upper case: " + m);
        }
        set.add(m);
      }
      this.methods = Set.copyOf(set);
      return this;
    }

    /** Whether {@code s} is a token of RFC 9110 §5.6.2, as a method name must be. */
    private static boolean isToken(String s) {
      if (s.isEmpty()) {
        return false;
      }
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
            && "!#$%&'*+-.^_`|~".indexOf(c) < 0) {
          return false;
        }
      }
      return true;
    }

    /**
     * Sets the backoff when the response names no {@code Retry-After}: before attempt {@code n + 1}
     * a random delay up to {@code initial × 2^(n − 1)}, at most {@code max}, which also caps {@code
     * Retry-After}. Default 500 ms and 30 s. A {@code max} of 146 years or more means no cap.
     *
     * @param initial the first ceiling, zero or more
     * @param max the cap, at least {@code initial}
     * @throws IllegalArgumentException if {@code initial} is negative or longer than {@code max}
     */
    public Builder backoff(Duration initial, Duration max) {
      Objects.requireNonNull(initial, "initial == null");
      Objects.requireNonNull(max, "max == null");
      if (initial.isNegative() || initial.compareTo(max) > 0) {
        throw new IllegalArgumentException(
            "backoff needs 0 <= initial <= max: " + initial + ", " + max);
      }
      this.initial = initial;
      this.max = max;
      return this;
    }

    /**
     * Sets which failures are worth another attempt, replacing the default (every {@link
     * IOException} but httpjson's own {@link HttpJsonException}s and an untrusted certificate). It
     * decides which failures, never which requests: a request that may have been sent still needs
     * an idempotent method or a key, and the whole-call timeout is never retried. A refused failure
     * carries a suppressed {@code "not retried: refused by retryOnException"}.
     *
     * <pre>{@code
     * RetryInterceptor.newBuilder()
     *     .retryOnException(e -> !(e instanceof HttpTimeoutException))
     *     .build();
     * }</pre>
     *
     * @param retry whether a failure is retried; called on the thread the attempt failed on
     */
    public Builder retryOnException(Predicate<? super IOException> retry) {
      this.retryOnException = Objects.requireNonNull(retry, "retry == null");
      return this;
    }

    /** Returns the interceptor. */
    public RetryInterceptor build() {
      return new RetryInterceptor(this);
    }
  }
}

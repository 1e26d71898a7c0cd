package dev.httpjson.transport.support.internal;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletionException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/** A transport's failures as the JDK client reports them, and the rules both transports follow. */
public final class Failures {
  /**
   * Methods whose request a transport may send again, as may one with an {@code Idempotency-Key};
   * any other is sent once, as the JDK client sends it.
   */
  private static final Set<String> IDEMPOTENT =
      Set.of("GET", "HEAD", "OPTIONS", "PUT", "DELETE", "QUERY", "TRACE");

  private static final Duration MAX_TIMEOUT = Duration.ofNanos(Long.MAX_VALUE / 4);

  /** The class of the JDK's built requests, whose builder refuses the restricted headers. */
  private static final Class<?> BUILT =
      HttpRequest.newBuilder(URI.create("http://localhost/")).build().getClass();

  /**
   * The headers only the client sets, which the JDK client refuses from the caller, less those the
   * {@code jdk.httpclient.allowRestrictedHeaders} system property allows, as the JDK reads it.
   */
  private static final Set<String> RESTRICTED = restricted();

  private Failures() {}

  /**
   * Whether {@code request} must not be sent again after a failure that may have come after the
   * server acted on it: not idempotent, and without an {@code Idempotency-Key}.
   */
  public static boolean guarded(HttpRequest request) {
    return !IDEMPOTENT.contains(request.method())
        && request.headers().firstValue("Idempotency-Key").isEmpty();
  }

  /**
   * Refuses, as the JDK client does, a request whose headers include one only the client sets —
   * {@code Connection}, {@code Content-Length}, {@code Expect}, {@code Host}, {@code Upgrade} — as
   * a request of the caller's own class may carry (the JDK's builder refuses them): sent, it would
   * change the request's framing or target.
   *
   * @throws IllegalArgumentException naming the header
   */
  public static void checkHeaders(HttpRequest request) {
    if (request.getClass() == BUILT) {
      return;
    }
    for (String name : request.headers().map().keySet()) {
      if (RESTRICTED.contains(name.toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException("restricted header name: \"" + name + "\"");
      }
    }
  }

  private static Set<String> restricted() {
    Set<String> names =
        new HashSet<>(Set.of("connection", "content-length", "expect", "host", "upgrade"));
    String allowed = System.getProperty("jdk.httpclient.allowRestrictedHeaders");
    if (allowed != null) {
      for (String name : allowed.split(",")) {
        names.remove(name.trim().toLowerCase(Locale.ROOT));
      }
    }
    return Set.copyOf(names);
  }

  /**
   * The time {@code request} may take up to its response headers, in nanoseconds, at most what a
   * deadline may add to {@link System#nanoTime()}; -1 when it has no timeout.
   */
  public static long timeoutNanos(HttpRequest request) {
    Duration timeout = request.timeout().orElse(null);
    if (timeout == null) {
      return -1;
    }
    return timeout.compareTo(MAX_TIMEOUT) >= 0 ? MAX_TIMEOUT.toNanos() : timeout.toNanos();
  }

  /**
   * Whether a response asks for its request again — a 307 or 308 to follow, a 401 or 407 to answer
   * — for which the JDK client sends a body again, even one of a request it never repeats after a
   * failure.
   */
  public static boolean asksForResend(int statusCode) {
    return statusCode == 307 || statusCode == 308 || statusCode == 401 || statusCode == 407;
  }

  /** A HEAD answer, a 204 and a 304 have no body, whatever their headers say. */
  public static boolean hasBody(HttpRequest request, int statusCode) {
    return !request.method().equals("HEAD") && statusCode != 204 && statusCode != 304;
  }

  /** The failure a wrapper carries: a completion's cause, or a publisher's own failure. */
  public static Throwable unwrap(Throwable t) {
    if ((t instanceof CompletionException || t instanceof PublisherFailure)
        && t.getCause() != null) {
      return t.getCause();
    }
    return t;
  }

  /**
   * What {@link HttpClient#send} throws for a failed exchange: a new exception of a JDK type, with
   * {@code t} as its cause. {@code connectTimeout} says that {@code t} is the library's connect
   * timeout.
   */
  public static IOException jdkWrapped(Throwable t, boolean connectTimeout) {
    String message = t.getMessage() != null ? t.getMessage() : t.toString();
    if (connectTimeout || t instanceof HttpConnectTimeoutException) {
      HttpConnectTimeoutException e = new HttpConnectTimeoutException(message);
      e.initCause(t);
      return e;
    }
    if (t instanceof HttpTimeoutException) {
      return new HttpTimeoutException(message);
    }
    if (t instanceof ConnectException) {
      return connectFailure(t, socketFailure(t));
    }
    if (t instanceof SSLHandshakeException) {
      SSLHandshakeException e = new SSLHandshakeException(message);
      e.initCause(t);
      return e;
    }
    if (t instanceof SSLException) {
      return new SSLException(message, t);
    }
    return new IOException(message, t);
  }

  /**
   * What the JDK client throws when it cannot connect: a {@link ConnectException} without a message
   * of its own, so that the call names the host and port as its URI does ({@code [::1]:8080}),
   * never as the library prints a socket address ({@code /[0:0:0:0:0:0:0:1]:8080}); its cause is
   * {@code reason}, the socket's failure, whose message says why, and {@code failure}, the
   * library's own, is kept as suppressed when it is another.
   *
   * @param failure the library's connect failure
   * @param reason what the socket said, or {@code failure} when the library kept nothing else
   */
  public static ConnectException connectFailure(Throwable failure, Throwable reason) {
    ConnectException e = new ConnectException();
    e.initCause(reason);
    if (reason != failure) {
      e.addSuppressed(failure);
    }
    return e;
  }

  /** The deepest failure under {@code t} with a message (the socket's), else {@code t}. */
  private static Throwable socketFailure(Throwable t) {
    Throwable found = t;
    int depth = 0;
    for (Throwable c = t.getCause(); c != null && depth++ < 16; c = c.getCause()) {
      String m = c.getMessage();
      if (m != null && !m.isBlank()) {
        found = c;
      }
    }
    return found;
  }

  /**
   * A request body publisher's own failure, carried through the library's write to be reported as
   * the JDK would ({@link #unwrap} takes it off).
   */
  public static final class PublisherFailure extends IOException {
    private static final long serialVersionUID = 1L;

    /** Carries {@code cause}, the publisher's failure. */
    public PublisherFailure(Throwable cause) {
      super(cause.getMessage(), cause);
    }
  }
}

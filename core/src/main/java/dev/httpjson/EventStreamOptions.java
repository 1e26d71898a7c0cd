package dev.httpjson;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How an event stream ({@link ServerSentEvent}s) behaves beyond one response: reconnection after
 * the server ends the stream. Settings for the JSON itself and for the call stay in {@link
 * JsonOptions}: the codec, {@link JsonOptions#maxResponseSize()} (which applies to each event),
 * {@link JsonOptions#timeout()} (which bounds each connection up to its headers, not the endless
 * body) and {@link JsonOptions#idleTimeout()} (which ends a stalled stream).
 *
 * <pre>{@code
 * EventStreamOptions feed = EventStreamOptions.newBuilder()
 *     .maxReconnects(100)
 *     .build();
 * try (Stream<ServerSentEvent<Change>> changes =
 *     HttpJson.getFromJsonAsEvents(client, uri, JsonType.of(Change.class), feed)) { ... }
 * }</pre>
 *
 * <p><b>Reconnection is off by default</b>: the stream ends where the response ends. With
 * reconnects allowed, a GET stream the server ends (or whose connection fails) is reopened as the
 * standard's {@code EventSource} does, up to {@link #maxReconnects()} times in a row without
 * progress (an event, or a connection that stayed up at least a second, starts the count again):
 * after the server's last {@code retry:} time (else {@link #retryDelay()}, at most {@link
 * #MAX_RETRY_DELAY}), but while connections keep ending within a second of their headers (with
 * events or not) or fail to connect, at least 100 ms after the second such end, doubling after each
 * up to 30 seconds: a server that sends {@code retry: 0}, an event and ends, again and again, is
 * not reconnected to in a tight loop. Each reconnection carries a {@code Last-Event-ID} naming the
 * last event dispatched (before any event names one, the {@code Last-Event-ID} the request
 * carried). An id the connection cannot carry (a control character, or non-ASCII over HTTP/1.1) is
 * left out with a WARNING to {@code System.getLogger("dev.httpjson")}. A 204 ends the stream, a
 * status outside 200–299 fails it; each reconnection's headers are bounded by the timeouts; closing
 * the stream cancels a reconnection in flight. A POST stream is never reopened.
 *
 * <p>Immutable and thread-safe.
 */
public final class EventStreamOptions {
  /** The default {@link #retryDelay()}: 3 seconds, as browsers wait. */
  public static final Duration DEFAULT_RETRY_DELAY = Duration.ofSeconds(3);

  /** The longest a server's {@code retry:} time makes a reconnection wait: 10 minutes. */
  public static final Duration MAX_RETRY_DELAY = Duration.ofMinutes(10);

  private static final EventStreamOptions DEFAULTS = new Builder().build();

  private final int maxReconnects;
  private final Duration retryDelay;

  private EventStreamOptions(Builder b) {
    this.maxReconnects = b.maxReconnects;
    this.retryDelay = b.retryDelay;
  }

  /** {@return the defaults, one shared instance: no reconnection, {@link #DEFAULT_RETRY_DELAY}} */
  public static EventStreamOptions defaults() {
    return DEFAULTS;
  }

  /** A builder starting from the defaults. */
  public static Builder newBuilder() {
    return new Builder();
  }

  /** {@return a new builder starting from these options} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.maxReconnects = maxReconnects;
    b.retryDelay = retryDelay;
    return b;
  }

  /**
   * How many times in a row a GET event stream is reopened without progress; 0 (the default) for
   * never. The count starts again at each event and after each connection that stayed up at least a
   * second (with keep-alive comments or nothing), as {@code EventSource} clients count failed
   * reconnections: a feed that reconnects now and then lives on, a quiet one behind a proxy that
   * ends idle connections too, and one whose server keeps ending (or failing) at once without an
   * event ends after this many reconnections.
   *
   * @return the maximum number of reconnections in a row without progress
   */
  public int maxReconnects() {
    return maxReconnects;
  }

  /** {@return how long to wait before reconnecting when the server sent no {@code retry:} time} */
  public Duration retryDelay() {
    return retryDelay;
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof EventStreamOptions
        && maxReconnects == ((EventStreamOptions) o).maxReconnects
        && retryDelay.equals(((EventStreamOptions) o).retryDelay);
  }

  @Override
  public int hashCode() {
    return Objects.hash(maxReconnects, retryDelay);
  }

  @Override
  public String toString() {
    return "EventStreamOptions{maxReconnects=" + maxReconnects + ", retryDelay=" + retryDelay + '}';
  }

  /** Builds {@link EventStreamOptions}; each setter returns this builder. Not thread-safe. */
  public static final class Builder {
    private int maxReconnects;
    private Duration retryDelay = DEFAULT_RETRY_DELAY;

    private Builder() {}

    /**
     * Sets how many times in a row a GET event stream is reopened without progress; 0 for never
     * (the default). Each event, and each connection that stayed up at least a second, starts the
     * count again ({@link EventStreamOptions#maxReconnects()}).
     *
     * @param maxReconnects the maximum number of reconnections in a row without progress
     * @throws IllegalArgumentException if negative
     */
    public Builder maxReconnects(int maxReconnects) {
      if (maxReconnects < 0) {
        throw new IllegalArgumentException("maxReconnects < 0: " + maxReconnects);
      }
      this.maxReconnects = maxReconnects;
      return this;
    }

    /**
     * Sets how long to wait before reconnecting when the server sent no {@code retry:} time. At
     * most {@link #MAX_RETRY_DELAY} is waited: a longer delay, {@code
     * ChronoUnit.FOREVER.getDuration()} included, waits that long.
     *
     * @param delay the delay, zero or more
     * @throws IllegalArgumentException if negative
     */
    public Builder retryDelay(Duration delay) {
      Objects.requireNonNull(delay, "delay == null");
      if (delay.isNegative()) {
        throw new IllegalArgumentException("retryDelay < 0: " + delay);
      }
      this.retryDelay = delay;
      return this;
    }

    /** {@return the options, immutable} */
    public EventStreamOptions build() {
      return new EventStreamOptions(this);
    }
  }
}

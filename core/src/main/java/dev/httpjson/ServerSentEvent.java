package dev.httpjson;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One event of a {@code text/event-stream} response (Server-Sent Events), its data read as JSON.
 *
 * <pre>{@code
 * try (Stream<ServerSentEvent<Change>> changes =
 *     HttpJson.getFromJsonAsEvents(client, feedUri, Change.class)) {
 *   changes.forEach(e -> apply(e.id(), e.data()));
 * }
 * }</pre>
 *
 * <p>Events are framed as the WHATWG HTML standard's "event stream" parsing rules say (section
 * 9.2.6, "Interpreting an event stream"): the {@code data} lines of one event are joined with
 * {@code \n}, the event type is {@code "message"} unless an {@code event} line named another, and
 * the last event id the stream set is kept for every later event until it sets another. Immutable
 * and thread-safe if the data is.
 *
 * @param id the last event id the stream set, at or before this event ({@code id:} lines are
 *     remembered across events, as the standard says), or before the stream set one the {@code
 *     Last-Event-ID} the request sent (which a reconnection sends again); {@code null} when there
 *     is none or the stream reset it with an empty {@code id:}
 * @param event the event type: the value of the event's {@code event:} line, or {@code "message"}
 *     when it had none (or an empty one)
 * @param data the event's {@code data:} lines joined with {@code \n}: with {@code String} as the
 *     type the text itself, unparsed; with any other type read as JSON of it, {@code null} for JSON
 *     {@code null} or an empty data line
 * @param retry the reconnection time the event's own {@code retry:} line set, or {@code null} when
 *     it had none
 * @param <T> the type the data is read as
 */
public record ServerSentEvent<T>(
    @Nullable String id, String event, @Nullable T data, @Nullable Duration retry) {

  /** Creates an event; {@code event} must not be null. */
  public ServerSentEvent {
    Objects.requireNonNull(event, "event == null");
  }
}

package dev.httpjson.internal;

import dev.httpjson.EventStreamOptions;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.ServerSentEvent;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/** Event-stream calls: the request, the response checks, and the {@link EventStream}. */
public final class EventCalls {
  public static final String TEXT_EVENT_STREAM = "text/event-stream";

  private static final System.Logger LOG = System.getLogger("dev.httpjson");

  private EventCalls() {}

  public static EventStreamOptions options(EventStreamOptions events) {
    return Objects.requireNonNull(events, "events == null");
  }

  /** GET {@code uri} as an event stream; reopened as {@code events} allow. */
  public static <T> Stream<ServerSentEvent<T>> get(
      HttpClient client, URI uri, JsonType<T> type, EventStreamOptions events, String[] headers)
      throws IOException, InterruptedException {
    HttpRequest request = Calls.request("GET", uri, null, type.options(), accepting(headers));
    return open(client, request, type, events, true);
  }

  /** POST {@code value} as JSON and read the answer as an event stream; never reopened. */
  public static <T> Stream<ServerSentEvent<T>> post(
      HttpClient client,
      URI uri,
      @Nullable Object value,
      JsonType<T> type,
      EventStreamOptions events,
      String[] headers)
      throws IOException, InterruptedException {
    JsonContent content = JsonContent.of(value, type.options());
    HttpRequest request = Calls.request("POST", uri, content, type.options(), accepting(headers));
    return open(client, request, type, events, false);
  }

  /**
   * The caller's headers, with {@code Accept: text/event-stream, application/problem+json} unless
   * they set an Accept.
   */
  private static String[] accepting(String[] headers) {
    for (int i = 0; i < headers.length; i += 2) {
      if (JsonRequestBuilder.isAccept(headers[i])) {
        return headers;
      }
    }
    String[] all = Arrays.copyOf(headers, headers.length + 2);
    all[headers.length] = "Accept";
    all[headers.length + 1] = MediaTypes.ACCEPT_EVENTS;
    return all;
  }

  /**
   * Opens the stream: its first exchange is run as every call is, and each reconnection by the same
   * runner, with the same plan ({@link CallState.Events}), under the same timeout up to its
   * headers.
   */
  private static <T> Stream<ServerSentEvent<T>> open(
      HttpClient client,
      HttpRequest request,
      JsonType<T> type,
      EventStreamOptions events,
      boolean reconnectable)
      throws IOException, InterruptedException {
    CallState.Events plan = new CallState.Events(type, request);
    HttpResponse<InputStream> response = CallRunner.run(client, request, Plan.events(plan));
    plan.reopening(); // the stream holds the call's trace from here
    CallTrace trace = plan.trace;
    if (response.statusCode() == 204) {
      closeQuietly(response.body());
      if (trace != null) {
        trace.streamEnd(false, null);
      }
      return Stream.empty();
    }
    AtomicReference<HttpClient.Version> version = new AtomicReference<>(response.version());
    EventStream.Connector connector =
        reconnectable && events.maxReconnects() > 0
            ? (lastEventId, inFlight) -> {
              HttpResponse<InputStream> r =
                  resend(
                      client,
                      request,
                      lastEventId,
                      Objects.requireNonNull(version.get()),
                      plan,
                      inFlight);
              version.set(r.version());
              if (r.statusCode() == 204) {
                closeQuietly(r.body());
                return null;
              }
              return decoded(r.body(), r.headers());
            }
            : null;
    EventStream<T> stream;
    try {
      stream =
          new EventStream<>(
              decoded(response.body(), response.headers()),
              type,
              Responses.contentType(response.headers()),
              request.method(),
              request.uri(),
              events,
              connector);
    } catch (RuntimeException | Error e) {
      closeQuietly(response.body()); // the codec cannot read the type: release the connection
      if (trace != null) {
        trace.failed(e);
      }
      throw e;
    }
    return stream.traced(trace, plan).stream();
  }

  /**
   * Sends {@code request} again with {@code Last-Event-ID}, or without it when the id cannot be
   * carried ({@link #lastEventIdValue}) or the transport refuses the header: the server then starts
   * where it starts a new stream, which repeats events rather than skipping any.
   */
  private static HttpResponse<InputStream> resend(
      HttpClient client,
      HttpRequest request,
      @Nullable String lastEventId,
      HttpClient.Version version,
      CallState.Events plan,
      Consumer<Future<?>> inFlight)
      throws IOException, InterruptedException {
    String value = lastEventId == null ? null : lastEventIdValue(lastEventId, version);
    if (lastEventId != null && value == null) {
      warnDropped(
          request,
          lastEventId,
          lastEventId.chars().allMatch(c -> c >= 0x80 || c >= 0x20 && c != 0x7F || c == '\t')
              ? "it is not ASCII, and the JDK client writes " + version + " headers as US-ASCII"
              : "it holds a control character, which no header may");
    }
    if (lastEventId != null && value != null) { // a value only for an id
      HttpRequest again;
      try {
        again = withLastEventId(request, value);
      } catch (IllegalArgumentException e) {
        again = null; // the client's header rules refuse it
        warnDropped(request, lastEventId, "the client refused the header: " + e.getMessage());
      }
      if (again != null) {
        try {
          return reconnect(client, again, plan, inFlight);
        } catch (IllegalArgumentException | IOException e) {
          if (e instanceof IOException && !refused((IOException) e)) {
            throw e;
          }
          // The transport refused the request as built (OkHttp's header rules are stricter).
          warnDropped(request, lastEventId, "the client refused the header: " + e.getMessage());
        }
      }
    }
    return reconnect(client, withLastEventId(request, null), plan, inFlight);
  }

  /**
   * Runs a reconnection as an asynchronous call of the runner, which the stream can cancel ({@code
   * inFlight}) while the consumer's thread waits for its headers.
   */
  private static HttpResponse<InputStream> reconnect(
      HttpClient client, HttpRequest request, CallState.Events plan, Consumer<Future<?>> inFlight)
      throws IOException, InterruptedException {
    CompletableFuture<HttpResponse<InputStream>> exchange =
        AsyncCall.run(client, request, Plan.events(plan));
    inFlight.accept(exchange);
    try {
      return exchange.get();
    } catch (InterruptedException e) {
      exchange.cancel(true);
      throw e;
    } catch (CancellationException e) {
      throw new IOException( // cancelled by the stream: closed, or its idle timeout elapsed
          "Cancelled "
              + request.method()
              + " "
              + Uris.redact(request.uri(), plan.options().shownQueryParameters())
              + " before its headers",
          e);
    } catch (ExecutionException e) {
      Throwable failure = e.getCause();
      if (failure instanceof IOException) {
        throw (IOException) failure;
      }
      if (failure instanceof RuntimeException) {
        throw (RuntimeException) failure;
      }
      if (failure instanceof Error) {
        throw (Error) failure;
      }
      throw new IOException(failure);
    }
  }

  /**
   * The {@code Last-Event-ID} value for {@code id}, or {@code null} when the connection cannot
   * carry it. The standard sends the id's UTF-8 bytes; the JDK's header API takes a String whose
   * chars are the bytes (U+0000–U+00FF), and its HTTP/2 writes them as such, but its HTTP/1.1
   * writes headers as US-ASCII (a byte over 0x7F becomes {@code '?'}, another id than the one
   * sent). So an ASCII id is sent as is; a non-ASCII id, as its UTF-8 bytes over HTTP/2 only; an id
   * with a control character (no header may hold one), never.
   */
  static @Nullable String lastEventIdValue(String id, HttpClient.Version version) {
    boolean ascii = true;
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if (c < 0x20 && c != '\t' || c == 0x7F) {
        return null;
      }
      ascii &= c < 0x80;
    }
    if (ascii) {
      return id;
    }
    if (version != HttpClient.Version.HTTP_2) {
      return null;
    }
    return new String(id.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
  }

  /** Whether the client refused the request as built, before sending it. */
  private static boolean refused(IOException e) {
    for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
      if (c instanceof IllegalArgumentException) {
        return true;
      }
    }
    return false;
  }

  private static void warnDropped(HttpRequest request, String lastEventId, String why) {
    LOG.log(
        System.Logger.Level.WARNING,
        "Event stream: reconnecting to "
            + request.method()
            + " "
            + Uris.redact(request.uri())
            + " without Last-Event-ID: the last event id ("
            + lastEventId.codePointCount(0, lastEventId.length())
            + " characters, not all printable ASCII) cannot be sent: "
            + why
            + "; the server may send events again");
  }

  private static HttpRequest withLastEventId(HttpRequest request, @Nullable String value) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(request, (name, v) -> !name.equalsIgnoreCase("Last-Event-ID"));
    if (value != null) {
      b.header("Last-Event-ID", value);
    }
    return b.build();
  }

  /**
   * Reads the events of a response the caller received: the status is not checked; the body must be
   * an event stream.
   */
  public static <T> Stream<ServerSentEvent<T>> read(
      HttpResponse<InputStream> response, JsonType<T> type, EventStreamOptions events)
      throws JsonReadException {
    Objects.requireNonNull(response, "response == null");
    InputStream body = Objects.requireNonNull(response.body(), "response.body() == null");
    try {
      JsonReadException rejected = rejection(response.headers(), type);
      if (rejected != null) {
        throw rejected;
      }
      return new EventStream<>(
              decoded(body, response.headers()),
              type,
              Responses.contentType(response.headers()),
              response.request().method(),
              response.request().uri(),
              events,
              null)
          .stream();
    } catch (JsonReadException | RuntimeException | Error e) {
      closeQuietly(body);
      throw e;
    }
  }

  /** Why a 2xx response cannot be read as events: compressed, or not an event stream. */
  public static @Nullable JsonReadException rejection(HttpHeaders headers, JsonType<?> type) {
    try {
      Responses.coding(headers, type.type()); // gzip and deflate are decoded; others fail here
    } catch (JsonReadException e) {
      return e;
    }
    String contentType = Responses.contentType(headers);
    if (!MediaTypes.essence(contentType).equals(TEXT_EVENT_STREAM)) {
      return ApiAccess.get()
          .withContext(
              new JsonReadException(
                  "Not an event stream: expected Content-Type "
                      + TEXT_EVENT_STREAM
                      + " but the response has "
                      + (contentType == null ? "none" : "'" + contentType + "'"),
                  -1,
                  -1,
                  "$",
                  null),
              type.type(),
              contentType);
    }
    return null;
  }

  /** The body, decoded as it is read when it is gzip or deflate: the same path as other calls. */
  private static InputStream decoded(InputStream body, HttpHeaders headers) {
    ContentDecoder decoder = Responses.decoderOrNull(headers);
    return decoder == null ? body : new DecodingInputStream(body, decoder);
  }

  private static void closeQuietly(@Nullable InputStream in) {
    if (in != null) {
      try {
        in.close();
      } catch (IOException ignored) {
        // Best effort.
      }
    }
  }
}

package dev.httpjson.testing;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.zip.GZIPOutputStream;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link Route} answers: a status, headers and a body, scripted part by part when it is a
 * stream, and the faults a real server or network can add. Values are written as JSON with the
 * stub's {@link JsonOptions} when a request is answered, so a reply reads like the server's answer
 * in the API's own types:
 *
 * <pre>{@code
 * Reply.json(200, user)
 * Reply.problem(404, "Not Found", "no user 7")
 * Reply.status(503).header("Retry-After", "0")
 * Reply.events().event("1", token("Hel")).pause(Duration.ofMillis(20)).event("2", token("lo"))
 *     .event("[DONE]")
 * Reply.jsonArray(200, List.of(a, b, c)).drop()
 * Reply.json(200, user).gzip().cutShort(10)
 * Reply.dropAfterRequestBody()
 * }</pre>
 *
 * <p>A body is either fixed (sent with its {@code Content-Length}, as {@link #json}, {@link #text}
 * and {@link #bytes} make it) or streamed (no length, each part delivered as its own chunk, as
 * {@link #jsonArray}, {@link #ndjson} and {@link #events} make it). Pauses are real time, scheduled
 * without blocking a thread: keep them to milliseconds in tests.
 *
 * <p>Immutable and thread-safe: every method returns a new reply.
 */
public final class Reply {
  /** Where a reply drops the connection instead of answering. */
  enum Drop {
    NONE,
    BEFORE_REQUEST_BODY,
    AFTER_REQUEST_BODY
  }

  /** One part of a body: bytes written with the stub's options, or a pause. */
  static final class Part {
    final @Nullable Function<JsonOptions, byte[]> bytes;
    final @Nullable Duration pause;

    private Part(@Nullable Function<JsonOptions, byte[]> bytes, @Nullable Duration pause) {
      this.bytes = bytes;
      this.pause = pause;
    }
  }

  final int status;
  final Map<String, List<String>> headers;
  final List<Part> parts;
  final boolean streamed;
  final Duration delay;
  final boolean gzip;
  final long cutShortAt;
  final boolean dropAtEnd;
  final Drop drop;

  private Reply(
      int status,
      Map<String, List<String>> headers,
      List<Part> parts,
      boolean streamed,
      Duration delay,
      boolean gzip,
      long cutShortAt,
      boolean dropAtEnd,
      Drop drop) {
    this.status = status;
    this.headers = headers;
    this.parts = parts;
    this.streamed = streamed;
    this.delay = delay;
    this.gzip = gzip;
    this.cutShortAt = cutShortAt;
    this.dropAtEnd = dropAtEnd;
    this.drop = drop;
  }

  private static Reply of(int status, @Nullable String contentType, boolean streamed) {
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException("status not in 100..599: " + status);
    }
    Map<String, List<String>> headers = new LinkedHashMap<>();
    if (contentType != null) {
      headers.put("Content-Type", List.of(contentType));
    }
    return new Reply(
        status, headers, List.of(), streamed, Duration.ZERO, false, -1, false, Drop.NONE);
  }

  private Reply with(Part part) {
    List<Part> more = new ArrayList<>(parts);
    more.add(part);
    return with(headers, Collections.unmodifiableList(more));
  }

  private Reply with(Map<String, List<String>> headers, List<Part> parts) {
    return new Reply(status, headers, parts, streamed, delay, gzip, cutShortAt, dropAtEnd, drop);
  }

  /**
   * A status, no header and no body yet, streamed (no length) or not: the start of a reply
   * translated from another server's script, for the project's own tests.
   */
  static Reply bare(int status, boolean streamed) {
    return of(status, null, streamed);
  }

  /** Appends raw bytes to the body as one part, for the project's own tests. */
  Reply chunk(byte[] bytes) {
    byte[] copy = bytes.clone();
    return with(new Part(o -> copy, null));
  }

  /**
   * A status and no body, e.g. {@code Reply.status(204)} or {@code Reply.status(503).header(
   * "Retry-After", "1")}.
   *
   * @param status the status code, 100 to 599
   * @return the reply
   * @throws IllegalArgumentException if the status is out of range
   */
  public static Reply status(int status) {
    return of(status, null, false);
  }

  /**
   * A JSON body, {@code application/json}, written from {@code value} with the stub's options.
   *
   * @param status the status code, 100 to 599
   * @param value the body's value; {@code null} writes {@code null}
   * @return the reply
   * @throws IllegalArgumentException if the status is out of range
   */
  public static Reply json(int status, @Nullable Object value) {
    return of(status, "application/json", false).with(value(value, ""));
  }

  /**
   * A Problem Details body (RFC 9457), {@code application/problem+json}, with {@code type} {@code
   * about:blank}, the title, the status and the detail when given.
   *
   * @param status the status code, 100 to 599
   * @param title the problem's short summary
   * @param detail the explanation of this occurrence, or {@code null} for none
   * @return the reply
   * @throws IllegalArgumentException if the status is out of range
   */
  public static Reply problem(int status, String title, @Nullable String detail) {
    Objects.requireNonNull(title, "title");
    Map<String, Object> problem = new LinkedHashMap<>();
    problem.put("type", "about:blank");
    problem.put("title", title);
    problem.put("status", status);
    if (detail != null) {
      problem.put("detail", detail);
    }
    return of(status, "application/problem+json", false).with(value(problem, ""));
  }

  /**
   * A redirect to {@code location} (relative or absolute) in its {@code Location} header. The stub,
   * like the JDK's default client, does not follow it.
   *
   * @param status the status code, 300 to 399
   * @param location the {@code Location} header's value
   * @return the reply
   * @throws IllegalArgumentException if the status is not a 3xx
   */
  public static Reply redirect(int status, String location) {
    if (status < 300 || status > 399) {
      throw new IllegalArgumentException("redirect status not in 300..399: " + status);
    }
    return status(status).header("Location", Objects.requireNonNull(location, "location"));
  }

  /**
   * A text body encoded in UTF-8, under any content type: a wrong one ({@code text/html} for an API
   * that promised JSON) or JSON written by hand.
   *
   * @param status the status code, 100 to 599
   * @param contentType the {@code Content-Type} header's value
   * @param text the body
   * @return the reply
   * @throws IllegalArgumentException if the status is out of range
   */
  public static Reply text(int status, String contentType, String text) {
    return bytes(status, contentType, text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * A body of raw bytes under any content type.
   *
   * @param status the status code, 100 to 599
   * @param contentType the {@code Content-Type} header's value
   * @param body the body; copied
   * @return the reply
   * @throws IllegalArgumentException if the status is out of range
   */
  public static Reply bytes(int status, String contentType, byte[] body) {
    byte[] copy = body.clone();
    return of(status, Objects.requireNonNull(contentType, "contentType"), false)
        .with(new Part(o -> copy, null));
  }

  /**
   * A top-level JSON array streamed element by element, {@code application/json} without a length:
   * {@code [} with the first element, then each further element with its comma, then {@code ]},
   * each as its own chunk. Add {@link #pause} and {@link #drop} to script arrival and failure.
   *
   * @param status the status code, 100 to 599
   * @param elements the array's elements
   * @return the reply
   * @throws IllegalArgumentException if the status is out of range
   */
  public static Reply jsonArray(int status, List<?> elements) {
    Reply reply = of(status, "application/json", true);
    if (elements.isEmpty()) {
      return reply.with(raw("[]"));
    }
    for (int i = 0; i < elements.size(); i++) {
      reply = reply.with(value(elements.get(i), i == 0 ? "[" : ","));
    }
    return reply.with(raw("]"));
  }

  /**
   * Newline-delimited JSON, {@code application/x-ndjson} without a length: one element per line,
   * each line its own chunk.
   *
   * @param status the status code, 100 to 599
   * @param elements the elements, one a line
   * @return the reply
   * @throws IllegalArgumentException if the status is out of range
   */
  public static Reply ndjson(int status, List<?> elements) {
    Reply reply = of(status, "application/x-ndjson", true);
    for (Object element : elements) {
      reply = reply.with(line(element));
    }
    return reply;
  }

  /**
   * An empty streamed body (no length) under any content type, to which {@link #chunk(String)},
   * {@link #pause(Duration)} and {@link #drop()} add its script: a stream the other factories
   * cannot spell, such as a JSON array stalling between two elements.
   *
   * @param status the status code, 100 to 599
   * @param contentType the {@code Content-Type} header's value
   * @return the reply
   * @throws IllegalArgumentException if the status is out of range
   */
  public static Reply stream(int status, String contentType) {
    return of(status, Objects.requireNonNull(contentType, "contentType"), true);
  }

  /**
   * An empty Server-Sent Events stream, 200 {@code text/event-stream} without a length, to which
   * {@link #event(Object)}, {@link #event(String, Object)}, {@link #retry(Duration)}, {@link
   * #pause(Duration)} and {@link #drop()} add its script.
   *
   * @return the reply
   */
  public static Reply events() {
    return of(200, "text/event-stream", true);
  }

  /**
   * The connection closes once the request's head has arrived, before its body is read: the
   * caller's request body publisher is cancelled and the call fails with an {@link IOException}, as
   * when a server goes away. The request is still captured, with an empty body.
   *
   * @return the reply
   */
  public static Reply dropBeforeRequestBody() {
    Reply r = status(200);
    return new Reply(
        r.status, r.headers, r.parts, false, r.delay, false, -1, false, Drop.BEFORE_REQUEST_BODY);
  }

  /**
   * The connection closes after the request's body was read, before any response byte: the call
   * fails with an {@link IOException}, and whether to retry it is the caller's judgment (the server
   * may have acted on it).
   *
   * @return the reply
   */
  public static Reply dropAfterRequestBody() {
    Reply r = status(200);
    return new Reply(
        r.status, r.headers, r.parts, false, r.delay, false, -1, false, Drop.AFTER_REQUEST_BODY);
  }

  /**
   * Sets a header's values, replacing any it had (names match ignoring case). {@code Content-Type}
   * is a header like any other: {@code Reply.json(200, v).header("Content-Type", "text/plain")}
   * sends JSON under a wrong type.
   *
   * @param name the header's name
   * @param values its values, one header line each
   * @return the reply with the header
   * @throws IllegalArgumentException if the name is not a header name (a token of RFC 9110), or a
   *     value has a line break: no server can send them
   */
  public Reply header(String name, String... values) {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty() || !name.chars().allMatch(Reply::isTokenChar)) {
      throw new IllegalArgumentException("not a header name: " + name);
    }
    if (values.length == 0) {
      throw new IllegalArgumentException("no value for header " + name);
    }
    for (String value : values) {
      Objects.requireNonNull(value, "value");
      if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
        // A server cannot send it as one header: a test would pass on what no server can say.
        throw new IllegalArgumentException(
            "header " + name + " has a line break in its value: " + escaped(value));
      }
    }
    Map<String, List<String>> more = new LinkedHashMap<>(headers);
    more.keySet().removeIf(n -> n.equalsIgnoreCase(name));
    more.put(name, List.of(values));
    return with(Collections.unmodifiableMap(more), parts);
  }

  /**
   * Answers only after {@code delay}: the response's head arrives late (a slow server), which a
   * request timeout shorter than the delay turns into an {@link
   * java.net.http.HttpTimeoutException}.
   *
   * @param delay the time before the response's head, zero or more
   * @return the reply with the delay
   * @throws IllegalArgumentException if the delay is negative
   */
  public Reply delay(Duration delay) {
    if (delay.isNegative()) {
      throw new IllegalArgumentException("delay < 0: " + delay);
    }
    return new Reply(
        status, headers, parts, streamed, delay, gzip, cutShortAt, dropAtEnd, this.drop);
  }

  /**
   * Appends an event whose {@code data} is {@code data} written as JSON, or, when it is a {@code
   * String}, its text as it is, one {@code data:} line per line: {@code event("[DONE]")} sends the
   * end marker of the LLM APIs' streams ({@code data: [DONE]}), and a {@code String} event reads
   * back as the same text with {@code getFromJsonAsEvents(uri, String.class)}. Write a JSON string
   * as its JSON: {@code event("\"hello\"")}.
   *
   * @param data the event's data: a value written as JSON, or the text itself
   * @return the reply with the event
   */
  public Reply event(@Nullable Object data) {
    return with(eventPart(null, data));
  }

  /**
   * Appends an event with an {@code id} line, which a reconnecting client sends back as {@code
   * Last-Event-ID}, and {@code data} written as JSON, or as it is when it is a {@code String} (see
   * {@link #event(Object)}).
   *
   * @param id the event's id
   * @param data the event's data
   * @return the reply with the event
   * @throws IllegalArgumentException if the id has a line break or a NUL, which no id line can
   *     carry
   */
  public Reply event(String id, @Nullable Object data) {
    Objects.requireNonNull(id, "id");
    if (id.indexOf('\r') >= 0 || id.indexOf('\n') >= 0 || id.indexOf('\0') >= 0) {
      // A line break would end the id line and start another field; a NUL makes readers ignore it.
      throw new IllegalArgumentException("event id has a line break or a NUL: " + escaped(id));
    }
    return with(eventPart(id, data));
  }

  /**
   * Appends a {@code retry} line: the reconnection delay the server asks for.
   *
   * @param delay the delay, in whole milliseconds on the wire
   * @return the reply with the line
   */
  public Reply retry(Duration delay) {
    return with(raw("retry: " + delay.toMillis() + "\n\n"));
  }

  /**
   * Appends text to the body as one chunk, as it is: an SSE comment, a malformed line, the half of
   * a document.
   *
   * @param text the text, written in UTF-8
   * @return the reply with the chunk
   */
  public Reply chunk(String text) {
    return with(raw(text));
  }

  /**
   * Appends a pause: the parts after it arrive {@code pause} later (real time, no thread blocked),
   * e.g. to let an idle timeout elapse between two events.
   *
   * @param pause the pause
   * @return the reply with the pause
   * @throws IllegalArgumentException if the pause is negative
   */
  public Reply pause(Duration pause) {
    if (pause.isNegative()) {
      throw new IllegalArgumentException("pause < 0: " + pause);
    }
    return with(new Part(null, pause));
  }

  /**
   * Ends the body with a dropped connection instead of its end: the reader sees an {@link
   * IOException} mid-body. A streamed body drops after the parts scripted so far (without its last
   * chunk). A fixed body drops before its last byte, as if {@link #cutShort cut short} by one byte
   * (or where {@link #cutShort} cuts it, if sooner), still announcing its whole {@code
   * Content-Length}: once its declared length has arrived, a body is whole on a real network,
   * whatever the connection does next. An empty body (as a 204's or a {@code HEAD}'s) has nothing
   * to cut: the reader sees the failure at once.
   *
   * @return the reply dropping at its end
   */
  public Reply drop() {
    return new Reply(status, headers, parts, streamed, delay, gzip, cutShortAt, true, drop);
  }

  /** The bytes of the rendered {@code parts}. */
  static long length(List<Object> parts) {
    long length = 0;
    for (Object part : parts) {
      if (part instanceof byte[]) {
        length += ((byte[]) part).length;
      }
    }
    return length;
  }

  /**
   * Where a fixed body of {@code length} bytes is cut: at {@code cut} (or nowhere, -1), and before
   * its last byte when it {@code drops} (see {@link #drop()}).
   */
  static long cutOfFixed(long length, long cut, boolean drops) {
    if (!drops || length == 0) {
      return cut;
    }
    return cut < 0 ? length - 1 : Math.min(cut, length - 1);
  }

  /**
   * Cuts the body short: only its first {@code bytes} bytes arrive (after any gzip encoding), then
   * the connection drops. A fixed body still announces its whole {@code Content-Length}.
   *
   * @param bytes how many bytes arrive, zero or more
   * @return the reply cut short
   * @throws IllegalArgumentException if {@code bytes} is negative
   */
  public Reply cutShort(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes < 0: " + bytes);
    }
    return new Reply(status, headers, parts, streamed, delay, gzip, bytes, dropAtEnd, drop);
  }

  /**
   * Encodes the body with gzip and says so in {@code Content-Encoding}; a streamed body is flushed
   * part by part, so each part still arrives on its own.
   *
   * @return the reply gzip-encoded
   */
  public Reply gzip() {
    return header("Content-Encoding", "gzip").gzipped();
  }

  private Reply gzipped() {
    return new Reply(status, headers, parts, streamed, delay, true, cutShortAt, dropAtEnd, drop);
  }

  /** A short description: the status and the content type. */
  @Override
  public String toString() {
    if (drop != Drop.NONE) {
      return "drop " + drop.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
    List<String> type = headers.getOrDefault("Content-Type", List.of());
    return status + (type.isEmpty() ? "" : " " + type.get(0));
  }

  /** A token character of RFC 9110, what a header name is made of. */
  private static boolean isTokenChar(int c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
  }

  private static String escaped(String text) {
    return text.replace("\r", "\\r").replace("\n", "\\n").replace("\0", "\\0");
  }

  private static Part raw(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    return new Part(o -> bytes, null);
  }

  private static Part value(@Nullable Object value, String prefix) {
    byte[] head = prefix.getBytes(StandardCharsets.UTF_8);
    return new Part(o -> concat(head, write(value, o), new byte[0]), null);
  }

  private static Part line(@Nullable Object value) {
    return new Part(o -> concat(new byte[0], write(value, o), new byte[] {'\n'}), null);
  }

  private static Part eventPart(@Nullable String id, @Nullable Object data) {
    return new Part(
        o -> {
          String head = id == null ? "" : "id: " + id + "\n";
          // A String is the data's text as it is (httpjson reads String events so): the LLM
          // APIs' [DONE] end marker, or data that is not JSON. Any other value is JSON.
          String body =
              data instanceof String
                  ? (String) data
                  : new String(write(data, o), StandardCharsets.UTF_8);
          StringBuilder event = new StringBuilder(head);
          for (String line : body.split("\r\n|\r|\n", -1)) {
            event.append("data: ").append(line).append('\n');
          }
          return event.append('\n').toString().getBytes(StandardCharsets.UTF_8);
        },
        null);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static byte[] write(@Nullable Object value, JsonOptions options) {
    if (value == null) {
      return "null".getBytes(StandardCharsets.UTF_8);
    }
    try {
      return ((JsonType) JsonType.of(value.getClass(), options)).toJsonBytes(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] concat(byte[] a, byte[] b, byte[] c) {
    byte[] all = new byte[a.length + b.length + c.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    System.arraycopy(c, 0, all, a.length + b.length, c.length);
    return all;
  }

  /** The body as it goes out: chunks and pauses, gzip and the cut applied. */
  List<Object> render(JsonOptions options) {
    List<Object> out = new ArrayList<>();
    try {
      ByteArrayOutputStream buffer = new ByteArrayOutputStream();
      GZIPOutputStream zip = gzip ? new GZIPOutputStream(buffer, true) : null;
      for (Part part : parts) {
        if (part.pause != null) {
          out.add(part.pause);
          continue;
        }
        byte[] bytes = Objects.requireNonNull(part.bytes).apply(options);
        if (zip == null) {
          out.add(bytes);
        } else {
          zip.write(bytes);
          zip.flush();
          out.add(buffer.toByteArray());
          buffer.reset();
        }
      }
      if (zip != null) {
        zip.close();
        if (buffer.size() > 0) {
          out.add(buffer.toByteArray());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}

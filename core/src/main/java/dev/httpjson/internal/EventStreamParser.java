package dev.httpjson.internal;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.httpjson.ResponseTooLargeException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Frames a {@code text/event-stream} body into events, on bytes, as the WHATWG HTML standard's
 * "event stream" rules say (section 9.2.6): CR, LF and CRLF end lines (a CR that ends one read and
 * an LF that starts the next are one line end), a leading UTF-8 BOM is skipped once, {@code :}
 * starts a comment, a field's value loses one leading space, unknown fields are ignored, {@code
 * data} lines are joined with LF, a blank line dispatches the event unless it has no data, and an
 * event the body ends inside is discarded (its {@code id} too: the last event id is set when an
 * event is dispatched).
 */
public final class EventStreamParser {
  private static final byte[] DATA = {'d', 'a', 't', 'a'};
  private static final byte[] EVENT = {'e', 'v', 'e', 'n', 't'};
  private static final byte[] ID = {'i', 'd'};
  private static final byte[] RETRY = {'r', 'e', 't', 'r', 'y'};
  private static final int BUFFER = 8192;
  private static final int DATA_BUFFER = 512;
  // The most a buffer keeps between events: one grown for a larger event (up to maxEventSize) is
  // given back once it is read, so that a long-lived stream does not hold its largest event's size.
  private static final int RETAINED = 64 * 1024;

  private final long maxEventSize;
  private InputStream in;
  private byte[] buf = new byte[BUFFER];
  private int pos;
  private int lim;
  private int scan;
  private boolean skipLf;
  private boolean bomChecked;

  private byte[] data = new byte[DATA_BUFFER];
  private int dataLength;
  private @Nullable String eventType;
  private long eventRetry = -1;
  private @Nullable String idBuffer; // the standard's "last event ID buffer"
  private @Nullable String lastEventId; // set from the buffer when an event is dispatched
  private long reconnectionTime = -1;
  private long dispatched;

  // The event the last successful next() reported.
  private int outLength;
  private String outType = "message";
  private @Nullable String outId;
  private long outRetry = -1;

  public EventStreamParser(InputStream in, long maxEventSize) {
    this.in = in;
    this.maxEventSize = maxEventSize;
  }

  /**
   * Starts from the last event id the request sent, which the caller kept to resume the stream: a
   * reconnection sends it again until an event names another, as after an event that set it.
   */
  void resumeFrom(@Nullable String id) {
    if (id != null && !id.isEmpty() && dispatched == 0) {
      lastEventId = idBuffer = id;
    }
  }

  /**
   * Goes on with a new body after a reconnection: the event being read is dropped, with an id it
   * may have set; the last event id dispatched and the reconnection time are kept, as the standard
   * says.
   */
  public void reset(InputStream in) {
    this.in = in;
    pos = lim = scan = 0;
    skipLf = false;
    bomChecked = false;
    dataLength = 0;
    shrink();
    eventType = null;
    eventRetry = -1;
    idBuffer = lastEventId;
  }

  /** Reads up to the next event to dispatch. */
  public boolean next() throws IOException {
    shrink(); // the last event's data is no longer needed
    for (; ; ) {
      int end = lineEnd();
      if (end < 0) {
        if (!fill()) {
          return false; // an event the body ends inside is discarded
        }
        continue;
      }
      int start = pos;
      skipLf = buf[end] == '\r';
      pos = end + 1;
      scan = pos;
      if (line(start, end)) {
        return true;
      }
    }
  }

  /** The index of the CR or LF ending the line at {@code pos}, or -1 when more bytes are needed. */
  private int lineEnd() {
    if (!bomChecked) {
      int n = lim - pos;
      if (n == 0 || buf[pos] == (byte) 0xEF && (n == 1 || buf[pos + 1] == (byte) 0xBB && n == 2)) {
        return -1; // maybe a BOM: wait for its end
      }
      bomChecked = true;
      if (n >= 3
          && buf[pos] == (byte) 0xEF
          && buf[pos + 1] == (byte) 0xBB
          && buf[pos + 2] == (byte) 0xBF) {
        pos += 3;
        scan = pos;
      }
    }
    if (skipLf && pos < lim) {
      skipLf = false;
      if (buf[pos] == '\n') {
        pos++;
        scan = pos;
      }
    }
    byte[] b = buf;
    for (int i = Math.max(scan, pos), n = lim; i < n; i++) {
      byte c = b[i];
      if (c == '\n' || c == '\r') {
        return i;
      }
    }
    scan = lim;
    return -1;
  }

  /** Gives back buffers grown past {@link #RETAINED} by an event read whole. */
  private void shrink() {
    if (data.length > RETAINED && dataLength == 0) {
      data = new byte[DATA_BUFFER];
    }
    int unread = lim - pos;
    if (buf.length > RETAINED && unread <= RETAINED / 2) {
      byte[] smaller = new byte[Math.max(BUFFER, unread)];
      System.arraycopy(buf, pos, smaller, 0, unread);
      buf = smaller;
      scan -= pos;
      lim = unread;
      pos = 0;
    }
  }

  /** Reads what has arrived; false at the end of the body. */
  private boolean fill() throws IOException {
    if (lim - pos > maxEventSize) {
      throw tooLarge("a line", lim - pos); // no line end in it: one line so far
    }
    if (pos == lim) {
      pos = lim = scan = 0;
    } else if (lim == buf.length) {
      if (pos > 0) {
        System.arraycopy(buf, pos, buf, 0, lim - pos);
        lim -= pos;
        scan -= pos;
        pos = 0;
      } else {
        buf = Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, maxEventSize + 2));
      }
    }
    int n = in.read(buf, lim, buf.length - lim);
    if (n < 0) {
      return false;
    }
    lim += n;
    return true;
  }

  /** Processes the line {@code [start, end)}; true if it dispatched an event. */
  private boolean line(int start, int end) throws ResponseTooLargeException {
    if (end - start > maxEventSize) {
      throw tooLarge("a line", end - start);
    }
    if (start == end) {
      return dispatch();
    }
    byte[] b = buf;
    if (b[start] == ':') {
      return false;
    }
    int colon = start;
    while (colon < end && b[colon] != ':') {
      colon++;
    }
    int value = colon;
    if (colon < end) {
      value++;
      if (value < end && b[value] == ' ') {
        value++;
      }
    }
    if (Arrays.equals(b, start, colon, DATA, 0, DATA.length)) {
      appendData(value, end);
    } else if (Arrays.equals(b, start, colon, EVENT, 0, EVENT.length)) {
      eventType = new String(b, value, end - value, UTF_8);
    } else if (Arrays.equals(b, start, colon, ID, 0, ID.length)) {
      if (!contains(b, value, end, (byte) 0)) {
        idBuffer = value == end ? null : new String(b, value, end - value, UTF_8);
      }
    } else if (Arrays.equals(b, start, colon, RETRY, 0, RETRY.length)) {
      long retry = digits(b, value, end);
      if (retry >= 0) {
        eventRetry = retry;
        reconnectionTime = retry;
      }
    }
    return false;
  }

  private static boolean contains(byte[] b, int from, int to, byte value) {
    for (int i = from; i < to; i++) {
      if (b[i] == value) {
        return true;
      }
    }
    return false;
  }

  /** The value as a base-ten number of milliseconds (saturating), or -1 unless all ASCII digits. */
  private static long digits(byte[] b, int from, int to) {
    if (from == to) {
      return -1;
    }
    long value = 0;
    for (int i = from; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      value = value > (Long.MAX_VALUE - d) / 10 ? Long.MAX_VALUE : value * 10 + d;
    }
    return value;
  }

  private void appendData(int from, int to) throws ResponseTooLargeException {
    int length = to - from;
    long size = (long) dataLength + length + 1;
    if (size > maxEventSize + 1) {
      throw tooLarge("the data of an event", size - 1);
    }
    if (size > data.length) {
      data =
          Arrays.copyOf(
              data, (int) Math.min(Math.max(size, (long) data.length * 2), maxEventSize + 1));
    }
    System.arraycopy(buf, from, data, dataLength, length);
    dataLength += length;
    data[dataLength++] = '\n';
  }

  private boolean dispatch() {
    // The last event id is the one of the last event dispatched, never of one the body ends inside
    // (a reconnection must resume after an event the caller saw); set even without data.
    lastEventId = idBuffer;
    long retry = eventRetry;
    String type = eventType;
    eventRetry = -1;
    eventType = null;
    if (dataLength == 0) {
      return false;
    }
    outLength = dataLength - 1; // the LF after the last data line
    dataLength = 0;
    outType = type == null || type.isEmpty() ? "message" : type;
    outId = lastEventId;
    outRetry = retry;
    dispatched++;
    return true;
  }

  private ResponseTooLargeException tooLarge(String what, long size) {
    return ApiAccess.get()
        .tooLarge(
            "Event stream: "
                + what
                + " (after event "
                + dispatched
                + (lastEventId != null ? ", last id '" + oneLine(lastEventId) + "'" : "")
                + ") exceeds maxResponseSize "
                + maxEventSize
                + " bytes, which applies to each event ("
                + size
                + " bytes received)",
            maxEventSize,
            size);
  }

  /**
   * {@code text}, which the server sent, with each control character and line separator escaped as
   * in a Java string literal (<code>&#92;u001b</code>): a message that quotes it stays on one line
   * and drives no terminal. (An id holds no line break: the lines are split there.)
   */
  private static String oneLine(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /** The reported event's data bytes: {@code [0, dataLength())}; valid until the next read. */
  public byte[] data() {
    return data;
  }

  public int dataLength() {
    return outLength;
  }

  public String type() {
    return outType;
  }

  @Nullable String id() {
    return outId;
  }

  /** The reported event's own {@code retry:} in milliseconds, or -1. */
  public long retry() {
    return outRetry;
  }

  /** The last event id as of the last dispatch (what a reconnection sends), or null. */
  @Nullable String lastEventId() {
    return lastEventId;
  }

  /** The latest {@code retry:} in milliseconds, or -1 when none was sent. */
  public long reconnectionTime() {
    return reconnectionTime;
  }

  /** How many events were reported; the index of the next. */
  public long dispatched() {
    return dispatched;
  }
}

package dev.httpjson.internal;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import org.jspecify.annotations.Nullable;

/**
 * The JFR event of one httpjson call, committed when a recording has {@code dev.httpjson.Call}
 * enabled (it is, by default, in every recording): {@code java -XX:StartFlightRecording} or {@code
 * jcmd <pid> JFR.start} shows the calls with no code change. Its duration is the whole call, from
 * the call to its value (for a stream, to its close).
 */
@Name("dev.httpjson.Call")
@Label("httpjson Call")
@Category({"httpjson"})
@Description("An HTTP exchange made by httpjson, from the call to its value or failure")
@StackTrace(false)
public final class CallEvent extends Event {
  /** An instance to ask {@link #isEnabled()} without allocating per call. */
  @Label("Method")
  public @Nullable String method;

  @Label("URI")
  @Description("The request URI, secrets redacted")
  public @Nullable String uri;

  @Label("Type")
  @Description("The type read, if any")
  public @Nullable String type;

  @Label("Codec")
  public @Nullable String codec;

  @Label("Status")
  @Description("The last response's status code, or 0 when none arrived")
  public int status;

  @Label("Outcome")
  @Description("\"success\", or the class of the exception the call failed with")
  public @Nullable String outcome;

  @Label("Cache")
  @Description("HIT, REVALIDATED or MISS when an HttpCache took part, else empty")
  public @Nullable String cache;

  @Label("Attempts")
  public int attempts;

  @Label("Request Bytes")
  @DataAmount
  public long bytesOut;

  @Label("Response Bytes")
  @Description("The response body's bytes as received (compressed, when it was)")
  @DataAmount
  public long bytesIn;

  @Label("Decoded Bytes")
  @Description("The response body's bytes after its Content-Encoding was decoded")
  @DataAmount
  public long bytesDecoded;

  @Label("Elements")
  @Description("The elements a stream delivered")
  public long elements;

  @Label("Time to Headers")
  @Timespan
  public long headersDuration;

  @Label("Body Time")
  @Description("From the headers to the end of the body")
  @Timespan
  public long bodyDuration;

  @Label("Decode Time")
  @Timespan
  public long decodeDuration;
}

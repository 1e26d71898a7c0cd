package dev.httpjson.jackson.reliability;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonBodyHandlers;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.contract.Models.Page;
import dev.httpjson.contract.Models.WeatherForecast;
import dev.httpjson.jackson.JacksonCodec;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Flow;
import java.util.stream.Stream;

/**
 * Feeds arbitrary bytes, split into arbitrary chunks, through httpjson's body subscribers (the
 * whole-value {@link JsonBodyHandlers#of} and the lazy {@link JsonBodyHandlers#ofStream}) exactly
 * as the JDK client would: {@code onSubscribe}, {@code onNext} as demand allows (a subscriber that
 * throws aborts the feed, as it aborts the JDK's exchange; what it throws must be documented),
 * {@code onComplete}. Allowed outcomes: a value, or an {@link HttpJsonException} (for stream
 * elements an {@link UncheckedIOException} whose cause is one). Anything else — NPE,
 * StackOverflowError, OutOfMemoryError, a Jackson exception leaking out, a body future left
 * incomplete — is a finding.
 *
 * <p>Input layout: byte 0 picks the target type (bits 0-2), the Content-Type (bits 3-5) and the
 * Content-Length header (bits 6-7); byte 1 seeds the chunk split points; the rest is the body.
 *
 * <p>In the normal build this runs in regression mode over the committed inputs in {@code
 * src/test/resources/dev/httpjson/jackson/reliability/BodySubscriberFuzzTestInputs/}. To fuzz:
 * {@code JAZZER_FUZZ=1 mvn -B -pl codec-jackson test -Dtest=BodySubscriberFuzzTest#wholeValue
 * -Djazzer.max_duration=5m} (see docs/RELIABILITY.md).
 */
public class BodySubscriberFuzzTest {
  private static final JsonOptions OPTIONS =
      JsonOptions.newBuilder()
          .codec(new JacksonCodec())
          .maxResponseSize(256 * 1024)
          .maxStringLength(64 * 1024)
          .build();

  private static final Type[] TYPES = {
    Named.class,
    WeatherForecast.class,
    JsonType.listOf(WeatherForecast.class).type(),
    JsonType.mapOf(Object.class).type(),
    Object.class,
    new JsonType<Page<Named>>() {}.type(),
    Integer.class,
    BigDecimal.class
  };

  private static final String[] CONTENT_TYPES = {
    null,
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=\"UTF-16\"",
    "application/json; charset=ISO-8859-1",
    "application/x-ndjson",
    "text/plain; charset=windows-1252",
    "application/json; charset=x-unknown"
  };

  @FuzzTest(maxDuration = "5m")
  void wholeValue(byte[] input) {
    wholeValueOnce(input);
  }

  @FuzzTest(maxDuration = "5m")
  void elementStream(byte[] input) {
    elementStreamOnce(input);
  }

  /** One whole-value run over {@code input}; throws on any undocumented outcome. */
  public static void wholeValueOnce(byte[] input) {
    if (input.length < 2) {
      return;
    }
    Type type = TYPES[input[0] & 7];
    ResponseInfo info = info(input);
    @SuppressWarnings("unchecked")
    BodySubscriber<Object> subscriber =
        (BodySubscriber<Object>)
            JsonBodyHandlers.of((JsonType<Object>) JsonType.of(type, OPTIONS)).apply(info);
    CompletableFuture<Object> body = subscriber.getBody().toCompletableFuture();

    new Feed(subscriber, chunks(input)).start();

    if (!body.isDone()) {
      throw new AssertionError("body not complete after onComplete");
    }
    try {
      body.join();
    } catch (CompletionException e) {
      requireDocumented(e.getCause());
    }
  }

  /** One streaming run over {@code input}; throws on any undocumented outcome. */
  public static void elementStreamOnce(byte[] input) {
    if (input.length < 2) {
      return;
    }
    Type type = TYPES[input[0] & 7];
    ResponseInfo info = info(input);
    @SuppressWarnings("unchecked")
    BodySubscriber<Stream<Object>> subscriber =
        JsonBodyHandlers.ofStream((JsonType<Object>) JsonType.of(type, OPTIONS)).apply(info);
    CompletableFuture<Stream<Object>> body = subscriber.getBody().toCompletableFuture();

    Feed feed = new Feed(subscriber, chunks(input));
    feed.start();

    if (!body.isDone()) {
      throw new AssertionError("stream body not available after subscription");
    }
    Stream<Object> stream;
    try {
      stream = body.join();
    } catch (CompletionException e) {
      requireDocumented(e.getCause());
      return;
    }
    try (stream) {
      Iterator<Object> it = stream.iterator();
      for (int i = 0; i < 100_000 && it.hasNext(); i++) {
        it.next();
      }
    } catch (UncheckedIOException e) {
      requireDocumented(e.getCause());
    }
  }

  private static void requireDocumented(Throwable failure) {
    if (!(failure instanceof HttpJsonException)) {
      throw new AssertionError("undocumented failure: " + failure, failure);
    }
  }

  private static ResponseInfo info(byte[] input) {
    String contentType = CONTENT_TYPES[(input[0] >> 3) & 7];
    int bodyLength = input.length - 2;
    String contentLength;
    switch ((input[0] >> 6) & 3) {
      case 1:
        contentLength = Integer.toString(bodyLength);
        break;
      case 2:
        contentLength = Integer.toString(Math.max(0, bodyLength / 2));
        break;
      case 3:
        contentLength = Integer.toString(bodyLength * 3 + 7);
        break;
      default:
        contentLength = null;
    }
    Map<String, List<String>> map = new LinkedHashMap<>();
    if (contentType != null) {
      map.put("Content-Type", List.of(contentType));
    }
    if (contentLength != null) {
      map.put("Content-Length", List.of(contentLength));
    }
    HttpHeaders headers = HttpHeaders.of(map, (a, b) -> true);
    return new ResponseInfo() {
      @Override
      public int statusCode() {
        return 200;
      }

      @Override
      public HttpHeaders headers() {
        return headers;
      }

      @Override
      public HttpClient.Version version() {
        return HttpClient.Version.HTTP_1_1;
      }
    };
  }

  /** The body split at points drawn from byte 1, in lists of one to three buffers. */
  private static List<List<ByteBuffer>> chunks(byte[] input) {
    byte[] body = Arrays.copyOfRange(input, 2, input.length);
    SplittableRandom random = new SplittableRandom(input[1]);
    List<List<ByteBuffer>> chunks = new ArrayList<>();
    int at = 0;
    while (at < body.length) {
      List<ByteBuffer> item = new ArrayList<>();
      for (int n = 1 + random.nextInt(3); n > 0 && at < body.length; n--) {
        int size = Math.min(body.length - at, 1 + random.nextInt(Math.max(1, body.length / 3 + 1)));
        item.add(ByteBuffer.wrap(body, at, size).slice().asReadOnlyBuffer());
        at += size;
      }
      chunks.add(item);
      if (random.nextInt(8) == 0) {
        chunks.add(List.of()); // an empty list, as the JDK sometimes delivers
      }
    }
    return chunks;
  }

  /**
   * A subscription that honours demand the way the JDK does: items are delivered only as requested
   * (re-entrant requests are trampolined), then onComplete.
   */
  private static final class Feed implements Flow.Subscription {
    private final BodySubscriber<?> subscriber;
    private final List<List<ByteBuffer>> chunks;
    private long demand;
    private int next;
    private boolean draining;
    private boolean done;

    Feed(BodySubscriber<?> subscriber, List<List<ByteBuffer>> chunks) {
      this.subscriber = subscriber;
      this.chunks = chunks;
    }

    void start() {
      try {
        subscriber.onSubscribe(this);
      } catch (Throwable t) {
        aborted(t);
      }
    }

    /** A subscriber threw: the JDK client aborts the exchange with it, and so does this. */
    private void aborted(Throwable t) {
      done = true;
      requireDocumented(t);
    }

    @Override
    public void request(long n) {
      if (n <= 0) {
        throw new AssertionError("request(" + n + ")");
      }
      demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
      if (draining) {
        return;
      }
      draining = true;
      try {
        while (!done && (next == chunks.size() || demand > 0)) {
          if (next == chunks.size()) {
            done = true;
            subscriber.onComplete();
          } else {
            demand--;
            subscriber.onNext(chunks.get(next++));
          }
        }
      } catch (Throwable t) {
        aborted(t);
      } finally {
        draining = false;
      }
    }

    @Override
    public void cancel() {
      done = true;
    }
  }
}

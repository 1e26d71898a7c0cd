package dev.httpjson.bench;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** Generates forecasts (values random per call) and validates what a client read back. */
public final class Forecasts {
  /** Items per collection, as in the seed. */
  public static final int COLLECTION_SIZE = 5;

  static final List<String> SUMMARIES =
      List.of(
          "Freezing",
          "Bracing",
          "Chilly",
          "Cool",
          "Mild",
          "Warm",
          "Balmy",
          "Hot",
          "Sweltering",
          "Scorching");

  static final int MIN_C = -20;
  static final int MAX_C = 55;

  private static final ZoneOffset OFFSET = ZoneOffset.ofHours(2);

  private Forecasts() {}

  static int fahrenheit(int celsius) {
    return 32 + (int) (celsius / 0.5556);
  }

  /** A new random forecast {@code days} after now. */
  public static WeatherForecast random(int days) {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    int c = r.nextInt(MIN_C, MAX_C + 1);
    return new WeatherForecast(
        OffsetDateTime.now(OFFSET).plusDays(days),
        c,
        fahrenheit(c),
        SUMMARIES.get(r.nextInt(SUMMARIES.size())));
  }

  /** A new list of {@link #COLLECTION_SIZE} random forecasts. */
  public static List<WeatherForecast> randomList() {
    List<WeatherForecast> list = new ArrayList<>(COLLECTION_SIZE);
    for (int i = 1; i <= COLLECTION_SIZE; i++) {
      list.add(random(i));
    }
    return list;
  }

  /** The JSON the server sends for one random forecast (written by hand, no JSON library). */
  static void appendRandomJson(StringBuilder sb, OffsetDateTime date) {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    int c = r.nextInt(MIN_C, MAX_C + 1);
    sb.append("{\"date\":\"")
        .append(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(date))
        .append("\",\"temperatureC\":")
        .append(c)
        .append(",\"temperatureF\":")
        .append(fahrenheit(c))
        .append(",\"summary\":\"")
        .append(SUMMARIES.get(r.nextInt(SUMMARIES.size())))
        .append("\"}");
  }

  /** UTF-8 JSON of a random list, as the server sends it. */
  public static byte[] randomListJson() {
    OffsetDateTime now = OffsetDateTime.now(OFFSET);
    StringBuilder sb = new StringBuilder(512).append('[');
    for (int i = 1; i <= COLLECTION_SIZE; i++) {
      if (i > 1) {
        sb.append(',');
      }
      appendRandomJson(sb, now.plusDays(i));
    }
    return sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * UTF-8 JSON of a random list of {@link PlainForecast}s (a calendar date, no date-time), as the
   * server sends it for {@code get.plain}.
   */
  public static byte[] randomPlainListJson() {
    java.time.LocalDate today = java.time.LocalDate.now(OFFSET);
    StringBuilder sb = new StringBuilder(512).append('[');
    for (int i = 1; i <= COLLECTION_SIZE; i++) {
      if (i > 1) {
        sb.append(',');
      }
      ThreadLocalRandom r = ThreadLocalRandom.current();
      int c = r.nextInt(MIN_C, MAX_C + 1);
      sb.append("{\"date\":\"")
          .append(today.plusDays(i))
          .append("\",\"temperatureC\":")
          .append(c)
          .append(",\"temperatureF\":")
          .append(fahrenheit(c))
          .append(",\"summary\":\"")
          .append(SUMMARIES.get(r.nextInt(SUMMARIES.size())))
          .append("\"}");
    }
    return sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Throws unless {@code list} holds {@link #COLLECTION_SIZE} plain forecasts the server sent. */
  public static List<PlainForecast> checkPlain(List<PlainForecast> list) {
    if (list == null || list.size() != COLLECTION_SIZE) {
      throw new IllegalStateException(
          "wrong collection: " + (list == null ? null : list.size() + " items"));
    }
    for (PlainForecast f : list) {
      if (f == null
          || f.date() == null
          || f.temperatureF() != fahrenheit(f.temperatureC())
          || !SUMMARIES.contains(f.summary())) {
        throw new IllegalStateException("wrong forecast: " + f);
      }
    }
    return list;
  }

  /** UTF-8 JSON of one random forecast, as the server sends it. */
  public static byte[] randomObjectJson() {
    StringBuilder sb = new StringBuilder(128);
    appendRandomJson(sb, OffsetDateTime.now(OFFSET).plusDays(1));
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Throws unless {@code f} is a forecast the server could have sent. */
  public static WeatherForecast check(WeatherForecast f) {
    if (f == null) {
      throw new IllegalStateException("missing forecast");
    }
    if (f.date() == null
        || f.temperatureC() < MIN_C
        || f.temperatureC() > MAX_C
        || f.temperatureF() != fahrenheit(f.temperatureC())
        || !SUMMARIES.contains(f.summary())) {
      throw new IllegalStateException("wrong forecast: " + f);
    }
    return f;
  }

  /** Throws unless {@code list} holds {@link #COLLECTION_SIZE} valid forecasts. */
  public static List<WeatherForecast> check(List<WeatherForecast> list) {
    return check(list, COLLECTION_SIZE);
  }

  /** Throws unless {@code list} holds {@code size} valid forecasts. */
  public static List<WeatherForecast> check(List<WeatherForecast> list, int size) {
    if (list == null || list.size() != size) {
      throw new IllegalStateException(
          "wrong collection: " + (list == null ? null : list.size() + " items"));
    }
    for (int i = 0; i < size; i++) {
      check(list.get(i));
    }
    return list;
  }

  /** The forecasts of the large body: {@link #LARGE_SIZE} of them. */
  public static final int LARGE_SIZE = 20_000;

  /** The large body (~1.4 MB), made once: the server must cost little next to the client. */
  public static byte[] largeListJson() {
    return Large.JSON;
  }

  private static final class Large {
    static final byte[] JSON = make();

    private static byte[] make() {
      StringBuilder sb = new StringBuilder(LARGE_SIZE * 80).append('[');
      OffsetDateTime start = OffsetDateTime.now(OFFSET);
      for (int i = 0; i < LARGE_SIZE; i++) {
        if (i > 0) {
          sb.append(',');
        }
        appendRandomJson(sb, start.plusMinutes(i));
      }
      return sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
    }
  }

  /** The forecasts of the cache benchmark's ~50 KB body ({@code ./bench --cache}). */
  public static final int CACHE_BODY_SIZE = 490;

  /** The cache benchmark's ~50 KB body, made once (its ETag names this one version). */
  public static byte[] cacheBodyJson() {
    return CacheBody.JSON;
  }

  private static final class CacheBody {
    static final byte[] JSON = make();

    private static byte[] make() {
      StringBuilder sb = new StringBuilder(CACHE_BODY_SIZE * 110).append('[');
      OffsetDateTime start = OffsetDateTime.now(OFFSET);
      for (int i = 0; i < CACHE_BODY_SIZE; i++) {
        if (i > 0) {
          sb.append(',');
        }
        appendRandomJson(sb, start.plusMinutes(i));
      }
      return sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
    }
  }

  /** Cheap check of raw JSON bytes: the expected number of items, and the right bracket. */
  public static byte[] checkJson(byte[] body, int items) {
    if (body == null || body.length == 0) {
      throw new IllegalStateException("empty body");
    }
    int count = countItems(body, body.length);
    if (count != items) {
      throw new IllegalStateException(
          "expected "
              + items
              + " items, got "
              + count
              + ": "
              + new String(body, StandardCharsets.UTF_8));
    }
    return body;
  }

  private static final byte[] MARKER = "\"temperatureC\"".getBytes(StandardCharsets.US_ASCII);

  /** Counts occurrences of {@code "temperatureC"} (one per serialized forecast). */
  public static int countItems(byte[] body, int length) {
    int count = 0;
    outer:
    for (int i = 0; i <= length - MARKER.length; i++) {
      for (int j = 0; j < MARKER.length; j++) {
        if (body[i + j] != MARKER[j]) {
          continue outer;
        }
      }
      count++;
      i += MARKER.length - 1;
    }
    return count;
  }

  /** Throws unless {@code status} is 2xx. */
  public static void checkStatus(int status) {
    if (status < 200 || status > 299) {
      throw new IllegalStateException("status " + status);
    }
  }
}

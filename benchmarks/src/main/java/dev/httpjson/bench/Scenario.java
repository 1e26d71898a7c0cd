package dev.httpjson.bench;

import java.util.List;

/** The seed's four scenarios. */
public enum Scenario {
  GET_OBJECT("get.object", "/weatherforecast/getObject"),
  GET_COLLECTION("get.collection", "/weatherforecast/getCollection"),
  /**
   * The collection with a calendar date in place of the date-time ({@link PlainForecast}): the
   * decoder held equal, so that a codec's own date-time parser cannot carry a comparison.
   */
  GET_PLAIN("get.plain", "/weatherforecast/getCollectionPlain"),
  POST_OBJECT("post.object", "/weatherforecast/postObject"),
  POST_COLLECTION("post.collection", "/weatherforecast/postCollection"),
  /** What real APIs send: a ~1.4 MB array of {@link Forecasts#LARGE_SIZE} forecasts, read whole. */
  GET_LARGE("get.large", "/weatherforecast/getLarge"),
  /** The same body read lazily, element by element, as a stream. */
  STREAM_LARGE("stream.large", "/weatherforecast/getLarge");

  final String id;
  final String path;

  Scenario(String id, String path) {
    this.id = id;
    this.path = path;
  }

  public String id() {
    return id;
  }

  public String path() {
    return path;
  }

  public boolean isPost() {
    return this == POST_OBJECT || this == POST_COLLECTION;
  }

  public boolean isCollection() {
    return this == GET_COLLECTION || this == POST_COLLECTION;
  }

  public boolean isLarge() {
    return this == GET_LARGE || this == STREAM_LARGE;
  }

  /** The number of forecasts in one body. */
  public int items() {
    return isLarge()
        ? Forecasts.LARGE_SIZE
        : isCollection() || this == GET_PLAIN ? Forecasts.COLLECTION_SIZE : 1;
  }

  public static Scenario of(String id) {
    for (Scenario s : values()) {
      if (s.id.equals(id)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown scenario: " + id + " (" + ids() + ")");
  }

  /** The seed's four scenarios (what {@code all} means). */
  public static List<String> ids() {
    return List.of("get.collection", "get.object", "post.collection", "post.object");
  }

  /** The large-body scenarios (what {@code large} means). */
  public static List<String> largeIds() {
    return List.of("get.large", "stream.large");
  }
}

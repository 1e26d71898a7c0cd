package dev.httpjson.bench;

import java.util.List;

/** The seed's four scenarios. */
public enum Scenario {
  GET_OBJECT("get.object", "/weatherforecast/getObject"),
  GET_COLLECTION("get.collection", "/weatherforecast/getCollection"),
  POST_OBJECT("post.object", "/weatherforecast/postObject"),
  POST_COLLECTION("post.collection", "/weatherforecast/postCollection");

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

  /** The number of forecasts in one body. */
  public int items() {
    return isCollection() ? Forecasts.COLLECTION_SIZE : 1;
  }

  public static Scenario of(String id) {
    for (Scenario s : values()) {
      if (s.id.equals(id)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown scenario: " + id + " (" + ids() + ")");
  }

  public static List<String> ids() {
    return List.of("get.object", "get.collection", "post.object", "post.collection");
  }
}

package dev.httpjson.contract.plugin;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonException;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.Paging;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.contract.Box;
import dev.httpjson.contract.Envelope;
import dev.httpjson.spi.JsonCodec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A web application's request, as a container runs it: the thread's context class loader is the
 * application's, and the application keeps request state in an inheritable thread local. It makes
 * timed blocking calls, a timed stream and async calls with httpjson, which is shared from a parent
 * loader.
 */
public final class Webapp {
  private static final InheritableThreadLocal<Webapp> REQUEST = new InheritableThreadLocal<>();

  private Webapp() {}

  /**
   * Reads two items with the Class forms of a client the container shares: the server must have two
   * items queued.
   *
   * @param api the shared client
   * @param path where the items are, relative to its base URI
   * @return what was read, one line
   * @throws Exception if a call fails
   */
  public static String handleWith(HttpJsonClient api, String path) throws Exception {
    List<Object> read = new ArrayList<>();
    read.add(api.getFromJson(path, PluginItem.class));
    read.add(api.exchange(HttpRequest.newBuilder(api.uri(path)).build(), PluginItem.class).body());
    return read.toString();
  }

  /**
   * Reads a string and an item with a client of its own, whose options name the application's own
   * codec: the server must have two answers queued.
   *
   * @param client the shared client
   * @param base the base URI of the application's client
   * @param codec the codec under test, which the application's codec reads and writes with
   * @return what was read, one line
   * @throws Exception if a call fails
   */
  public static String handleWithItsOwnCodec(HttpClient client, URI base, JsonCodec codec)
      throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(base)
            .options(JsonOptions.newBuilder().codec(new PluginCodec(codec)).build())
            .build();
    List<Object> read = new ArrayList<>();
    read.add(api.getFromJson("name", String.class));
    read.add(api.getFromJson("items", PluginItem.class));
    return read.toString();
  }

  /**
   * Posts its items inside a list and inside a list in a map, whose own classes are the JDK's: the
   * server must have two answers queued.
   *
   * @param client the shared client
   * @param uri where to post
   * @param codec the codec under test
   * @return the statuses, one line
   * @throws Exception if a call fails
   */
  public static String postContainers(HttpClient client, URI uri, JsonCodec codec)
      throws Exception {
    JsonOptions options = JsonOptions.newBuilder().codec(codec).build();
    List<Object> read = new ArrayList<>();
    read.add(
        HttpJson.postAsJson(client, uri, List.of(new PluginItem("l", 1)), options).statusCode());
    read.add(
        HttpJson.postAsJson(client, uri, Map.of("m", List.of(new PluginItem("m", 2))), options)
            .statusCode());
    return read.toString();
  }

  /**
   * Handles one request; the server must have five answers queued: an item, a list, an array to
   * stream, an item for the async call and a 204 for the post.
   *
   * @param client the shared client
   * @param uri where the items are
   * @param codec the codec under test
   * @return what was read, one line
   * @throws Exception if a call fails
   */
  public static String handle(HttpClient client, URI uri, JsonCodec codec) throws Exception {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(Webapp.class.getClassLoader());
    REQUEST.set(new Webapp());
    try {
      JsonOptions timed =
          JsonOptions.newBuilder().codec(codec).timeout(Duration.ofSeconds(10)).build();
      List<Object> read = new ArrayList<>();
      read.add(HttpJson.getFromJson(client, uri, JsonType.of(PluginItem.class, timed)));
      read.add(
          HttpJson.getFromJson(
              client, uri, new JsonType<List<PluginItem>>() {}.withOptions(timed)));
      try (Stream<PluginItem> items =
          HttpJson.getFromJsonAsStream(client, uri, JsonType.of(PluginItem.class, timed))) {
        items.forEach(read::add);
      }
      read.add(
          HttpJson.getFromJsonAsync(client, uri, JsonType.of(PluginItem.class, timed))
              .thenApply(item -> item.name())
              .get(10, TimeUnit.SECONDS));
      read.add(
          HttpJson.postAsJsonAsync(client, uri, new PluginItem("posted", 5), timed)
              .get(10, TimeUnit.SECONDS)
              .statusCode());
      return read.toString();
    } finally {
      REQUEST.remove();
      thread.setContextClassLoader(before);
    }
  }

  /**
   * Reads and posts a generic holder of its own with its items inside: the server must have two
   * answers queued, a holder and a 204.
   *
   * @param client the shared client
   * @param uri where the holders are
   * @param codec the codec under test
   * @return what was read, one line
   * @throws Exception if a call fails
   */
  public static String holders(HttpClient client, URI uri, JsonCodec codec) throws Exception {
    JsonOptions options = JsonOptions.newBuilder().codec(codec).build();
    return asARequest(
        () -> {
          List<Object> read = new ArrayList<>();
          read.add(
              HttpJson.getFromJson(
                  client, uri, new JsonType<Holder<PluginItem>>() {}.withOptions(options)));
          read.add(
              HttpJson.postAsJson(
                      client,
                      uri,
                      new Holder<>(new PluginItem("h", 1), List.of(new PluginItem("i", 2))),
                      options)
                  .statusCode());
          return read.toString();
        });
  }

  /**
   * Posts an item inside a generic holder that a library shared beside httpjson defines, alone and
   * in a list, and reads one back as that holder of its item: the server must have three answers
   * queued, two 204s and an envelope.
   *
   * @param client the shared client
   * @param uri where the envelopes are
   * @param codec the codec under test
   * @return what was read, one line
   * @throws Exception if a call fails
   */
  public static String envelopes(HttpClient client, URI uri, JsonCodec codec) throws Exception {
    JsonOptions options = JsonOptions.newBuilder().codec(codec).build();
    return asARequest(
        () -> {
          List<Object> read = new ArrayList<>();
          read.add(
              HttpJson.postAsJson(client, uri, new Envelope<>(new PluginItem("e", 1)), options)
                  .statusCode());
          read.add(
              HttpJson.postAsJson(
                      client, uri, List.of(new Envelope<>(new PluginItem("f", 2))), options)
                  .statusCode());
          read.add(
              HttpJson.getFromJson(
                  client, uri, new JsonType<Envelope<PluginItem>>() {}.withOptions(options)));
          return read.toString();
        });
  }

  /**
   * Posts an item inside a holder class (not a record) that a library shared beside httpjson
   * defines: the server must have a 204 queued.
   *
   * @param client the shared client
   * @param uri where the boxes go
   * @param codec the codec under test
   * @return the status, one line
   * @throws Exception if a call fails
   */
  public static String boxes(HttpClient client, URI uri, JsonCodec codec) throws Exception {
    JsonOptions options = JsonOptions.newBuilder().codec(codec).build();
    return asARequest(
        () ->
            List.of(
                    HttpJson.postAsJson(client, uri, new Box(new PluginItem("b", 1)), options)
                        .statusCode())
                .toString());
  }

  /**
   * Reads its items through a client the container shares, which has an HTTP cache: the server must
   * have three answers queued, an item fresh for a minute (read twice, then once more
   * asynchronously, from the cache), an array to stream, and a 204 for the post.
   *
   * @param api the shared client, with a cache
   * @return what was read, one line
   * @throws Exception if a call fails
   */
  public static String cached(HttpJsonClient api) throws Exception {
    return asARequest(
        () -> {
          List<Object> read = new ArrayList<>();
          read.add(api.getFromJson("item", PluginItem.class));
          read.add(api.getFromJson("item", new JsonType<PluginItem>() {}));
          read.add(api.getFromJsonAsync("item", PluginItem.class).get(10, TimeUnit.SECONDS));
          try (Stream<PluginItem> items = api.getFromJsonAsStream("list", PluginItem.class)) {
            items.forEach(read::add);
          }
          read.add(api.postAsJson("list", new PluginItem("posted", 9)).statusCode());
          return read.toString();
        });
  }

  /**
   * Meets bad input for its types, each a failure it catches: the server must have five answers
   * queued, an item with a number for a string, an array for an item, a stream broken after its
   * first element, a 422 whose body it reads as an item, and an item with a wrong count for the
   * async call.
   *
   * @param client the shared client
   * @param uri where the items are
   * @param codec the codec under test
   * @return the failures' classes, one line
   * @throws Exception if a call fails otherwise
   */
  public static String badInput(HttpClient client, URI uri, JsonCodec codec) throws Exception {
    JsonOptions timed =
        JsonOptions.newBuilder().codec(codec).timeout(Duration.ofSeconds(10)).build();
    JsonType<PluginItem> item = JsonType.of(PluginItem.class, timed);
    return asARequest(
        () -> {
          List<Object> read = new ArrayList<>();
          for (int i = 0; i < 2; i++) {
            try {
              read.add(HttpJson.getFromJson(client, uri, item));
            } catch (HttpJsonException e) {
              read.add(e.getClass().getSimpleName());
            }
          }
          try (Stream<PluginItem> items = HttpJson.getFromJsonAsStream(client, uri, item)) {
            items.forEach(read::add);
          } catch (UncheckedHttpJsonException e) {
            read.add(e.getCause().getClass().getSimpleName());
          }
          try {
            read.add(HttpJson.getFromJson(client, uri, item));
          } catch (HttpJsonStatusException e) {
            read.add(e.bodyAs(PluginItem.class));
          }
          try {
            read.add(HttpJson.getFromJsonAsync(client, uri, item).get(10, TimeUnit.SECONDS));
          } catch (java.util.concurrent.ExecutionException e) {
            read.add(e.getCause().getClass().getSimpleName());
          }
          return read.toString();
        });
  }

  /**
   * Reads its items as server-sent events and as a paged stream, through a client the container
   * shares: the server must have two answers queued, an event stream of one item and a page of one
   * item with no next page.
   *
   * @param api the shared client
   * @return what was read, one line
   * @throws Exception if a call fails
   */
  public static String eventsAndPages(HttpJsonClient api) throws Exception {
    return asARequest(
        () -> {
          List<Object> read = new ArrayList<>();
          try (Stream<ServerSentEvent<PluginItem>> events =
              api.getFromJsonAsEvents("events", PluginItem.class)) {
            read.add(events.findFirst().orElseThrow().data());
          }
          try (Stream<PluginItem> items =
              api.getFromJsonAsPagedStream("pages", Paging.items("/data", PluginItem.class))) {
            items.forEach(read::add);
          }
          return read.toString();
        });
  }

  /**
   * Reads the first item of a stream and drops the stream unclosed: the server must have an array
   * of items queued.
   *
   * @param api the shared client
   * @return the first item, one line
   * @throws Exception if a call fails
   */
  public static String droppedStream(HttpJsonClient api) throws Exception {
    return asARequest(
        () -> api.getFromJsonAsStream("items", PluginItem.class).iterator().next().toString());
  }

  /** Runs {@code work} as a container runs a request: its context class loader, its state. */
  private static <T> T asARequest(Callable<T> work) throws Exception {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(Webapp.class.getClassLoader());
    REQUEST.set(new Webapp());
    try {
      return work.call();
    } finally {
      REQUEST.remove();
      thread.setContextClassLoader(before);
    }
  }
}

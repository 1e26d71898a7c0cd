package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.contract.plugin.PluginItem;
import dev.httpjson.contract.plugin.Webapp;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * httpjson in a parent class loader (an application server, a plugin host) pins no class loader of
 * an application below it: not through the codec's caches of the types it read and wrote (also the
 * classes of what it wrote inside the JDK's lists and maps), not through a codec class of the
 * application's own, and not through the threads a call started (the deadline timer, the async
 * lanes, a transport's reader threads), which must inherit nothing from that call's thread and end
 * when idle. Once the application is dropped, its loader is collected.
 */
public abstract class ClassLoaderRetentionContract {
  private static final String PLUGIN_PACKAGE = PluginItem.class.getPackageName() + ".";

  private MockWebServer server;
  private ExecutorService exchanges;
  private HttpClient client;

  /**
   * The codec under test.
   *
   * @return the codec
   */
  protected abstract JsonCodec codec();

  /**
   * The client the application calls through. Its own threads (the JDK's executor here) exist
   * before the application runs: this contract is about httpjson's threads.
   *
   * @param exchanges started threads for the client's own work
   * @return the client
   */
  protected HttpClient newClient(ExecutorService exchanges) {
    return HttpClient.newBuilder().executor(exchanges).build();
  }

  /**
   * Whether one timed call runs before the application, so that threads the client's libraries keep
   * for the whole JVM and start on a first call (OkHttp's task runner, Okio's timeout watchdog) are
   * not started by the application's.
   *
   * @return false for the JDK's client
   */
  protected boolean warmUpTheClient() {
    return false;
  }

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    // The client's own threads exist before the application runs: this contract is about
    // httpjson's threads, not the JDK's (whose default executor makes threads on the caller's).
    ThreadPoolExecutor pool = (ThreadPoolExecutor) Executors.newFixedThreadPool(4);
    pool.prestartAllCoreThreads();
    exchanges = pool;
    client = newClient(exchanges);
    if (warmUpTheClient()) {
      server.enqueue(LoopbackServer.json(200, "{\"name\":\"warm\",\"count\":0}"));
      JsonOptions timed =
          JsonOptions.newBuilder().codec(codec()).timeout(Duration.ofSeconds(10)).build();
      HttpJson.getFromJson(
          client, LoopbackServer.uri(server, "/warm"), JsonType.of(Object.class, timed));
      assertThat(server.takeRequest().getTarget()).isEqualTo("/warm");
    }
  }

  @AfterEach
  void stop() {
    server.close();
    exchanges.shutdownNow();
  }

  @Test
  public void anApplicationThatMadeTimedAndAsyncCallsIsCollectedOnceDropped() throws Exception {
    awaitNoThreadsOfHttpjson(); // so that the application's calls start them

    WeakReference<ClassLoader> loader = runAThrowawayApplication();

    for (int i = 0; i < 100 && loader.get() != null; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(loader.get()).as("the application's class loader was collected").isNull();
  }

  @Test
  public void aSharedClientThatReadAnApplicationsClassesLetsItsLoaderGo() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/"))
            .options(JsonOptions.newBuilder().codec(codec()).build())
            .build();

    WeakReference<ClassLoader> loader = runAThrowawayApplicationWith(api);

    for (int i = 0; i < 100 && loader.get() != null; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(loader.get()).as("the application's class loader was collected").isNull();
    java.lang.ref.Reference.reachabilityFence(api);
  }

  @Test
  public void anApplicationWithACodecOfItsOwnIsCollectedOnceDropped() throws Exception {
    WeakReference<ClassLoader> loader = runAThrowawayApplicationWithItsOwnCodec();

    for (int i = 0; i < 100 && loader.get() != null; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(loader.get()).as("the application's class loader was collected").isNull();
  }

  /**
   * Reads a JDK type and one of its own with a client whose options name a codec class the
   * application defines. Returns only a weak reference.
   */
  private WeakReference<ClassLoader> runAThrowawayApplicationWithItsOwnCodec() throws Exception {
    ClassLoader app = new ChildFirstLoader(getClass().getClassLoader());
    Class<?> webapp = app.loadClass(Webapp.class.getName());
    server.enqueue(LoopbackServer.json(200, "\"a name\""));
    server.enqueue(LoopbackServer.json(200, "{\"name\":\"a\",\"count\":1}"));

    Object read =
        webapp
            .getMethod("handleWithItsOwnCodec", HttpClient.class, URI.class, JsonCodec.class)
            .invoke(null, client, LoopbackServer.uri(server, "/"), codec());

    assertThat(read).hasToString("[a name, PluginItem[name=a, count=1]]");
    assertThat(server.takeRequest().getTarget()).isEqualTo("/name");
    assertThat(server.takeRequest().getTarget()).isEqualTo("/items");
    return new WeakReference<>(app);
  }

  @Test
  public void itemsPostedInsideTheJdksListsAndMapsLetTheirLoaderGo() throws Exception {
    WeakReference<ClassLoader> loader = postItemsOfAThrowawayApplicationInsideContainers();

    for (int i = 0; i < 100 && loader.get() != null; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(loader.get()).as("the application's class loader was collected").isNull();
  }

  /**
   * Posts the application's items inside the JDK's lists and maps, whose classes name no type of
   * the application: the codec meets the items' classes only while writing. Returns only a weak
   * reference.
   */
  private WeakReference<ClassLoader> postItemsOfAThrowawayApplicationInsideContainers()
      throws Exception {
    ClassLoader app = new ChildFirstLoader(getClass().getClassLoader());
    Class<?> webapp = app.loadClass(Webapp.class.getName());
    server.enqueue(LoopbackServer.json(204, ""));
    server.enqueue(LoopbackServer.json(204, ""));

    Object read =
        webapp
            .getMethod("postContainers", HttpClient.class, URI.class, JsonCodec.class)
            .invoke(null, client, LoopbackServer.uri(server, "/items"), codec());

    assertThat(read).hasToString("[204, 204]");
    assertThat(server.takeRequest().getBody().utf8()).isEqualTo("[{\"name\":\"l\",\"count\":1}]");
    assertThat(server.takeRequest().getBody().utf8())
        .isEqualTo("{\"m\":[{\"name\":\"m\",\"count\":2}]}");
    return new WeakReference<>(app);
  }

  private WeakReference<ClassLoader> runAThrowawayApplicationWith(HttpJsonClient api)
      throws Exception {
    ClassLoader app = new ChildFirstLoader(getClass().getClassLoader());
    Class<?> webapp = app.loadClass(Webapp.class.getName());
    server.enqueue(LoopbackServer.json(200, "{\"name\":\"a\",\"count\":1}"));
    server.enqueue(LoopbackServer.json(200, "{\"name\":\"b\",\"count\":2}"));

    Object read =
        webapp
            .getMethod("handleWith", HttpJsonClient.class, String.class)
            .invoke(null, api, "items");

    assertThat(read).hasToString("[PluginItem[name=a, count=1], PluginItem[name=b, count=2]]");
    for (int i = 0; i < 2; i++) {
      assertThat(server.takeRequest().getTarget()).isEqualTo("/items");
    }
    return new WeakReference<>(app);
  }

  /** Runs {@link Webapp} in a loader of its own; returns only a weak reference to the loader. */
  private WeakReference<ClassLoader> runAThrowawayApplication() throws Exception {
    ClassLoader app = new ChildFirstLoader(getClass().getClassLoader());
    Class<?> webapp = app.loadClass(Webapp.class.getName());
    assertThat(webapp).isNotEqualTo(Webapp.class);
    URI uri = LoopbackServer.uri(server, "/items");
    server.enqueue(LoopbackServer.json(200, "{\"name\":\"a\",\"count\":1}"));
    server.enqueue(LoopbackServer.json(200, "[{\"name\":\"b\",\"count\":2}]"));
    server.enqueue(LoopbackServer.json(200, "[{\"name\":\"c\",\"count\":3}]"));
    server.enqueue(LoopbackServer.json(200, "{\"name\":\"d\",\"count\":4}"));
    server.enqueue(LoopbackServer.json(204, ""));

    Object read =
        webapp
            .getMethod("handle", HttpClient.class, URI.class, JsonCodec.class)
            .invoke(null, client, uri, codec());

    assertThat(read)
        .hasToString(
            "[PluginItem[name=a, count=1], [PluginItem[name=b, count=2]],"
                + " PluginItem[name=c, count=3], d, 204]");
    for (int i = 0; i < 4; i++) {
      assertThat(server.takeRequest().getMethod()).isEqualTo("GET");
    }
    assertThat(server.takeRequest().getBody().utf8())
        .isEqualTo("{\"name\":\"posted\",\"count\":5}");
    return new WeakReference<>(app);
  }

  @Test
  public void aGenericHolderOfTheApplicationsOwnLetsItsLoaderGo() throws Exception {
    server.enqueue(
        LoopbackServer.json(
            200,
            "{\"value\":{\"name\":\"a\",\"count\":1},\"more\":[{\"name\":\"b\",\"count\":2}]}"));
    server.enqueue(LoopbackServer.json(204, ""));
    URI uri = LoopbackServer.uri(server, "/holders");

    WeakReference<ClassLoader> loader =
        runInAThrowawayApplication(
            "holders",
            new Class<?>[] {HttpClient.class, URI.class, JsonCodec.class},
            new Object[] {client, uri, codec()},
            "[Holder[value=PluginItem[name=a, count=1], more=[PluginItem[name=b, count=2]]], 204]");

    assertThat(LoopbackServer.take(server).getMethod()).isEqualTo("GET");
    assertThat(LoopbackServer.take(server).getBody().utf8())
        .isEqualTo(
            "{\"value\":{\"name\":\"h\",\"count\":1},\"more\":[{\"name\":\"i\",\"count\":2}]}");
    assertCollected(loader);
  }

  @Test
  public void itemsPostedInsideAHolderOfASharedLibraryLetTheirLoaderGo() throws Exception {
    server.enqueue(LoopbackServer.json(204, ""));
    server.enqueue(LoopbackServer.json(204, ""));
    server.enqueue(LoopbackServer.json(200, "{\"value\":{\"name\":\"r\",\"count\":2}}"));
    URI uri = LoopbackServer.uri(server, "/envelopes");

    WeakReference<ClassLoader> loader =
        runInAThrowawayApplication(
            "envelopes",
            new Class<?>[] {HttpClient.class, URI.class, JsonCodec.class},
            new Object[] {client, uri, codec()},
            "[204, 204, Envelope[value=PluginItem[name=r, count=2]]]");

    assertThat(LoopbackServer.take(server).getBody().utf8())
        .isEqualTo("{\"value\":{\"name\":\"e\",\"count\":1}}");
    assertThat(LoopbackServer.take(server).getBody().utf8())
        .isEqualTo("[{\"value\":{\"name\":\"f\",\"count\":2}}]");
    assertThat(LoopbackServer.take(server).getMethod()).isEqualTo("GET");
    assertCollected(loader);
  }

  @Test
  public void aSharedClientWithACacheLetsTheLoaderOfWhatItReadGo() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/"))
            .options(JsonOptions.newBuilder().codec(codec()).build())
            .cache(HttpCache.inMemory(1 << 20))
            .build();
    int before = server.getRequestCount();
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Cache-Control", "max-age=60")
            .body("{\"name\":\"a\",\"count\":1}")
            .build());
    server.enqueue(LoopbackServer.json(200, "[{\"name\":\"b\",\"count\":2}]"));
    server.enqueue(LoopbackServer.json(204, ""));

    WeakReference<ClassLoader> loader =
        runInAThrowawayApplication(
            "cached",
            new Class<?>[] {HttpJsonClient.class},
            new Object[] {api},
            "[PluginItem[name=a, count=1], PluginItem[name=a, count=1],"
                + " PluginItem[name=a, count=1], PluginItem[name=b, count=2], 204]");

    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/item");
    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/list");
    assertThat(LoopbackServer.take(server).getMethod()).isEqualTo("POST");
    assertThat(server.getRequestCount() - before)
        .as("requests, the item read once, then from the cache")
        .isEqualTo(3);
    assertCollected(loader);
    java.lang.ref.Reference.reachabilityFence(api);
  }

  @Test
  public void badInputForAnApplicationsTypesLetsItsLoaderGo() throws Exception {
    server.enqueue(LoopbackServer.json(200, "{\"name\":[1],\"count\":1}"));
    server.enqueue(LoopbackServer.json(200, "[{\"name\":\"a\",\"count\":1}]"));
    server.enqueue(
        LoopbackServer.json(200, "[{\"name\":\"s\",\"count\":1},{\"name\":\"t\",\"count\":{}}]"));
    server.enqueue(LoopbackServer.json(422, "{\"name\":\"why\",\"count\":422}"));
    server.enqueue(LoopbackServer.json(200, "{\"name\":\"c\",\"count\":\"many\"}"));
    URI uri = LoopbackServer.uri(server, "/items");

    WeakReference<ClassLoader> loader =
        runInAThrowawayApplication(
            "badInput",
            new Class<?>[] {HttpClient.class, URI.class, JsonCodec.class},
            new Object[] {client, uri, codec()},
            "[JsonReadException, JsonReadException, PluginItem[name=s, count=1],"
                + " JsonReadException, PluginItem[name=why, count=422], JsonReadException]");

    for (int i = 0; i < 5; i++) {
      assertThat(LoopbackServer.take(server).getMethod()).isEqualTo("GET");
    }
    assertCollected(loader);
  }

  @Test
  public void eventsAndPagesOfAnApplicationsTypesLetItsLoaderGo() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/"))
            .options(JsonOptions.newBuilder().codec(codec()).build())
            .build();
    server.enqueue(
        LoopbackServer.bytes(
            200,
            "text/event-stream",
            "data: {\"name\":\"e\",\"count\":1}\n\n".getBytes(StandardCharsets.UTF_8)));
    server.enqueue(LoopbackServer.json(200, "{\"data\":[{\"name\":\"p\",\"count\":2}]}"));

    WeakReference<ClassLoader> loader =
        runInAThrowawayApplication(
            "eventsAndPages",
            new Class<?>[] {HttpJsonClient.class},
            new Object[] {api},
            "[PluginItem[name=e, count=1], PluginItem[name=p, count=2]]");

    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/events");
    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/pages");
    assertCollected(loader);
    java.lang.ref.Reference.reachabilityFence(api);
  }

  @Test
  public void aStreamDroppedUnclosedLetsItsLoaderGo() throws Exception {
    assertADroppedStreamLetsItsLoaderGo(null);
  }

  @Test
  public void aStreamDroppedUnclosedWhoseEndAnInterceptorAwaitsLetsItsLoaderGo() throws Exception {
    assertADroppedStreamLetsItsLoaderGo(new StreamEnds());
  }

  /**
   * An application reads one item of a streamed array, whose body has all arrived, and drops the
   * stream unclosed; then it is dropped, and no other stream starts in the JVM.
   */
  private void assertADroppedStreamLetsItsLoaderGo(@Nullable Interceptor interceptor)
      throws Exception {
    HttpJsonClient.Builder builder =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(server, "/"))
            .options(JsonOptions.newBuilder().codec(codec()).build());
    if (interceptor != null) {
      builder.interceptor(interceptor);
    }
    HttpJsonClient api = builder.build();
    server.enqueue(
        LoopbackServer.json(200, "[{\"name\":\"a\",\"count\":1},{\"name\":\"b\",\"count\":2}]"));

    WeakReference<ClassLoader> loader =
        runInAThrowawayApplication(
            "droppedStream",
            new Class<?>[] {HttpJsonClient.class},
            new Object[] {api},
            "PluginItem[name=a, count=1]");

    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/items");
    assertCollected(loader);
    java.lang.ref.Reference.reachabilityFence(api);
  }

  @Test
  public void callsRecordedByFlightRecorderLetTheApplicationsLoaderGo() throws Exception {
    awaitNoThreadsOfHttpjson();
    WeakReference<ClassLoader> loader;
    try (Recording recording = new Recording()) {
      recording.enable("dev.httpjson.Call");
      recording.start();
      loader = runAThrowawayApplication();
      recording.stop();
    }
    assertCollected(loader);
  }

  /**
   * Calls {@code method} of {@link Webapp} defined again by a throwaway loader, checks what it
   * returned, and returns only a weak reference to the loader.
   */
  private static WeakReference<ClassLoader> runInAThrowawayApplication(
      String method, Class<?>[] parameters, Object[] arguments, String expected) throws Exception {
    ClassLoader app = new ChildFirstLoader(ClassLoaderRetentionContract.class.getClassLoader());
    Class<?> webapp = app.loadClass(Webapp.class.getName());
    assertThat(webapp).isNotEqualTo(Webapp.class);
    Object read = webapp.getMethod(method, parameters).invoke(null, arguments);
    assertThat(read).hasToString(expected);
    return new WeakReference<>(app);
  }

  /** Collects until {@code loader} is gone, for 10 s at most. */
  private static void assertCollected(WeakReference<ClassLoader> loader)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (loader.get() != null && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(loader.get())
        .as("the application's class loader was collected (within 10 s of System.gc())")
        .isNull();
  }

  /**
   * Waits until httpjson's threads have ended, so that the application's calls start new ones: the
   * lanes and the timer end after 2 s idle (the timer also when the calls before ended long before
   * their timeouts: a cancelled deadline does not keep it).
   */
  private static void awaitNoThreadsOfHttpjson() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    Set<String> alive = threadsOfHttpjson();
    while (!alive.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100);
      alive = threadsOfHttpjson();
    }
    assertThat(alive).as("httpjson's lanes, timer and transport threads, idle").isEmpty();
  }

  private static Set<String> threadsOfHttpjson() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(n -> n.startsWith("httpjson-"))
        .collect(Collectors.toSet());
  }

  /** Defines the plugin package's classes itself, from the same bytes as the test's own. */
  private static final class ChildFirstLoader extends ClassLoader {
    ChildFirstLoader(ClassLoader parent) {
      super("webapp", parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (!name.startsWith(PLUGIN_PACKAGE)) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          String resource = name.replace('.', '/') + ".class";
          try (InputStream in = getParent().getResourceAsStream(resource)) {
            if (in == null) {
              throw new ClassNotFoundException(name);
            }
            byte[] bytes = in.readAllBytes();
            c = defineClass(name, bytes, 0, bytes.length);
          } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
          }
        }
        return c;
      }
    }
  }
}

package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.PluginLoader;
import dev.httpjson.contract.plugin.Webapp;
import dev.httpjson.spi.JsonCodec;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An application's value posted inside a holder that a library shared beside httpjson defines as a
 * class, not a record ({@code dev.httpjson.contract.Box}). httpjson looks for an application's
 * classes inside the JDK's containers and inside records' components, never in a class's fields
 * (which may lead anywhere, ignored by the codec or not), so the binding every loader shares writes
 * the box, and Jackson caches a serializer for the application's class there (the box's property
 * writer's serializers by runtime class), which keeps the application's class loader.
 */
class HolderClassRetentionTest {
  @Tag("tofix")
  @Test
  void anItemPostedInsideAHolderClassOfASharedLibraryLetsItsLoaderGo() throws Exception {
    WeakReference<ClassLoader> loader;
    // The client's threads exist before the application runs (the JDK's default executor would
    // start them on its thread): this is about what httpjson keeps.
    ThreadPoolExecutor exchanges = (ThreadPoolExecutor) Executors.newFixedThreadPool(2);
    exchanges.prestartAllCoreThreads();
    try (MockWebServer server = LoopbackServer.start()) {
      HttpClient client = HttpClient.newBuilder().executor(exchanges).build();
      loader = postABoxFromAThrowawayApplication(server, client);
    } finally {
      exchanges.shutdownNow();
    }

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (loader.get() != null && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(loader.get())
        .as("the application's class loader was collected (within 10 s of System.gc())")
        .isNull();
  }

  private static WeakReference<ClassLoader> postABoxFromAThrowawayApplication(
      MockWebServer server, HttpClient client) throws Exception {
    ClassLoader app =
        new PluginLoader(
            Webapp.class.getPackageName(), HolderClassRetentionTest.class.getClassLoader());
    Class<?> webapp = app.loadClass(Webapp.class.getName());
    assertThat(webapp).isNotEqualTo(Webapp.class);
    server.enqueue(LoopbackServer.json(204, ""));
    URI uri = LoopbackServer.uri(server, "/boxes");

    Object read =
        webapp
            .getMethod("boxes", HttpClient.class, URI.class, JsonCodec.class)
            .invoke(null, client, uri, new JacksonCodec());

    assertThat(read).hasToString("[204]");
    assertThat(LoopbackServer.take(server).getBody().utf8())
        .isEqualTo("{\"content\":{\"name\":\"b\",\"count\":1}}");
    return new WeakReference<>(app);
  }
}

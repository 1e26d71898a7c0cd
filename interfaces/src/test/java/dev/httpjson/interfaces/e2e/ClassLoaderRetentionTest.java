package dev.httpjson.interfaces.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.interfaces.e2e.plugin.Plugin;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.net.http.HttpClient;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * An application whose API interface and generated class live in a class loader of its own is
 * collected once dropped: httpjson keeps the registered factory with the interface's class, never
 * in a map of its own.
 */
class ClassLoaderRetentionTest {
  private static final String PLUGIN_PACKAGE = "dev.httpjson.interfaces.e2e.plugin.";

  @Test
  void anApplicationThatCreatedAnImplementationIsCollectedOnceDropped() throws Exception {
    try (MockWebServer server = LoopbackServer.start()) {
      HttpJsonClient client =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient())
              .baseUri(server.url("/").uri())
              .build();

      WeakReference<ClassLoader> loader = runAThrowawayApplication(server, client);

      for (int i = 0; i < 100 && loader.get() != null; i++) {
        System.gc();
        Thread.sleep(20);
      }
      assertThat(loader.get()).as("the application's class loader was collected").isNull();
    }
  }

  private static WeakReference<ClassLoader> runAThrowawayApplication(
      MockWebServer server, HttpJsonClient client) throws Exception {
    ClassLoader app = new ChildFirstLoader(ClassLoaderRetentionTest.class.getClassLoader());
    Class<?> plugin = app.loadClass(Plugin.class.getName());
    assertThat(plugin).isNotEqualTo(Plugin.class);
    server.enqueue(LoopbackServer.json(200, "{\"name\":\"pong\"}"));

    Object answer = plugin.getMethod("call", HttpJsonClient.class).invoke(null, client);

    assertThat(answer).hasToString("Pong[name=pong]");
    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/ping");
    return new WeakReference<>(app);
  }

  /** Defines the plugin package's classes itself (the generated one too), from the same bytes. */
  private static final class ChildFirstLoader extends ClassLoader {
    ChildFirstLoader(ClassLoader parent) {
      super("plugin", parent);
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

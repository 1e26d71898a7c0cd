package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonType;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.jackson.plugin.PluginItem;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * httpjson in a parent class loader (an application server, a plugin host) must not pin the class
 * loaders of the types it reads and writes: once a plugin is dropped, its loader can be collected.
 */
class ClassLoaderRetentionTest {
  private static final String PLUGIN_PACKAGE = PluginItem.class.getPackageName() + ".";

  private final HttpClient client = HttpClient.newHttpClient();
  private MockWebServer server;

  @BeforeEach
  void start() throws IOException {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aTypeFromAThrowawayClassLoaderDoesNotPinTheLoader() throws Exception {
    WeakReference<ClassLoader> loader = useTypesOfAThrowawayLoader();

    for (int i = 0; i < 100 && loader.get() != null; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(loader.get()).as("the plugin's class loader was collected").isNull();
  }

  @Test
  void typesOfTheApplicationLoaderStillWorkAlongside() throws Exception {
    useTypesOfAThrowawayLoader();
    URI uri = LoopbackServer.uri(server, "/items");
    server.enqueue(LoopbackServer.json(200, "{\"name\":\"app\",\"count\":1}"));

    assertThat(HttpJson.getFromJson(client, uri, PluginItem.class))
        .isEqualTo(new PluginItem("app", 1));
  }

  /** Reads, writes, lists and streams the plugin's type; returns only a weak reference. */
  private WeakReference<ClassLoader> useTypesOfAThrowawayLoader() throws Exception {
    ClassLoader plugin = new ChildFirstLoader(getClass().getClassLoader());
    Class<?> type = plugin.loadClass(PluginItem.class.getName());
    assertThat(type).isNotEqualTo(PluginItem.class);
    URI uri = LoopbackServer.uri(server, "/items");

    server.enqueue(LoopbackServer.json(200, "{\"name\":\"a\",\"count\":2}"));
    Object item = HttpJson.getFromJson(client, uri, type);
    assertThat(item.getClass()).isSameAs(type);
    assertThat(item.toString()).isEqualTo("PluginItem[name=a, count=2]");

    server.enqueue(LoopbackServer.json(200, "[{\"name\":\"b\",\"count\":3}]"));
    List<?> list = HttpJson.getFromJson(client, uri, JsonType.listOf(type));
    assertThat(list).singleElement().extracting(Object::getClass).isSameAs(type);

    server.enqueue(LoopbackServer.json(200, "[{\"name\":\"c\",\"count\":4}]"));
    try (Stream<?> stream = HttpJson.getFromJsonAsStream(client, uri, type)) {
      assertThat(stream.map(Object::toString)).containsExactly("PluginItem[name=c, count=4]");
    }

    server.enqueue(LoopbackServer.json(204, ""));
    HttpJson.postAsJson(client, uri, item);
    for (int i = 0; i < 3; i++) {
      assertThat(dev.httpjson.contract.LoopbackServer.take(server).getMethod()).isEqualTo("GET");
    }
    assertThat(dev.httpjson.contract.LoopbackServer.take(server).getBody().utf8())
        .isEqualTo("{\"name\":\"a\",\"count\":2}");
    return new WeakReference<>(plugin);
  }

  /** Defines the plugin package's classes itself, from the same bytes as the test's own. */
  static final class ChildFirstLoader extends ClassLoader {
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

package dev.httpjson.gson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.PluginLoader;
import dev.httpjson.gson.plugin.PluginGson;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.net.http.HttpClient;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * A plugin that reads with {@code GsonCodec.withGson} over a Gson of its own, configured with a
 * type adapter it defines: the codec's bindings go with the plugin's loader, which is collected
 * once the plugin is dropped.
 */
class PluginGsonRetentionTest {
  private final HttpClient client = HttpClient.newHttpClient();

  @Test
  void aPluginsOwnGsonDoesNotPinItsLoader() throws Exception {
    WeakReference<ClassLoader> loader;
    try (MockWebServer server = LoopbackServer.start()) {
      loader = readWithAPluginsGson(LoopbackServer.uri(server, "/name"), server);
    }

    for (int i = 0; i < 100 && loader.get() != null; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(loader.get()).as("the plugin's class loader was collected").isNull();
  }

  private WeakReference<ClassLoader> readWithAPluginsGson(URI uri, MockWebServer server)
      throws Exception {
    ClassLoader plugin =
        new PluginLoader(PluginGson.class.getPackageName(), getClass().getClassLoader());
    Class<?> type = plugin.loadClass(PluginGson.class.getName());
    assertThat(type).isNotEqualTo(PluginGson.class);
    server.enqueue(LoopbackServer.json(200, "\"a name\""));

    Object read = type.getMethod("read", HttpClient.class, URI.class).invoke(null, client, uri);

    assertThat(read).isEqualTo("A NAME");
    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/name");
    return new WeakReference<>(plugin);
  }
}

package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.jackson.plugin.PluginMapper;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.net.http.HttpClient;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * A plugin that reads with {@code JacksonCodec.withMapper} over a mapper of its own, configured
 * with a module it defines: the codec names the plugin's loader ({@code JsonCodec.classLoaders}),
 * and httpjson keeps the codec's bindings with that loader, never in its process-wide cache, so the
 * plugin is collected once dropped (as a codec class the plugin defines itself is: {@code
 * ClassLoaderRetentionContract#anApplicationWithACodecOfItsOwnIsCollectedOnceDropped}).
 */
class PluginMapperRetentionTest {
  private final HttpClient client = HttpClient.newHttpClient();

  @Test
  void aPluginsOwnMapperDoesNotPinItsLoader() throws Exception {
    WeakReference<ClassLoader> loader;
    try (MockWebServer server = LoopbackServer.start()) {
      loader = readWithAPluginsMapper(LoopbackServer.uri(server, "/name"), server);
    }

    for (int i = 0; i < 100 && loader.get() != null; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(loader.get()).as("the plugin's class loader was collected").isNull();
  }

  private WeakReference<ClassLoader> readWithAPluginsMapper(URI uri, MockWebServer server)
      throws Exception {
    ClassLoader plugin = new ClassLoaderRetentionTest.ChildFirstLoader(getClass().getClassLoader());
    Class<?> type = plugin.loadClass(PluginMapper.class.getName());
    assertThat(type).isNotEqualTo(PluginMapper.class);
    server.enqueue(LoopbackServer.json(200, "\"a name\""));

    Object read = type.getMethod("read", HttpClient.class, URI.class).invoke(null, client, uri);

    assertThat(read).isEqualTo("a name");
    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/name");
    return new WeakReference<>(plugin);
  }
}

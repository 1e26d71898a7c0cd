package dev.httpjson.jackson.plugin;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.jackson.JacksonCodec;
import java.net.URI;
import java.net.http.HttpClient;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/** A plugin that reads with a Jackson mapper of its own, configured with a module it defines. */
public final class PluginMapper {
  private PluginMapper() {}

  /**
   * Reads a string with {@code JacksonCodec.withMapper} over the plugin's mapper.
   *
   * @param client the shared client
   * @param uri where the string is
   * @return the string read
   * @throws Exception if the call fails
   */
  public static String read(HttpClient client, URI uri) throws Exception {
    JsonMapper mapper = JsonMapper.builder().addModule(new PluginModule()).build();
    JsonOptions options = JsonOptions.newBuilder().codec(JacksonCodec.withMapper(mapper)).build();
    return HttpJson.getFromJson(client, uri, JsonType.of(String.class, options));
  }

  /** The plugin's own Jackson module. */
  static final class PluginModule extends SimpleModule {
    private static final long serialVersionUID = 1L;

    PluginModule() {
      super("plugin");
    }
  }
}

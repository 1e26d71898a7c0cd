package dev.httpjson.jackson2.plugin;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.jackson2.Jackson2Codec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;

/** A plugin that reads with a Jackson 2 mapper of its own, with a deserializer it defines. */
public final class PluginMapper {
  private PluginMapper() {}

  /**
   * Reads a string with {@code Jackson2Codec.withMapper} over the plugin's mapper.
   *
   * @param client the shared client
   * @param uri where the string is
   * @return the string read
   * @throws Exception if the call fails
   */
  public static String read(HttpClient client, URI uri) throws Exception {
    JsonMapper mapper =
        JsonMapper.builder()
            .addModule(new SimpleModule("plugin").addDeserializer(String.class, new Upper()))
            .build();
    JsonOptions options = JsonOptions.newBuilder().codec(Jackson2Codec.withMapper(mapper)).build();
    return HttpJson.getFromJson(client, uri, JsonType.of(String.class, options));
  }

  /** The plugin's own deserializer: a string in upper case. */
  static final class Upper extends StdDeserializer<String> {
    private static final long serialVersionUID = 1L;

    Upper() {
      super(String.class);
    }

    @Override
    public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      return p.getValueAsString().toUpperCase(java.util.Locale.ROOT);
    }
  }
}

package dev.httpjson.gson.plugin;

import com.google.gson.GsonBuilder;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.gson.GsonCodec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;

/** A plugin that reads with a Gson of its own, with a type adapter it defines. */
public final class PluginGson {
  private PluginGson() {}

  /**
   * Reads a string with {@code GsonCodec.withGson} over the plugin's Gson.
   *
   * @param client the shared client
   * @param uri where the string is
   * @return the string read
   * @throws Exception if the call fails
   */
  public static String read(HttpClient client, URI uri) throws Exception {
    GsonBuilder gson = new GsonBuilder().registerTypeAdapter(String.class, new Upper());
    JsonOptions options = JsonOptions.newBuilder().codec(GsonCodec.withGson(gson.create())).build();
    return HttpJson.getFromJson(client, uri, JsonType.of(String.class, options));
  }

  /** The plugin's own adapter: a string in upper case. */
  static final class Upper extends TypeAdapter<String> {
    @Override
    public void write(JsonWriter out, String value) throws IOException {
      out.value(value);
    }

    @Override
    public String read(JsonReader in) throws IOException {
      return in.nextString().toUpperCase(java.util.Locale.ROOT);
    }
  }
}

package dev.httpjson.avaje;

import dev.httpjson.JsonOptions;
import io.avaje.json.PropertyNames;
import io.avaje.json.stream.JsonStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The property names of one generated adapter, as it declares them (the Java names, or what
 * {@code @Json.Property} says), and their JSON spelling under each {@link JsonOptions.Naming}, made
 * once per naming and kept. Generated adapters get these from {@link NamingStream#properties}.
 */
final class AdapterNames implements PropertyNames {
  private final String[] declared;
  private final JsonStream stream;
  private final @Nullable Translated[] byNaming =
      new Translated[JsonOptions.Naming.values().length];

  AdapterNames(String[] declared, JsonStream stream) {
    this.declared = declared.clone();
    this.stream = stream;
  }

  /** {@return the names as {@code naming} spells them} */
  Translated in(JsonOptions.Naming naming) {
    Translated t = byNaming[naming.ordinal()];
    if (t == null) {
      // Racing threads build equal values; either may win.
      byNaming[naming.ordinal()] = t = new Translated(declared, naming, stream);
    }
    return t;
  }

  /** The names in one JSON spelling, and the way back to the declared ones. */
  static final class Translated {
    final PropertyNames json;
    private final String[] jsonNames;
    private final Map<String, String> declaredByJson;
    private final Map<String, String> declaredByLowerCase;

    Translated(String[] declared, JsonOptions.Naming naming, JsonStream stream) {
      jsonNames = new String[declared.length];
      declaredByJson = new HashMap<>();
      declaredByLowerCase = new HashMap<>();
      for (int i = 0; i < declared.length; i++) {
        String name = Naming.apply(naming, declared[i]);
        jsonNames[i] = name;
        declaredByJson.putIfAbsent(name, declared[i]);
        declaredByLowerCase.putIfAbsent(name.toLowerCase(Locale.ROOT), declared[i]);
      }
      if (declaredByLowerCase.size() < declaredByJson.size()) {
        // Two names differ only in case: a name in a third spelling could be either, so this
        // type's names match exactly, as with every codec.
        declaredByLowerCase.clear();
      }
      json = stream.properties(jsonNames);
    }

    /** The declared name of a JSON name, matched exactly, or null. */
    @Nullable String declared(String jsonName) {
      return declaredByJson.get(jsonName);
    }

    /** The declared name of a JSON name, matched regardless of case, or null. */
    @Nullable String declaredIgnoringCase(String jsonName) {
      return declaredByLowerCase.get(jsonName.toLowerCase(Locale.ROOT));
    }

    String jsonName(int position) {
      return jsonNames[position];
    }

    /** {@return the JSON names, quoted and listed for a message} */
    String list() {
      StringBuilder sb = new StringBuilder();
      for (String n : jsonNames) {
        if (sb.length() > 0) {
          sb.append(", ");
        }
        sb.append('"').append(n).append('"');
      }
      return sb.toString();
    }
  }
}

package dev.httpjson.gson;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.ScalarRules;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A JSON object read into a {@link Map} keeps the last value of a repeated key, as in the Jackson
 * codecs and as Gson itself does for the fields of a class: Gson's map adapter fails on a repeated
 * key, with no setting to change it. The map is the one Gson builds, and its keys and values are
 * read by Gson's adapters. A JSON array is not a map (Gson reads an array of {@code [key, value]}
 * pairs, its complex map keys, and {@code []} as an empty map); a map type whose key and value
 * types cannot be told is left to Gson.
 */
final class LastWinsMaps implements TypeAdapterFactory {
  @Override
  public <T> @Nullable TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
    if (!Map.class.isAssignableFrom(type.getRawType())) {
      return null;
    }
    Type[] keyAndValue = resolve(type.getType(), Map.of());
    if (keyAndValue == null) {
      return null;
    }
    TypeAdapter<T> delegate = gson.getDelegateAdapter(this, type);
    TypeAdapter<?> keys =
        keyAndValue[0] == String.class || keyAndValue[0] == Object.class
            ? null
            : gson.getAdapter(TypeToken.get(keyAndValue[0]));
    TypeAdapter<?> values = gson.getAdapter(TypeToken.get(keyAndValue[1]));
    return new TypeAdapter<T>() {
      @Override
      public void write(JsonWriter out, T value) throws IOException {
        if (value != null && out instanceof TrackingJsonWriter) {
          ((TrackingJsonWriter) out).entriesNext();
        }
        if (value != null && hasNullKey((Map<?, ?>) value)) {
          // Gson writes the key as "null", which reads back as the string.
          throw new IllegalArgumentException("A map key is null: a JSON property name cannot be");
        }
        if (value != null && keyAndValue[0] != String.class) {
          requireFiniteKeys((Map<?, ?>) value);
        }
        if (value != null
            && keys != null // neither String nor Object keys
            && keyAndValue[0] instanceof Class
            && (((Class<?>) keyAndValue[0]).isEnum()
                || keyAndValue[0] == java.time.ZonedDateTime.class
                || keyAndValue[0] == java.util.Locale.class)) {
          // Gson writes a key's toString(): an enum key is written as its value is, by name, and
          // a ZonedDateTime as its value is, with its offset and no zone id.
          writeByKeyAdapter(out, keys, (Map<?, ?>) value);
          return;
        }
        delegate.write(out, value);
      }

      @SuppressWarnings({"unchecked", "rawtypes"})
      private void writeByKeyAdapter(JsonWriter out, TypeAdapter<?> keys, Map<?, ?> map)
          throws IOException {
        out.beginObject();
        for (Map.Entry<?, ?> e : map.entrySet()) {
          out.name(((TypeAdapter) keys).toJsonTree(e.getKey()).getAsString());
          ((TypeAdapter) values).write(out, e.getValue());
        }
        out.endObject();
      }

      /**
       * A key read by its type's adapter, a {@code Boolean} only from {@code true} or {@code false}
       * (Gson's reads any other text as {@code false}).
       */
      private Object key(TypeAdapter<?> keys, String name) {
        if (keyAndValue[0] == Boolean.class && !name.equals("true") && !name.equals("false")) {
          throw new JsonSyntaxException(
              ReadProblems.mapKeyProblem(name, Boolean.class, "not true or false"));
        }
        if (ScalarRules.KEY_TYPES.contains(keyAndValue[0])) {
          // By the rules, and in the words, of every codec.
          Class<?> type = (Class<?>) keyAndValue[0];
          try {
            return java.util.Objects.requireNonNull(ScalarRules.parseKey(type, name));
          } catch (IllegalArgumentException e) {
            throw new JsonSyntaxException(
                ReadProblems.mapKeyProblem(name, type, e.getMessage()), e);
          }
        }
        return keys.fromJsonTree(new JsonPrimitive(name));
      }

      @Override
      @SuppressWarnings("unchecked")
      public T read(JsonReader in) throws IOException {
        JsonToken token = in.peek();
        if (token == JsonToken.BEGIN_ARRAY) {
          // Gson reads an array of [key, value] pairs as a map ([] as {}): a map is an object.
          throw new JsonSyntaxException("Cannot read a Map from a JSON array: a map is an object");
        }
        if (token != JsonToken.BEGIN_OBJECT) {
          return delegate.read(in);
        }
        // An empty object through Gson's own adapter: the map Gson would have filled.
        T result = delegate.fromJsonTree(new JsonObject());
        Map<Object, Object> map = (Map<Object, Object>) result;
        in.beginObject();
        while (in.hasNext()) {
          String name = in.nextName();
          Object key = keys == null ? name : key(keys, name);
          map.put(key, values.read(in));
        }
        in.endObject();
        return result;
      }
    };
  }

  /**
   * A {@code NaN} or an infinity is not a JSON number, as a key as anywhere else: Gson writes the
   * key {@code "NaN"}, which no codec reads back as a number.
   */
  private static void requireFiniteKeys(Map<?, ?> map) {
    for (Object key : map.keySet()) {
      if ((key instanceof Double && !Double.isFinite((Double) key))
          || (key instanceof Float && !Float.isFinite((Float) key))) {
        throw new IllegalArgumentException(
            "A map key is " + key + ": not a JSON number (JSON has no NaN or infinity)");
      }
    }
  }

  private static boolean hasNullKey(Map<?, ?> map) {
    try {
      return map.containsKey(null);
    } catch (NullPointerException | ClassCastException e) {
      // A map that cannot hold null keys.
      return false;
    }
  }

  /**
   * The key and value types of {@code type} seen as a {@link Map}: unbound type variables are
   * {@code Object}, a wildcard its upper bound; {@code null} when a type variable is left inside
   * them.
   */
  private static Type @Nullable [] resolve(Type type, Map<TypeVariable<?>, Type> outer) {
    Class<?> raw;
    Type[] args;
    if (type instanceof Class) {
      raw = (Class<?>) type;
      args = raw.getTypeParameters();
    } else if (type instanceof ParameterizedType) {
      raw = (Class<?>) ((ParameterizedType) type).getRawType();
      args = ((ParameterizedType) type).getActualTypeArguments();
    } else {
      return null;
    }
    Map<TypeVariable<?>, Type> bindings = new HashMap<>();
    TypeVariable<?>[] vars = raw.getTypeParameters();
    for (int i = 0; i < vars.length; i++) {
      Type bound = bind(args[i], outer);
      if (bound == null) {
        return null;
      }
      bindings.put(vars[i], bound);
    }
    if (raw == Map.class) {
      return new Type[] {bindings.get(vars[0]), bindings.get(vars[1])};
    }
    Type superclass = raw.getGenericSuperclass();
    if (superclass != null && Map.class.isAssignableFrom(raw.getSuperclass())) {
      return resolve(superclass, bindings);
    }
    for (Type parent : raw.getGenericInterfaces()) {
      Class<?> parentRaw =
          parent instanceof ParameterizedType
              ? (Class<?>) ((ParameterizedType) parent).getRawType()
              : (Class<?>) parent;
      if (Map.class.isAssignableFrom(parentRaw)) {
        return resolve(parent, bindings);
      }
    }
    return null;
  }

  private static @Nullable Type bind(Type arg, Map<TypeVariable<?>, Type> outer) {
    if (arg instanceof TypeVariable) {
      return outer.getOrDefault(arg, Object.class);
    }
    if (arg instanceof WildcardType) {
      WildcardType w = (WildcardType) arg;
      return w.getLowerBounds().length > 0 ? Object.class : bind(w.getUpperBounds()[0], outer);
    }
    if (arg instanceof ParameterizedType) {
      for (Type inner : ((ParameterizedType) arg).getActualTypeArguments()) {
        if (inner instanceof java.lang.reflect.GenericArrayType) {
          // Gson's form of an array, int[] too: known when its component is.
          inner = ((java.lang.reflect.GenericArrayType) inner).getGenericComponentType();
        }
        if (!(inner instanceof Class) && !(inner instanceof ParameterizedType)) {
          return null;
        }
        if (inner instanceof ParameterizedType && bind(inner, Map.of()) == null) {
          return null;
        }
      }
    }
    // Gson hands an array type over as a GenericArrayType (char[] too).
    return arg instanceof Class
            || arg instanceof ParameterizedType
            || arg instanceof java.lang.reflect.GenericArrayType
        ? arg
        : null;
  }
}

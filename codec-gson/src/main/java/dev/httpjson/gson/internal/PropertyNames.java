package dev.httpjson.gson.internal;

import com.google.gson.FieldNamingStrategy;
import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.annotations.SerializedName;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Tells the {@link LimitedJsonReader} which property names an object read by Gson's reflective
 * adapter has, so that it can match them case-insensitively and reject unknown ones. Gson matches
 * names exactly and ignores unknown ones, with no setting for either.
 */
final class PropertyNames implements TypeAdapterFactory {
  private final FieldNamingStrategy naming;

  PropertyNames(FieldNamingStrategy naming) {
    this.naming = naming;
  }

  @Override
  public <T> @Nullable TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
    Class<? super T> raw = type.getRawType();
    if (raw.isPrimitive() || raw.isArray() || raw.isEnum() || raw.isInterface()) {
      return null;
    }
    String pkg = raw.getPackageName();
    if (pkg.startsWith("java.") || pkg.startsWith("javax.") || pkg.startsWith("com.google.gson")) {
      return null;
    }
    TypeAdapter<T> delegate = gson.getDelegateAdapter(this, type);
    // Only Gson's own reflective adapter reads properties by name; a registered adapter reads
    // whatever it likes.
    if (!delegate.getClass().getName().startsWith("com.google.gson.internal.bind.Reflective")) {
      return delegate;
    }
    Set<String> names = new LinkedHashSet<>();
    for (Class<?> c = raw; c != null && c != Object.class && c != Record.class; ) {
      for (Field f : c.getDeclaredFields()) {
        int mod = f.getModifiers();
        if (Modifier.isStatic(mod) || Modifier.isTransient(mod) || f.isSynthetic()) {
          continue;
        }
        SerializedName annotation = f.getAnnotation(SerializedName.class);
        if (annotation != null) {
          names.add(annotation.value());
          names.addAll(java.util.List.of(annotation.alternate()));
        } else {
          names.add(naming.translateName(f));
        }
      }
      c = c.getSuperclass();
    }
    Map<String, String> byLowerCase = new HashMap<>();
    for (String n : names) {
      byLowerCase.putIfAbsent(n.toLowerCase(Locale.ROOT), n);
    }
    Set<String> known = Set.copyOf(names);
    Map<String, String> lower = Map.copyOf(byLowerCase);
    return new TypeAdapter<T>() {
      @Override
      public void write(JsonWriter out, T value) throws IOException {
        delegate.write(out, value);
      }

      @Override
      public T read(JsonReader in) throws IOException {
        if (!(in instanceof LimitedJsonReader) || in.peek() != JsonToken.BEGIN_OBJECT) {
          return delegate.read(in);
        }
        LimitedJsonReader reader = (LimitedJsonReader) in;
        reader.expectObject(known, lower);
        try {
          return delegate.read(in);
        } finally {
          reader.endExpectation();
        }
      }
    };
  }
}

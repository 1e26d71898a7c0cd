package dev.httpjson.gson;

import com.google.gson.FieldNamingStrategy;
import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.annotations.SerializedName;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.httpjson.spi.RecordRules;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
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
          names.addAll(List.of(annotation.alternate()));
        } else {
          names.add(naming.translateName(f));
        }
      }
      c = c.getSuperclass();
    }
    Map<String, String> byLowerCase = new HashMap<>();
    for (String n : names) {
      if (byLowerCase.putIfAbsent(n.toLowerCase(Locale.ROOT), n) != null) {
        // Two names differ only in case: a name in a third spelling could be either, so this
        // type's names match exactly, as with every codec.
        byLowerCase.clear();
        break;
      }
    }
    Set<String> known = Set.copyOf(names);
    Map<String, String> lower = Map.copyOf(byLowerCase);
    RecordCheck check = raw.isRecord() ? RecordCheck.of(raw, naming) : null;
    return new DelegateAdapter<T>(delegate) {
      @Override
      public T read(JsonReader in) throws IOException {
        if (!(in instanceof LimitedJsonReader) || in.peek() != JsonToken.BEGIN_OBJECT) {
          return delegate.read(in);
        }
        LimitedJsonReader reader = (LimitedJsonReader) in;
        reader.expectObject(known, lower, check);
        T value;
        try {
          value = delegate.read(in);
        } finally {
          reader.endExpectation();
        }
        return check == null ? value : check.withEmptyOptionals(value);
      }
    };
  }

  /** A record's components as JSON names them, with what strict records ask of each. */
  static final class RecordCheck {
    final RecordRules rules;
    final String[] jsonNames;

    /** The canonical constructor, when a component is an {@code Optional}; else null. */
    private final java.lang.reflect.@Nullable Constructor<?> canonical;

    private RecordCheck(RecordRules rules, String[] jsonNames) {
      this.rules = rules;
      this.jsonNames = jsonNames;
      java.lang.reflect.Constructor<?> c = null;
      List<RecordComponent> components = rules.components();
      for (RecordComponent component : components) {
        if (emptyOf(component.getType()) != null) {
          try {
            Class<?>[] types = new Class<?>[components.size()];
            for (int i = 0; i < types.length; i++) {
              types[i] = components.get(i).getType();
              components.get(i).getAccessor().setAccessible(true);
            }
            c = rules.recordClass().getDeclaredConstructor(types);
            c.setAccessible(true);
          } catch (ReflectiveOperationException | RuntimeException e) {
            c = null; // absent optionals stay null, as Gson leaves them
          }
          break;
        }
      }
      this.canonical = c;
    }

    private static @Nullable Object emptyOf(Class<?> type) {
      if (type == java.util.Optional.class) {
        return java.util.Optional.empty();
      }
      if (type == java.util.OptionalInt.class) {
        return java.util.OptionalInt.empty();
      }
      if (type == java.util.OptionalLong.class) {
        return java.util.OptionalLong.empty();
      }
      if (type == java.util.OptionalDouble.class) {
        return java.util.OptionalDouble.empty();
      }
      return null;
    }

    /**
     * The record with each absent {@code Optional} component empty rather than null, as the Jackson
     * codecs read it (Gson gives an absent component its type's default, null).
     */
    @SuppressWarnings("unchecked")
    <T> T withEmptyOptionals(T value) throws IOException {
      if (canonical == null || value == null) {
        return value;
      }
      try {
        List<RecordComponent> components = rules.components();
        Object[] args = new Object[components.size()];
        boolean changed = false;
        for (int i = 0; i < args.length; i++) {
          args[i] = components.get(i).getAccessor().invoke(value);
          if (args[i] == null) {
            Object empty = emptyOf(components.get(i).getType());
            if (empty != null) {
              args[i] = empty;
              changed = true;
            }
          }
        }
        return changed ? (T) canonical.newInstance(args) : value;
      } catch (java.lang.reflect.InvocationTargetException e) {
        throw new com.google.gson.JsonParseException(
            "Cannot construct record " + rules.recordClass().getSimpleName(), e.getCause());
      } catch (ReflectiveOperationException e) {
        return value;
      }
    }

    static @Nullable RecordCheck of(Class<?> record, FieldNamingStrategy naming) {
      RecordRules rules = RecordRules.of(record);
      if (rules == null) {
        return null;
      }
      String[] jsonNames = new String[rules.components().size()];
      for (int i = 0; i < jsonNames.length; i++) {
        String component = rules.components().get(i).getName();
        try {
          Field f = record.getDeclaredField(component);
          SerializedName annotation = f.getAnnotation(SerializedName.class);
          jsonNames[i] = annotation != null ? annotation.value() : naming.translateName(f);
        } catch (NoSuchFieldException e) {
          jsonNames[i] = component;
        }
      }
      return new RecordCheck(rules, jsonNames);
    }

    /** The index of the component a JSON name (as the reader matched it) is for, or -1. */
    int indexOf(String jsonName) {
      for (int i = 0; i < jsonNames.length; i++) {
        if (jsonNames[i].equals(jsonName)) {
          return i;
        }
      }
      return -1;
    }
  }
}

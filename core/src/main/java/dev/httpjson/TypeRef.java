package dev.httpjson;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A token for a generic type, captured by subclassing:
 *
 * <pre>{@code
 * List<User> users = HttpJson.getFromJson(client, uri, new TypeRef<List<User>>() {});
 * }</pre>
 *
 * <p>Or built without a subclass: {@code TypeRef.listOf(User.class)}, {@code TypeRef.of(type)}. Two
 * tokens for the same type are equal, so a token created per call still hits httpjson's per-type
 * cache.
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the type this token stands for
 */
public abstract class TypeRef<T> {
  private final Type type;

  /**
   * Captures the type argument of the anonymous subclass being created.
   *
   * @throws IllegalStateException if the type argument is not a concrete type
   */
  protected TypeRef() {
    Type superclass = getClass().getGenericSuperclass();
    if (!(superclass instanceof ParameterizedType)
        || ((ParameterizedType) superclass).getRawType() != TypeRef.class) {
      throw new IllegalStateException(
          "TypeRef must be created as a direct anonymous subclass: new TypeRef<List<User>>() {}");
    }
    Type captured = ((ParameterizedType) superclass).getActualTypeArguments()[0];
    if (captured instanceof TypeVariable) {
      throw new IllegalStateException("TypeRef captured a type variable, not a type: " + captured);
    }
    this.type = captured;
  }

  private TypeRef(Type type) {
    this.type = type;
  }

  /**
   * Returns a token for a type known only at run time, such as one obtained by reflection.
   *
   * @param type a {@link Class} or a parameterized, array or other concrete generic type
   * @return a token for {@code type}, equal to any other token for the same type
   * @throws IllegalArgumentException if {@code type} is a type variable or a wildcard
   */
  public static TypeRef<?> of(Type type) {
    Objects.requireNonNull(type, "type == null");
    if (type instanceof TypeVariable || type instanceof WildcardType) {
      throw new IllegalArgumentException("not a concrete type: " + type);
    }
    return new Explicit<>(type);
  }

  /**
   * Returns a token for a class.
   *
   * @param <T> the class's type
   * @param type the class
   * @return a token for {@code type}
   */
  public static <T> TypeRef<T> of(Class<T> type) {
    Objects.requireNonNull(type, "type == null");
    return new Explicit<>(type);
  }

  /**
   * Returns a token for a list, without an anonymous subclass.
   *
   * @param <E> the element type
   * @param elementType the class of the elements
   * @return a token for {@code List<E>}
   */
  public static <E> TypeRef<List<E>> listOf(Class<E> elementType) {
    Objects.requireNonNull(elementType, "elementType == null");
    return new Explicit<>(new Parameterized(List.class, elementType));
  }

  /** {@code List<element>}, for any element type. */
  static Type listType(Type element) {
    return new Parameterized(List.class, element);
  }

  /**
   * Returns a token for a JSON object read as a map, without an anonymous subclass.
   *
   * @param <V> the value type
   * @param valueType the class of the values
   * @return a token for {@code Map<String, V>}
   */
  public static <V> TypeRef<Map<String, V>> mapOf(Class<V> valueType) {
    Objects.requireNonNull(valueType, "valueType == null");
    return new Explicit<>(new Parameterized(Map.class, String.class, valueType));
  }

  /** {@return the captured type} */
  public final Type type() {
    return type;
  }

  /** {@return the erasure of {@link #type()}, such as {@code List.class} for {@code List<User>}} */
  public final Class<?> rawType() {
    return rawType(type);
  }

  static Class<?> rawType(Type type) {
    if (type instanceof Class) {
      return (Class<?>) type;
    } else if (type instanceof ParameterizedType) {
      return (Class<?>) ((ParameterizedType) type).getRawType();
    } else if (type instanceof GenericArrayType) {
      Type component = ((GenericArrayType) type).getGenericComponentType();
      return java.lang.reflect.Array.newInstance(rawType(component), 0).getClass();
    }
    return Object.class;
  }

  @Override
  public final boolean equals(@Nullable Object o) {
    return o instanceof TypeRef && type.equals(((TypeRef<?>) o).type);
  }

  @Override
  public final int hashCode() {
    return type.hashCode();
  }

  @Override
  public final String toString() {
    return type.getTypeName();
  }

  private static final class Explicit<T> extends TypeRef<T> {
    Explicit(Type type) {
      super(type);
    }
  }

  /** Equal to, and hashing like, the JDK's own {@link ParameterizedType} implementation. */
  private static final class Parameterized implements ParameterizedType {
    private final Class<?> raw;
    private final Type[] arguments;

    Parameterized(Class<?> raw, Type... arguments) {
      this.raw = raw;
      this.arguments = arguments.clone();
    }

    @Override
    public Type[] getActualTypeArguments() {
      return arguments.clone();
    }

    @Override
    public Type getRawType() {
      return raw;
    }

    @Override
    public @Nullable Type getOwnerType() {
      return raw.getDeclaringClass();
    }

    @Override
    public boolean equals(@Nullable Object o) {
      if (!(o instanceof ParameterizedType)) {
        return false;
      }
      ParameterizedType that = (ParameterizedType) o;
      return raw.equals(that.getRawType())
          && Objects.equals(getOwnerType(), that.getOwnerType())
          && Arrays.equals(arguments, that.getActualTypeArguments());
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(arguments) ^ Objects.hashCode(getOwnerType()) ^ raw.hashCode();
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(raw.getName()).append('<');
      for (int i = 0; i < arguments.length; i++) {
        sb.append(i == 0 ? "" : ", ").append(arguments[i].getTypeName());
      }
      return sb.append('>').toString();
    }
  }
}

package dev.httpjson.spi;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * What {@link dev.httpjson.JsonOptions#strictRecords()} asks of each component of one record: must
 * it be present, may it be null. Computed once per record class from the components' types and
 * annotations, so that every codec applies the same rules:
 *
 * <ul>
 *   <li>a primitive component is required and non-null;
 *   <li>an {@code Optional}, {@code OptionalInt}, {@code OptionalLong} or {@code OptionalDouble}
 *       component, or one annotated {@code @Nullable}, may be absent and null;
 *   <li>any other component is required, and non-null if it is annotated {@code @NonNull} or in
 *       JSpecify {@code @NullMarked} code (as JSpecify scopes it: the innermost of the record, its
 *       enclosing classes and methods, its package and its module that is marked or unmarked
 *       decides).
 * </ul>
 *
 * <p>Annotations are compared by name, so that every library's {@code Nullable} counts. Reflection
 * sees only annotations whose class it can load: on the module path, httpjson's module requires
 * JSpecify's for that, so an application's {@code requires static org.jspecify;} is enough.
 */
public final class RecordRules {
  private static final String NULL_MARKED = "org.jspecify.annotations.NullMarked";
  private static final String NULL_UNMARKED = "org.jspecify.annotations.NullUnmarked";

  private static final ClassValue<RecordRules> RULES =
      new ClassValue<>() {
        @Override
        protected RecordRules computeValue(Class<?> type) {
          return new RecordRules(type);
        }
      };

  private final Class<?> recordClass;
  private final List<RecordComponent> components;
  private final boolean[] required;
  private final boolean[] nonNull;

  private RecordRules(Class<?> recordClass) {
    this.recordClass = recordClass;
    RecordComponent[] declared = recordClass.getRecordComponents();
    this.components = List.of(declared);
    this.required = new boolean[declared.length];
    this.nonNull = new boolean[declared.length];
    boolean marked = nullMarked(recordClass);
    for (int i = 0; i < declared.length; i++) {
      RecordComponent c = declared[i];
      Class<?> type = c.getType();
      if (type.isPrimitive()) {
        required[i] = nonNull[i] = true;
      } else if (isOptional(type) || has(c, "Nullable")) {
        required[i] = nonNull[i] = false;
      } else {
        required[i] = true;
        nonNull[i] = marked || has(c, "NonNull");
      }
    }
  }

  /**
   * Returns the rules of a record class, computed on the first call for that class and kept as long
   * as the class is.
   *
   * @param type any class
   * @return the rules of {@code type}, or null if it is not a record
   */
  public static @Nullable RecordRules of(Class<?> type) {
    return type.isRecord() ? RULES.get(type) : null;
  }

  /** {@return the record class these rules are for} */
  public Class<?> recordClass() {
    return recordClass;
  }

  /**
   * Returns the record's components, in declaration order (the order of the canonical constructor's
   * parameters); an index into this list is what {@link #required} and {@link #nonNull} take.
   *
   * @return the components, an unmodifiable list
   */
  public List<RecordComponent> components() {
    return components;
  }

  /**
   * Tells whether a component must be present in the JSON object.
   *
   * @param index the component's index in {@link #components()}
   * @return false for a component that is {@code @Nullable} or an {@code Optional}, true for any
   *     other
   * @throws IndexOutOfBoundsException if {@code index} is not a component's index
   */
  public boolean required(int index) {
    return required[index];
  }

  /**
   * Tells whether a JSON null is refused for a component.
   *
   * @param index the component's index in {@link #components()}
   * @return true for a primitive component, and for one that is neither {@code @Nullable} nor an
   *     {@code Optional} and is either {@code @NonNull} or in {@code @NullMarked} code
   * @throws IndexOutOfBoundsException if {@code index} is not a component's index
   */
  public boolean nonNull(int index) {
    return nonNull[index];
  }

  /**
   * Returns the index of the component of a given (Java) name.
   *
   * @param name a component's name as the record declares it
   * @return its index in {@link #components()}, or -1 if the record has no such component
   */
  public int indexOf(String name) {
    for (int i = 0; i < components.size(); i++) {
      if (components.get(i).getName().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Tells whether a constructor's parameter types are those of the record's canonical constructor,
   * whose parameters are the components in order.
   *
   * @param parameterTypes a constructor's parameter types ({@link
   *     java.lang.reflect.Constructor#getParameterTypes()})
   * @return true if they are the components' types, in order
   */
  public boolean isCanonical(Class<?>[] parameterTypes) {
    if (parameterTypes.length != components.size()) {
      return false;
    }
    for (int i = 0; i < parameterTypes.length; i++) {
      if (parameterTypes[i] != components.get(i).getType()) {
        return false;
      }
    }
    return true;
  }

  private static boolean isOptional(Class<?> type) {
    return type == Optional.class
        || type == OptionalInt.class
        || type == OptionalLong.class
        || type == OptionalDouble.class;
  }

  /** An annotation of that simple name on the component's type or declaration. */
  private static boolean has(RecordComponent c, String simpleName) {
    return hasNamed(c.getAnnotatedType().getAnnotations(), simpleName)
        || hasNamed(c.getAnnotations(), simpleName);
  }

  private static boolean hasNamed(Annotation[] annotations, String simpleName) {
    for (Annotation a : annotations) {
      if (a.annotationType().getSimpleName().equals(simpleName)) {
        return true;
      }
    }
    return false;
  }

  /** JSpecify's scope rule: the innermost {@code @NullMarked} or {@code @NullUnmarked} decides. */
  private static boolean nullMarked(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      Boolean marked = marking(c);
      if (marked == null && c.getEnclosingMethod() != null) {
        marked = marking(c.getEnclosingMethod());
      }
      if (marked == null && c.getEnclosingConstructor() != null) {
        marked = marking(c.getEnclosingConstructor());
      }
      if (marked != null) {
        return marked;
      }
    }
    Package p = type.getPackage();
    Boolean marked = p == null ? null : marking(p);
    if (marked == null) {
      marked = marking(type.getModule());
    }
    return marked != null && marked;
  }

  private static @Nullable Boolean marking(AnnotatedElement element) {
    for (Annotation a : element.getAnnotations()) {
      String name = a.annotationType().getName();
      if (name.equals(NULL_UNMARKED)) {
        return false;
      }
      if (name.equals(NULL_MARKED)) {
        return true;
      }
    }
    return null;
  }
}

package dev.httpjson.gson.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.RecordComponent;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * What {@link dev.httpjson.JsonOptions#strictRecords()} asks of each component of one record: must
 * it be present, may it be null. Computed once per record class from the components' annotations.
 *
 * <p>Annotations are compared by name, so that JSpecify need not be on the path at run time and
 * every library's {@code Nullable} counts.
 */
final class RecordRules {
  private static final String NULL_MARKED = "org.jspecify.annotations.NullMarked";
  private static final String NULL_UNMARKED = "org.jspecify.annotations.NullUnmarked";

  private static final ClassValue<RecordRules> RULES =
      new ClassValue<>() {
        @Override
        protected RecordRules computeValue(Class<?> type) {
          return new RecordRules(type);
        }
      };

  final Class<?> record;
  final RecordComponent[] components;
  private final boolean[] required;
  private final boolean[] nonNull;

  private RecordRules(Class<?> record) {
    this.record = record;
    this.components = record.getRecordComponents();
    this.required = new boolean[components.length];
    this.nonNull = new boolean[components.length];
    boolean marked = nullMarked(record);
    for (int i = 0; i < components.length; i++) {
      RecordComponent c = components[i];
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

  /** The rules of {@code type}, or {@code null} if it is not a record. */
  static @Nullable RecordRules of(Class<?> type) {
    return type.isRecord() ? RULES.get(type) : null;
  }

  boolean required(int index) {
    return required[index];
  }

  boolean nonNull(int index) {
    return nonNull[index];
  }

  /** The index of the component named {@code name}, or -1. */
  int indexOf(String name) {
    for (int i = 0; i < components.length; i++) {
      if (components[i].getName().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the parameter types of a constructor are those of the canonical constructor. */
  boolean isCanonical(Class<?>[] parameterTypes) {
    if (parameterTypes.length != components.length) {
      return false;
    }
    for (int i = 0; i < components.length; i++) {
      if (parameterTypes[i] != components[i].getType()) {
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
  static boolean nullMarked(Class<?> type) {
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

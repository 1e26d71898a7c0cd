package dev.httpjson.internal;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.GenericDeclaration;
import java.lang.reflect.Member;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import org.jspecify.annotations.Nullable;

/** Which class loaders a type's classes come from, as far as caching is concerned. */
public final class TypeLoaders {
  private static final @Nullable ClassLoader OWN = TypeLoaders.class.getClassLoader();

  private TypeLoaders() {}

  /**
   * A class of {@code type} whose loader is neither httpjson's nor one of its ancestors — of those,
   * one from the deepest loader — or {@code null} when every class is visible from httpjson's
   * loader (the usual case: one application class path).
   */
  public static @Nullable Class<?> foreignAnchor(Type type) {
    return deepest(type, null, 0);
  }

  private static @Nullable Class<?> deepest(Type type, @Nullable Class<?> best, int depth) {
    if (depth > 32) {
      return best; // a pathological type; what was found so far decides
    }
    if (type instanceof Class) {
      Class<?> c = (Class<?>) type;
      while (c.isArray()) {
        c = c.getComponentType();
      }
      return deeper(c, best);
    }
    if (type instanceof ParameterizedType) {
      ParameterizedType p = (ParameterizedType) type;
      best = deepest(p.getRawType(), best, depth + 1);
      Type owner = p.getOwnerType();
      if (owner != null) {
        best = deepest(owner, best, depth + 1);
      }
      for (Type arg : p.getActualTypeArguments()) {
        best = deepest(arg, best, depth + 1);
      }
      return best;
    }
    if (type instanceof GenericArrayType) {
      return deepest(((GenericArrayType) type).getGenericComponentType(), best, depth + 1);
    }
    if (type instanceof WildcardType) {
      WildcardType w = (WildcardType) type;
      for (Type t : w.getUpperBounds()) {
        best = deepest(t, best, depth + 1);
      }
      for (Type t : w.getLowerBounds()) {
        best = deepest(t, best, depth + 1);
      }
      return best;
    }
    if (type instanceof TypeVariable) {
      // Its bounds may refer back to itself; the declaring class names the loader.
      GenericDeclaration d = ((TypeVariable<?>) type).getGenericDeclaration();
      if (d instanceof Class) {
        return deeper((Class<?>) d, best);
      }
      if (d instanceof Member) {
        return deeper(((Member) d).getDeclaringClass(), best);
      }
      return best;
    }
    // Some other Type implementation: the loader that defined it must stay as long as it is used.
    return deeper(type.getClass(), best);
  }

  private static @Nullable Class<?> deeper(Class<?> c, @Nullable Class<?> best) {
    ClassLoader loader = c.getClassLoader();
    if (isOwnOrAncestor(loader)) {
      return best;
    }
    if (best == null) {
      return c;
    }
    return depth(loader) > depth(best.getClassLoader()) ? c : best;
  }

  private static boolean isOwnOrAncestor(@Nullable ClassLoader loader) {
    if (loader == null) {
      return true; // the bootstrap loader is everyone's ancestor
    }
    for (ClassLoader l = OWN; l != null; l = l.getParent()) {
      if (l == loader) {
        return true;
      }
    }
    return false;
  }

  private static int depth(@Nullable ClassLoader loader) {
    int n = 0;
    for (ClassLoader l = loader; l != null; l = l.getParent()) {
      n++;
    }
    return n;
  }
}

package dev.httpjson.avaje;

import io.avaje.jsonb.Jsonb;
import java.lang.ref.WeakReference;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.Map;
import java.util.WeakHashMap;
import org.jspecify.annotations.Nullable;

/**
 * httpjson's own {@link Jsonb}: one per class loader, shared by every binding whatever its options
 * (names are spelt per binding, see {@link AdapterNames}), because avaje loads the generated
 * adapters of a loader with {@link java.util.ServiceLoader} each time a Jsonb is built, and keeps
 * them in a static list.
 */
final class OwnJsonb {
  private static final @Nullable ClassLoader CODEC_LOADER = OwnJsonb.class.getClassLoader();
  private static final Map<ClassLoader, WeakReference<Own>> BY_LOADER = new WeakHashMap<>();

  private OwnJsonb() {}

  /** A Jsonb and the stream behind it. */
  static final class Own {
    final Jsonb jsonb;
    final NamingStream stream;

    Own(Jsonb jsonb, NamingStream stream) {
      this.jsonb = jsonb;
      this.stream = stream;
    }
  }

  /**
   * The Jsonb for {@code type}: the one of the codec's class loader, unless a class of the type
   * comes from a loader below it (a web application or plugin under a shared httpjson), whose
   * generated adapters only that loader's Jsonb finds.
   */
  static Own forType(Type type) {
    ClassLoader loader = deepest(type, null, 0);
    if (loader == null || loader == CODEC_LOADER || isAncestor(loader, CODEC_LOADER)) {
      return codecOwn();
    }
    synchronized (BY_LOADER) {
      WeakReference<Own> ref = BY_LOADER.get(loader);
      Own own = ref == null ? null : ref.get();
      if (own == null) {
        own = build(loader);
        BY_LOADER.put(loader, new WeakReference<>(own));
      }
      return own;
    }
  }

  private static volatile @Nullable Own codecOwn;

  private static Own codecOwn() {
    Own own = codecOwn;
    if (own == null) {
      synchronized (BY_LOADER) {
        own = codecOwn;
        if (own == null) {
          ClassLoader loader =
              CODEC_LOADER != null ? CODEC_LOADER : ClassLoader.getSystemClassLoader();
          codecOwn = own = build(loader);
        }
      }
    }
    return own;
  }

  private static Own build(ClassLoader loader) {
    NamingStream stream = new NamingStream();
    return new Own(
        Jsonb.builder().adapter(stream).add(WebAdapters.FACTORY).classLoader(loader).build(),
        stream);
  }

  private static boolean isAncestor(ClassLoader candidate, @Nullable ClassLoader of) {
    for (ClassLoader l = of == null ? null : of.getParent(); l != null; l = l.getParent()) {
      if (l == candidate) {
        return true;
      }
    }
    return false;
  }

  /**
   * Of the class loaders of {@code type}'s classes, one that sees the others (the deepest), or null
   * when they all are the JDK's.
   */
  private static @Nullable ClassLoader deepest(
      Type type, @Nullable ClassLoader best, int recursion) {
    if (recursion > 32) {
      return best;
    }
    if (type instanceof Class) {
      Class<?> c = (Class<?>) type;
      while (c.isArray()) {
        c = c.getComponentType();
      }
      return deeper(c.getClassLoader(), best);
    }
    if (type instanceof ParameterizedType) {
      ParameterizedType p = (ParameterizedType) type;
      best = deepest(p.getRawType(), best, recursion + 1);
      for (Type arg : p.getActualTypeArguments()) {
        best = deepest(arg, best, recursion + 1);
      }
      return best;
    }
    if (type instanceof GenericArrayType) {
      return deepest(((GenericArrayType) type).getGenericComponentType(), best, recursion + 1);
    }
    if (type instanceof WildcardType) {
      for (Type t : ((WildcardType) type).getUpperBounds()) {
        best = deepest(t, best, recursion + 1);
      }
      return best;
    }
    return best;
  }

  private static @Nullable ClassLoader deeper(
      @Nullable ClassLoader candidate, @Nullable ClassLoader best) {
    if (candidate == null || candidate == ClassLoader.getPlatformClassLoader()) {
      return best;
    }
    if (best == null) {
      return candidate;
    }
    return isAncestor(best, candidate) ? candidate : best;
  }
}

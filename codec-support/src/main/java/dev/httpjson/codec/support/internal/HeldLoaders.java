package dev.httpjson.codec.support.internal;

import java.util.LinkedHashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The class loaders of what a codec made with a user's own mapper or Gson holds, for {@link
 * dev.httpjson.spi.JsonCodec#classLoaders()}: the loader of the code that made the codec (a plugin
 * that hands its own mapper over), and the loaders of the objects the library lets a codec see.
 */
public final class HeldLoaders {
  private HeldLoaders() {}

  private static final StackWalker WALKER =
      StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  /**
   * The class that called the method that calls this: the code making a codec with its own mapper.
   *
   * @return the caller's caller
   */
  public static Class<?> callerOfCaller() {
    return WALKER.walk(frames -> frames.skip(2).findFirst().orElseThrow().getDeclaringClass());
  }

  /**
   * The loaders of {@code held}: a {@code ClassLoader} as itself, a {@code Class} by its loader, an
   * {@code Iterable} by each element's, anything else by its class's loader; nulls and the
   * bootstrap loader left out.
   *
   * @param held what a codec holds
   * @return their loaders
   */
  public static Set<ClassLoader> of(@Nullable Object... held) {
    Set<ClassLoader> loaders = new LinkedHashSet<>();
    for (Object o : held) {
      add(loaders, o);
    }
    return Set.copyOf(loaders);
  }

  private static void add(Set<ClassLoader> loaders, @Nullable Object o) {
    if (o == null) {
      return;
    }
    ClassLoader loader;
    if (o instanceof ClassLoader) {
      loader = (ClassLoader) o;
    } else if (o instanceof Class) {
      loader = ((Class<?>) o).getClassLoader();
    } else if (o instanceof Iterable) {
      for (Object e : (Iterable<?>) o) {
        add(loaders, e);
      }
      return;
    } else {
      loader = o.getClass().getClassLoader();
    }
    if (loader != null) {
      loaders.add(loader);
    }
  }
}

package dev.httpjson.codec.support.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.jspecify.annotations.Nullable;

/**
 * A creator that takes its properties as arguments — a record's canonical constructor, an annotated
 * constructor or static factory — as a handle spread over an {@code Object[]} once, so that a codec
 * calls it with {@code invokeExact} instead of adapting a handle per call ({@code
 * invokeWithArguments}). A creator the codecs may not call without new access has no handle: its
 * library calls it, as it would have.
 */
public final class Creators {
  private static final MethodType SPREAD = MethodType.methodType(Object.class, Object[].class);

  private Creators() {}

  /**
   * {@code (Object[]) -> Object} over {@code member}'s fixed arity, or null when it is neither a
   * constructor nor a static method, or the codecs have no access to it.
   *
   * @param member the creator, as the library found it
   * @return the handle, or null
   */
  public static @Nullable MethodHandle spread(Object member) {
    if (!(member instanceof Executable)) {
      return null;
    }
    Executable executable = (Executable) member;
    Module self = Creators.class.getModule();
    Module target = executable.getDeclaringClass().getModule();
    if (self.isNamed() && !self.canRead(target)) {
      self.addReads(target); // readability only: access is still checked below
    }
    MethodHandle handle;
    try {
      if (executable instanceof Constructor) {
        handle = MethodHandles.lookup().unreflectConstructor((Constructor<?>) executable);
      } else if (Modifier.isStatic(executable.getModifiers())) {
        handle = MethodHandles.lookup().unreflect((Method) executable);
      } else {
        return null;
      }
    } catch (IllegalAccessException | RuntimeException e) {
      return null; // the library calls it, as it would have
    }
    return handle
        .asFixedArity()
        .asSpreader(Object[].class, executable.getParameterCount())
        .asType(SPREAD);
  }

  /**
   * Throws {@code t} as it is, checked or not: what a handle threw that the library lets through.
   *
   * @param t what the creator threw
   * @param <E> the type the compiler sees
   * @return never
   * @throws E always, {@code t}
   */
  @SuppressWarnings("unchecked")
  public static <E extends Throwable> E rethrow(Throwable t) throws E {
    throw (E) t;
  }
}

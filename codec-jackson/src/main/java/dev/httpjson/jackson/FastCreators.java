package dev.httpjson.jackson;

import dev.httpjson.codec.support.internal.Creators;
import java.lang.invoke.MethodHandle;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.std.StdValueInstantiator;
import tools.jackson.databind.introspect.AnnotatedWithParams;

/**
 * Calls a creator that takes its properties as arguments — a record's canonical constructor, a
 * {@code @JsonCreator} constructor or static factory — through a handle prepared once.
 *
 * <p>Jackson 3 calls such a creator with {@code MethodHandle.invokeWithArguments(Object[])}, which
 * adapts the handle to the call anew each time: ~120 ns and ~230 bytes per object (a five-record
 * list read by a Jackson 3 mapper without and with this: 3.5 → 2.9 µs on JDK 17, 3.2 → 2.6 µs on
 * JDK 25, 6.1 → 4.9 kB). Here the handle is spread over an {@code Object[]} once, when Jackson
 * builds the type's deserializer ({@link Creators#spread}), and called with {@code invokeExact}.
 * Everything else stays Jackson's: which creator, the arguments it gathers, and what a throwing
 * creator becomes (Jackson's own {@code rewrapCtorProblem} and problem handlers). Where no handle
 * can be made without new access — a creator the codecs may not call — Jackson's instantiator is
 * left as it is.
 */
final class FastCreators {
  private FastCreators() {}

  /**
   * Jackson's own instantiator with its creator prepared, or {@code instantiator} itself when it is
   * a module's own, one of Jackson's for JDK types, or its creator cannot be prepared.
   */
  static ValueInstantiator prepared(ValueInstantiator instantiator) {
    if (instantiator.getClass() != StdValueInstantiator.class) {
      return instantiator;
    }
    AnnotatedWithParams creator = instantiator.getWithArgsCreator();
    MethodHandle spread = creator == null ? null : Creators.spread(creator.getMember());
    return spread == null
        ? instantiator
        : new Prepared((StdValueInstantiator) instantiator, spread);
  }

  /** Jackson's instantiator, with the creator called through the prepared handle. */
  static final class Prepared extends StdValueInstantiator {
    private static final long serialVersionUID = 1L;

    private final transient @Nullable MethodHandle spread; // null after deserialization

    Prepared(StdValueInstantiator jackson, MethodHandle spread) {
      super(jackson);
      this.spread = spread;
    }

    @Override
    public Object createFromObjectWith(DeserializationContext ctxt, Object[] args)
        throws JacksonException {
      MethodHandle handle = spread;
      if (handle == null) {
        return super.createFromObjectWith(ctxt, args);
      }
      try {
        return (Object) handle.invokeExact(args);
      } catch (Exception e) {
        // As Jackson's StdValueInstantiator: its wrapping, its problem handlers.
        return ctxt.handleInstantiationProblem(getValueClass(), args, rewrapCtorProblem(ctxt, e));
      } catch (Throwable t) {
        throw Creators.<RuntimeException>rethrow(t); // an Error, as Jackson lets it through
      }
    }
  }
}

package dev.httpjson.codec.support.internal;

import dev.httpjson.codec.support.internal.ReadProblems.Failure;
import dev.httpjson.codec.support.internal.ReadProblems.TokenCategory;
import java.math.BigDecimal;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A scalar read by a Jackson deserializer held to the scalar rules, as both Jackson codecs read it:
 * which token the rules refuse before the library reads it, a {@code -0} kept, a value past its
 * type's range refused after, and which of the library's own failures is said in every codec's
 * words. A codec gives the {@link Library} calls it makes of its parser and context.
 */
public final class ScalarReading {
  private ScalarReading() {}

  /** A call of the library's on its parser. */
  @FunctionalInterface
  public interface Call<P, R, X extends Exception> {
    /** The call's result. */
    R apply(P p) throws X;
  }

  /** A read by a deserializer of the library's. */
  @FunctionalInterface
  public interface Read<D, P, C, X extends Exception> {
    /** The value {@code d} reads. */
    @Nullable Object read(D d, P p, C c) throws X;
  }

  /** A failure of the library's, reporting {@code problem} of reading {@code type}. */
  @FunctionalInterface
  public interface Report<P, C, X extends Exception> {
    /** Fails, unless a problem handler of the library's reads the value. */
    @Nullable Object report(P p, C c, Class<?> type, String problem) throws X;
  }

  /** A failure's placing at an element of an array of {@code type}. */
  @FunctionalInterface
  public interface Wrap<C, X extends Exception> {
    /** {@code e} with the path to element {@code index}. */
    X wrap(C c, Exception e, Class<?> type, int index);
  }

  /**
   * The calls the rules make of a Jackson codec's library: on a parser, its token (as the library
   * names it, {@link TokenCategory#of}), the next, the token's text, a number's text as it stands
   * (the library's text of a number is held to {@code maxStringLength}), whether an integer is an
   * {@code int} 0 (its text tells a -0); a deserializer's read, how a failure of it is classed
   * (null: said in the library's words); and the library's failures: a value its type cannot hold,
   * a string its type cannot read, a token its type is never read from, a failure at an element.
   *
   * @param <P> the library's parser
   * @param <C> the library's deserialization context
   * @param <D> the library's deserializer
   * @param <X> the library's failure
   */
  public record Library<P, C, D, X extends Exception>(
      Call<P, Object, X> token,
      Call<P, @Nullable Object, X> nextToken,
      Call<P, String, X> text,
      Call<P, String, X> numberText,
      Call<P, Boolean, X> isIntZero,
      Read<D, P, C, X> read,
      Function<Exception, @Nullable Failure> failure,
      Report<P, C, X> mismatch,
      Report<P, C, X> weirdString,
      Report<P, C, X> unexpectedToken,
      Wrap<C, X> wrap) {}

  /** A read of a map key by a key deserializer of the library's. */
  @FunctionalInterface
  public interface KeyRead<K, C, X extends Exception> {
    /** The key {@code k} reads from {@code key}. */
    @Nullable Object read(K k, String key, C c) throws X;
  }

  /** A failure of the library's, reporting {@code problem} of map key {@code key} of a type. */
  @FunctionalInterface
  public interface KeyReport<C, X extends Exception> {
    /** Fails, unless a problem handler of the library's reads the key. */
    @Nullable Object report(C c, Class<?> type, String key, String problem) throws X;
  }

  /** A failure's placing at map key {@code key}. */
  @FunctionalInterface
  public interface KeyWrap<C, X extends Exception> {
    /** {@code e} with the path to the key, or null for a failure the library does not place. */
    @Nullable X wrap(C c, Exception e, String key);
  }

  /**
   * The calls the map-key rules make of a Jackson codec's library: a key deserializer's read; the
   * library's failures of a key its type cannot hold and of a key text its type cannot read; a
   * failure placed at the key.
   *
   * @param <C> the library's deserialization context
   * @param <K> the library's key deserializer
   * @param <X> the library's failure
   */
  public record Keys<C, K, X extends Exception>(
      KeyRead<K, C, X> read,
      KeyReport<C, X> mismatch,
      KeyReport<C, X> weirdKey,
      KeyWrap<C, X> wrap) {}

  /**
   * Reads a map key as every codec reads it: one of {@link ScalarRules#KEY_TYPES} by {@link
   * ScalarRules#parseKey} (no {@code delegate}); a date or time ({@link IsoDateTimes#hasIsoText})
   * the ISO-8601 text its type reads as a value, not empty (Jackson 2 reads {@code ""} as a null
   * key), then by {@code delegate}, the library's; any key that fails, at its path: the map's path
   * and the key's name (Jackson points at the map).
   */
  public static <C, K, X extends Exception> @Nullable Object key(
      Keys<C, K, X> library, Class<?> type, @Nullable K delegate, String key, C c) throws X {
    try {
      if (delegate == null) {
        try {
          return ScalarRules.parseKey(type, key);
        } catch (IllegalArgumentException e) {
          return library.mismatch.report(
              c, type, key, ReadProblems.mapKeyProblem(key, type, e.getMessage()));
        }
      }
      String problem = IsoDateTimes.hasIsoText(type) ? IsoDateTimes.keyProblem(type, key) : null;
      return problem != null
          ? library.weirdKey.report(c, type, key, problem)
          : library.read.read(delegate, key, c);
    } catch (Exception e) {
      X placed = library.wrap.wrap(c, e, key);
      if (placed != null) {
        throw placed;
      }
      throw e;
    }
  }

  /**
   * Reads a scalar of {@code type} through {@code delegate}, the library's deserializer, held to
   * the rules of its {@code kind} (null for a boolean, held to nothing but its failures' words);
   * {@code iso}: no {@code @JsonFormat} pattern applies to a date ({@link
   * ScalarKind#stringProblem}). The parser {@code p} stands on the value's token.
   */
  public static <P, C, D, X extends Exception> @Nullable Object read(
      Library<P, C, D, X> library,
      D delegate,
      @Nullable ScalarKind kind,
      Class<?> type,
      boolean iso,
      P p,
      C c)
      throws X {
    Object token = library.token.apply(p);
    TokenCategory category = TokenCategory.of(token);
    String problem = null;
    if (kind == null) {
      // a boolean: only its failures' words
    } else if (category == TokenCategory.OTHER_NUMBER && type == Number.class) {
      // Untyped, a double as the library reads one into Object: its Number deserializer reads the
      // text as a string first, held to maxStringLength (the number is to maxNumberLength).
      return Double.valueOf(library.numberText.apply(p));
    } else if (category == TokenCategory.STRING) {
      problem = kind.stringProblem(type, library.text.apply(p), iso);
    } else if (category == TokenCategory.INTEGER_NUMBER
        && (kind == ScalarKind.DOUBLE || kind == ScalarKind.FLOAT)) {
      // The integer -0 into a floating-point type keeps its sign (Jackson reads the integer 0).
      if (library.isIntZero.apply(p) && library.numberText.apply(p).startsWith("-")) {
        return kind == ScalarKind.DOUBLE ? (Object) (-0.0d) : (Object) (-0.0f);
      }
    } else if (category == TokenCategory.INTEGER_NUMBER && kind == ScalarKind.BYTE) {
      problem = kind.integerProblem(library.numberText.apply(p));
    } else if (category != TokenCategory.NULL && kind.onlyFromString() != null) {
      return library.unexpectedToken.report(p, c, type, kind.tokenProblem(type, token));
    }
    if (kind != null && problem != null) {
      return (kind.numeric() ? library.mismatch : library.weirdString).report(p, c, type, problem);
    }
    if (kind == ScalarKind.LOCALE && category == TokenCategory.STRING) {
      return ScalarRules.locale(library.text.apply(p)); // Java's own form too, not the library's
    }
    Object value;
    try {
      value = library.read.read(delegate, p, c);
    } catch (Exception e) {
      // Said in every codec's words: a boolean's failure where the token is refused, all of a
      // number's that they share.
      Failure failure = library.failure.apply(e);
      if (failure != null && (kind == null ? failure == Failure.MISMATCH : kind.numeric())) {
        problem =
            ReadProblems.failureProblem(
                type, kind == null, failure, token, text(library, category, p));
        if (problem != null) {
          library.mismatch.report(p, c, type, problem);
        }
      }
      throw e;
    }
    // A float read as infinity is past its range, and so is a BigDecimal whose exponent not every
    // JDK reads.
    return value instanceof Float f && f.isInfinite()
            || value instanceof BigDecimal d && !ScalarRules.isDecimalInRange(d)
        ? library.mismatch.report(
            p,
            c,
            type,
            ReadProblems.rangeProblem(
                ReadProblems.typeName(type),
                text(library, category, p),
                category == TokenCategory.STRING))
        : value;
  }

  /**
   * Skips the value of an unknown property where it stands, as every codec does: each of its
   * strings read, so held to {@code maxStringLength} as a string read is (Jackson skips them
   * unread); its numbers are held to {@code maxNumberLength} as the parser meets them. The parser
   * {@code p} stands on the value's first token, and is left on its last.
   */
  public static <P, X extends Exception> void skip(Library<P, ?, ?, X> library, P p) throws X {
    for (int depth = 0; ; library.nextToken.apply(p)) {
      Object token = library.token.apply(p);
      TokenCategory category = TokenCategory.of(token);
      if (category == TokenCategory.STRING) {
        library.text.apply(p); // held to the string limit, as a string read
      }
      boolean start = category == TokenCategory.OBJECT || category == TokenCategory.ARRAY;
      depth += start ? 1 : String.valueOf(token).startsWith("END_") ? -1 : 0;
      if (depth == 0) {
        return;
      }
    }
  }

  /** The token's text: a number's as it stands, not held to {@code maxStringLength}. */
  private static <P, X extends Exception> String text(
      Library<P, ?, ?, X> library, TokenCategory category, P p) throws X {
    boolean number =
        category == TokenCategory.INTEGER_NUMBER || category == TokenCategory.OTHER_NUMBER;
    return (number ? library.numberText : library.text).apply(p);
  }

  /**
   * Reads an {@code OptionalInt}, {@code OptionalLong} or {@code OptionalDouble} of {@code kind}:
   * {@code null} is empty, anything else is read by {@code values}, the boxed type's deserializer.
   */
  public static <P, C, D, X extends Exception> Object optional(
      Library<P, C, D, X> library, ScalarRules.PrimitiveOptional kind, D values, P p, C c)
      throws X {
    return TokenCategory.of(library.token.apply(p)) == TokenCategory.NULL
        ? kind.empty()
        : kind.of(library.read.read(values, p, c));
  }

  /**
   * Reads a primitive array of {@code type} held to the rules: each element through {@code
   * element}, the deserializer of the component type, a {@code null} element refused, and anything
   * but an array refused, unless {@code otherwise} reads it ({@code byte[]}: a string is base64 by
   * {@link ScalarRules#base64}, and {@code otherwise} reads Jackson's binary value).
   */
  public static <P, C, D, X extends Exception> @Nullable Object array(
      Library<P, C, D, X> library, Class<?> type, D element, @Nullable D otherwise, P p, C c)
      throws X {
    Object token = library.token.apply(p);
    TokenCategory category = TokenCategory.of(token);
    if (category != TokenCategory.ARRAY && otherwise != null) {
      if (category != TokenCategory.STRING) {
        return library.read.read(otherwise, p, c);
      }
      try {
        // Jackson's base64 skips blanks and line breaks: the text is held to the rule instead.
        return ScalarRules.base64(library.text.apply(p));
      } catch (IllegalArgumentException e) {
        return library.weirdString.report(p, c, byte[].class, String.valueOf(e.getMessage()));
      }
    } else if (category != TokenCategory.ARRAY) {
      return library.unexpectedToken.report(
          p,
          c,
          type,
          "Cannot read " + type.getSimpleName() + " from " + token + ": expected a JSON array");
    }
    ScalarRules.ArrayBuilder array = new ScalarRules.ArrayBuilder(type.getComponentType());
    for (Object t; !"END_ARRAY".equals(String.valueOf(t = library.nextToken.apply(p))); ) {
      try {
        array.add(
            TokenCategory.of(t) == TokenCategory.NULL
                ? library.mismatch.report(p, c, type, ScalarRules.nullElementProblem(type))
                : library.read.read(element, p, c));
      } catch (Exception e) {
        throw library.wrap.wrap(c, e, type, array.size());
      }
    }
    return array.build();
  }
}

package dev.httpjson.codec.support.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The scalars a codec holds to {@link ScalarRules} where its library would coerce, and what each
 * refuses: the decisions, made once here, that a codec's deserializer for the scalar reports in its
 * library's own failure. A number in a string only in JSON's own syntax, in ASCII digits (Jackson's
 * parsing takes {@code "١٢٣"}, {@code "NaN"} and {@code " 1"}); {@code -0} into a floating-point
 * type with its sign; a {@code byte} in its signed range (Jackson takes 128 to 255); a date only
 * from a string (Jackson reads a number as epoch seconds or days, and an array as its fields), and
 * only in the ISO-8601 text its type's {@code java.time} formatter reads (Jackson trims blanks,
 * reads {@code +0100} and a date-time as a date); a {@code UUID} only from its canonical string
 * (Jackson reads a number as its bits); a {@code char} only from a one-character string; an enum's
 * name untrimmed. With {@link #REFUSED_COERCIONS}: a string only from a JSON string and a boolean
 * only from {@code true} or {@code false} (Jackson coerces numbers, booleans and {@code "true"}),
 * and {@code ""} as nothing but an empty string. {@code NaN} and the infinities, which JSON cannot
 * hold, are never written ({@link ScalarRules#valueProblem}).
 */
public enum ScalarKind {
  /** An integral number, {@code BigDecimal} or {@code Number}. */
  NUMBER,
  /** A {@code double}. */
  DOUBLE,
  /** A {@code float}. */
  FLOAT,
  /** A {@code byte}. */
  BYTE,
  /** A {@code java.time} value. */
  DATE,
  /** A {@code UUID}. */
  UUID,
  /** A {@code char}. */
  CHAR,
  /** An enum constant. */
  ENUM,
  /** A {@code URI} or {@code URL}: a string, never a number or a boolean. */
  TEXT,
  /** A {@code Locale}: a BCP 47 language tag or Java's own form ({@link ScalarRules#locale}). */
  LOCALE;

  /**
   * The coercions a mapper with coercion settings (both Jacksons) refuses, named as Jackson names
   * them: for each logical type (the empty name: every type), the input shapes it is not read from.
   * No string from a number or a boolean, no boolean from a string or a number, and {@code ""} or
   * {@code []} into anything but a string fails (not {@code null}, not an empty value).
   */
  public static final Map<String, List<String>> REFUSED_COERCIONS =
      Map.of(
          "Textual", List.of("Integer", "Float", "Boolean"),
          "Boolean", List.of("String", "Integer", "Float", "EmptyString"),
          "", List.of("EmptyString", "EmptyArray"));

  /**
   * The kind of scalar {@code type} is, or null when the codec reads it as its library does. An
   * enum's kind is not found here: a library finds enums by a hook of their own.
   *
   * @param type the class a deserializer handles
   * @return its kind, or null
   */
  public static @Nullable ScalarKind of(Class<?> type) {
    if (type == int.class
        || type == Integer.class
        || type == long.class
        || type == Long.class
        || type == short.class
        || type == Short.class
        || type == BigInteger.class
        || type == BigDecimal.class
        || type == Number.class) {
      return NUMBER;
    } else if (type == double.class || type == Double.class) {
      return DOUBLE;
    } else if (type == float.class || type == Float.class) {
      return FLOAT;
    } else if (type == byte.class || type == Byte.class) {
      return BYTE;
    } else if (type.getName().startsWith("java.time.")) {
      return DATE;
    } else if (type == java.util.UUID.class) {
      return UUID;
    } else if (type == char.class || type == Character.class) {
      return CHAR;
    } else if (type == java.net.URI.class || type == java.net.URL.class) {
      return TEXT;
    } else if (type == java.util.Locale.class) {
      return LOCALE;
    }
    return null;
  }

  /**
   * Why a JSON string cannot be read as {@code type} of this kind, or null when the library may
   * read it. For a number ({@link #numeric()}), the whole problem in the words every codec says it
   * with ({@link ReadProblems#notANumberProblem}, {@link ReadProblems#rangeProblem}).
   *
   * @param type the class read
   * @param text the string's text
   * @param iso whether a date is held to its type's ISO formatter (no {@code @JsonFormat} pattern
   *     applies)
   * @return the problem, or null
   */
  public @Nullable String stringProblem(Class<?> type, String text, boolean iso) {
    switch (this) {
      case DATE:
        if (type == java.time.Year.class) {
          return null;
        } else if (text.isEmpty() || ScalarRules.isJsonNumber(text)) {
          // A library reads digits in a string as epoch seconds or days too.
          return "not an ISO-8601 date or time";
        } else if (iso && !IsoDateTimes.isIsoText(type, text)) {
          return "not ISO-8601 as " + type.getSimpleName() + ".parse reads it (nothing trimmed)";
        }
        return null;
      case UUID:
        // A library trims the text and reads 22 or 24 characters as base64.
        return ScalarRules.isCanonicalUuid(text)
            ? null
            : "not a UUID's canonical text (8-4-4-4-12 hex digits)";
      case CHAR:
        return text.length() == 1 ? null : "a char is a string of one character";
      case ENUM:
        return text.trim().length() == text.length()
            ? null
            : "not one of the names of the enum (names are not trimmed)";
      case TEXT:
        if (type == java.net.URI.class) {
          // As URI.create reads it: Jackson trimmed blanks and controls (" a" read as "a").
          try {
            new java.net.URI(text);
          } catch (java.net.URISyntaxException e) {
            return "not a URI (RFC 3986, nothing trimmed): " + e.getMessage();
          }
        }
        return null;
      case LOCALE:
        try {
          ScalarRules.locale(text);
          return null;
        } catch (IllegalArgumentException e) {
          return e.getMessage();
        }
      default:
        if (!ScalarRules.isJsonNumber(text)) {
          return ReadProblems.notANumberProblem(ReadProblems.typeName(type), text);
        }
        return this == BYTE && integerProblem(text) != null
            ? ReadProblems.rangeProblem("byte", text, true)
            : null;
    }
  }

  /**
   * Why a JSON integer cannot be read as this kind: a {@code byte} past its signed range (a library
   * may read 128 to 255), in the words every codec says it with ({@link
   * ReadProblems#rangeProblem}); else null.
   *
   * @param text the integer's text
   * @return the problem, or null
   */
  public @Nullable String integerProblem(String text) {
    if (this != BYTE) {
      return null;
    }
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      return null; // a fraction, an exponent or a huge number: the library refuses it
    }
    return value < Byte.MIN_VALUE || value > Byte.MAX_VALUE
        ? ReadProblems.rangeProblem("byte", text, false)
        : null;
  }

  /**
   * What this kind is read from when it must be a string, to say why a number, a boolean, an array
   * or an object cannot be read as it; null when the kind may be read from other tokens.
   *
   * @return the rule, or null
   */
  public @Nullable String onlyFromString() {
    switch (this) {
      case DATE:
        return "a date or time is an ISO-8601 string";
      case UUID:
        return "a UUID is a string";
      case CHAR:
        return "a char is a string of one character";
      case TEXT:
        return "a URI or a URL is a string";
      case LOCALE:
        return "a locale is a string";
      default:
        return null;
    }
  }

  /**
   * Why a token other than a string cannot be read as a {@code type} of this kind, which is read
   * only from a string ({@link #onlyFromString()} is not null): the same words from every codec.
   *
   * @param type the class read, named by its simple name
   * @param token the token found, as the library names it ({@link ReadProblems#tokenWords})
   * @return {@code "Cannot read char from a number: a char is a string of one character"}
   */
  public String tokenProblem(Class<?> type, Object token) {
    String rule = onlyFromString();
    return "Cannot read "
        + type.getSimpleName()
        + " from "
        + ReadProblems.tokenWords(token)
        + (rule == null ? "" : ": " + rule);
  }

  /**
   * Whether this kind is a number's, whose failures every codec words alike ({@link
   * ReadProblems#failureProblem}).
   *
   * @return whether it is a number, {@code double}, {@code float} or {@code byte}
   */
  public boolean numeric() {
    return this == NUMBER || this == DOUBLE || this == FLOAT || this == BYTE;
  }
}

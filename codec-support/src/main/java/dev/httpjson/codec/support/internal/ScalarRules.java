package dev.httpjson.codec.support.internal;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * What a scalar's text must be, the same for every codec: a number in a string or a map key is
 * spelt as a JSON number in ASCII digits (RFC 8259), an integral type takes an integer literal in
 * its range, a {@code float} a number in its range, {@code -0} into a {@code double} keeps its
 * sign, a {@code UUID} is its canonical 8-4-4-4-12 text, and a {@code char} one character.
 */
public final class ScalarRules {
  private ScalarRules() {}

  /**
   * Whether {@code text} is a JSON number ({@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?},
   * ASCII digits). Scanned by hand: it runs on every number read from a string.
   *
   * @param text the text
   * @return whether it is a JSON number
   */
  public static boolean isJsonNumber(CharSequence text) {
    return numberEnd(text, true) == text.length();
  }

  /**
   * Whether {@code text} is a JSON number without a fraction or an exponent.
   *
   * @param text the text
   * @return whether it is a JSON integer literal
   */
  public static boolean isJsonInteger(CharSequence text) {
    return numberEnd(text, false) == text.length();
  }

  /** Where the JSON number at the start of {@code text} ends, or -1 when there is none. */
  private static int numberEnd(CharSequence text, boolean fractions) {
    int n = text.length();
    int i = 0;
    if (i < n && text.charAt(i) == '-') {
      i++;
    }
    if (i == n) {
      return -1;
    }
    char c = text.charAt(i);
    if (c == '0') {
      i++;
    } else if (c >= '1' && c <= '9') {
      i = digits(text, i + 1);
    } else {
      return -1;
    }
    if (!fractions) {
      return i;
    }
    if (i < n && text.charAt(i) == '.') {
      int start = i + 1;
      i = digits(text, start);
      if (i == start) {
        return -1;
      }
    }
    if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
      i++;
      if (i < n && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
        i++;
      }
      int start = i;
      i = digits(text, start);
      if (i == start) {
        return -1;
      }
    }
    return i;
  }

  private static int digits(CharSequence text, int i) {
    int n = text.length();
    while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
      i++;
    }
    return i;
  }

  /**
   * Whether {@code text} is an integer literal past the range of {@code type}, an {@code int},
   * {@code long}, {@code short} or {@code byte} (or its box): a number out of range, not a number
   * of another form. Asked on a failure path only.
   *
   * @param type the class read
   * @param text the text read
   * @return whether it is an integer its type cannot hold
   */
  public static boolean isPastIntegralRange(Class<?> type, String text) {
    int bits =
        type == long.class || type == Long.class
            ? 64
            : type == int.class || type == Integer.class
                ? 32
                : type == short.class || type == Short.class
                    ? 16
                    : type == byte.class || type == Byte.class ? 8 : 0;
    return bits > 0 && isJsonInteger(text) && new BigInteger(text).bitLength() >= bits;
  }

  /**
   * Whether a {@code BigDecimal} read is one every codec reads on every JDK: its scale is not
   * {@code Integer.MIN_VALUE}. {@code 1e2147483648} has that scale; JDK 17's {@code BigDecimal}
   * refuses its text ("Exponent overflow") and later JDKs read it, so the rule refuses it
   * everywhere.
   *
   * @param value the value read
   * @return whether its exponent is in range
   */
  public static boolean isDecimalInRange(BigDecimal value) {
    return value.scale() != Integer.MIN_VALUE;
  }

  /**
   * Whether {@code text} is a UUID's canonical text: 36 characters, hex digits (of either case) in
   * groups of 8, 4, 4, 4 and 12 joined by hyphens. Nothing trimmed, no braces, no base64.
   *
   * @param text the text
   * @return whether it is a canonical UUID
   */
  public static boolean isCanonicalUuid(CharSequence text) {
    if (text.length() != 36) {
      return false;
    }
    for (int i = 0; i < 36; i++) {
      char c = text.charAt(i);
      if (i == 8 || i == 13 || i == 18 || i == 23) {
        if (c != '-') {
          return false;
        }
      } else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The bytes of a {@code byte[]} read from a string: padded standard base64 (RFC 4648 section 4,
   * the alphabet with {@code +} and {@code /}, {@code =} padding to a multiple of four characters),
   * as every codec writes it. Nothing else in the text: no blank, tab or line break (MIME's line
   * breaks, a trimmed edge), no URL-safe alphabet, no missing padding.
   *
   * @param text the string's text
   * @return the bytes it encodes
   * @throws IllegalArgumentException if it is not padded standard base64, saying why
   */
  public static byte[] base64(String text) {
    if (text.length() % 4 != 0) {
      throw new IllegalArgumentException(
          "not base64 (RFC 4648, padded to a multiple of 4 characters): "
              + text.length()
              + " characters");
    }
    try {
      return java.util.Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "not base64 (RFC 4648, padded, nothing else in it): " + e.getMessage(), e);
    }
  }

  /**
   * A {@link Locale} as every codec writes it: its BCP 47 language tag ({@code "en-US"}, {@code
   * "zh-Hant-TW"}, as {@link Locale#toLanguageTag()} gives it), and {@code ""} for {@link
   * Locale#ROOT}, as Jackson 3 writes it and .NET names its invariant culture. A locale no tag
   * holds, whose tag leaves part of it out (a variant segment longer than 8 characters, as in
   * {@code en_GB_oxfordspelling}), is written in Java's own form ({@link Locale#toString()}), which
   * {@link #locale} reads back whole. (The JDK's legacy {@code no_NO_NY} is its tag {@code nn-NO},
   * Norwegian Nynorsk, as {@link Locale#toLanguageTag()} documents.)
   *
   * @param locale the locale
   * @return its text
   */
  public static String localeText(Locale locale) {
    if (locale.equals(Locale.ROOT)) {
      return "";
    }
    String tag = locale.toLanguageTag();
    if (readsBack(tag, locale) || tag.equals("nn-NO")) {
      return tag;
    }
    String own = locale.toString();
    return readsBack(own, locale) ? own : tag; // neither whole: the tag, as the JDK spells it
  }

  private static boolean readsBack(String text, Locale locale) {
    try {
      return locale(text).equals(locale);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** A locale's extensions as {@link Locale#toString()} gives them: {@code u-ca-japanese}. */
  private static final String LOCALE_EXTENSIONS = "[a-zA-Z0-9]-[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*";

  private static final java.util.regex.Pattern JAVA_LOCALE =
      java.util.regex.Pattern.compile(
          "([a-zA-Z]{2,8})?(?:_([a-zA-Z]{2}|[0-9]{3})?(?:_([a-zA-Z0-9]+(?:_[a-zA-Z0-9]+)*))?)?"
              + "(?:_#(?:([a-zA-Z]{4})(?:_("
              + LOCALE_EXTENSIONS
              + "))?|("
              + LOCALE_EXTENSIONS
              + ")))?");

  /**
   * The {@link Locale} of a string, read alike by every codec: a well-formed BCP 47 language tag
   * ({@code "en-US"}, {@code "und"} and {@code ""} for {@link Locale#ROOT}), or the text {@link
   * Locale#toString()} gives ({@code "en_US"}, {@code "zh_TW_#Hant"}, {@code
   * "ja_JP_JP_#u-ca-japanese"}, {@code "en_US_WIN_#Latn"}), which Jackson 2 and Gson wrote.
   *
   * @param text the string's text
   * @return the locale
   * @throws IllegalArgumentException if the text is neither, saying so
   */
  @SuppressWarnings("deprecation") // new Locale(...): a variant such as "JP" is no BCP 47 variant
  public static Locale locale(String text) {
    if (text.isEmpty()) {
      return Locale.ROOT;
    }
    try {
      if (text.indexOf('_') < 0) {
        return new Locale.Builder().setLanguageTag(text).build();
      }
      java.util.regex.Matcher m = JAVA_LOCALE.matcher(text);
      if (m.matches() && (m.group(1) != null || m.group(2) != null)) {
        Locale base =
            new Locale(
                m.group(1) == null ? "" : m.group(1),
                m.group(2) == null ? "" : m.group(2),
                m.group(3) == null ? "" : m.group(3));
        String script = m.group(4);
        String extensions = m.group(5) != null ? m.group(5) : m.group(6);
        if (script == null && extensions == null) {
          return base;
        }
        Locale l = withScriptAndExtensions(base, script, extensions);
        // A variant no language tag can hold (longer than 8 characters) is refused, never lost.
        if (l.getLanguage().equals(base.getLanguage())
            && l.getCountry().equals(base.getCountry())
            && l.getVariant().equals(base.getVariant())) {
          return l;
        }
      }
    } catch (java.util.IllformedLocaleException e) {
      // said below
    }
    throw new IllegalArgumentException(LOCALE_PROBLEM);
  }

  /**
   * {@code base} (whose variant may be no BCP 47 variant, as {@code JP} of {@code ja_JP_JP} is)
   * with {@code script} and the {@code extensions} of Java's form: through its language tag, where
   * such a variant is private use ({@code x-lvariant-JP}), which the extensions' own private use
   * goes before.
   */
  private static Locale withScriptAndExtensions(
      Locale base, @Nullable String script, @Nullable String extensions) {
    Locale.Builder b = new Locale.Builder().setLanguageTag(base.toLanguageTag());
    if (script != null) {
      b.setScript(script);
    }
    String privateUse = null;
    if (extensions != null) {
      Locale e = new Locale.Builder().setLanguageTag("und-" + extensions).build();
      for (char key : e.getExtensionKeys()) {
        if (key == Locale.PRIVATE_USE_EXTENSION) {
          privateUse = e.getExtension(key);
        } else {
          b.setExtension(key, e.getExtension(key));
        }
      }
    }
    Locale l = b.build();
    if (privateUse == null) {
      return l;
    }
    // Builder.setExtension('x', ...) would drop a variant held as private use: the tag keeps both.
    String tag = l.toLanguageTag();
    int x = tag.indexOf("-x-");
    tag =
        x < 0
            ? tag + "-x-" + privateUse
            : tag.substring(0, x) + "-x-" + privateUse + "-" + tag.substring(x + 3);
    return new Locale.Builder().setLanguageTag(tag).build();
  }

  /** Why a string is not read as a {@link Locale}: {@link #locale} refused it. */
  static final String LOCALE_PROBLEM =
      "not a locale (a BCP 47 language tag such as en-US, or Java's en_US)";

  /**
   * The {@code Month} named {@code name}: by its name only, as any enum (Jackson 3's reader also
   * takes its one-based index).
   *
   * @param name the text read
   * @return the month
   * @throws IllegalArgumentException naming the names accepted, if it is none of them
   */
  public static java.time.Month month(String name) {
    try {
      return java.time.Month.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "not one of the values accepted for Enum class: "
              + java.util.Arrays.toString(java.time.Month.values()),
          e);
    }
  }

  /**
   * Whether a collection of {@code type} is read as a {@code LinkedHashSet}, in the document's
   * order, a repeated element once: a {@code Set} or a {@code LinkedHashSet}.
   *
   * @param type the collection's class
   * @return whether it is
   */
  public static boolean isOrderedSet(Class<?> type) {
    return type == Set.class || type == java.util.LinkedHashSet.class;
  }

  /** The map-key classes {@link #parseKey} reads. */
  public static final List<Class<?>> KEY_TYPES =
      List.of(
          Integer.class,
          Long.class,
          Short.class,
          Byte.class,
          BigInteger.class,
          Double.class,
          Float.class,
          BigDecimal.class,
          UUID.class,
          Character.class,
          Locale.class);

  /**
   * The arrays of primitives whose elements a codec reads through its scalar rules; {@code byte[]}
   * is not one, since it is also read from base64 text.
   */
  public static final List<Class<?>> PRIMITIVE_ARRAYS =
      List.of(
          int[].class,
          long[].class,
          short[].class,
          double[].class,
          float[].class,
          boolean[].class,
          char[].class);

  /**
   * The value of a map key read into {@code type}: a number in JSON's syntax and in the type's
   * range (an integral type takes an integer literal only; a {@code double} keeps the sign of
   * {@code -0}), a canonical {@code UUID}, a one-character {@code Character}, a {@code Locale} as
   * {@link #locale} reads it.
   *
   * @param type the key's class: a boxed number, {@code BigInteger}, {@code BigDecimal}, {@code
   *     UUID}, {@code Character} or {@code Locale}
   * @param key the key as read
   * @return the key's value, or null when this class is not one of those
   * @throws IllegalArgumentException saying what is wrong with the key
   */
  public static @Nullable Object parseKey(Class<?> type, String key) {
    if (type == Locale.class) {
      return locale(key);
    }
    if (type == UUID.class) {
      if (!isCanonicalUuid(key)) {
        throw new IllegalArgumentException("not a UUID's canonical text (8-4-4-4-12 hex digits)");
      }
      return UUID.fromString(key);
    }
    if (type == Character.class) {
      if (key.length() != 1) {
        throw new IllegalArgumentException("not one character");
      }
      return key.charAt(0);
    }
    boolean integral =
        type == Integer.class
            || type == Long.class
            || type == Short.class
            || type == Byte.class
            || type == BigInteger.class;
    boolean floating = type == Double.class || type == Float.class || type == BigDecimal.class;
    if (!integral && !floating) {
      return null;
    }
    if (!isJsonNumber(key)) {
      throw new IllegalArgumentException("not a JSON number (RFC 8259 syntax, ASCII digits)");
    }
    if (integral) {
      if (!isJsonInteger(key)) {
        throw new IllegalArgumentException("not an integer");
      }
      BigInteger value = new BigInteger(key);
      if (type == BigInteger.class) {
        return value;
      }
      int bits =
          type == Long.class ? 64 : type == Integer.class ? 32 : type == Short.class ? 16 : 8;
      if (value.bitLength() >= bits) {
        throw new IllegalArgumentException(
            "out of range of " + type.getSimpleName().toLowerCase(Locale.ROOT));
      }
      long v = value.longValue();
      return type == Long.class
          ? (Object) v
          : type == Integer.class
              ? (Object) (int) v
              : type == Short.class ? (Object) (short) v : (Object) (byte) v;
    }
    if (type == BigDecimal.class) {
      BigDecimal decimal = new BigDecimal(key);
      if (!isDecimalInRange(decimal)) {
        throw new IllegalArgumentException("exponent out of range of BigDecimal");
      }
      return decimal;
    }
    if (type == Float.class) {
      float f = Float.parseFloat(key);
      if (Float.isInfinite(f)) {
        throw new IllegalArgumentException("out of range of float");
      }
      return f;
    }
    return Double.parseDouble(key);
  }

  /**
   * What JSON {@code null} reads as into {@code type}: an empty {@code Optional}, {@code
   * OptionalInt}, {@code OptionalLong} or {@code OptionalDouble}, never a null reference; null for
   * any other type.
   *
   * @param type the type read
   * @return the empty optional, or null
   */
  public static @Nullable Object nullValue(Class<?> type) {
    if (type == Optional.class) {
      return Optional.empty();
    } else if (type == OptionalInt.class) {
      return OptionalInt.empty();
    } else if (type == OptionalLong.class) {
      return OptionalLong.empty();
    } else if (type == OptionalDouble.class) {
      return OptionalDouble.empty();
    }
    return null;
  }

  /**
   * Why {@code name} cannot be written as a property name: a lone surrogate in it, since no codec
   * reads such a name (the Jackson and Gson parsers refuse it), whereas a string value holding one
   * is written as an escape; null when it can.
   *
   * @param name the name to write
   * @return the problem, or null
   */
  public static @Nullable String nameProblem(String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < name.length()
          && Character.isLowSurrogate(name.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return String.format(
            "Cannot write the name \"%s\": a lone surrogate (\\u%04x) at index %d; a name must"
                + " be valid Unicode",
            name.substring(0, i), (int) c, i);
      }
    }
    return null;
  }

  /**
   * Why a {@code Character} cannot be written as a property name (half a surrogate pair is no name,
   * as in a {@code String}), or null.
   *
   * @param name the character to write as a name
   * @return the problem, or null
   */
  public static @Nullable String nameProblem(char name) {
    return Character.isSurrogate(name)
        ? String.format(
            "Cannot write the name \\u%04x: a lone surrogate; a name must be valid Unicode",
            (int) name)
        : null;
  }

  /**
   * Why {@code d} cannot be written (NaN and the infinities, which JSON cannot hold), or null.
   *
   * @param d the value to write
   * @return the problem, or null
   */
  public static @Nullable String nonFiniteProblem(double d) {
    return Double.isFinite(d)
        ? null
        : "Cannot write " + d + ": JSON has no NaN or infinity (RFC 8259)";
  }

  /** The classes of the map keys {@link #keyProblem} may refuse to write. */
  public static final List<Class<?>> CHECKED_KEY_TYPES =
      List.of(String.class, Character.class, Double.class, Float.class);

  /**
   * Why a map key cannot be written as a property name: a {@code String} or {@code Character}
   * holding a lone surrogate ({@link #nameProblem(String)}), a {@code double} or {@code float} that
   * is not finite; else null.
   *
   * @param key the key to write
   * @return the problem, or null
   */
  public static @Nullable String keyProblem(Object key) {
    if (key instanceof String) {
      return nameProblem((String) key);
    } else if (key instanceof Character) {
      return nameProblem(((Character) key).charValue());
    } else if (key instanceof Double || key instanceof Float) {
      return nonFiniteProblem(((Number) key).doubleValue());
    }
    return null;
  }

  /**
   * A map key as a property name: a {@code Locale} by its language tag ({@link #localeText}), any
   * other key by its {@code toString()}.
   *
   * @param key the key to write
   * @return the name
   */
  public static String keyText(Object key) {
    return key instanceof Locale ? localeText((Locale) key) : key.toString();
  }

  /**
   * Whether a value of {@code type} may hold a number JSON cannot: a {@code double} or {@code
   * float}, boxed or not, an array of them, an {@code OptionalDouble} or a {@code Number}.
   *
   * @param type the value's declared class
   * @return whether {@link #valueProblem} must see its values
   */
  public static boolean mayBeNonFinite(Class<?> type) {
    return type == Double.class
        || type == double.class
        || type == Float.class
        || type == float.class
        || type == double[].class
        || type == float[].class
        || type == OptionalDouble.class
        || type == Number.class;
  }

  /**
   * Why a value cannot be written: a NaN or an infinity in a {@code Double}, a {@code Float}, a
   * {@code double[]}, a {@code float[]} or an {@code OptionalDouble}; else null.
   *
   * @param value the value to write
   * @return the problem, or null
   */
  public static @Nullable String valueProblem(@Nullable Object value) {
    if (value instanceof Double || value instanceof Float) {
      return nonFiniteProblem(((Number) value).doubleValue());
    } else if (value instanceof double[]) {
      for (double d : (double[]) value) {
        if (!Double.isFinite(d)) {
          return nonFiniteProblem(d);
        }
      }
    } else if (value instanceof float[]) {
      for (float f : (float[]) value) {
        if (!Float.isFinite(f)) {
          return nonFiniteProblem(f);
        }
      }
    } else if (value instanceof OptionalDouble && ((OptionalDouble) value).isPresent()) {
      return nonFiniteProblem(((OptionalDouble) value).getAsDouble());
    }
    return null;
  }

  /**
   * What a JSON {@code null} read into a primitive fails with, wherever it is (a value, a
   * component, an element of a primitive array): the same words from every codec.
   *
   * @param primitive the primitive's class, such as {@code int.class}
   * @return the problem
   */
  public static String nullProblem(Class<?> primitive) {
    return "Cannot read null into " + primitive.getName();
  }

  /**
   * What a JSON {@code null} element of a primitive array fails with: {@link #nullProblem} of its
   * component type (the path names the element).
   *
   * @param arrayType the array's class
   * @return the problem
   */
  public static String nullElementProblem(Class<?> arrayType) {
    return nullProblem(arrayType.getComponentType());
  }

  /**
   * An array of {@code component}s grown as elements are read, for a codec that reads a primitive
   * array element by element.
   */
  public static final class ArrayBuilder {
    private final Class<?> component;
    private Object array;
    private int size;

    /**
     * An empty array.
     *
     * @param component the element class, a primitive
     */
    public ArrayBuilder(Class<?> component) {
      this.component = component;
      this.array = Array.newInstance(component, 8);
    }

    /**
     * How many elements were added: the index of the next.
     *
     * @return the count
     */
    public int size() {
      return size;
    }

    /**
     * Adds an element.
     *
     * @param value the element, boxed (null fails as {@link Array#set} fails)
     */
    public void add(@Nullable Object value) {
      if (size == Array.getLength(array)) {
        Object grown = Array.newInstance(component, size * 2);
        System.arraycopy(array, 0, grown, 0, size);
        array = grown;
      }
      Array.set(array, size++, value);
    }

    /**
     * The array of the elements added.
     *
     * @return a new array of exactly {@link #size()} elements
     */
    public Object build() {
      Object result = Array.newInstance(component, size);
      System.arraycopy(array, 0, result, 0, size);
      return result;
    }
  }

  /**
   * {@code OptionalInt}, {@code OptionalLong} and {@code OptionalDouble}: the boxed type a codec
   * reads the value as, and how the value and JSON {@code null} read.
   */
  public enum PrimitiveOptional {
    /** {@code OptionalInt}. */
    INT(OptionalInt.class, Integer.class, OptionalInt.empty()),
    /** {@code OptionalLong}. */
    LONG(OptionalLong.class, Long.class, OptionalLong.empty()),
    /** {@code OptionalDouble}. */
    DOUBLE(OptionalDouble.class, Double.class, OptionalDouble.empty());

    private final Class<?> type;
    private final Class<?> boxed;
    private final Object empty;

    PrimitiveOptional(Class<?> type, Class<?> boxed, Object empty) {
      this.type = type;
      this.boxed = boxed;
      this.empty = empty;
    }

    /**
     * The optional's class.
     *
     * @return {@code OptionalInt.class}, {@code OptionalLong.class} or {@code OptionalDouble.class}
     */
    public Class<?> type() {
      return type;
    }

    /**
     * The class the value is read as.
     *
     * @return {@code Integer.class}, {@code Long.class} or {@code Double.class}
     */
    public Class<?> boxed() {
      return boxed;
    }

    /**
     * The empty optional, what JSON {@code null} reads as.
     *
     * @return the empty optional
     */
    public Object empty() {
      return empty;
    }

    /**
     * The optional holding {@code value}, or the empty one for null.
     *
     * @param value the value read as {@link #boxed()}
     * @return the optional
     */
    public Object of(@Nullable Object value) {
      if (value == null) {
        return empty;
      }
      return this == INT
          ? OptionalInt.of((Integer) value)
          : this == LONG ? OptionalLong.of((Long) value) : OptionalDouble.of((Double) value);
    }
  }

  /**
   * Whether two of {@code type}'s properties have names that differ only in case (a record's
   * components, a class's instance fields and setters): such a type matches names exactly, since a
   * name in another case could be either.
   *
   * @param type the type read
   * @return whether two of its names differ only in case
   */
  public static boolean hasNamesDifferingOnlyInCase(Class<?> type) {
    if (type.isPrimitive() || type.isArray() || type.getName().startsWith("java.")) {
      return false;
    }
    try {
      return namesDifferOnlyInCase(type);
    } catch (LinkageError | SecurityException e) {
      return false; // a member names a class that is missing: the library reports it, if it must
    }
  }

  private static boolean namesDifferOnlyInCase(Class<?> type) {
    Set<String> names = new HashSet<>();
    Set<String> folded = new HashSet<>();
    if (type.isRecord()) {
      for (RecordComponent c : type.getRecordComponents()) {
        names.add(c.getName());
      }
    } else {
      for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
        for (Field f : c.getDeclaredFields()) {
          if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
            names.add(f.getName());
          }
        }
        for (Method m : c.getDeclaredMethods()) {
          String name = m.getName();
          if (name.length() > 3
              && name.startsWith("set")
              && m.getParameterCount() == 1
              && !Modifier.isStatic(m.getModifiers())) {
            names.add(Character.toLowerCase(name.charAt(3)) + name.substring(4));
          }
        }
      }
    }
    for (String name : names) {
      if (!folded.add(name.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }
}

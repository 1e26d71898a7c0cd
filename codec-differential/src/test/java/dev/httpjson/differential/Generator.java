package dev.httpjson.differential;

import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Random;
import java.util.UUID;

/**
 * Documents and values for a target type, driven by the type itself (record components, lists,
 * maps, optionals), from one seeded {@link Random}: the same seed gives the same run.
 */
final class Generator {
  private final Literals literals;
  private final Random random;

  /** How the target's options spell a component's name (its naming policy). */
  private java.util.function.UnaryOperator<String> naming = name -> name;

  Generator(long seed) {
    this.random = new Random(seed);
    this.literals = new Literals(random);
  }

  Literals literals() {
    return literals;
  }

  /** Spell component names as {@code naming} does, for the documents generated from now on. */
  void naming(java.util.function.UnaryOperator<String> naming) {
    this.naming = naming;
  }

  // ---- documents ----

  /** A document for {@code type}: mostly the right shape, with the literals' edges and mistakes. */
  Node document(Type type, boolean invalid) {
    return document(type, invalid, 0);
  }

  /** A document for a stream target: elements of {@code type} in an array or one per line. */
  Node stream(Type type, Target.Stream format, boolean invalid) {
    List<Node> elements = new ArrayList<>();
    int n = random.nextInt(5);
    for (int i = 0; i < n; i++) {
      elements.add(document(type, invalid, 1));
    }
    return format == Target.Stream.ARRAY ? new Node.Array(elements) : new Node.Lines(elements);
  }

  private Node document(Type type, boolean invalid, int depth) {
    if (depth > 0 && literals.chance(0.03)) {
      return anyTree(depth + 1, invalid);
    }
    Class<?> raw = raw(type);
    if (invalid && literals.chance(0.05)) {
      return mismatch(type, depth);
    }
    if (raw == Shapes.Chain.class) {
      return chain(depth);
    }
    if (raw == byte[].class && literals.chance(0.7)) {
      return new Node.Literal(literals.pick(Literals.BASE64));
    }
    if (raw.isRecord()) {
      List<Node.Member> members = new ArrayList<>();
      for (RecordComponent component : raw.getRecordComponents()) {
        if (literals.chance(0.9)) {
          Node value = document(component.getGenericType(), invalid, depth + 1);
          members.add(new Node.Member(spell(component.getName()), value));
        }
      }
      if (literals.chance(0.15)) {
        int at = random.nextInt(members.size() + 1);
        members.add(at, new Node.Member(literals.name(), anyTree(depth + 1, invalid)));
      }
      if (literals.chance(0.1)) {
        Collections.shuffle(members, random);
      }
      return new Node.Obj(members);
    }
    if (raw == List.class || raw == java.util.Set.class || raw.isArray()) {
      Type element = raw.isArray() ? raw.getComponentType() : argument(type, 0);
      List<Node> elements = new ArrayList<>();
      int n = random.nextInt(5);
      for (int i = 0; i < n; i++) {
        elements.add(document(element, invalid, depth + 1));
      }
      return new Node.Array(elements);
    }
    if (raw == Map.class) {
      List<Node.Member> members = new ArrayList<>();
      int n = random.nextInt(4);
      for (int i = 0; i < n; i++) {
        String key = key(argument(type, 0));
        members.add(new Node.Member(key, document(argument(type, 1), invalid, depth + 1)));
        if (literals.chance(0.1)) {
          // The same key again, or in another case.
          String again = literals.chance(0.5) ? key : swapCase(key);
          members.add(new Node.Member(again, document(argument(type, 1), invalid, depth + 1)));
        }
      }
      return new Node.Obj(members);
    }
    if (raw == Optional.class) {
      return document(argument(type, 0), invalid, depth);
    }
    if (raw == OptionalInt.class) {
      return new Node.Literal(literals.literal(Kind.INT, invalid));
    }
    if (raw == OptionalLong.class) {
      return new Node.Literal(literals.literal(Kind.LONG, invalid));
    }
    if (raw == OptionalDouble.class) {
      return new Node.Literal(literals.literal(Kind.DOUBLE, invalid));
    }
    if (raw == Object.class) {
      return anyTree(depth, invalid);
    }
    return new Node.Literal(literals.literal(kind(raw), invalid));
  }

  /**
   * A chain of records as deep as the nesting limit, give or take: a few levels, or around the
   * default limit of 500 (the document's own depth counted from {@code depth}).
   */
  private Node chain(int depth) {
    int levels =
        literals.chance(0.2)
            ? dev.httpjson.JsonOptions.DEFAULT_MAX_NESTING_DEPTH - 3 - depth + random.nextInt(6)
            : random.nextInt(10);
    Node node =
        literals.pick(
            List.of(new Node.Literal("null"), new Node.Obj(List.of()), anyTree(4, false)));
    for (int i = 0; i < Math.max(0, levels); i++) {
      node = new Node.Obj(List.of(new Node.Member(spell("next"), node)));
    }
    return node;
  }

  /**
   * A value of the wrong shape for {@code type}: an array or a scalar for a record, {@code [{}]}
   * for a map, an object for a list, a container for a scalar.
   */
  private Node mismatch(Type type, int depth) {
    Class<?> raw = raw(type);
    Node emptyObject = new Node.Obj(List.of());
    Node emptyArray = new Node.Array(List.of());
    Node one = new Node.Literal("1");
    if (raw.isRecord() || raw == Map.class) {
      return literals.pick(
          List.of(
              new Node.Array(List.of(emptyObject)),
              emptyArray,
              new Node.Array(List.of(document(type, false, depth + 1))),
              one,
              new Node.Literal("\"\"")));
    }
    if (raw == List.class || raw.isArray()) {
      return literals.pick(
          List.of(
              emptyObject, one, new Node.Literal("\"[]\""), new Node.Array(List.of(emptyArray))));
    }
    return literals.pick(
        List.of(
            emptyObject,
            emptyArray,
            new Node.Array(List.of(one)),
            new Node.Obj(List.of(new Node.Member("\"v\"", one)))));
  }

  /** A map key as a document spells it, for the map's key type. */
  private String key(Type keyType) {
    Class<?> raw = raw(keyType);
    if (raw == Integer.class || raw == Long.class) {
      if (literals.chance(0.4)) {
        return literals.pick(Literals.NUMERIC_KEYS);
      }
      return "\"" + literals.integral() + "\"";
    }
    if (raw == Shapes.Color.class) {
      return literals.pick(Literals.COLORS.stream().filter(c -> c.startsWith("\"")).toList());
    }
    if (raw == UUID.class || raw == Character.class || raw == LocalDate.class) {
      List<String> strings =
          (raw == UUID.class
                  ? Literals.UUIDS
                  : raw == Character.class ? Literals.CHARS : Literals.LOCAL_DATES)
              .stream().filter(c -> c.startsWith("\"")).toList();
      return literals.pick(strings);
    }
    if (raw == Double.class || raw == BigDecimal.class) {
      return literals.chance(0.5)
          ? literals.pick(Literals.NUMERIC_KEYS)
          : "\"" + literals.pick(Literals.FRACTIONAL_EDGES) + "\"";
    }
    if (raw == Short.class) {
      return literals.chance(0.5)
          ? literals.pick(Literals.NUMERIC_KEYS)
          : "\"" + literals.pick(Literals.INTEGRAL_EDGES) + "\"";
    }
    if (raw == Boolean.class) {
      return literals.pick(Literals.BOOLEAN_KEYS);
    }
    if (raw == Instant.class) {
      return literals.chance(0.5)
          ? literals.pick(Literals.INSTANT_KEYS)
          : Literals.quote(literals.instant().toString());
    }
    return literals.chance(0.1)
        ? literals.pick(List.of("\"ab\"", "\"aB\"", "\"AB\""))
        : literals.name();
  }

  private static String swapCase(String name) {
    StringBuilder out = new StringBuilder();
    for (char c : name.toCharArray()) {
      out.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
    }
    return out.toString();
  }

  /** A component's name as a document spells it: as declared, in another case, or escaped. */
  private String spell(String name) {
    name = naming.apply(name);
    if (literals.chance(0.05)) {
      return "\"" + name.toUpperCase(Locale.ROOT) + "\"";
    }
    if (literals.chance(0.03)) {
      return "\"\\u"
          + String.format(Locale.ROOT, "%04x", (int) name.charAt(0))
          + name.substring(1)
          + "\"";
    }
    return "\"" + name + "\"";
  }

  /** Any JSON value: what an untyped target reads. */
  Node anyTree(int depth, boolean invalid) {
    int pick = depth > 3 ? 0 : random.nextInt(5);
    switch (pick) {
      case 3 -> {
        List<Node> elements = new ArrayList<>();
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
          elements.add(anyTree(depth + 1, invalid));
        }
        return new Node.Array(elements);
      }
      case 4 -> {
        List<Node.Member> members = new ArrayList<>();
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
          members.add(new Node.Member(literals.name(), anyTree(depth + 1, invalid)));
        }
        return new Node.Obj(members);
      }
      default -> {
        return new Node.Literal(literals.literal(Kind.ANY, invalid));
      }
    }
  }

  // ---- values ----

  /**
   * A value of {@code type} to write: edges, escapes, surrogates, nulls where the type allows them.
   * {@code plain} gives the simplest value, which the shrinker puts in place of a component.
   */
  Object value(Type type, boolean plain) {
    Class<?> raw = raw(type);
    if (raw == Shapes.Chain.class) {
      Shapes.Chain chain = null;
      for (int i = plain ? 0 : random.nextInt(6); i >= 0; i--) {
        chain = new Shapes.Chain(chain);
      }
      return chain;
    }
    if (raw.isRecord()) {
      RecordComponent[] components = raw.getRecordComponents();
      Object[] args = new Object[components.length];
      Class<?>[] types = new Class<?>[components.length];
      for (int i = 0; i < components.length; i++) {
        types[i] = components[i].getType();
        args[i] = value(components[i].getGenericType(), plain);
        if (args[i] == null && types[i].isPrimitive()) {
          throw new AssertionError("null for " + components[i]);
        }
      }
      if (raw == Shapes.Checked.class) {
        args[0] = Math.max(0, (Integer) args[0]); // what its constructor takes
      }
      return construct(raw, types, args);
    }
    boolean nullable =
        !raw.isPrimitive()
            && raw != Optional.class
            && raw != OptionalInt.class
            && raw != OptionalLong.class
            && raw != OptionalDouble.class;
    if (nullable && !plain && literals.chance(0.05)) {
      return null;
    }
    if (raw == java.util.Set.class) {
      java.util.Set<Object> set = new java.util.LinkedHashSet<>();
      int n = plain ? 0 : random.nextInt(5);
      for (int i = 0; i < n; i++) {
        set.add(value(argument(type, 0), false));
      }
      return set;
    }
    if (raw == List.class) {
      List<Object> list = new ArrayList<>();
      int n = plain ? 0 : random.nextInt(5);
      for (int i = 0; i < n; i++) {
        list.add(value(argument(type, 0), false));
      }
      return list;
    }
    if (raw.isArray()) {
      int n = plain ? 0 : random.nextInt(5);
      Object array = java.lang.reflect.Array.newInstance(raw.getComponentType(), n);
      for (int i = 0; i < n; i++) {
        java.lang.reflect.Array.set(array, i, value(raw.getComponentType(), false));
      }
      return array;
    }
    if (raw == Map.class) {
      Map<Object, Object> map = new LinkedHashMap<>();
      int n = plain ? 0 : random.nextInt(4);
      for (int i = 0; i < n; i++) {
        map.put(keyValue(argument(type, 0)), value(argument(type, 1), false));
      }
      return map;
    }
    if (raw == OptionalInt.class) {
      return plain || literals.chance(0.3)
          ? OptionalInt.empty()
          : OptionalInt.of((Integer) scalar(Kind.INT, int.class));
    }
    if (raw == OptionalLong.class) {
      return plain || literals.chance(0.3)
          ? OptionalLong.empty()
          : OptionalLong.of((Long) scalar(Kind.LONG, long.class));
    }
    if (raw == OptionalDouble.class) {
      return plain || literals.chance(0.3)
          ? OptionalDouble.empty()
          : OptionalDouble.of(doubleValue());
    }
    if (raw == Optional.class) {
      if (plain || literals.chance(0.3)) {
        return Optional.empty();
      }
      Object inner;
      do {
        inner = value(argument(type, 0), false);
      } while (inner == null);
      return Optional.of(inner);
    }
    return plain ? plainScalar(kind(raw), raw) : scalar(kind(raw), raw);
  }

  private Object keyValue(Type keyType) {
    Class<?> raw = raw(keyType);
    if (raw == Integer.class) {
      return literals.chance(0.3) ? literals.pick(INT_EDGES) : random.nextInt();
    }
    if (raw == Long.class) {
      return literals.chance(0.3) ? literals.pick(LONG_EDGES) : random.nextLong();
    }
    if (raw == Shapes.Color.class) {
      return literals.pick(List.of(Shapes.Color.values()));
    }
    if (raw == Double.class) {
      return literals.chance(0.1) ? literals.pick(NON_FINITE) : doubleValue();
    }
    if (raw == UUID.class) {
      return literals.uuid();
    }
    if (raw == Character.class) {
      return scalar(Kind.CHAR, char.class);
    }
    if (raw == LocalDate.class) {
      return literals.localDate();
    }
    if (raw == Boolean.class) {
      return random.nextBoolean();
    }
    if (raw == Short.class) {
      return (short) (literals.chance(0.3) ? literals.pick(INT_EDGES) : random.nextInt());
    }
    if (raw == BigDecimal.class) {
      return scalar(Kind.BIG_DECIMAL, BigDecimal.class);
    }
    if (raw == Instant.class) {
      return literals.instant();
    }
    return literals.chance(0.1) ? literals.pick(List.of("ab", "aB", "AB")) : string();
  }

  static Object construct(Class<?> record, Class<?>[] types, Object[] args) {
    try {
      Constructor<?> constructor = record.getDeclaredConstructor(types);
      return constructor.newInstance(args);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private Object plainScalar(Kind kind, Class<?> raw) {
    return switch (kind) {
      case INT -> 0;
      case LONG -> 0L;
      case SHORT -> (short) 0;
      case BYTE -> (byte) 0;
      case DOUBLE -> 0.5d;
      case FLOAT -> 0.5f;
      case BOOLEAN -> false;
      case CHAR -> 'a';
      case BIG_DECIMAL -> BigDecimal.ONE;
      case BIG_INTEGER -> BigInteger.ONE;
      case STRING -> "a";
      case COLOR -> Shapes.Color.RED;
      case LOCAL_DATE -> LocalDate.of(2000, 1, 1);
      case INSTANT -> Instant.EPOCH;
      case OFFSET_DATE_TIME -> OffsetDateTime.parse("2000-01-01T00:00:00Z");
      case UUID -> new UUID(0, 1);
      case URI -> java.net.URI.create("a");
      case LOCAL_DATE_TIME -> java.time.LocalDateTime.of(2000, 1, 1, 0, 0);
      case LOCAL_TIME -> java.time.LocalTime.NOON;
      case DURATION -> java.time.Duration.ofSeconds(1);
      case ZONED_DATE_TIME -> java.time.ZonedDateTime.parse("2000-01-01T00:00:00Z");
      case YEAR_MONTH -> java.time.YearMonth.of(2000, 1);
      case ANY -> throw new IllegalArgumentException("no value for " + raw);
    };
  }

  private Object scalar(Kind kind, Class<?> raw) {
    return switch (kind) {
      case INT -> literals.chance(0.3) ? literals.pick(INT_EDGES) : random.nextInt();
      case LONG -> literals.chance(0.3) ? literals.pick(LONG_EDGES) : random.nextLong();
      case SHORT -> (short) (literals.chance(0.3) ? literals.pick(INT_EDGES) : random.nextInt());
      case BYTE -> (byte) (literals.chance(0.3) ? literals.pick(INT_EDGES) : random.nextInt());
      case DOUBLE -> doubleValue();
      case FLOAT -> floatValue();
      case BOOLEAN -> random.nextBoolean();
      case CHAR ->
          literals.chance(0.5)
              ? literals.pick(
                  List.of('a', '"', '\\', '\u0000', '\u001f', 'é', '\uD800', '\uDFFF', '\uFEFF'))
              : (char) random.nextInt(0x10000);
      case BIG_DECIMAL ->
          new BigDecimal(
                  new BigInteger(random.nextInt(160), random).negate(), random.nextInt(50) - 10)
              .multiply(BigDecimal.valueOf(random.nextBoolean() ? 1 : -1));
      case BIG_INTEGER -> {
        BigInteger big = new BigInteger(random.nextInt(300), random);
        yield random.nextBoolean() ? big : big.negate();
      }
      case STRING -> string();
      case COLOR -> literals.pick(List.of(Shapes.Color.values()));
      case LOCAL_DATE -> literals.localDate();
      case INSTANT -> literals.instant();
      case OFFSET_DATE_TIME -> literals.offsetDateTime();
      case UUID -> literals.uuid();
      case URI -> literals.uri();
      case LOCAL_DATE_TIME -> literals.localDateTime();
      case LOCAL_TIME -> literals.localTime();
      case DURATION -> literals.duration();
      case ZONED_DATE_TIME -> literals.zonedDateTime();
      case YEAR_MONTH -> literals.yearMonth();
      case ANY -> throw new IllegalArgumentException("no value for " + raw);
    };
  }

  static final List<Integer> INT_EDGES =
      List.of(0, -1, 1, 127, -128, 255, 32767, -32768, Integer.MAX_VALUE, Integer.MIN_VALUE);

  static final List<Long> LONG_EDGES =
      List.of(
          0L,
          Long.MAX_VALUE,
          Long.MIN_VALUE,
          Long.MAX_VALUE - 1,
          Long.MIN_VALUE + 1,
          9007199254740993L,
          (long) Integer.MAX_VALUE + 1);

  static final List<Double> DOUBLE_EDGES =
      List.of(
          0.0,
          -0.0,
          Double.MIN_VALUE,
          -Double.MIN_VALUE,
          Double.MAX_VALUE,
          -Double.MAX_VALUE,
          Double.MIN_NORMAL,
          1e-70,
          1e23,
          9.999999999999999e22,
          0.1,
          1e16,
          1000000000000000.5,
          5713993.375809611,
          9007199254740993.0,
          1.0,
          100.0,
          1e7,
          1e-3,
          1e21,
          1e22);

  static final List<Float> FLOAT_EDGES =
      List.of(
          0.0f,
          -0.0f,
          Float.MIN_VALUE,
          Float.MAX_VALUE,
          -Float.MAX_VALUE,
          Float.MIN_NORMAL,
          0.1f,
          1e-10f,
          16777217f,
          3.4e38f,
          1e7f,
          1e-3f);

  /** Not finite: what no codec may write. */
  static final List<Double> NON_FINITE =
      List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);

  private double doubleValue() {
    if (literals.chance(0.02)) {
      return literals.pick(NON_FINITE);
    }
    switch (random.nextInt(4)) {
      case 0:
        return literals.pick(DOUBLE_EDGES);
      case 1:
        return random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
      default:
        double d;
        do {
          d = Double.longBitsToDouble(random.nextLong());
        } while (!Double.isFinite(d));
        return d;
    }
  }

  private float floatValue() {
    if (literals.chance(0.02)) {
      return literals.pick(NON_FINITE).floatValue();
    }
    if (random.nextInt(3) == 0) {
      return literals.pick(FLOAT_EDGES);
    }
    float f;
    do {
      f = Float.intBitsToFloat(random.nextInt());
    } while (!Float.isFinite(f));
    return f;
  }

  /** A Java string with what JSON must escape, non-BMP characters and lone surrogates. */
  String string() {
    StringBuilder out = new StringBuilder();
    int pieces = random.nextInt(6);
    for (int i = 0; i < pieces; i++) {
      switch (random.nextInt(8)) {
        case 0 -> out.append((char) random.nextInt(0x20));
        case 1 -> out.append(literals.pick(List.of("\"", "\\", "/", "\u007f", "\u2028", "\uFEFF")));
        case 2 ->
            out.append(literals.pick(List.of("é", "中", "\uD83D\uDE00", "\uDBFF\uDFFF", "\uFFFF")));
        case 3 -> out.append(literals.pick(List.of("\uD800", "\uDFFF", "\uDC00x", "\uDE00\uD83D")));
        case 4 -> out.append((char) random.nextInt(0x10000));
        default -> {
          int n = 1 + random.nextInt(6);
          for (int j = 0; j < n; j++) {
            out.append((char) (0x20 + random.nextInt(0x5f)));
          }
        }
      }
    }
    return out.toString();
  }

  // ---- types ----

  static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    throw new IllegalArgumentException("unsupported type " + type);
  }

  private static Type argument(Type type, int index) {
    if (type instanceof ParameterizedType p) {
      return p.getActualTypeArguments()[index];
    }
    return Object.class;
  }

  static Kind kind(Class<?> raw) {
    if (raw == int.class || raw == Integer.class) {
      return Kind.INT;
    } else if (raw == long.class || raw == Long.class) {
      return Kind.LONG;
    } else if (raw == short.class || raw == Short.class) {
      return Kind.SHORT;
    } else if (raw == byte.class || raw == Byte.class) {
      return Kind.BYTE;
    } else if (raw == double.class || raw == Double.class) {
      return Kind.DOUBLE;
    } else if (raw == float.class || raw == Float.class) {
      return Kind.FLOAT;
    } else if (raw == boolean.class || raw == Boolean.class) {
      return Kind.BOOLEAN;
    } else if (raw == char.class || raw == Character.class) {
      return Kind.CHAR;
    } else if (raw == BigDecimal.class) {
      return Kind.BIG_DECIMAL;
    } else if (raw == BigInteger.class) {
      return Kind.BIG_INTEGER;
    } else if (raw == String.class) {
      return Kind.STRING;
    } else if (raw == Shapes.Color.class) {
      return Kind.COLOR;
    } else if (raw == LocalDate.class) {
      return Kind.LOCAL_DATE;
    } else if (raw == Instant.class) {
      return Kind.INSTANT;
    } else if (raw == OffsetDateTime.class) {
      return Kind.OFFSET_DATE_TIME;
    } else if (raw == UUID.class) {
      return Kind.UUID;
    } else if (raw == java.net.URI.class) {
      return Kind.URI;
    } else if (raw == java.time.LocalDateTime.class) {
      return Kind.LOCAL_DATE_TIME;
    } else if (raw == java.time.LocalTime.class) {
      return Kind.LOCAL_TIME;
    } else if (raw == java.time.Duration.class) {
      return Kind.DURATION;
    } else if (raw == java.time.ZonedDateTime.class) {
      return Kind.ZONED_DATE_TIME;
    } else if (raw == java.time.YearMonth.class) {
      return Kind.YEAR_MONTH;
    } else if (raw == Object.class) {
      return Kind.ANY;
    }
    throw new IllegalArgumentException("no kind for " + raw);
  }
}

package dev.httpjson.avaje;

import dev.httpjson.codec.support.internal.IsoDateTimes;
import dev.httpjson.codec.support.internal.ReadProblems;
import dev.httpjson.codec.support.internal.ScalarKind;
import dev.httpjson.codec.support.internal.ScalarRules;
import io.avaje.json.JsonAdapter;
import io.avaje.json.JsonDataException;
import io.avaje.json.JsonReader;
import io.avaje.json.JsonWriter;
import io.avaje.jsonb.AdapterFactory;
import io.avaje.jsonb.Jsonb;
import io.avaje.jsonb.Types;
import java.io.Serializable;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The adapters httpjson's own Jsonb uses in place of avaje's, so that values read and write as with
 * the other codecs: {@code java.time} in ISO-8601 as Jackson writes it (an offset date-time keeps
 * its offset and fraction as given, seconds always written; an instant read from any offset and
 * written in UTC), and untyped values ({@code Object}) with integers as {@code Integer}, {@code
 * Long} or {@code BigInteger} and other numbers as {@code Double}; {@code Serializable} is read as
 * {@code Object}.
 */
final class WebAdapters {
  private WebAdapters() {}

  @SuppressWarnings("unchecked")
  static final AdapterFactory FACTORY =
      (Type type, Jsonb jsonb) -> {
        // Serializable as well: the base type of most historical deserialization gadgets, read
        // here as plain JSON values (maps, lists, strings, numbers, booleans), all Serializable.
        if (type == Object.class || type == Serializable.class) {
          return new Untyped(jsonb).nullSafe();
        }
        if (type == float.class) {
          return WebAdapters.FLOAT;
        }
        if (type == Number.class) {
          return WebAdapters.NUMBER.nullSafe();
        }
        // avaje hands an array type over as a GenericArrayType.
        if (type == byte[].class
            || (type instanceof java.lang.reflect.GenericArrayType
                && ((java.lang.reflect.GenericArrayType) type).getGenericComponentType()
                    == byte.class)) {
          return WebAdapters.BYTES.nullSafe();
        }
        if (type == byte.class) {
          return WebAdapters.BYTE;
        }
        if (type == short.class) {
          return WebAdapters.SHORT;
        }
        if (type == Short.class) {
          return WebAdapters.SHORT.nullSafe();
        }
        if (type == char.class) {
          return WebAdapters.CHAR;
        }
        if (type == Character.class) {
          return WebAdapters.CHAR.nullSafe();
        }
        if (type == Byte.class) {
          return WebAdapters.BYTE.nullSafe();
        }
        if (type == Float.class) {
          return WebAdapters.FLOAT.nullSafe();
        }
        if (type == OffsetDateTime.class) {
          return iso(
              OffsetDateTime.class,
              IsoDateTimes::offsetDateTime,
              DateTimeFormatter.ISO_OFFSET_DATE_TIME::format);
        }
        if (type == ZonedDateTime.class) {
          return iso(
              ZonedDateTime.class,
              ZonedDateTime::parse,
              DateTimeFormatter.ISO_OFFSET_DATE_TIME::format);
        }
        if (type == Instant.class) {
          return iso(Instant.class, IsoDateTimes::instant, Instant::toString);
        }
        if (type == LocalDateTime.class) {
          return iso(
              LocalDateTime.class,
              LocalDateTime::parse,
              DateTimeFormatter.ISO_LOCAL_DATE_TIME::format);
        }
        if (type == LocalTime.class) {
          return iso(LocalTime.class, LocalTime::parse, DateTimeFormatter.ISO_LOCAL_TIME::format);
        }
        if (type == OffsetTime.class) {
          // As Jackson writes it: without zero seconds ("01:00Z").
          return iso(OffsetTime.class, OffsetTime::parse, OffsetTime::toString);
        }
        if (type == java.time.Year.class) {
          // Its ISO-8601 text, as Jackson 2 writes it: avaje wrote a number, which no Jackson
          // codec reads.
          return iso(java.time.Year.class, java.time.Year::parse, java.time.Year::toString);
        }
        if (type == java.time.YearMonth.class) {
          // A year past 9999 signed, as YearMonth.parse reads it: toString leaves the sign out.
          return iso(
              java.time.YearMonth.class,
              java.time.YearMonth::parse,
              IsoDateTimes.YEAR_MONTH::format);
        }
        if (type == LocalDate.class) {
          return iso(LocalDate.class, LocalDate::parse, LocalDate::toString);
        }
        if (type == UUID.class) {
          return iso(UUID.class, WebAdapters::uuid, UUID::toString);
        }
        if (type == java.util.Locale.class) {
          return iso(java.util.Locale.class, WebAdapters::locale, ScalarRules::localeText);
        }
        if (type instanceof ParameterizedType && isMapByScalar((ParameterizedType) type)) {
          Type[] args = ((ParameterizedType) type).getActualTypeArguments();
          return new ScalarKeyedMap<>(
                  (Class<?>) args[0],
                  jsonb.adapter(Types.mapOf(args[1])),
                  isSorted((ParameterizedType) type))
              .nullSafe();
        }
        if (type instanceof ParameterizedType && isMapByEnum((ParameterizedType) type)) {
          Type[] args = ((ParameterizedType) type).getActualTypeArguments();
          return new EnumKeyedMap<>(
                  (Class<? extends Enum<?>>) args[0],
                  jsonb,
                  jsonb.adapter(args[1]),
                  isSorted((ParameterizedType) type))
              .nullSafe();
        }
        if (type instanceof ParameterizedType
            && WebAdapters.COLLECTIONS.contains(((ParameterizedType) type).getRawType())) {
          ParameterizedType p = (ParameterizedType) type;
          return new OtherCollection(
                  jsonb.adapter(Types.listOf(p.getActualTypeArguments()[0])), p.getRawType())
              .nullSafe();
        }
        if (type == OptionalInt.class) {
          return new OptionalInts(jsonb.adapter(int.class));
        }
        if (type == OptionalLong.class) {
          return new OptionalLongs(jsonb.adapter(long.class));
        }
        if (type == OptionalDouble.class) {
          return new OptionalDoubles(jsonb.adapter(double.class));
        }
        if (type == Optional.class) {
          return new Optionals(jsonb.adapter(Object.class)); // a raw Optional: its value untyped
        }
        if (type instanceof ParameterizedType
            && ((ParameterizedType) type).getRawType() == Optional.class) {
          return new Optionals(
              jsonb.adapter(((ParameterizedType) type).getActualTypeArguments()[0]));
        }
        return null;
      };

  /** A byte in its signed range: avaje's takes 128 to 255 as well (as -128 to -1). */
  private static final JsonAdapter<Byte> BYTE =
      new JsonAdapter<Byte>() {
        @Override
        public void toJson(JsonWriter writer, Byte value) {
          writer.value((long) value);
        }

        @Override
        public Byte fromJson(JsonReader reader) {
          if (reader instanceof WebReader) {
            return ((WebReader) reader).readByte();
          }
          int i = reader.readInt();
          if (i < Byte.MIN_VALUE || i > Byte.MAX_VALUE) {
            throw new JsonDataException(
                ReadProblems.rangeProblem("byte", String.valueOf(i), false));
          }
          return (byte) i;
        }
      };

  private static final JsonAdapter<Short> SHORT =
      new JsonAdapter<Short>() {
        @Override
        public void toJson(JsonWriter writer, Short value) {
          writer.value((long) value);
        }

        @Override
        public Short fromJson(JsonReader reader) {
          if (reader instanceof WebReader) {
            return ((WebReader) reader).readShort();
          }
          int i = reader.readInt();
          if (i < Short.MIN_VALUE || i > Short.MAX_VALUE) {
            throw new JsonDataException(
                ReadProblems.rangeProblem("short", String.valueOf(i), false));
          }
          return (short) i;
        }
      };

  /** Collection types avaje has no adapter for: {@link #collect} makes one of a list's elements. */
  private static final java.util.Set<Type> COLLECTIONS =
      java.util.Set.of(
          java.util.Queue.class,
          java.util.Deque.class,
          java.util.ArrayDeque.class,
          java.util.LinkedList.class,
          java.util.SortedSet.class,
          java.util.NavigableSet.class,
          java.util.TreeSet.class);

  /** The collection of {@code kind}, one of {@link #COLLECTIONS}, holding {@code elements}. */
  private static Collection<Object> collect(Type kind, List<Object> elements) {
    if (kind == java.util.ArrayDeque.class) {
      return new java.util.ArrayDeque<>(elements);
    }
    if (kind == java.util.SortedSet.class
        || kind == java.util.NavigableSet.class
        || kind == java.util.TreeSet.class) {
      return new java.util.TreeSet<>(elements);
    }
    return new java.util.LinkedList<>(elements);
  }

  /**
   * A {@code Queue}, {@code Deque}, {@code LinkedList} or sorted set, as the other codecs read it:
   * the elements read as a list's are, then held in the collection of that kind (a {@code
   * LinkedList} for a {@code Queue} or a {@code Deque}, which holds a null element, as with the
   * Jackson codecs; an {@code ArrayDeque} or a sorted set does not, and a null element fails).
   */
  private static final class OtherCollection implements JsonAdapter<Collection<Object>> {
    private final JsonAdapter<List<Object>> list;
    private final Type kind;

    @SuppressWarnings("unchecked")
    OtherCollection(JsonAdapter<?> list, Type kind) {
      this.list = (JsonAdapter<List<Object>>) list;
      this.kind = kind;
    }

    @Override
    public Collection<Object> fromJson(JsonReader reader) {
      List<Object> elements = list.fromJson(reader);
      try {
        return collect(kind, elements);
      } catch (NullPointerException | ClassCastException e) {
        throw new JsonDataException("Cannot hold the elements read: " + e.getMessage());
      }
    }

    @Override
    public void toJson(JsonWriter writer, Collection<Object> value) {
      list.toJson(writer, new ArrayList<>(value));
    }
  }

  /** The key types {@link ScalarRules#parseKey} reads, and {@code Boolean}. */
  private static final java.util.Set<Class<?>> SCALAR_KEYS = scalarKeys();

  private static java.util.Set<Class<?>> scalarKeys() {
    java.util.Set<Class<?>> keys = new java.util.HashSet<>(ScalarRules.KEY_TYPES);
    keys.add(Boolean.class);
    return java.util.Set.copyOf(keys);
  }

  /** The date and time key types: {@link #dateKey(Class, String)} reads their ISO-8601 text. */
  private static final java.util.Set<Class<?>> DATE_KEYS =
      java.util.Set.of(
          Instant.class,
          OffsetDateTime.class,
          ZonedDateTime.class,
          LocalDateTime.class,
          LocalDate.class,
          LocalTime.class,
          OffsetTime.class);

  /** A date or time key of {@code type}, one of {@link #DATE_KEYS}, read as a value of it is. */
  private static Object dateKey(Class<?> type, String key) {
    if (type == Instant.class) {
      return IsoDateTimes.instant(key);
    }
    if (type == OffsetDateTime.class) {
      return IsoDateTimes.offsetDateTime(key);
    }
    if (type == ZonedDateTime.class) {
      return ZonedDateTime.parse(key);
    }
    if (type == LocalDateTime.class) {
      return LocalDateTime.parse(key);
    }
    if (type == LocalDate.class) {
      return LocalDate.parse(key);
    }
    return type == LocalTime.class ? LocalTime.parse(key) : OffsetTime.parse(key);
  }

  /**
   * The text of a date or time key, as the Jackson codecs write it: its {@code toString()} (the
   * fraction in groups of three digits, seconds left out when zero), a {@code ZonedDateTime} as its
   * value is written (offset, no zone id).
   */
  private static String dateKey(Object key) {
    if (key instanceof ZonedDateTime) {
      return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format((ZonedDateTime) key);
    }
    return key.toString();
  }

  /**
   * {@code Map<K, V>}, {@code HashMap} or {@code LinkedHashMap} with a number, UUID, char or date
   * key; {@code SortedMap}, {@code NavigableMap} or {@code TreeMap} with one of those or a {@code
   * String} key.
   */
  private static boolean isMapByScalar(ParameterizedType type) {
    Type raw = type.getRawType();
    Type key = type.getActualTypeArguments()[0];
    boolean keyed = SCALAR_KEYS.contains(key) || DATE_KEYS.contains(key);
    if (raw == Map.class || raw == LinkedHashMap.class || raw == java.util.HashMap.class) {
      return keyed;
    }
    return (raw == java.util.SortedMap.class
            || raw == java.util.NavigableMap.class
            || raw == java.util.TreeMap.class)
        && (key == String.class || keyed);
  }

  /**
   * A map keyed by a number, a {@code UUID} or a {@code char}, or a sorted map (avaje reads maps
   * with {@code String} keys only, into a {@code LinkedHashMap}): read as avaje reads a map of
   * {@code String} keys, then each key by the rules every codec reads a key by ({@link
   * ScalarRules#parseKey}: {@code "01"}, {@code " 1"} and {@code "١"} are refused, not merged with
   * {@code "1"}); written with each key's own text, a {@code NaN} or an infinity refused.
   */
  private static final class ScalarKeyedMap<K> implements JsonAdapter<Map<K, Object>> {
    private final Class<?> keyType;
    private final JsonAdapter<Map<String, Object>> byString;
    private final boolean sorted;

    @SuppressWarnings("unchecked")
    ScalarKeyedMap(Class<?> keyType, JsonAdapter<?> byString, boolean sorted) {
      this.keyType = keyType;
      this.byString = (JsonAdapter<Map<String, Object>>) byString;
      this.sorted = sorted;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<K, Object> fromJson(JsonReader reader) {
      Map<String, Object> read;
      if (reader instanceof WebReader) {
        WebReader web = (WebReader) reader;
        Object[] before = web.checkKeys(name -> key(name));
        try {
          read = byString.fromJson(reader);
        } finally {
          web.endKeyCheck(before);
        }
      } else {
        read = byString.fromJson(reader);
      }
      if (keyType == String.class) {
        return (Map<K, Object>) new java.util.TreeMap<>(read); // a sorted map of String keys
      }
      Map<K, Object> map = sorted ? new java.util.TreeMap<>() : new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : read.entrySet()) {
        K key = (K) key(e.getKey());
        if (map.containsKey(key)) {
          throw new JsonDataException(
              "Duplicate key '"
                  + e.getKey()
                  + "' in a map (the same "
                  + keyType.getSimpleName()
                  + " as another key)");
        }
        map.put(key, e.getValue());
      }
      return map;
    }

    /** The key {@code name} reads as, or a failure at the key. */
    private Object key(String name) {
      try {
        return WebAdapters.key(keyType, name);
      } catch (IllegalArgumentException | ArithmeticException | DateTimeException problem) {
        throw new KeyProblem(ReadProblems.mapKeyProblem(name, keyType, problem.getMessage()), name);
      }
    }

    @Override
    public void toJson(JsonWriter writer, Map<K, Object> map) {
      Map<String, Object> byName = new LinkedHashMap<>();
      for (Map.Entry<K, Object> e : map.entrySet()) {
        Object key = e.getKey();
        if (key == null) {
          throw new JsonDataException("A map key is null: a JSON property name cannot be");
        }
        if ((key instanceof Double && !Double.isFinite((Double) key))
            || (key instanceof Float && !Float.isFinite((Float) key))) {
          throw new JsonDataException(
              "A map key is " + key + ": not a JSON number (JSON has no NaN or infinity)");
        }
        byName.put(
            DATE_KEYS.contains(keyType)
                ? dateKey(key)
                : key instanceof java.util.Locale
                    ? ScalarRules.localeText((java.util.Locale) key)
                    : key.toString(),
            e.getValue());
      }
      byString.toJson(writer, byName);
    }
  }

  /**
   * A map key that cannot be read as its type, found once the map is read: its path is the map's
   * and the key's name, where the key is.
   */
  static final class KeyProblem extends JsonDataException {
    private static final long serialVersionUID = 1L;
    final String key;

    KeyProblem(String message, String key) {
      super(message);
      this.key = key;
    }
  }

  /**
   * A map key of {@code type}: a date's ISO text, {@code true} or {@code false}, or by {@link
   * ScalarRules#parseKey}.
   */
  private static Object key(Class<?> type, String key) {
    if (DATE_KEYS.contains(type)) {
      return dateKey(type, key);
    }
    if (type == Boolean.class) {
      if (!key.equals("true") && !key.equals("false")) {
        throw new IllegalArgumentException("not true or false");
      }
      return Boolean.valueOf(key);
    }
    Object value = ScalarRules.parseKey(type, key);
    if (value == null) {
      throw new IllegalArgumentException("not a key type httpjson reads");
    }
    return value;
  }

  /** Whether the map type is a {@code SortedMap}, a {@code NavigableMap} or a {@code TreeMap}. */
  private static boolean isSorted(ParameterizedType type) {
    Type raw = type.getRawType();
    return raw == java.util.SortedMap.class
        || raw == java.util.NavigableMap.class
        || raw == java.util.TreeMap.class;
  }

  /**
   * {@code Map<K, V>}, {@code HashMap}, {@code LinkedHashMap} or a sorted map ({@link #isSorted})
   * with an enum {@code K}.
   */
  private static boolean isMapByEnum(ParameterizedType type) {
    Type raw = type.getRawType();
    Type key = type.getActualTypeArguments()[0];
    return (raw == Map.class
            || raw == LinkedHashMap.class
            || raw == java.util.HashMap.class
            || isSorted(type))
        && key instanceof Class
        && ((Class<?>) key).isEnum();
  }

  /**
   * A map keyed by an enum (avaje reads maps with {@code String} keys only, into a {@code
   * LinkedHashMap}), each key by the name the enum's own adapter reads and writes: an unknown name
   * fails, as in the other codecs.
   */
  private static final class EnumKeyedMap<K extends Enum<?>>
      implements JsonAdapter<Map<K, Object>> {
    private final Class<K> keyType;
    private final Jsonb jsonb;
    private final JsonAdapter<Object> value;
    private volatile @Nullable Names<K> names;
    private final boolean sorted;

    @SuppressWarnings("unchecked")
    EnumKeyedMap(
        Class<? extends Enum<?>> keyType, Jsonb jsonb, JsonAdapter<?> value, boolean sorted) {
      this.keyType = (Class<K>) keyType;
      this.jsonb = jsonb;
      this.value = (JsonAdapter<Object>) value;
      this.sorted = sorted;
    }

    /** The names, from the enum's adapter: built at first use (the adapter may need the Jsonb). */
    private Names<K> names() {
      Names<K> n = names;
      if (n == null) {
        K[] constants = keyType.getEnumConstants();
        String[] byOrdinal = new String[constants.length];
        Map<String, K> byName = new java.util.HashMap<>();
        io.avaje.jsonb.JsonType<K> enumType = jsonb.type(keyType);
        for (K k : constants) {
          String name = unquote(enumType.toJson(k));
          byOrdinal[k.ordinal()] = name;
          byName.put(name, k);
        }
        names = n = new Names<>(byOrdinal, byName);
      }
      return n;
    }

    /** The text of the JSON string the enum's adapter wrote. */
    private static String unquote(String json) {
      String s = json.strip();
      if (s.length() < 2 || s.charAt(0) != '"' || s.charAt(s.length() - 1) != '"') {
        throw new JsonDataException("An enum map key must be written as a string, not " + json);
      }
      StringBuilder out = new StringBuilder(s.length());
      for (int i = 1; i < s.length() - 1; i++) {
        char c = s.charAt(i);
        if (c != '\\') {
          out.append(c);
          continue;
        }
        char e = s.charAt(++i);
        switch (e) {
          case 'b':
            out.append('\b');
            break;
          case 'f':
            out.append('\f');
            break;
          case 'n':
            out.append('\n');
            break;
          case 'r':
            out.append('\r');
            break;
          case 't':
            out.append('\t');
            break;
          case 'u':
            out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
            i += 4;
            break;
          default:
            out.append(e); // '"', '\\' or '/'
            break;
        }
      }
      return out.toString();
    }

    @Override
    public Map<K, Object> fromJson(JsonReader reader) {
      Names<K> n = names();
      Map<K, Object> map = sorted ? new java.util.TreeMap<>() : new LinkedHashMap<>();
      reader.beginObject();
      while (reader.hasNextField()) {
        String name = reader.nextField();
        K key = n.byName.get(name);
        if (key == null) {
          throw new JsonDataException(
              "Cannot read map key '"
                  + name
                  + "': not one of the values of enum "
                  + keyType.getName()
                  + " "
                  + n.byName.keySet());
        }
        if (map.containsKey(key)) {
          throw new JsonDataException("Duplicate key '" + name + "' in a map");
        }
        map.put(key, reader.isNullValue() ? null : value.fromJson(reader));
      }
      reader.endObject();
      return map;
    }

    @Override
    public void toJson(JsonWriter writer, Map<K, Object> map) {
      Names<K> n = names();
      writer.beginObject();
      for (Map.Entry<K, Object> e : map.entrySet()) {
        if (e.getKey() == null) {
          throw new JsonDataException("A map key is null: a JSON property name cannot be");
        }
        writer.name(n.byOrdinal[e.getKey().ordinal()]);
        if (e.getValue() == null) {
          writer.nullValue();
        } else {
          value.toJson(writer, e.getValue());
        }
      }
      writer.endObject();
    }

    private static final class Names<K> {
      final String[] byOrdinal;
      final Map<String, K> byName;

      Names(String[] byOrdinal, Map<String, K> byName) {
        this.byOrdinal = byOrdinal;
        this.byName = byName;
      }
    }
  }

  /**
   * {@code Number} (avaje has none), read as a number in {@code Object} is: an {@code Integer},
   * {@code Long} or {@code BigInteger} for an integer literal, a {@code Double} otherwise.
   */
  private static final JsonAdapter<Number> NUMBER =
      new JsonAdapter<Number>() {
        @Override
        public void toJson(JsonWriter writer, Number value) {
          if (value instanceof Float) {
            FLOAT.toJson(writer, (Float) value);
          } else if (value instanceof Double) {
            writer.value(value.doubleValue());
          } else if (value instanceof BigDecimal) {
            writer.value((BigDecimal) value);
          } else if (value instanceof BigInteger) {
            writer.value((BigInteger) value);
          } else if (value instanceof Integer
              || value instanceof Long
              || value instanceof Short
              || value instanceof Byte
              || value instanceof java.util.concurrent.atomic.AtomicInteger
              || value instanceof java.util.concurrent.atomic.AtomicLong) {
            writer.value(value.longValue());
          } else {
            writer.value(new BigDecimal(value.toString())); // its own text, if it is a number
          }
        }

        @Override
        public Number fromJson(JsonReader reader) {
          if (reader instanceof WebReader) {
            return ((WebReader) reader).readNumberValue();
          }
          return Untyped.number(reader.readDecimal());
        }
      };

  /**
   * A {@code byte[]}: written as base64, and read from a base64 string (RFC 4648, padded to a
   * multiple of four characters, nothing else in it) or an array of byte literals, as the other
   * codecs read it. avaje read only base64, and leniently: {@code "A"} as no bytes, {@code "AQ="}
   * as one.
   */
  private static final JsonAdapter<byte[]> BYTES =
      new JsonAdapter<byte[]>() {
        @Override
        public void toJson(JsonWriter writer, byte[] value) {
          writer.value(value);
        }

        @Override
        public byte[] fromJson(JsonReader reader) {
          JsonReader.Token token = reader.currentToken();
          if (token != JsonReader.Token.BEGIN_ARRAY && token != JsonReader.Token.STRING) {
            throw new JsonDataException("Cannot read byte[] from " + token);
          }
          if (token == JsonReader.Token.BEGIN_ARRAY) {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            reader.beginArray();
            while (reader.hasNextElement()) {
              bytes.write(BYTE.fromJson(reader));
            }
            reader.endArray();
            return bytes.toByteArray();
          }
          try {
            return ScalarRules.base64(reader.readString());
          } catch (IllegalArgumentException e) {
            throw new JsonDataException("Cannot read a byte[] from the string: " + e.getMessage());
          }
        }
      };

  /** A float rounded once from the number's text, where avaje's rounds it through a double. */
  /**
   * A {@code char}: a string of one character, refused in the words of every codec (avaje said
   * {@code String index out of range: 0} for {@code ""}).
   */
  private static final JsonAdapter<Character> CHAR =
      new JsonAdapter<Character>() {
        @Override
        public void toJson(JsonWriter writer, Character value) {
          writer.value(String.valueOf(value.charValue()));
        }

        @Override
        public Character fromJson(JsonReader reader) {
          if (reader.isNullValue()) {
            throw new JsonDataException(ScalarRules.nullProblem(char.class));
          }
          JsonReader.Token token = reader.currentToken();
          if (token != JsonReader.Token.STRING) {
            throw new JsonDataException(ScalarKind.CHAR.tokenProblem(char.class, token));
          }
          String s = reader.readString();
          if (s.length() != 1) {
            throw new JsonDataException(
                "Cannot read a char from a string of "
                    + s.length()
                    + " characters: a char is a string of one character");
          }
          return s.charAt(0);
        }
      };

  private static final JsonAdapter<Float> FLOAT =
      new JsonAdapter<Float>() {
        @Override
        public void toJson(JsonWriter writer, Float value) {
          if (writer instanceof WebWriter) {
            ((WebWriter) writer)
                .value((float) value); // 0.1f as 0.1, not as the double it widens to
          } else {
            writer.value((double) value);
          }
        }

        @Override
        public Float fromJson(JsonReader reader) {
          return reader instanceof WebReader
              ? ((WebReader) reader).readFloat()
              : (float) reader.readDouble();
        }
      };

  /**
   * Only the canonical 8-4-4-4-12 form: {@link UUID#fromString} also takes {@code "1-1-1-1-1"} and
   * reads it as some other UUID.
   */
  /** A BCP 47 language tag or Java's own form, as every codec reads a {@code Locale}. */
  private static java.util.Locale locale(String s) {
    try {
      return ScalarRules.locale(s);
    } catch (IllegalArgumentException e) {
      throw new JsonDataException("Cannot parse '" + s + "': " + e.getMessage());
    }
  }

  private static UUID uuid(String s) {
    if (!ScalarRules.isCanonicalUuid(s)) {
      throw new JsonDataException("Cannot parse '" + s + "': not a UUID (8-4-4-4-12 hex digits)");
    }
    return UUID.fromString(s);
  }

  /**
   * {@code Optional}: JSON {@code null} reads as {@link Optional#empty()}, as in the other codecs
   * (avaje's adapter reads it as a null reference), and an empty one writes as {@code null}.
   */
  private static final class Optionals implements JsonAdapter<Optional<Object>> {
    private final JsonAdapter<Object> value;

    Optionals(JsonAdapter<Object> value) {
      this.value = value;
    }

    @Override
    public Optional<Object> fromJson(JsonReader reader) {
      return reader.isNullValue() ? Optional.empty() : Optional.ofNullable(value.fromJson(reader));
    }

    @Override
    public void toJson(JsonWriter writer, @Nullable Optional<Object> optional) {
      if (optional == null || optional.isEmpty()) {
        writer.nullValue();
      } else {
        value.toJson(writer, optional.get());
      }
    }
  }

  // OptionalInt, OptionalLong and OptionalDouble: JSON null reads as empty (avaje's adapters read
  // it as a null reference), and the value is read and written by its primitive's adapter, under
  // the same number rules as a plain field.

  private static final class OptionalInts implements JsonAdapter<OptionalInt> {
    private final JsonAdapter<Integer> value;

    OptionalInts(JsonAdapter<Integer> value) {
      this.value = value;
    }

    @Override
    public OptionalInt fromJson(JsonReader reader) {
      return reader.isNullValue() ? OptionalInt.empty() : OptionalInt.of(value.fromJson(reader));
    }

    @Override
    public void toJson(JsonWriter writer, @Nullable OptionalInt optional) {
      if (optional == null || optional.isEmpty()) {
        writer.nullValue();
      } else {
        value.toJson(writer, optional.getAsInt());
      }
    }
  }

  private static final class OptionalLongs implements JsonAdapter<OptionalLong> {
    private final JsonAdapter<Long> value;

    OptionalLongs(JsonAdapter<Long> value) {
      this.value = value;
    }

    @Override
    public OptionalLong fromJson(JsonReader reader) {
      return reader.isNullValue() ? OptionalLong.empty() : OptionalLong.of(value.fromJson(reader));
    }

    @Override
    public void toJson(JsonWriter writer, @Nullable OptionalLong optional) {
      if (optional == null || optional.isEmpty()) {
        writer.nullValue();
      } else {
        value.toJson(writer, optional.getAsLong());
      }
    }
  }

  private static final class OptionalDoubles implements JsonAdapter<OptionalDouble> {
    private final JsonAdapter<Double> value;

    OptionalDoubles(JsonAdapter<Double> value) {
      this.value = value;
    }

    @Override
    public OptionalDouble fromJson(JsonReader reader) {
      return reader.isNullValue()
          ? OptionalDouble.empty()
          : OptionalDouble.of(value.fromJson(reader));
    }

    @Override
    public void toJson(JsonWriter writer, @Nullable OptionalDouble optional) {
      if (optional == null || optional.isEmpty()) {
        writer.nullValue();
      } else {
        value.toJson(writer, optional.getAsDouble());
      }
    }
  }

  private static <T> JsonAdapter<T> iso(
      Class<T> type, Function<String, T> parse, Function<T, String> format) {
    ScalarKind kind = java.util.Objects.requireNonNull(ScalarKind.of(type));
    return new JsonAdapter<T>() {
      @Override
      public void toJson(JsonWriter writer, T value) {
        writer.value(format.apply(value));
      }

      @Override
      public T fromJson(JsonReader reader) {
        JsonReader.Token token = reader.currentToken();
        if (token != JsonReader.Token.STRING) {
          throw new JsonDataException(kind.tokenProblem(type, token));
        }
        String text = reader.readString();
        try {
          return parse.apply(text);
        } catch (DateTimeException e) {
          throw new JsonDataException("Cannot parse '" + text + "': " + e.getMessage(), e);
        }
      }
    }.nullSafe();
  }

  /** {@code Object}: maps, lists, strings, numbers, booleans and null. */
  private static final class Untyped implements JsonAdapter<Object> {
    private final Jsonb jsonb;

    Untyped(Jsonb jsonb) {
      this.jsonb = jsonb;
    }

    @Override
    public Object fromJson(JsonReader reader) {
      switch (reader.currentToken()) {
        case BEGIN_ARRAY:
          {
            List<@Nullable Object> list = new ArrayList<>();
            reader.beginArray();
            while (reader.hasNextElement()) {
              list.add(readNullable(reader));
            }
            reader.endArray();
            return list;
          }
        case BEGIN_OBJECT:
          {
            Map<String, @Nullable Object> map = new LinkedHashMap<>();
            reader.beginObject();
            while (reader.hasNextField()) {
              String name = reader.nextField();
              map.put(name, readNullable(reader));
            }
            reader.endObject();
            return map;
          }
        case STRING:
          return reader.readString();
        case BOOLEAN:
          return reader.readBoolean();
        default:
          return reader instanceof WebReader
              ? ((WebReader) reader).readNumber()
              : number(reader.readDecimal());
      }
    }

    private @Nullable Object readNullable(JsonReader reader) {
      return reader.isNullValue() ? null : fromJson(reader);
    }

    private static Number number(BigDecimal d) {
      if (d.scale() != 0) {
        return d.doubleValue();
      }
      BigInteger i = d.unscaledValue();
      if (i.bitLength() < 32) {
        return i.intValue();
      }
      if (i.bitLength() < 64) {
        return i.longValue();
      }
      return i;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void toJson(JsonWriter writer, Object value) {
      Class<?> c = value.getClass();
      if (c == Object.class) {
        writer.beginObject();
        writer.endObject();
      } else if (value instanceof Optional) {
        Optional<Object> o = (Optional<Object>) value;
        if (o.isPresent()) {
          toJson(writer, o.get());
        } else {
          writer.nullValue();
        }
      } else if (value instanceof Map) {
        ((JsonAdapter) jsonb.adapter(Types.mapOf(Object.class))).toJson(writer, value);
      } else if (value instanceof Collection) {
        ((JsonAdapter) jsonb.adapter(Types.newParameterizedType(Collection.class, Object.class)))
            .toJson(writer, value);
      } else {
        ((JsonAdapter) jsonb.adapter(c)).toJson(writer, value);
      }
    }
  }
}

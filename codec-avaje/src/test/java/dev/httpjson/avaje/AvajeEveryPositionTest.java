package dev.httpjson.avaje;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.ValueReadingContract;
import io.avaje.jsonb.Json;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The reading and writing rules of the README's codec table, each tried in every position a value
 * is read from or written to: a record's field, an array or list element, an {@code Optional*}, a
 * map key, the top level and a stream element; beside {@code PositionRulesContract}, a class's
 * initialized fields, and bodies and streams from a loopback server. Public, since avaje generates
 * the adapters of its models in another package.
 */
public class AvajeEveryPositionTest {
  private final JsonOptions options = JsonOptions.newBuilder().codec(new AvajeCodec()).build();

  @Json
  public record IntField(int v) {}

  @Json
  public record OptInt(OptionalInt i) {}

  @Json
  public record OptLong(OptionalLong v) {}

  @Json
  public record OptDouble(OptionalDouble v) {}

  record Holder(
      int[] ints,
      long[] longs,
      double[] doubles,
      float[] floats,
      List<Integer> intList,
      List<Double> doubleList,
      Map<Integer, String> byInt,
      Map<Long, String> byLong,
      Map<Double, String> byDouble,
      Optional<Integer> optInteger,
      UUID[] uuids,
      List<UUID> uuidList,
      Map<UUID, String> byUuid,
      Optional<UUID> optUuid,
      char[] chars,
      Character boxedChar,
      BigDecimal[] decimals,
      List<OptionalInt> optInts,
      Map<String, OptionalDouble> optDoubles,
      Integer[] boxedInts,
      Double[] boxedDoubles,
      Float[] boxedFloats,
      Long[] boxedLongs,
      Short[] boxedShorts,
      java.util.Set<Integer> intSet,
      java.util.Set<UUID> uuidSet,
      java.util.Collection<Long> longCollection,
      List<List<Integer>> nestedInts,
      Map<String, List<Double>> doubleLists,
      Optional<Long> optLong,
      Optional<Double> optDouble,
      List<Optional<Integer>> optionalList,
      Map<String, Optional<Integer>> optionalValues,
      short[] shorts,
      java.math.BigInteger[] bigIntegers,
      List<Number> numbers,
      Map<Boolean, String> byBoolean,
      Map<java.time.ZonedDateTime, String> byZoned,
      Map<java.time.OffsetDateTime, String> byOffset,
      Map<java.time.LocalTime, String> byTime,
      Map<String, char[]> charArrays,
      java.util.Deque<Integer> deque,
      java.util.Queue<Integer> queue,
      java.util.SortedSet<Integer> sortedSet,
      java.util.LinkedList<Integer> linked,
      java.util.SortedMap<ValueReadingContract.Shade, Integer> sortedByShade,
      java.util.TreeMap<Integer, String> treeByInt) {}

  @Json
  public record Uuid(UUID v) {}

  @Json
  public record CharBox(char v) {}

  @Json
  public record Cased(String ab, String aB) {}

  @Json
  public record Lower(String ab) {}

  @Json
  public record V(int v) {}

  @Json
  public record FloatBox(float v) {}

  @Json
  public record DecimalBox(BigDecimal v) {}

  @Json
  public static final class Initialised {
    public int n = 7;
  }

  @Json
  public static final class InitialisedFlag {
    public boolean b = true;
  }

  @Json
  public static final class InitialisedChar {
    public char c = 'x';
  }

  @Json
  public static final class InitialisedDouble {
    public double d = 7;
  }

  /** The types the holder's components declare, by name. */
  private static Type component(String name) {
    for (var c : Holder.class.getRecordComponents()) {
      if (c.getName().equals(name)) {
        return c.getGenericType();
      }
    }
    throw new IllegalArgumentException(name);
  }

  private Object read(Type type, String json) throws Exception {
    return JsonType.of(type, options).fromJson(json.getBytes(UTF_8));
  }

  private final List<DynamicTest> tests = new ArrayList<>();

  private void refused(String rule, Type type, String json) {
    tests.add(
        DynamicTest.dynamicTest(
            rule + ": " + json + " into " + type.getTypeName() + " is refused",
            () -> {
              Object got;
              try {
                got = read(type, json);
              } catch (JsonReadException expected) {
                return;
              }
              throw new AssertionError(
                  json + " into " + type.getTypeName() + " was read as " + show(got));
            }));
  }

  private void reads(String rule, Type type, String json, Object expected) {
    tests.add(
        DynamicTest.dynamicTest(
            rule + ": " + json + " into " + type.getTypeName(),
            () -> {
              Object got = read(type, json);
              assertThat(show(got))
                  .as("%s into %s", json, type.getTypeName())
                  .isEqualTo(show(expected));
            }));
  }

  private void unwritable(String rule, Type type, Object value) {
    tests.add(
        DynamicTest.dynamicTest(
            rule + ": writing " + value + " as " + type.getTypeName() + " fails",
            () -> {
              String json;
              try {
                json = castType(type).toJson(value);
              } catch (JsonWriteException expected) {
                return;
              }
              throw new AssertionError(
                  "writing " + show(value) + " as " + type.getTypeName() + " gave " + json);
            }));
  }

  private void writes(String rule, Type type, Object value, String expected) {
    tests.add(
        DynamicTest.dynamicTest(
            rule + ": writing " + value + " as " + type.getTypeName(),
            () -> assertThat(castType(type).toJson(value)).isEqualTo(expected)));
  }

  /** A value as text, arrays by their elements and doubles with their sign. */
  private static String show(Object value) {
    String s = Arrays.deepToString(new Object[] {value});
    return s.substring(1, s.length() - 1);
  }

  /** Every element of a streamed array of {@code type} from a loopback server. */
  private List<?> streamed(Type type, Object body) throws Exception {
    try (MockWebServer server = LoopbackServer.start()) {
      server.enqueue(
          body instanceof byte[] b
              ? LoopbackServer.bytes(200, "application/json", b)
              : LoopbackServer.json(200, (String) body));
      try (Stream<?> elements =
          HttpJson.getFromJsonAsStream(
              HttpClient.newHttpClient(),
              LoopbackServer.uri(server, "/s"),
              JsonType.of(type, options))) {
        return elements.toList();
      }
    }
  }

  private void refusedInStream(String rule, Type type, Object body) {
    tests.add(
        DynamicTest.dynamicTest(
            rule + ": " + show(body) + " streamed as " + type.getTypeName() + " is refused",
            () ->
                assertTimeoutPreemptively(
                    Duration.ofSeconds(30),
                    () -> {
                      List<?> got;
                      try {
                        got = streamed(type, body);
                      } catch (UncheckedHttpJsonException e) {
                        assertThat(e.getCause()).isInstanceOf(JsonReadException.class);
                        return;
                      } catch (JsonReadException expected) {
                        return;
                      }
                      throw new AssertionError(
                          show(body) + " streamed as " + type.getTypeName() + " gave " + show(got));
                    })));
  }

  private void readsInStream(String rule, Type type, String body, List<?> expected) {
    tests.add(
        DynamicTest.dynamicTest(
            rule + ": " + body + " streamed as " + type.getTypeName(),
            () ->
                assertTimeoutPreemptively(
                    Duration.ofSeconds(30),
                    () -> assertThat(show(streamed(type, body))).isEqualTo(show(expected)))));
  }

  /** A body of raw bytes, labelled {@code application/json} with no charset, read over HTTP. */
  private void refusedOverHttp(String rule, Type type, byte[] body) {
    tests.add(
        DynamicTest.dynamicTest(
            rule + ": bytes " + HexFormat.of().formatHex(body) + " over HTTP are refused",
            () ->
                assertTimeoutPreemptively(
                    Duration.ofSeconds(30),
                    () -> {
                      try (MockWebServer server = LoopbackServer.start()) {
                        server.enqueue(LoopbackServer.bytes(200, "application/json", body));
                        assertThatThrownBy(
                                () ->
                                    HttpJson.getFromJson(
                                        HttpClient.newHttpClient(),
                                        LoopbackServer.uri(server, "/b"),
                                        JsonType.of(type, options)))
                            .isInstanceOf(JsonReadException.class);
                      }
                    })));
  }

  private void refusedBytes(String rule, Type type, byte[] body) {
    tests.add(
        DynamicTest.dynamicTest(
            rule + ": bytes " + HexFormat.of().formatHex(body) + " are refused",
            () ->
                assertThatThrownBy(() -> JsonType.of(type, options).fromJson(body))
                    .isInstanceOf(JsonReadException.class)));
  }

  @SuppressWarnings("unchecked")
  private JsonType<Object> castType(Type type) {
    return (JsonType<Object>) JsonType.of(type, options);
  }

  @TestFactory
  Stream<DynamicTest> rules() {
    String r1 = "1 a number in a string";
    for (String s : List.of("\" 1\"", "\"01\"", "\"\u0661\"", "\"+1\"", "\"1 \"", "\"0x10\"")) {
      refused(r1, int[].class, "[" + s + "]");
      refused(r1, long[].class, "[" + s + "]");
      refused(r1, component("intList"), "[" + s + "]");
      refused(r1, OptInt.class, "{\"i\":" + s + "}");
      refused(r1, OptLong.class, "{\"v\":" + s + "}");
      refused(r1, OptionalInt.class, s);
      refused(r1, Integer.class, s);
      refused(r1, component("optInteger"), s);
      refused(r1, component("byInt"), "{" + s + ":\"a\"}");
      refused(r1, component("byLong"), "{" + s + ":\"a\"}");
    }
    for (String s :
        List.of(
            "\".5\"", "\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "\"1d\"", "\"null\"", "\"1.\"")) {
      refused(r1, double[].class, "[" + s + "]");
      refused(r1, float[].class, "[" + s + "]");
      refused(r1, component("doubleList"), "[" + s + "]");
      refused(r1, OptDouble.class, "{\"v\":" + s + "}");
      refused(r1, OptionalDouble.class, s);
      refused(r1, Double.class, s);
      refused(r1, component("byDouble"), "{" + s + ":\"a\"}");
    }
    refused(r1, component("byInt"), "{\"1\":\"a\",\"01\":\"b\"}");
    reads(r1, int[].class, "[\"1\",\"-2\"]", new int[] {1, -2});
    reads(r1, component("byInt"), "{\"-2\":\"b\"}", Map.of(-2, "b"));
    reads(r1, OptInt.class, "{\"i\":\"12\"}", new OptInt(OptionalInt.of(12)));

    String r2 = "2 -0 keeps its sign";
    reads(r2, double[].class, "[-0]", new double[] {-0.0});
    reads(r2, double[].class, "[-0.0]", new double[] {-0.0});
    reads(r2, double[].class, "[\"-0\"]", new double[] {-0.0});
    reads(r2, OptionalDouble.class, "-0", OptionalDouble.of(-0.0));
    reads(r2, OptDouble.class, "{\"v\":-0}", new OptDouble(OptionalDouble.of(-0.0)));
    reads(r2, component("doubleList"), "[-0]", List.of(-0.0));
    reads(r2, Double.class, "-0", -0.0);
    reads(r2, component("byDouble"), "{\"-0\":\"a\"}", Map.of(-0.0, "a"));

    String r3 = "3 out of range";
    for (String n : List.of("1e39", "-1e39", "1e1000000000", "3.5e38")) {
      refused(r3, float[].class, "[" + n + "]");
      refused(r3, FloatBox.class, "{\"v\":" + n + "}");
      refused(r3, Float.class, n);
    }
    reads(r3, Float.class, "1e-1000000000", 0.0f);
    for (String n : List.of("9223372036854775808", "1e2", "1.0", "-9223372036854775809")) {
      refused(r3, OptionalLong.class, n);
      refused(r3, OptLong.class, "{\"v\":" + n + "}");
      refused(r3, long[].class, "[" + n + "]");
      refused(r3, component("byLong"), "{\"" + n + "\":\"a\"}");
    }
    for (String n : List.of("2147483648", "1e2", "1.5")) {
      refused(r3, OptionalInt.class, n);
      refused(r3, OptInt.class, "{\"i\":" + n + "}");
      refused(r3, int[].class, "[" + n + "]");
      refused(r3, component("byInt"), "{\"" + n + "\":\"a\"}");
    }

    String r4 = "4 null into a primitive";
    for (Class<?> c :
        List.of(
            int[].class,
            long[].class,
            double[].class,
            float[].class,
            boolean[].class,
            short[].class,
            byte[].class,
            char[].class)) {
      refused(r4, c, "[null]");
    }
    refused(r4, Initialised.class, "{\"n\":null}");
    refused(r4, InitialisedFlag.class, "{\"b\":null}");
    refused(r4, InitialisedChar.class, "{\"c\":null}");
    refused(r4, InitialisedDouble.class, "{\"d\":null}");
    refused(r4, IntField.class, "{\"v\":null}");
    refused(r4, CharBox.class, "{\"v\":null}");

    String r5 = "5 shape mismatch";
    refused(r5, V.class, "[{\"v\":1},{\"v\":2}]");
    refused(r5, V.class, "[]");
    refused(r5, Map.class, "[{}]");
    refused(r5, component("byInt"), "[{}]");
    refused(r5, List.class, "{}");
    refused(r5, int[].class, "1");
    refused(r5, int[].class, "{}");
    refused(r5, V.class, "\"a\"");
    refused(r5, V.class, "1");
    refused(r5, OptionalInt.class, "[1]");
    refused(r5, OptionalInt.class, "{}");

    String r6 = "6 UUID canonical";
    String u = "123e4567-e89b-12d3-a456-426614174000";
    for (String bad :
        List.of(
            " " + u,
            u + " ",
            "\\t" + u,
            u + "\\u0000",
            "Ej5FZ+ibEtOkVkJmFBdAAA",
            "1-1-1-1-1",
            "123e4567e89b12d3a456426614174000",
            "{" + u + "}")) {
      String s = "\"" + bad + "\"";
      refused(r6, Uuid.class, "{\"v\":" + s + "}");
      refused(r6, UUID[].class, "[" + s + "]");
      refused(r6, component("uuidList"), "[" + s + "]");
      refused(r6, component("optUuid"), s);
      refused(r6, UUID.class, s);
      refused(r6, component("byUuid"), "{" + s + ":\"a\"}");
    }
    reads(r6, UUID.class, "\"" + u + "\"", UUID.fromString(u));
    reads(r6, component("byUuid"), "{\"" + u + "\":\"a\"}", Map.of(UUID.fromString(u), "a"));

    String r7 = "7 Optional null is empty";
    reads(r7, OptInt.class, "{\"i\":null}", new OptInt(OptionalInt.empty()));
    reads(r7, OptDouble.class, "{\"v\":null}", new OptDouble(OptionalDouble.empty()));
    reads(r7, OptLong.class, "{\"v\":null}", new OptLong(OptionalLong.empty()));
    reads(r7, component("optInts"), "[null,1]", List.of(OptionalInt.empty(), OptionalInt.of(1)));
    reads(r7, component("optDoubles"), "{\"a\":null}", Map.of("a", OptionalDouble.empty()));

    String r8 = "8 exact name first";
    reads(r8, Cased.class, "{\"ab\":\"1\",\"aB\":\"2\"}", new Cased("1", "2"));
    reads(r8, Cased.class, "{\"aB\":\"2\",\"ab\":\"1\"}", new Cased("1", "2"));
    reads(r8, Cased.class, "{\"aB\":\"2\"}", new Cased(null, "2"));
    reads(r8, Lower.class, "{\"AB\":\"x\"}", new Lower("x"));

    String sorted = "sorted maps, by enum and by number";
    reads(
        sorted,
        component("sortedByShade"),
        "{\"DARK\":2,\"LIGHT\":1}",
        new java.util.TreeMap<>(
            Map.of(ValueReadingContract.Shade.LIGHT, 1, ValueReadingContract.Shade.DARK, 2)));
    reads(
        sorted,
        component("treeByInt"),
        "{\"10\":\"b\",\"9\":\"a\"}",
        new java.util.TreeMap<>(Map.of(9, "a", 10, "b")));
    refused(sorted, component("treeByInt"), "{\"09\":\"a\"}");
    refused(sorted, component("sortedByShade"), "{\"dark\":1}");

    String more = "more containers";
    for (String bad :
        List.of("\" 1\"", "\"01\"", "\"+1\"", "\"\u0661\"", "1e2", "1.0", "\"NaN\"")) {
      refused(more + " (1, 3)", Integer[].class, "[" + bad + "]");
      refused(more + " (1, 3)", Long[].class, "[" + bad + "]");
      refused(more + " (1, 3)", Short[].class, "[" + bad + "]");
      refused(more + " (1, 3)", short[].class, "[" + bad + "]");
      refused(more + " (1, 3)", java.math.BigInteger[].class, "[" + bad + "]");
      refused(more + " (1, 3)", component("intSet"), "[" + bad + "]");
      refused(more + " (1, 3)", component("longCollection"), "[" + bad + "]");
      refused(more + " (1, 3)", component("nestedInts"), "[[" + bad + "]]");
      refused(more + " (1, 3)", component("optLong"), bad);
    }
    for (String bad : List.of("\" 1\"", "\".5\"", "\"NaN\"", "\"Infinity\"", "\"1d\"")) {
      refused(more + " (1)", Double[].class, "[" + bad + "]");
      refused(more + " (1)", Float[].class, "[" + bad + "]");
      refused(more + " (1)", component("doubleLists"), "{\"a\":[" + bad + "]}");
      refused(more + " (1)", component("optDouble"), bad);
    }
    refused(more + " (3)", Float[].class, "[1e39]");
    refused(more + " (3)", Short[].class, "[32768]");
    refused(more + " (3)", component("optLong"), "9223372036854775808");
    reads(more + " (2)", Double[].class, "[-0]", new Double[] {-0.0});
    reads(more + " (2)", Float[].class, "[-0]", new Float[] {-0.0f});
    reads(more + " (2)", component("optDouble"), "-0", Optional.of(-0.0));
    reads(more + " (2)", component("doubleLists"), "{\"a\":[-0]}", Map.of("a", List.of(-0.0)));
    reads(more + " (4)", Integer[].class, "[null]", new Integer[] {null});
    refused(more + " (4)", short[].class, "[null]");
    refused(more + " (5)", Integer[].class, "{}");
    refused(more + " (5)", component("intSet"), "{}");
    refused(more + " (5)", component("nestedInts"), "[1]");
    refused(more + " (5)", component("doubleLists"), "{\"a\":{}}");
    refused(more + " (6)", component("uuidSet"), "[\" " + u + "\"]");
    reads(
        more + " (7)",
        component("optionalList"),
        "[null,1]",
        List.of(Optional.empty(), Optional.of(1)));
    reads(
        more + " (7)", component("optionalValues"), "{\"a\":null}", Map.of("a", Optional.empty()));
    unwritable(more + " (10)", Double[].class, new Double[] {Double.NaN});
    unwritable(more + " (10)", Float[].class, new Float[] {Float.POSITIVE_INFINITY});
    unwritable(more + " (10)", component("optDouble"), Optional.of(Double.NaN));
    unwritable(more + " (10)", component("doubleLists"), Map.of("a", List.of(Double.NaN)));
    unwritable(more + " (10)", Object[].class, new Object[] {Float.NaN});
    unwritable(more + " (10)", List.class, List.of(Double.NaN));

    String numberType = "Number, as a number in Object";
    reads(numberType, Number.class, "1", 1);
    reads(numberType, Number.class, "-0", 0);
    reads(numberType, Number.class, "2147483648", 2147483648L);
    reads(numberType, Number.class, "1.5", 1.5);
    reads(numberType, Number.class, "\"1\"", 1);
    reads(
        numberType,
        component("numbers"),
        "[1,1e2,9223372036854775808]",
        List.of(1, 100.0, new java.math.BigInteger("9223372036854775808")));
    refused(numberType, Number.class, "\" 1\"");
    refused(numberType, Number.class, "true");
    refused(numberType, component("numbers"), "[\"NaN\"]");

    String booleanKeys = "a Boolean map key is true or false";
    reads(booleanKeys, component("byBoolean"), "{\"true\":\"a\"}", Map.of(true, "a"));
    for (String key : List.of("1", "0", "yes", "TRUE", "", " true")) {
      refused(booleanKeys, component("byBoolean"), "{\"" + key + "\":\"a\"}");
    }

    String bytes = "byte[]: base64 or an array of bytes";
    reads(bytes, byte[].class, "\"AQI=\"", new byte[] {1, 2});
    reads(bytes, byte[].class, "\"\"", new byte[] {});
    reads(bytes, byte[].class, "[1,-128,127]", new byte[] {1, -128, 127});
    reads(bytes, byte[].class, "null", null);
    for (String bad : List.of("\"AQI\"", "\"A\"", "\"AQ=\"", "\"-_8=\"", "1", "{}", "[128]")) {
      refused(bytes, byte[].class, bad);
    }
    writes(bytes, byte[].class, new byte[] {1, 2}, "\"AQI=\"");
    writes(bytes, byte[].class, new byte[] {}, "\"\"");

    String written = "written as the Jackson codecs write it";
    writes(written, Double.class, 1.0E20, "1.0E20");
    writes(written, Double.class, 123456789.0, "1.23456789E8");
    writes(written, Double.class, Double.MIN_VALUE, "4.9E-324");
    writes(written, double[].class, new double[] {-0.0, 1e-7}, "[-0.0,1.0E-7]");
    writes(written, Optional.class, Optional.of(1), "1");
    writes(written, Optional.class, Optional.empty(), "null");
    writes(
        written,
        component("byZoned"),
        Map.of(java.time.ZonedDateTime.parse("2024-01-01T00:00:00.5+01:00[Europe/Paris]"), "x"),
        "{\"2024-01-01T00:00:00.5+01:00\":\"x\"}");
    writes(
        written,
        component("byOffset"),
        Map.of(java.time.OffsetDateTime.parse("2024-01-01T00:00:00.5+01:00"), "x"),
        "{\"2024-01-01T00:00:00.500+01:00\":\"x\"}");
    writes(
        written,
        component("byTime"),
        Map.of(java.time.LocalTime.parse("10:00"), "x"),
        "{\"10:00\":\"x\"}");

    String collections = "other collections and maps";
    refused(collections, component("charArrays"), "[]");
    refused(collections, component("charArrays"), "[[\"k\",[\"a\"]]]");
    reads(collections, component("deque"), "[2,null,1]", java.util.Arrays.asList(2, null, 1));
    reads(collections, component("queue"), "[2,1]", List.of(2, 1));
    reads(collections, component("linked"), "[2,1]", List.of(2, 1));
    reads(collections, component("sortedSet"), "[2,1]", new java.util.TreeSet<>(List.of(1, 2)));
    refused(collections, component("deque"), "[\" 1\"]");
    refused(collections, component("sortedSet"), "[1e2]");

    String r10 = "10 non-finite doubles are not written";
    unwritable(r10, OptionalDouble.class, OptionalDouble.of(Double.NaN));
    unwritable(r10, OptDouble.class, new OptDouble(OptionalDouble.of(Double.POSITIVE_INFINITY)));
    unwritable(r10, double[].class, new double[] {Double.NaN});
    unwritable(r10, float[].class, new float[] {Float.NaN});
    unwritable(r10, component("doubleList"), List.of(Double.NaN));
    unwritable(r10, component("byDouble"), Map.of(Double.NaN, "a"));
    Map<String, Object> untyped = new LinkedHashMap<>();
    untyped.put("a", Double.NEGATIVE_INFINITY);
    unwritable(r10, Map.class, untyped);
    unwritable(r10, Double.class, Double.NaN);
    unwritable(r10, Float.class, Float.NaN);
    unwritable(r10, FloatBox.class, new FloatBox(Float.NaN));

    String chars = "char";
    refused(chars, CharBox.class, "{\"v\":1}");
    refused(chars, Character.class, "1");
    refused(chars, char[].class, "[1]");
    refused(chars, char[].class, "[\"ab\"]");
    refused(chars, char[].class, "\"ab\"");
    refused(chars, CharBox.class, "{\"v\":\"ab\"}");
    reads(chars, char[].class, "[\"a\",\"b\"]", new char[] {'a', 'b'});
    reads(chars, CharBox.class, "{\"v\":\"a\"}", new CharBox('a'));
    writes(chars, char[].class, new char[] {'a', 'b'}, "[\"a\",\"b\"]");

    String big = "BigDecimal exact";
    reads(
        big,
        DecimalBox.class,
        "{\"v\":1e1000000000}",
        new DecimalBox(new BigDecimal("1e1000000000")));
    reads(big, BigDecimal.class, "1e1000000000", new BigDecimal("1e1000000000"));
    reads(
        big,
        BigDecimal[].class,
        "[1e1000000000]",
        new BigDecimal[] {new BigDecimal("1e1000000000")});
    String r9 = "9 UTF-8 or a named charset";
    for (String hex : List.of("feff0031", "fffe3100", "0031", "3100", "feff005b00310030005d")) {
      byte[] b = HexFormat.of().parseHex(hex);
      refusedBytes(r9, Integer.class, b);
      refusedBytes(r9, Object.class, b);
      refusedOverHttp(r9, Integer.class, b);
    }
    refusedInStream(r9, Integer.class, HexFormat.of().parseHex("feff005b0031005d"));
    refusedInStream(r9, Integer.class, HexFormat.of().parseHex("fffe5b0031005d00"));

    String stream = "stream element";
    refusedInStream(stream + " (1)", Integer.class, "[\" 1\"]");
    refusedInStream(stream + " (1)", OptionalInt.class, "[\" 1\"]");
    refusedInStream(stream + " (1)", Double.class, "[\"NaN\"]");
    refusedInStream(stream + " (3)", Float.class, "[1e39]");
    refusedInStream(stream + " (3)", OptionalLong.class, "[9223372036854775808]");
    refusedInStream(stream + " (3)", OptionalLong.class, "[1e2]");
    refusedInStream(stream + " (5)", V.class, "[[{\"v\":1},{\"v\":2}]]");
    refusedInStream(stream + " (6)", UUID.class, "[\" 123e4567-e89b-12d3-a456-426614174000\"]");
    refusedInStream(stream + " (char)", Character.class, "[1]");
    readsInStream(stream + " (2)", Double.class, "[-0]", List.of(-0.0));
    readsInStream(stream + " (2)", OptionalDouble.class, "[-0]", List.of(OptionalDouble.of(-0.0)));
    readsInStream(stream + " (7)", OptionalInt.class, "[1]", List.of(OptionalInt.of(1)));
    return tests.stream();
  }
}

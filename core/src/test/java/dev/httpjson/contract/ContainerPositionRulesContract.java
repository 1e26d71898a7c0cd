package dev.httpjson.contract;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.spi.JsonCodec;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link PositionRulesContract} in the containers it does not try: boxed arrays, sets,
 * queues and deques, sorted maps, nested lists, {@code Optional<…>} elements and values, a class's
 * fields with initial values, {@code Number} and {@code Object} targets, and bodies and streams
 * read from a loopback server. Each test is one container family; its rows all run and the test
 * fails naming every row that did not hold, so one failing row hides none of the others.
 *
 * <p>A codec module runs it by subclassing and naming its codec.
 */
public abstract class ContainerPositionRulesContract {

  // ---- models ----

  /** A class whose {@code boolean} field starts {@code true}. */
  public static class InitializedFlag {
    /** True unless read. */
    public boolean b = true;

    /** A new instance, its {@code b} true. */
    public InitializedFlag() {}
  }

  /** A class whose {@code char} field starts {@code 'x'}. */
  public static class InitializedChar {
    /** {@code 'x'} unless read. */
    public char c = 'x';

    /** A new instance, its {@code c} {@code 'x'}. */
    public InitializedChar() {}
  }

  /** A class whose {@code double} field starts at 7. */
  public static class InitializedDouble {
    /** Seven unless read. */
    public double d = 7;

    /** A new instance, its {@code d} 7. */
    public InitializedDouble() {}
  }

  /** A list of lists in a record. */
  public record NestedListField(List<List<Integer>> v) {}

  /** A set of lists in a record. */
  public record SetOfListsField(Set<List<Integer>> v) {}

  /** An optional list in a record. */
  public record OptionalListField(Optional<List<Integer>> v) {}

  /** A {@code byte[]} in a record. */
  public record BytesField(byte[] v) {}

  /**
   * Never read or written: its components only name the generic types the rows read, as a user's
   * model declares them.
   */
  @SuppressWarnings("unused")
  private record Types(
      Set<Integer> intSet,
      Set<UUID> uuidSet,
      Collection<Long> longCollection,
      SortedSet<Integer> sortedSet,
      Deque<Integer> deque,
      Queue<Integer> queue,
      LinkedList<Integer> linked,
      List<List<Integer>> nestedInts,
      Map<String, List<Double>> doubleLists,
      Optional<Long> optLong,
      Optional<Double> optDouble,
      List<Optional<Integer>> optionalList,
      Map<String, Optional<Integer>> optionalValues,
      List<Number> numbers,
      Map<Boolean, String> byBoolean,
      Map<ZonedDateTime, String> byZoned,
      Map<OffsetDateTime, String> byOffset,
      Map<LocalTime, String> byTime,
      Map<String, char[]> charArrays,
      List<byte[]> byteList,
      Map<String, byte[]> byteValues,
      Optional<byte[]> optBytes,
      SortedMap<ValueReadingContract.Shade, Integer> sortedByShade,
      TreeMap<Integer, String> treeByInt) {}

  private static Type type(String name) {
    for (var c : Types.class.getRecordComponents()) {
      if (c.getName().equals(name)) {
        return c.getGenericType();
      }
    }
    throw new IllegalArgumentException(name);
  }

  private static final String ID = "123e4567-e89b-12d3-a456-426614174000";

  protected JsonOptions options;

  /** What did not hold, one line a row. */
  private final List<String> failures = new ArrayList<>();

  /** The codec under test. */
  protected abstract JsonCodec codec();

  @BeforeEach
  void buildOptions() {
    options = JsonOptions.newBuilder().codec(codec()).build();
  }

  // ---- the rows ----

  /** Rules 1 to 4 and 10 in a boxed array: as in the primitive one, but an element may be null. */
  @Test
  public void theRulesHoldInABoxedArray() {
    for (String bad :
        List.of("\" 1\"", "\"01\"", "\"+1\"", "\"\u0661\"", "1e2", "1.0", "\"NaN\"")) {
      for (Type t : List.of(Integer[].class, Long[].class, Short[].class, BigInteger[].class)) {
        refused(t, "[" + bad + "]");
      }
    }
    for (String bad : List.of("\" 1\"", "\".5\"", "\"NaN\"", "\"Infinity\"", "\"1d\"")) {
      refused(Double[].class, "[" + bad + "]");
      refused(Float[].class, "[" + bad + "]");
    }
    refused(Float[].class, "[1e39]");
    refused(Short[].class, "[32768]");
    refused(Integer[].class, "{}");
    reads(Integer[].class, "[\"1\",-2]", new Integer[] {1, -2});
    reads(Double[].class, "[-0]", new Double[] {-0.0});
    reads(Float[].class, "[-0]", new Float[] {-0.0f});
    reads(Integer[].class, "[null]", new Integer[] {null});
    unwritable(Double[].class, new Double[] {Double.NaN});
    unwritable(Float[].class, new Float[] {Float.POSITIVE_INFINITY});
    unwritable(Object[].class, new Object[] {Float.NaN});
    assertAllHeld();
  }

  /** Rules 1, 3, 5 and 6 in a set, a collection, a sorted set, a queue, a deque, a linked list. */
  @Test
  public void theRulesHoldInSetsQueuesAndDeques() {
    for (String bad :
        List.of("\" 1\"", "\"01\"", "\"+1\"", "\"\u0661\"", "1e2", "1.0", "\"NaN\"")) {
      for (String name : List.of("intSet", "longCollection", "sortedSet", "deque", "queue")) {
        refused(type(name), "[" + bad + "]");
      }
    }
    refused(type("intSet"), "{}");
    refused(type("uuidSet"), "[\" " + ID + "\"]");
    reads(type("uuidSet"), "[\"" + ID + "\"]", Set.of(UUID.fromString(ID)));
    reads(type("intSet"), "[\"2\",1]", Set.of(1, 2));
    reads(type("deque"), "[2,null,1]", Arrays.asList(2, null, 1));
    reads(type("queue"), "[2,1]", List.of(2, 1));
    reads(type("linked"), "[2,1]", List.of(2, 1));
    reads(type("sortedSet"), "[2,1]", new TreeSet<>(List.of(1, 2)));
    assertAllHeld();
  }

  /** Rules 1, 2, 3, 5 and 10 in a list of lists and a map of lists. */
  @Test
  public void theRulesHoldInNestedContainers() {
    for (String bad :
        List.of("\" 1\"", "\"01\"", "\"+1\"", "\"\u0661\"", "1e2", "1.0", "\"NaN\"")) {
      refused(type("nestedInts"), "[[" + bad + "]]");
    }
    for (String bad : List.of("\" 1\"", "\".5\"", "\"NaN\"", "\"Infinity\"", "\"1d\"")) {
      refused(type("doubleLists"), "{\"a\":[" + bad + "]}");
    }
    refused(type("nestedInts"), "[1]");
    refused(type("doubleLists"), "{\"a\":{}}");
    reads(type("nestedInts"), "[[1,\"2\"],[]]", List.of(List.of(1, 2), List.of()));
    reads(type("doubleLists"), "{\"a\":[-0]}", Map.of("a", List.of(-0.0)));
    unwritable(type("doubleLists"), Map.of("a", List.of(Double.NaN)));
    assertAllHeld();
  }

  private static final List<String> NOT_AN_INTEGER =
      List.of("2147483648", "4294967296", "-2147483649", "1.5", "{}", "[1]");

  /**
   * Rules 3 and 5 for an element of a list in a list: a number outside an {@code Integer}'s range,
   * a fraction, an object or an array fails there as at the top level.
   */
  @Test
  public void anElementOfAListInAListIsReadAsItsType() {
    for (String bad : NOT_AN_INTEGER) {
      refused(type("nestedInts"), "[[" + bad + "]]");
    }
    reads(type("nestedInts"), "[[2147483647]]", List.of(List.of(Integer.MAX_VALUE)));
    assertAllHeld();
  }

  /** Rules 1, 3 and 5 for an element of a list in a list that is a record's component. */
  @Test
  public void anElementOfAListInAListInARecordIsReadAsItsType() {
    for (String bad : NOT_AN_INTEGER) {
      refused(NestedListField.class, "{\"v\":[[" + bad + "]]}");
    }
    reads(
        NestedListField.class,
        "{\"v\":[[1,\"2\"],[]]}",
        new NestedListField(List.of(List.of(1, 2), List.of())));
    assertAllHeld();
  }

  /**
   * Rules 1, 3 and 5 for an element of a list in a set or in an {@code Optional} that is a record's
   * component.
   */
  @Test
  public void anElementOfAListInASetOrAnOptionalInARecordIsReadAsItsType() {
    for (String bad : NOT_AN_INTEGER) {
      refused(SetOfListsField.class, "{\"v\":[[" + bad + "]]}");
      refused(OptionalListField.class, "{\"v\":[" + bad + "]}");
    }
    reads(
        SetOfListsField.class,
        "{\"v\":[[1,\"2\"],[]]}",
        new SetOfListsField(Set.of(List.of(1, 2), List.of())));
    reads(
        OptionalListField.class,
        "{\"v\":[1,\"2\"]}",
        new OptionalListField(Optional.of(List.of(1, 2))));
    assertAllHeld();
  }

  /**
   * Rules 1, 2, 3, 7 and 10 in an {@code Optional<…>} read at the top level, and in a list or a map
   * of them: {@code null} is empty, the value follows its type's rules.
   */
  @Test
  public void theRulesHoldInOptionalValuesAndElements() {
    for (String bad :
        List.of("\" 1\"", "\"01\"", "\"+1\"", "\"\u0661\"", "1e2", "1.0", "\"NaN\"")) {
      refused(type("optLong"), bad);
    }
    for (String bad : List.of("\" 1\"", "\".5\"", "\"NaN\"", "\"Infinity\"", "\"1d\"")) {
      refused(type("optDouble"), bad);
    }
    refused(type("optLong"), "9223372036854775808");
    reads(type("optDouble"), "-0", Optional.of(-0.0));
    reads(type("optLong"), "null", Optional.empty());
    reads(type("optionalList"), "[null,1]", List.of(Optional.empty(), Optional.of(1)));
    reads(type("optionalValues"), "{\"a\":null}", Map.of("a", Optional.empty()));
    refused(type("optionalList"), "[\" 1\"]");
    unwritable(type("optDouble"), Optional.of(Double.NaN));
    unwritable(OptionalDouble.class, OptionalDouble.of(Double.NaN));
    writes(Optional.class, Optional.of(1), "1");
    writes(Optional.class, Optional.empty(), "null");
    assertAllHeld();
  }

  /** Rule 4 for a class: no field's initial value survives an explicit {@code null}. */
  @Test
  public void nullIntoAnyInitializedPrimitiveFieldFails() {
    refused(InitializedFlag.class, "{\"b\":null}");
    refused(InitializedChar.class, "{\"c\":null}");
    refused(InitializedDouble.class, "{\"d\":null}");
    check(
        "{} into InitializedFlag keeps true",
        () -> assertThat(read(InitializedFlag.class, "{}").b).isTrue());
    check(
        "{} into InitializedChar keeps 'x'",
        () -> assertThat(read(InitializedChar.class, "{}").c).isEqualTo('x'));
    check(
        "{\"d\":-0} into InitializedDouble",
        () -> assertThat(read(InitializedDouble.class, "{\"d\":-0}").d).isEqualTo(-0.0));
    assertAllHeld();
  }

  /**
   * A value declared as {@code Number} is read as the smallest of {@code Integer}, {@code Long},
   * {@code BigInteger} that holds an integer literal and as a {@code Double} otherwise, following
   * rule 1 for a number in a string; rules 5 and 10 hold for an untyped {@code List} or {@code
   * Map}.
   */
  @Test
  public void numberAndUntypedTargetsFollowTheRules() {
    reads(Number.class, "1", 1);
    reads(Number.class, "-0", 0);
    reads(Number.class, "2147483648", 2147483648L);
    reads(Number.class, "1.5", 1.5);
    reads(Number.class, "\"1\"", 1);
    reads(
        type("numbers"),
        "[1,1e2,9223372036854775808]",
        List.of(1, 100.0, new BigInteger("9223372036854775808")));
    refused(Number.class, "\" 1\"");
    refused(Number.class, "true");
    refused(type("numbers"), "[\"NaN\"]");
    refused(Map.class, "[{}]");
    refused(List.class, "{}");
    unwritable(List.class, List.of(Double.NaN));
    Map<String, Object> untyped = new LinkedHashMap<>();
    untyped.put("a", Double.NEGATIVE_INFINITY);
    unwritable(Map.class, untyped);
    assertAllHeld();
  }

  /**
   * A map's key follows its type's rules: a {@code Boolean} key is {@code true} or {@code false}, a
   * sorted map's keys are read as in a map, a {@code char[]} value is an array of one-character
   * strings; date and time keys are written as ISO-8601 text.
   */
  @Test
  public void mapKeysFollowTheirTypesRules() {
    reads(type("byBoolean"), "{\"true\":\"a\"}", Map.of(true, "a"));
    for (String key : List.of("1", "0", "yes", "TRUE", "", " true")) {
      refused(type("byBoolean"), "{\"" + key + "\":\"a\"}");
    }
    reads(
        type("sortedByShade"),
        "{\"DARK\":2,\"LIGHT\":1}",
        new TreeMap<>(
            Map.of(ValueReadingContract.Shade.LIGHT, 1, ValueReadingContract.Shade.DARK, 2)));
    reads(type("treeByInt"), "{\"10\":\"b\",\"9\":\"a\"}", new TreeMap<>(Map.of(9, "a", 10, "b")));
    refused(type("treeByInt"), "{\"09\":\"a\"}");
    refused(type("sortedByShade"), "{\"dark\":1}");
    refused(type("charArrays"), "[]");
    refused(type("charArrays"), "[[\"k\",[\"a\"]]]");
    check(
        "{\"k\":[\"a\"]} into a Map<String, char[]>",
        () -> {
          Map<?, ?> read = (Map<?, ?>) readAs(type("charArrays"), "{\"k\":[\"a\"]}");
          assertThat(read.size()).isEqualTo(1);
          assertThat(read.get("k")).isEqualTo(new char[] {'a'});
        });
    writes(
        type("byZoned"),
        Map.of(ZonedDateTime.parse("2024-01-01T00:00:00.5+01:00[Europe/Paris]"), "x"),
        "{\"2024-01-01T00:00:00.5+01:00\":\"x\"}");
    writes(
        type("byOffset"),
        Map.of(OffsetDateTime.parse("2024-01-01T00:00:00.5+01:00"), "x"),
        "{\"2024-01-01T00:00:00.500+01:00\":\"x\"}");
    writes(type("byTime"), Map.of(LocalTime.parse("10:00"), "x"), "{\"10:00\":\"x\"}");
    assertAllHeld();
  }

  /**
   * A {@code byte[]} reads padded standard base64 or an array of byte literals and is written as
   * base64; a {@code double} is written as {@link Double#toString(double)} writes it.
   */
  @Test
  public void bytesAndDoublesAreWrittenInOneForm() {
    reads(byte[].class, "\"AQI=\"", new byte[] {1, 2});
    reads(byte[].class, "\"\"", new byte[] {});
    reads(byte[].class, "[1,-128,127]", new byte[] {1, -128, 127});
    reads(byte[].class, "null", null);
    for (String bad : List.of("\"AQI\"", "\"A\"", "\"AQ=\"", "\"-_8=\"", "1", "{}", "[128]")) {
      refused(byte[].class, bad);
    }
    writes(byte[].class, new byte[] {1, 2}, "\"AQI=\"");
    writes(byte[].class, new byte[] {}, "\"\"");
    writes(Double.class, 1.0E20, "1.0E20");
    writes(Double.class, 123456789.0, "1.23456789E8");
    writes(Double.class, Double.MIN_VALUE, "4.9E-324");
    writes(double[].class, new double[] {-0.0, 1e-7}, "[-0.0,1.0E-7]");
    assertAllHeld();
  }

  /**
   * A {@code byte[]} reads from a string only padded standard base64 (RFC 4648 section 4, as every
   * codec writes it), nothing else in the string: no blank, tab or line break, no URL-safe
   * alphabet, in every position (a record's field, a list element, a map value, an {@code
   * Optional}, the top level, a stream element).
   */
  @Test
  public void aByteArrayReadsOnlyPaddedStandardBase64InEveryPosition() throws Exception {
    List<String> bad =
        List.of(
            "\"AQ I=\"",
            "\"AQI=\\n\"",
            "\"AQ\\r\\nI=\"",
            "\" AQI=\"",
            "\"AQI= \"",
            "\"AQ\\tI=\"",
            "\"AQ\\u0020I=\"",
            "\"-_8=\"",
            "\"AQI\"");
    for (String text : bad) {
      refused(byte[].class, text);
      refused(BytesField.class, "{\"v\":" + text + "}");
      refused(type("byteList"), "[" + text + "]");
      refused(type("byteValues"), "{\"k\":" + text + "}");
      refused(type("optBytes"), text);
    }
    reads(byte[].class, "\"+/8=\"", new byte[] {(byte) 0xFB, (byte) 0xFF});
    check(
        "\"AQI=\" into a record's byte[]",
        () ->
            assertThat(read(BytesField.class, "{\"v\":\"AQI=\"}").v())
                .isEqualTo(new byte[] {1, 2}));
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          HttpClient client = HttpClient.newHttpClient();
          try (MockWebServer server = LoopbackServer.start()) {
            for (String text : bad) {
              server.enqueue(LoopbackServer.json(200, "[" + text + "]"));
              refusedInStream(client, server, byte[].class, "[" + text + "]");
            }
          }
        });
    assertAllHeld();
  }

  /**
   * Rule 9 over HTTP: a body labelled {@code application/json} with no charset is UTF-8; one that
   * starts with a UTF-16 byte-order mark or a zero byte fails to read, whole or streamed.
   */
  @Test
  public void aBodyThatIsNotUtf8JsonFailsOverHttp() throws Exception {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          HttpClient client = HttpClient.newHttpClient();
          try (MockWebServer server = LoopbackServer.start()) {
            for (String hex :
                List.of("feff0031", "fffe3100", "0031", "3100", "feff005b00310030005d")) {
              byte[] body = HexFormat.of().parseHex(hex);
              server.enqueue(LoopbackServer.bytes(200, "application/json", body));
              check(
                  "bytes " + hex + " over HTTP are refused",
                  () -> {
                    Object got;
                    try {
                      got =
                          HttpJson.getFromJson(
                              client,
                              LoopbackServer.uri(server, "/b"),
                              JsonType.of(Integer.class, options));
                    } catch (JsonReadException expected) {
                      return;
                    }
                    throw new AssertionError("read as " + show(got));
                  });
            }
            for (String hex : List.of("feff005b0031005d", "fffe5b0031005d00")) {
              byte[] body = HexFormat.of().parseHex(hex);
              server.enqueue(LoopbackServer.bytes(200, "application/json", body));
              refusedInStream(client, server, Integer.class, hex);
            }
          }
        });
    assertAllHeld();
  }

  /** The rules hold for an element of a stream read from a loopback server. */
  @Test
  public void theRulesHoldInAStreamOverHttp() throws Exception {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          HttpClient client = HttpClient.newHttpClient();
          try (MockWebServer server = LoopbackServer.start()) {
            Map<String, Type> refused = new LinkedHashMap<>();
            refused.put("[\" 1\"]", Integer.class);
            refused.put("[\"NaN\"]", Double.class);
            refused.put("[1e39]", Float.class);
            refused.put("[1e2]", Long.class);
            refused.put("[[{\"v\":1},{\"v\":2}]]", PositionRulesContract.Point.class);
            refused.put("[\" " + ID + "\"]", UUID.class);
            refused.put("[1]", Character.class);
            for (Map.Entry<String, Type> e : refused.entrySet()) {
              server.enqueue(LoopbackServer.json(200, e.getKey()));
              refusedInStream(client, server, e.getValue(), e.getKey());
            }
            server.enqueue(LoopbackServer.json(200, "[-0,\"2\",null]"));
            check(
                "[-0,\"2\",null] streamed as Double",
                () ->
                    assertThat(streamed(client, server, Double.class))
                        .isEqualTo(Arrays.asList(-0.0, 2.0, null)));
          }
        });
    assertAllHeld();
  }

  // ---- the machinery ----

  /** A row: its check, run now; a failure is kept, named, for {@link #assertAllHeld()}. */
  private interface Row {
    void run() throws Throwable;
  }

  private void check(String name, Row row) {
    try {
      row.run();
    } catch (Throwable t) {
      failures.add(name + ": " + t.getMessage());
    }
  }

  private void assertAllHeld() {
    assertThat(failures).as("rows that did not hold").isEmpty();
  }

  private void refused(Type type, String json) {
    check(
        json + " into " + type.getTypeName() + " is refused",
        () -> {
          Object got;
          try {
            got = readAs(type, json);
          } catch (JsonReadException expected) {
            return;
          }
          throw new AssertionError("read as " + show(got));
        });
  }

  private void reads(Type type, String json, @Nullable Object expected) {
    check(
        json + " into " + type.getTypeName(),
        () -> assertThat(comparable(readAs(type, json))).isEqualTo(expected));
  }

  /**
   * {@code read} as {@code equals} compares it with the row's value: a queue or a deque (which
   * compare by identity) as a list of its elements. Arrays compare element by element, and a {@code
   * -0.0} differs from {@code 0.0}, a {@code Long} from an {@code Integer}.
   */
  private static @Nullable Object comparable(@Nullable Object read) {
    return read instanceof Collection && !(read instanceof List) && !(read instanceof Set)
        ? new ArrayList<>((Collection<?>) read)
        : read;
  }

  private void unwritable(Type type, Object value) {
    check(
        "writing " + show(value) + " as " + type.getTypeName() + " fails",
        () -> {
          String json;
          try {
            json = jsonType(type).toJson(value);
          } catch (JsonWriteException expected) {
            return;
          }
          throw new AssertionError("written as " + json);
        });
  }

  private void writes(Type type, Object value, String expected) {
    check(
        "writing " + show(value) + " as " + type.getTypeName(),
        () -> assertThat(jsonType(type).toJson(value)).isEqualTo(expected));
  }

  private void refusedInStream(HttpClient client, MockWebServer server, Type type, String body) {
    check(
        body + " streamed as " + type.getTypeName() + " is refused",
        () -> {
          List<?> got;
          try {
            got = streamed(client, server, type);
          } catch (UncheckedHttpJsonException e) {
            assertThat(e.getCause()).isInstanceOf(JsonReadException.class);
            return;
          } catch (JsonReadException expected) {
            return;
          }
          throw new AssertionError("streamed as " + show(got));
        });
  }

  /** Every element of the next response, a streamed array of {@code type}. */
  private List<?> streamed(HttpClient client, MockWebServer server, Type type) throws Exception {
    try (Stream<?> elements =
        HttpJson.getFromJsonAsStream(
            client, LoopbackServer.uri(server, "/s"), JsonType.of(type, options))) {
      return elements.toList();
    }
  }

  private <T> T read(Class<T> type, String json) throws Exception {
    return JsonType.of(type, options).fromJson(json.getBytes(UTF_8));
  }

  private @Nullable Object readAs(Type type, String json) throws Exception {
    return JsonType.of(type, options).fromJson(json.getBytes(UTF_8));
  }

  @SuppressWarnings("unchecked")
  private JsonType<Object> jsonType(Type type) {
    return (JsonType<Object>) JsonType.of(type, options);
  }

  /** A value as text, arrays by their elements. */
  private static String show(@Nullable Object value) {
    String s = Arrays.deepToString(new Object[] {value});
    return s.substring(1, s.length() - 1);
  }
}

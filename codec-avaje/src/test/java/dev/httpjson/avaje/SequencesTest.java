package dev.httpjson.avaje;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonSequenceReader.Cursor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Streamed arrays and NDJSON, below the HTTP calls. */
class SequencesTest {
  private static final JsonOptions WEB = JsonOptions.newBuilder().codec(new AvajeCodec()).build();

  private static JsonSequenceReader<Named> named(JsonOptions options) {
    return options.codec().bind(options).sequenceReader(Named.class);
  }

  private static InputStream in(String json) {
    return new ByteArrayInputStream(json.getBytes(UTF_8));
  }

  private static List<String> all(Cursor<Named> cursor) throws IOException {
    List<String> names = new ArrayList<>();
    try (cursor) {
      while (cursor.next()) {
        Named n = cursor.value();
        names.add(n == null ? null : n.displayName());
      }
    }
    return names;
  }

  private static String array(int n) {
    return IntStream.range(0, n)
        .mapToObj(i -> "{\"displayName\":\"n" + i + "\"}")
        .collect(Collectors.joining(",", "[", "]"));
  }

  @Test
  void anArrayIsReadElementByElement() throws Exception {
    assertThat(
            all(
                named(WEB)
                    .array(in(" [ {\"displayName\":\"a\"} , null ,{\"DISPLAYNAME\":\"b\"}] \n"))))
        .containsExactly("a", null, "b");
    assertThat(all(named(WEB).array(new StringReader(array(3))))).containsExactly("n0", "n1", "n2");
    assertThat(all(named(WEB).array(in(array(5000))))).hasSize(5000).endsWith("n4999");
  }

  private static List<Object> values(Class<?> type, String ndjson) throws IOException {
    List<Object> values = new ArrayList<>();
    try (Cursor<?> cursor = WEB.codec().bind(WEB).sequenceReader(type).values(in(ndjson))) {
      while (cursor.next()) {
        values.add(cursor.value());
      }
    }
    return values;
  }

  /** As a single value: from the number's text, whether or not whitespace ends it. */
  @Test
  void topLevelNumbersInNdjsonReadFromTheirText() throws Exception {
    assertThat(values(Object.class, "1\n0.1e1\n-0.0\n1e0"))
        .containsExactly(1, 1.0, -0.0, 1.0)
        .satisfies(v -> assertThat(Double.doubleToRawLongBits((Double) v.get(2))).isNegative());
    assertThat(values(Double.class, "-0.0 \n1e-70")).containsExactly(-0.0, 1e-70);
    assertThat(Double.doubleToRawLongBits((Double) values(Double.class, "2\n-0.0").get(1)))
        .isNegative();
    assertThat(values(java.math.BigDecimal.class, "1\n" + "9".repeat(150) + ".5"))
        .containsExactly(
            java.math.BigDecimal.ONE, new java.math.BigDecimal("9".repeat(150) + ".5"));
  }

  @Test
  void emptyInputIsAnEmptySequenceAndAnEmptyArrayToo() throws Exception {
    assertThat(all(named(WEB).array(in("")))).isEmpty();
    assertThat(all(named(WEB).array(in(" \r\n ")))).isEmpty();
    assertThat(all(named(WEB).array(in("[]")))).isEmpty();
    assertThat(all(named(WEB).values(in("")))).isEmpty();
    assertThat(all(named(WEB).values(in("\n\n")))).isEmpty();
  }

  @Test
  void anArrayCursorRefusesAnotherValueAndContentAfterTheArray() {
    assertThatThrownBy(() -> named(WEB).array(in("{\"displayName\":\"a\"}")))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("Expected a JSON array but was BEGIN_OBJECT");
    assertThatThrownBy(() -> all(named(WEB).array(in(array(2) + " []"))))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem()).startsWith("Trailing token");
              assertThat(e.column()).isEqualTo(array(2).length() + 2);
            });
  }

  @Test
  void ndjsonIsWhitespaceSeparatedValuesWithoutCommasOrBrackets() throws Exception {
    assertThat(
            all(
                named(WEB)
                    .values(in("{\"displayName\":\"a\"}\n\n{\"displayName\":\"b\"}\r\n  null\n"))))
        .containsExactly("a", "b", null);
    assertThatThrownBy(
            () -> all(named(WEB).values(in("{\"displayName\":\"a\"},{\"displayName\":\"b\"}"))))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("','");
    assertThatThrownBy(() -> all(named(WEB).values(in("{\"displayName\":\"a\"}\n]"))))
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem()).contains("']'");
              assertThat(e.line()).isEqualTo(2);
            });
  }

  @Test
  void ndjsonOfBareNumbersStringsAndLiteralsReadsEveryValue() throws Exception {
    JsonSequenceReader<Object> any = WEB.codec().bind(WEB).sequenceReader(Object.class);
    List<Object> values = new ArrayList<>();
    try (Cursor<Object> cursor = any.values(in("1\n2.5\n-3e2\n\"x\"\ntrue\nnull\n7"))) {
      while (cursor.next()) {
        values.add(cursor.value());
      }
    }
    // Into Object, integers are Integer, Long or BigInteger by size, as in every codec.
    assertThat(values).containsExactly(1, 2.5, -300.0, "x", true, null, 7);
  }

  /** Every value of an NDJSON body of {@code Object}s, read to its end. */
  private static List<Object> values(String ndjson) throws IOException {
    List<Object> values = new ArrayList<>();
    try (Cursor<Object> cursor =
        WEB.codec().bind(WEB).sequenceReader(Object.class).values(in(ndjson))) {
      while (cursor.next()) {
        values.add(cursor.value());
      }
    }
    return values;
  }

  /** A value read alone, as a whole body. */
  private static Object alone(String json) throws IOException {
    return WEB.codec().bind(WEB).reader(Object.class).read(in(json));
  }

  @Test
  void eachKindOfBareValueIsReadAfterANumberAndBeforeOneWhateverEndsItsLine() throws Exception {
    List<String> kinds =
        List.of(
            "7",
            "-7",
            "0",
            "2.5",
            "-3e2",
            "1E+2",
            "12345678901234567890",
            "1e1000000008888888888",
            "\"x\"",
            "true",
            "false",
            "null",
            "[1,2]",
            "{\"a\":1}");
    for (String kind : kinds) {
      Object value = alone(kind);
      for (String end : List.of("", "\n", "\r\n", " ", "\t\n\n")) {
        assertThat(values("1\n" + kind + end))
            .as("%s as the last line, then %s", kind, end.replace("\n", "\\n"))
            .containsExactly(1, value);
        assertThat(values(kind + end + (end.isEmpty() ? " " : "") + "2"))
            .as("%s, then %s and a number", kind, end.replace("\n", "\\n"))
            .containsExactly(value, 2);
      }
    }
  }

  @Test
  void ndjsonNumbersEndingInCrLfReadIntoEveryNumericType() throws Exception {
    String body = "1\r\n-2\r\n30\r\n";
    for (Class<?> type :
        List.of(
            Long.class,
            Integer.class,
            Short.class,
            Double.class,
            java.math.BigDecimal.class,
            java.math.BigInteger.class)) {
      List<Object> values = new ArrayList<>();
      try (Cursor<?> cursor = WEB.codec().bind(WEB).sequenceReader(type).values(in(body))) {
        while (cursor.next()) {
          values.add(((Number) cursor.value()).intValue());
        }
      }
      assertThat(values).as("%s", type.getSimpleName()).containsExactly(1, -2, 30);
    }
  }

  @Test
  void bareNumbersArrivingInSmallPiecesAreEachReadWhenTheirLineEnds() throws Exception {
    List<String> ends = List.of("\n", "\r\n", " \n", "\t");
    List<byte[]> pieces = new ArrayList<>();
    List<Integer> perValue = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      String text = (i % 2 == 0 ? "-" : "") + i * 7919L + (i % 5 == 0 ? ".5" : "");
      String end = ends.get(i % ends.size());
      if (i % 3 == 0 && text.length() > 1) { // split inside the number
        pieces.add(text.substring(0, 1).getBytes(UTF_8));
        pieces.add((text.substring(1) + end).getBytes(UTF_8));
        perValue.add(2);
      } else {
        pieces.add((text + end).getBytes(UTF_8));
        perValue.add(1);
      }
    }
    Arrivals in = new Arrivals(pieces);
    in.arrive(perValue.get(0));
    Cursor<Double> cursor = WEB.codec().bind(WEB).<Double>sequenceReader(Double.class).values(in);

    for (int i = 0; i < 500; i++) {
      assertThat(cursor.next()).isTrue();
      assertThat(cursor.value())
          .isEqualTo((i % 2 == 0 ? -1 : 1) * (i * 7919L + (i % 5 == 0 ? 0.5 : 0)));
      if (i + 1 < 500) {
        in.arrive(perValue.get(i + 1));
      }
    }
    in.arrive(1); // the end
    assertThat(cursor.next()).isFalse();
    cursor.close();
  }

  @Test
  void anArrayOfBareNumbersArrivingInPiecesReadsEachElementWhenItsSeparatorArrives()
      throws Exception {
    Arrivals in = new Arrivals(bytes(List.of("[1 ,", "2\n,", "\n-3e2 ,", "4.5\t]", "\n")));
    in.arrive(1);
    Cursor<Object> cursor = WEB.codec().bind(WEB).sequenceReader(Object.class).array(in);
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      assertThat(cursor.next()).isTrue();
      values.add(cursor.value());
      in.arrive(1);
    }
    assertThat(cursor.next()).isFalse();
    cursor.close();

    assertThat(values).containsExactly(1, 2, alone("-3e2"), alone("4.5"));
  }

  @Test
  void anArrayOfBareNumbersWithPiecesEndingInWhitespaceReadsEveryElement() throws Exception {
    for (Class<?> type : List.of(Long.class, Object.class, java.math.BigDecimal.class)) {
      Pauses in = new Pauses(bytes(List.of("[1 ", ",22\n", ", -3\t", "\n,4 ", "]")));
      List<Integer> values = new ArrayList<>();
      try (Cursor<?> cursor = WEB.codec().bind(WEB).sequenceReader(type).array(in)) {
        while (cursor.next()) {
          values.add(((Number) cursor.value()).intValue());
        }
      }
      assertThat(values).as("%s", type.getSimpleName()).containsExactly(1, 22, -3, 4);
    }
  }

  @Test
  void ndjsonNumberFollowedByAnotherValueWithoutWhitespaceFailsAsWithJackson() {
    // body, then the line and column Jackson 3 gives
    Object[][] cases = {
      {"1\"x\"\n", 1L, 2L}, {"2.5[1]", 1L, 4L}, {"-3e2{\"a\":1}", 1L, 5L}, {"4\n5{}", 2L, 2L}
    };
    for (Object[] c : cases) {
      assertThatThrownBy(() -> values((String) c[0]))
          .as((String) c[0])
          .isInstanceOfSatisfying(
              JsonReadException.class,
              e -> {
                assertThat(e.problem())
                    .startsWith("Unexpected character (")
                    .endsWith("): Expected space separating root-level values");
                assertThat(e.line()).isEqualTo(c[1]);
                assertThat(e.column()).isEqualTo(c[2]);
              });
    }
  }

  @Test
  void aMalformedElementFailsAfterTheGoodOnesWithItsPath() throws Exception {
    Cursor<Named> cursor =
        named(WEB).array(in("[{\"displayName\":\"a\"},\n{\"displayName\":[1]}]"));

    assertThat(cursor.next()).isTrue();
    assertThat(cursor.value()).isEqualTo(new Named("a"));
    assertThat(cursor.next()).isTrue();
    assertThatThrownBy(cursor::value)
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem()).isEqualTo("Cannot read String from an array");
              assertThat(e.path()).isEqualTo("$[1].displayName");
              assertThat(e.line()).isEqualTo(2);
              assertThat(e.column()).isEqualTo(16);
            });
    cursor.close();
  }

  @Test
  void anElementAvajeWouldTakeDespiteATrailingCommaFails() throws Exception {
    Cursor<Named> cursor =
        named(WEB).array(in("[{\"displayName\":\"a\"},{\"displayName\":\"b\",}]"));

    assertThat(cursor.next()).isTrue();
    assertThat(cursor.value()).isEqualTo(new Named("a"));
    assertThat(cursor.next()).isTrue();
    assertThatThrownBy(cursor::value)
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> assertThat(e.problem()).startsWith("Unexpected character ('}'"));
    assertThat(cursor.next()).isFalse();
    cursor.close();
  }

  @Test
  void limitsApplyToEachElement() throws Exception {
    JsonOptions small = WEB.toBuilder().maxStringLength(3).build();
    Cursor<Named> cursor =
        named(small).values(in("{\"displayName\":\"abc\"}\n{\"displayName\":\"abcd\"}"));

    assertThat(cursor.next()).isTrue();
    assertThat(cursor.value()).isEqualTo(new Named("abc"));
    assertThat(cursor.next()).isTrue();
    assertThatThrownBy(cursor::value)
        .isInstanceOfSatisfying(
            JsonReadException.class,
            e -> {
              assertThat(e.problem()).contains("JsonOptions.maxStringLength");
              assertThat(e.path()).isEqualTo("$.displayName");
              assertThat(e.line()).isEqualTo(2);
            });
    cursor.close();
  }

  @Test
  void closingTheCursorClosesTheInputAndAFailedOpenClosesItToo() throws Exception {
    boolean[] closed = new boolean[2];
    InputStream first =
        new ByteArrayInputStream(array(3).getBytes(UTF_8)) {
          @Override
          public void close() {
            closed[0] = true;
          }
        };
    InputStream second =
        new ByteArrayInputStream("{}".getBytes(UTF_8)) {
          @Override
          public void close() {
            closed[1] = true;
          }
        };

    Cursor<Named> cursor = named(WEB).array(first);
    assertThat(cursor.next()).isTrue();
    cursor.close();
    assertThatThrownBy(() -> named(WEB).array(second)).isInstanceOf(JsonReadException.class);

    assertThat(closed).containsExactly(true, true);
  }

  @Test
  void aCursorKeepsItsParserWhileTheSameThreadReadsOtherBodies() throws Exception {
    JsonReader<Named> one = WEB.codec().bind(WEB).reader(Named.class);
    Cursor<Named> cursor = named(WEB).array(in(array(2000)));
    List<String> seen = new ArrayList<>();

    while (cursor.next()) {
      seen.add(cursor.value().displayName());
      byte[] other = ("{\"displayName\":\"other" + seen.size() + "\"}").getBytes(UTF_8);
      assertThat(one.read(other, 0, other.length).displayName()).isEqualTo("other" + seen.size());
      assertThat(one.read(new ByteArrayInputStream(other)).displayName())
          .isEqualTo("other" + seen.size());
    }
    cursor.close();

    assertThat(seen).hasSize(2000).startsWith("n0").endsWith("n1999");
  }

  @Test
  void eachElementIsReadFromTheBytesThatHaveArrivedWithoutWaitingForTheNext() throws Exception {
    List<String> pieces = new ArrayList<>();
    pieces.add("[");
    for (int i = 0; i < 300; i++) {
      // Elements of many lengths, so that their ends fall everywhere in the parser's buffer.
      pieces.add((i == 0 ? "" : ",") + "{\"displayName\":\"" + "x".repeat(i % 97) + i + "\"}");
    }
    pieces.add("]");
    Arrivals in = new Arrivals(bytes(pieces));
    in.arrive(2);
    Cursor<Named> cursor = named(WEB).array(in);

    for (int i = 0; i < 300; i++) {
      assertThat(cursor.next()).isTrue();
      assertThat(cursor.value()).isEqualTo(new Named("x".repeat(i % 97) + i));
      in.arrive(1);
    }
    assertThat(cursor.next()).isFalse();
    cursor.close();
  }

  @Test
  void anNdjsonValueSplitOverSeveralArrivalsIsReadWhenItsLastPartArrives() throws Exception {
    byte[] accented = "\"b\u00e9c\"}".getBytes(UTF_8);
    Arrivals in =
        new Arrivals(
            List.of(
                "{\"displayName\":\"a\"}\n".getBytes(UTF_8),
                "{\"displayName\":".getBytes(UTF_8),
                Arrays.copyOfRange(accented, 0, 3), // the first byte of the two of \u00e9
                Arrays.copyOfRange(accented, 3, accented.length),
                "\n{\"displayName\":\"d\"}\n".getBytes(UTF_8)));
    in.arrive(1);
    Cursor<Named> cursor = named(WEB).values(in);

    assertThat(cursor.next()).isTrue();
    assertThat(cursor.value()).isEqualTo(new Named("a"));
    in.arrive(3);
    assertThat(cursor.next()).isTrue();
    assertThat(cursor.value()).isEqualTo(new Named("b\u00e9c"));
    in.arrive(1);
    assertThat(cursor.next()).isTrue();
    assertThat(cursor.value()).isEqualTo(new Named("d"));
    assertThat(cursor.next()).isFalse();
    cursor.close();
  }

  @Test
  void aMalformedElementAfterPausesIsPlacedAsInTheWholeBody() throws Exception {
    List<String> lines =
        List.of(
            "{\"displayName\":\"a\"}\n",
            "  {\"displayName\":\"b\"}\n",
            "{\"displayName\":\"c\"}\n",
            "   {\"displayName\":[1]}\n");
    JsonReadException whole = fourthFails(named(WEB).values(in(String.join("", lines))));
    Arrivals in = new Arrivals(bytes(lines));
    in.arrive(1);
    Cursor<Named> cursor = named(WEB).values(in);
    for (int i = 0; i < 3; i++) {
      assertThat(cursor.next()).isTrue();
      assertThat(cursor.value()).isNotNull();
      in.arrive(1);
    }
    assertThat(cursor.next()).isTrue();
    JsonReadException arrived = null;
    try (cursor) {
      cursor.value();
    } catch (JsonReadException e) {
      arrived = e;
    }

    assertThat(whole.line()).isEqualTo(4);
    assertThat(whole.column()).isEqualTo(19);
    assertThat(arrived)
        .isNotNull()
        .extracting(
            JsonReadException::problem,
            JsonReadException::line,
            JsonReadException::column,
            JsonReadException::path)
        .containsExactly(whole.problem(), whole.line(), whole.column(), whole.path());
  }

  private static List<byte[]> bytes(List<String> pieces) {
    return pieces.stream().map(p -> p.getBytes(UTF_8)).collect(Collectors.toList());
  }

  /** Reads on to the fourth value, which must fail. */
  private static JsonReadException fourthFails(Cursor<Named> cursor) throws IOException {
    try (cursor) {
      int read = 0;
      while (cursor.next()) {
        try {
          cursor.value();
        } catch (JsonReadException e) {
          assertThat(read).isEqualTo(3);
          return e;
        }
        read++;
      }
    }
    throw new AssertionError("no failure");
  }

  /**
   * A body whose pieces arrive just too late for {@link #available()}: it reports nothing at the
   * end of each piece, as when the next one is still on its way, but a read then returns the next
   * one.
   */
  private static final class Pauses extends InputStream {
    private final List<byte[]> pieces;
    private int piece;
    private int at;

    Pauses(List<byte[]> pieces) {
      this.pieces = pieces;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      while (piece < pieces.size() && at == pieces.get(piece).length) {
        piece++;
        at = 0;
      }
      if (piece == pieces.size()) {
        return -1;
      }
      int n = Math.min(len, pieces.get(piece).length - at);
      System.arraycopy(pieces.get(piece), at, b, off, n);
      at += n;
      return n;
    }

    @Override
    public int available() {
      return piece < pieces.size() ? pieces.get(piece).length - at : 0;
    }
  }

  /**
   * A body arriving in pieces, as the JDK client's body stream hands them out: a read returns what
   * has arrived of the current piece, {@link #available()} counts only that, and a read that would
   * wait for a piece that has not arrived fails the test.
   */
  private static final class Arrivals extends InputStream {
    private final List<byte[]> pieces = new ArrayList<>();
    private int arrived;
    private int piece;
    private int at;

    Arrivals(List<byte[]> pieces) {
      this.pieces.addAll(pieces);
    }

    void arrive(int count) {
      arrived += count;
    }

    private boolean atEnd() {
      while (piece < pieces.size() && piece < arrived && at == pieces.get(piece).length) {
        piece++;
        at = 0;
      }
      return piece == pieces.size();
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (atEnd()) {
        return -1;
      }
      if (piece >= arrived) {
        throw new AssertionError("a read waits for piece " + piece + ", which has not arrived");
      }
      byte[] current = pieces.get(piece);
      int n = Math.min(len, current.length - at);
      System.arraycopy(current, at, b, off, n);
      at += n;
      return n;
    }

    @Override
    public int available() {
      return atEnd() || piece >= arrived ? 0 : pieces.get(piece).length - at;
    }
  }
}

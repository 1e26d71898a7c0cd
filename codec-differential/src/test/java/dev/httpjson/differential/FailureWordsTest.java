package dev.httpjson.differential;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import java.lang.reflect.Type;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A failure that has the same cause says so in the same words, from every codec: the problem (the
 * message without its place) and the path are equal, and in plain English.
 */
class FailureWordsTest {

  @Test
  void nullIntoAnElementOfAPrimitiveArraySaysSoAsNullIntoThePrimitive() {
    assertFailure(int[].class, "[1,null]", "Cannot read null into int", "$[1]");
    assertFailure(char[].class, "[null]", "Cannot read null into char", "$[0]");
    assertFailure(double[].class, "[null]", "Cannot read null into double", "$[0]");
  }

  @Test
  void aCharFromAnotherTokenSaysWhatItIsReadFrom() {
    assertFailure(
        char.class,
        "1",
        "Cannot read char from a number: a char is a string of one character",
        "$");
    assertFailure(
        char.class,
        "true",
        "Cannot read char from a boolean: a char is a string of one character",
        "$");
  }

  @Test
  void aDateOrAUuidFromANumberSaysWhatItIsReadFrom() {
    assertFailure(
        LocalDate.class,
        "5",
        "Cannot read LocalDate from a number: a date or time is an ISO-8601 string",
        "$");
    assertFailure(UUID.class, "5", "Cannot read UUID from a number: a UUID is a string", "$");
  }

  /**
   * A string that spells no number, a token of another shape and a number past its type's range are
   * said in one set of words for every number type, its box and {@code boolean}, wherever the value
   * stands: each codec's library said them in its own.
   */
  @Test
  void aScalarsFailureOfOneCauseIsSaidInTheSameWordsForEveryType() {
    String notANumber = ": not a JSON number (RFC 8259 syntax, ASCII digits)";
    Map<Class<?>, String> names = new java.util.LinkedHashMap<>();
    for (Class<?> type :
        List.of(
            int.class,
            Integer.class,
            long.class,
            Long.class,
            short.class,
            Short.class,
            byte.class,
            Byte.class,
            double.class,
            Double.class,
            float.class,
            Float.class)) {
      names.put(type, type.isPrimitive() ? type.getName() : null);
    }
    names.put(Integer.class, "int");
    names.put(Long.class, "long");
    names.put(Short.class, "short");
    names.put(Byte.class, "byte");
    names.put(Double.class, "double");
    names.put(Float.class, "float");
    names.put(java.math.BigDecimal.class, "BigDecimal");
    names.put(java.math.BigInteger.class, "BigInteger");
    names.forEach(
        (type, name) -> {
          assertFailure(
              type, "\"x\"", "Cannot read " + name + " from the string \"x\"" + notANumber, "$");
          assertFailure(type, "{}", "Cannot read " + name + " from an object", "$");
          assertFailure(type, "[[]]", "Cannot read " + name + " from an array", "$");
          assertFailure(type, "true", "Cannot read " + name + " from a boolean", "$");
        });
    assertFailure(
        Shapes.IntBox.class,
        "{\"v\":\"1\\nX\"}",
        "Cannot read int from the string \"1\\nX\"" + notANumber,
        "$.v");
    assertFailure(int[].class, "[1,false]", "Cannot read int from a boolean", "$[1]");
    assertFailure(
        new JsonType<List<Long>>() {}.type(), "[{}]", "Cannot read long from an object", "$[0]");
    for (Class<?> type : List.of(boolean.class, Boolean.class)) {
      assertFailure(type, "{}", "Cannot read boolean from an object", "$");
      assertFailure(type, "[]", "Cannot read boolean from an array", "$");
      assertFailure(type, "\"true\"", "Cannot read boolean from a string", "$");
      assertFailure(type, "1", "Cannot read boolean from a number", "$");
      assertFailure(type, "1.5", "Cannot read boolean from a number", "$");
    }
    assertFailure(Shapes.BooleanBox.class, "{\"v\":0}", "Cannot read boolean from a number", "$.v");
    assertRange(int.class, "int", "2147483648");
    assertRange(Integer.class, "int", "-2147483649");
    assertRange(long.class, "long", "9223372036854775808");
    assertRange(Long.class, "long", "99999999999999999999999");
    assertRange(short.class, "short", "32768");
    assertRange(Short.class, "short", "99999999999");
    assertRange(byte.class, "byte", "128");
    assertRange(Byte.class, "byte", "99999999999999999999999");
    assertRange(float.class, "float", "1e39");
    assertRange(Float.class, "float", "-3.5e38");
    assertRange(java.math.BigDecimal.class, "BigDecimal", "1e2147483648");
    assertFailure(
        Shapes.IntBox.class,
        "{\"v\":99999999999}",
        "Cannot read int from the number 99999999999: out of range of int",
        "$.v");
    assertFailure(
        Shapes.IntBox.class,
        "{\"v\":\"99999999999\"}",
        "Cannot read int from the string \"99999999999\": out of range of int",
        "$.v");
    assertFailure(
        short[].class,
        "[1,-40000]",
        "Cannot read short from the number -40000: out of range of short",
        "$[1]");
    String digits = "9".repeat(100);
    assertFailure(
        long.class,
        digits,
        "Cannot read long from the number " + digits.substring(0, 60) + "...: out of range of long",
        "$");
  }

  private static void assertRange(Class<?> type, String name, String number) {
    assertFailure(
        type,
        number,
        "Cannot read " + name + " from the number " + number + ": out of range of " + name,
        "$");
    assertFailure(
        type,
        "\"" + number + "\"",
        "Cannot read " + name + " from the string \"" + number + "\": out of range of " + name,
        "$");
  }

  @Test
  void aMapKeyItsTypeCannotReadFailsAtTheKeysPathInTheSameWords() {
    Type byInt = new JsonType<Map<Integer, Integer>>() {}.type();
    String notANumber = "not a JSON number (RFC 8259 syntax, ASCII digits)";
    assertFailure(byInt, "{\"x\":1}", "Cannot read map key \"x\" as Integer: " + notANumber, "$.x");
    assertFailure(
        byInt,
        "{\"1\":1,\"a b\":2}",
        "Cannot read map key \"a b\" as Integer: " + notANumber,
        "$['a b']");
    assertFailure(
        new JsonType<List<Map<Long, Integer>>>() {}.type(),
        "[{\"1\":1},{\"99999999999999999999\":1}]",
        "Cannot read map key \"99999999999999999999\" as Long: out of range of long",
        "$[1]['99999999999999999999']");
    assertFailure(
        new JsonType<Map<UUID, Integer>>() {}.type(),
        "{\"u\":1}",
        "Cannot read map key \"u\" as UUID: not a UUID's canonical text (8-4-4-4-12 hex digits)",
        "$.u");
  }

  @Test
  void aValueInAMapFailsAtItsKeysPath() {
    Type byInt = new JsonType<Map<Integer, int[]>>() {}.type();
    assertFailure(byInt, "{\"1\":[null]}", "Cannot read null into int", "$['1'][0]");
    assertFailure(
        new JsonType<Map<String, Map<String, int[]>>>() {}.type(),
        "{\"a.b\":{\"c d\":[1,null]}}",
        "Cannot read null into int",
        "$['a.b']['c d'][1]");
  }

  /**
   * A key or a string a hostile server sends with a line break, an escape or a NUL in it never
   * reaches a failure's message raw, nor its path: the path spells such a key in brackets, escaped
   * as a Java string literal is (a backslash too, so that it reads back one way), and the message
   * is on one line, so that a logged failure cannot forge a log line or drive a terminal.
   */
  @Test
  void aKeyOrAStringWithControlCharactersIsEscapedInThePathAndTheMessage() {
    Type byName = new JsonType<Map<String, int[]>>() {}.type();
    assertOneLine(byName, "{\"a\\nFAKE\":[null]}", "$['a\\nFAKE'][0]");
    assertOneLine(byName, "{\"a\\r\\n\\t\":[null]}", "$['a\\r\\n\\t'][0]");
    assertOneLine(byName, "{\"a\\u001b[31m\":[null]}", "$['a\\u001b[31m'][0]");
    assertOneLine(byName, "{\"a\\u0000b\":[null]}", "$['a\\u0000b'][0]");
    assertOneLine(byName, "{\"ab\\u001b\":[null]}", "$['ab\\u001b'][0]");
    assertOneLine(byName, "{\"a\\u2028b\":[null]}", "$['a\\u2028b'][0]");
    assertOneLine(byName, "{\"a\\\\\":[null]}", "$['a\\\\'][0]");
    assertOneLine(byName, "{\"it's\":[null]}", "$['it\\'s'][0]");
    assertOneLine(
        new JsonType<Map<Integer, Integer>>() {}.type(), "{\"a\\nFAKE\":1}", "$['a\\nFAKE']");
    assertOneLine(int[].class, "[\"1\\nFAKE\"]", "$[0]");
  }

  private static void assertOneLine(Type type, String json, String path) {
    for (Codecs codec : Codecs.ALL) {
      JsonReadException e =
          catchThrowableOfType(
              JsonReadException.class, () -> JsonType.of(type, codec.options).fromJson(json));
      assertThat(e).as("%s reading %s as %s", codec.label, json, type.getTypeName()).isNotNull();
      assertThat(e.path()).as("%s's path reading %s", codec.label, json).isEqualTo(path);
      assertThat(e.getMessage())
          .as("%s's message reading %s", codec.label, json)
          .doesNotContainPattern("[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]");
    }
  }

  static void assertFailure(Type type, String json, String problem, String path) {
    for (Codecs codec : Codecs.ALL) {
      JsonReadException e =
          catchThrowableOfType(
              JsonReadException.class, () -> JsonType.of(type, codec.options).fromJson(json));
      assertThat(e).as("%s reading %s as %s", codec.label, json, type.getTypeName()).isNotNull();
      assertThat(e.problem()).as("%s's problem reading %s", codec.label, json).isEqualTo(problem);
      assertThat(e.path()).as("%s's path reading %s", codec.label, json).isEqualTo(path);
    }
  }
}

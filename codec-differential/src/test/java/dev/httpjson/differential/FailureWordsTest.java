package dev.httpjson.differential;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import java.lang.reflect.Type;
import java.time.LocalDate;
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

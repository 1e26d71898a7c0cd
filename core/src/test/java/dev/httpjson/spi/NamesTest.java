package dev.httpjson.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Names#camelCase} against the cases of .NET's own tests of {@code
 * JsonNamingPolicy.CamelCase} (System.Text.Json's NamingPolicyUnitTests, taken from Json.NET).
 */
class NamesTest {
  @ParameterizedTest(name = "{1} -> {0}")
  @CsvSource(
      delimiter = '|',
      ignoreLeadingAndTrailingWhitespace = false,
      value = {
        "urlValue|URLValue",
        "url|URL",
        "id|ID",
        "i|I",
        "''|''",
        "person|Person",
        "iPhone|iPhone",
        "iPhone|IPhone",
        "i Phone|I Phone",
        "i  Phone|I  Phone",
        "' IPhone'|' IPhone'",
        "' IPhone '|' IPhone '",
        "isCIA|IsCIA",
        "vmQ|VmQ",
        "xml2Json|Xml2Json",
        "snAkEcAsE|SnAkEcAsE",
        "snA__kEcAsE|SnA__kEcAsE",
        "snA__ kEcAsE|SnA__ kEcAsE",
        "'already_snake_case_ '|'already_snake_case_ '",
        "isJSONProperty|IsJSONProperty",
        "shoutinG_CASE|SHOUTING_CASE",
        "9999-12-31T23:59:59.9999999Z|9999-12-31T23:59:59.9999999Z",
        "hi!! This is text. Time to test.|Hi!! This is text. Time to test.",
        "building|BUILDING",
        "building Property|BUILDING Property",
        "building Property|Building Property",
        "building PROPERTY|BUILDING PROPERTY",
        "myProperty|MyProperty",
        "abc|ABC",
        "άλφαΒήταΓάμμα|ΆλφαΒήταΓάμμα",
        "😀葛🀄|😀葛🀄",
        "𐐀𐐨𐐨𐐀𐐨𐐨|𐐀𐐨𐐨𐐀𐐨𐐨",
        "temperatureC|temperatureC"
      })
  void camelCaseGivesWhatDotNetGives(String expected, String name) {
    assertThat(Names.camelCase(name)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"\ude00\ud83d", "\ud83d"})
  void unpairedSurrogatesAreLeftAlone(String name) {
    assertThat(Names.camelCase(name)).isEqualTo(name);
  }
}

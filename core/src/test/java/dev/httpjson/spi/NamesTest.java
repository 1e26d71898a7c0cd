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

  /** {@link Names#snakeCase} finds words as .NET's {@code JsonNamingPolicy.SnakeCaseLower}. */
  @ParameterizedTest(name = "{1} -> {0}")
  @CsvSource(
      delimiter = '|',
      ignoreLeadingAndTrailingWhitespace = false,
      value = {
        "xml_http_request|XMLHttpRequest",
        "sha512_hash_algorithm|SHA512HashAlgorithm",
        "i18n|i18n",
        "i18n_policy|I18nPolicy",
        "7samurai|7samurai",
        "camel_case|camelCase",
        "camel_case|CamelCase",
        "snake_case|snake_case",
        "snake_case|SNAKE_CASE",
        "kebab-case|kebab-case",
        "double_space|double  space",
        "double__underscore|double__underscore",
        "abc|abc",
        "ab_c|abC",
        "a_bc|aBc",
        "a_bc|aBC",
        "a_bc|ABc",
        "abc|ABC",
        "abc123def456|abc123def456",
        "abc123_def456|abc123Def456",
        "abc123_def456|abc123DEF456",
        "abc123_def456|ABC123DEF456",
        "abc123def456|ABC123def456",
        "abc123def456|Abc123def456",
        "abc|'  abc'",
        "abc|'abc  '",
        "abc_def|'  abc def  '",
        "user_id|userID",
        "http_server|HTTPServer",
        "_private|_private",
        "x|x",
        "''|''"
      })
  void snakeCaseGivesWhatDotNetGives(String expected, String name) {
    assertThat(Names.snakeCase(name)).isEqualTo(expected);
  }

  /** {@link Names#kebabCase}: the same words, joined by a hyphen. */
  @ParameterizedTest(name = "{1} -> {0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "xml-http-request|XMLHttpRequest",
        "sha512-hash-algorithm|SHA512HashAlgorithm",
        "snake_case|snake_case",
        "kebab-case|kebab-case",
        "a-bc|ABc",
        "temperature-c|temperatureC",
        "first-name|FirstName"
      })
  void kebabCaseGivesWhatDotNetGives(String expected, String name) {
    assertThat(Names.kebabCase(name)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"\ude00\ud83d", "\ud83d"})
  void unpairedSurrogatesAreLeftAlone(String name) {
    assertThat(Names.camelCase(name)).isEqualTo(name);
  }
}

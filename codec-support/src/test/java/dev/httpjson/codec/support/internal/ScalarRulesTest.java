package dev.httpjson.codec.support.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Which strings count as a JSON number where a date, time or number must not be one (the strict
 * scalar rules): RFC 8259's syntax with ASCII digits, as the regex below states it; which are a
 * UUID; and what a map key reads as.
 */
class ScalarRulesTest {
  private static final Pattern RFC_8259 =
      Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");

  @Test
  void numbersAreJsonNumbers() {
    for (String s :
        List.of("0", "-0", "7", "-12", "10.25", "0.5", "1e9", "1E+9", "-2.5e-3", "20261201")) {
      assertThat(ScalarRules.isJsonNumber(s)).as(s).isTrue();
    }
  }

  @Test
  void datesAndMalformedNumbersAreNot() {
    for (String s :
        List.of(
            "",
            "-",
            "2026-12-01",
            "01",
            "-01",
            "1.",
            ".5",
            "1e",
            "1e+",
            "+1",
            "1.5.2",
            "0x1F",
            " 1",
            "1 ",
            "١٢",
            "NaN",
            "Infinity",
            "1_000",
            "12:30")) {
      assertThat(ScalarRules.isJsonNumber(s)).as(s).isFalse();
    }
  }

  @Test
  void agreesWithTheGrammarOnEveryShortStringOfItsCharacters() {
    char[] alphabet = {'0', '1', '9', '-', '+', '.', 'e', 'E', 'x'};
    List<String> all = new ArrayList<>();
    all.add("");
    List<String> previous = List.of("");
    for (int length = 1; length <= 5; length++) {
      List<String> next = new ArrayList<>();
      for (String p : previous) {
        for (char c : alphabet) {
          next.add(p + c);
        }
      }
      all.addAll(next);
      previous = next;
    }
    int numbers = 0;
    for (String s : all) {
      boolean expected = RFC_8259.matcher(s).matches();
      assertThat(ScalarRules.isJsonNumber(s)).as("\"%s\"", s).isEqualTo(expected);
      numbers += expected ? 1 : 0;
    }
    assertThat(numbers).as("strings that are numbers among those tried").isGreaterThan(100);
  }

  @Test
  void aUuidIsItsCanonicalTextOnly() {
    assertThat(ScalarRules.isCanonicalUuid("123e4567-e89b-12d3-a456-426614174000")).isTrue();
    assertThat(ScalarRules.isCanonicalUuid("123E4567-E89B-12D3-A456-426614174000")).isTrue();
    for (String s :
        List.of(
            " 123e4567-e89b-12d3-a456-426614174000",
            "123e4567-e89b-12d3-a456-42661417400",
            "123e4567e89b12d3a456426614174000",
            "AAAAAAAAAAAAAAAAAAAAAA",
            "123e4567-e89b-12d3-a456+426614174000",
            "123e4567-e89b-12d3-a456-42661417400g")) {
      assertThat(ScalarRules.isCanonicalUuid(s)).as(s).isFalse();
    }
  }

  @Test
  void aKeyReadsAsItsTypesValueOrFails() {
    assertThat(ScalarRules.parseKey(Integer.class, "-12")).isEqualTo(-12);
    assertThat(ScalarRules.parseKey(Byte.class, "-128")).isEqualTo((byte) -128);
    assertThat(ScalarRules.parseKey(Long.class, "9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    assertThat(ScalarRules.parseKey(Double.class, "-0")).isEqualTo(-0.0d);
    assertThat(ScalarRules.parseKey(Float.class, "1e-50")).isEqualTo(0.0f);
    assertThat(ScalarRules.parseKey(Character.class, "x")).isEqualTo('x');
    assertThat(ScalarRules.parseKey(String.class, "x")).isNull();
    for (String key : List.of("01", "+1", " 1", "\u0661", "1.0", "1e2", "128", "", "NaN")) {
      assertThatThrownBy(() -> ScalarRules.parseKey(Byte.class, key))
          .as(key)
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThatThrownBy(() -> ScalarRules.parseKey(Float.class, "1e39"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ScalarRules.parseKey(Character.class, "ab"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  record Cased(String ab, String aB) {}

  record Plain(String ab, String cd) {}

  static class CasedBean {
    String name;

    void setNAME(String s) {
      name = s;
    }
  }

  @Test
  void namesThatDifferOnlyInCaseAreFound() {
    assertThat(ScalarRules.hasNamesDifferingOnlyInCase(Cased.class)).isTrue();
    assertThat(ScalarRules.hasNamesDifferingOnlyInCase(CasedBean.class)).isTrue();
    assertThat(ScalarRules.hasNamesDifferingOnlyInCase(Plain.class)).isFalse();
  }
}

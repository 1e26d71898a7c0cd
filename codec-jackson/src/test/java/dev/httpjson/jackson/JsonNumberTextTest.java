package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Which strings count as a JSON number where a date, time or number must not be one (the strict
 * scalar rules): RFC 8259's syntax with ASCII digits, as the regex below states it.
 */
class JsonNumberTextTest {
  private static final Pattern RFC_8259 =
      Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");

  @Test
  void numbersAreJsonNumbers() {
    for (String s :
        List.of("0", "-0", "7", "-12", "10.25", "0.5", "1e9", "1E+9", "-2.5e-3", "20261201")) {
      assertThat(StrictScalars.isJsonNumber(s)).as(s).isTrue();
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
      assertThat(StrictScalars.isJsonNumber(s)).as(s).isFalse();
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
      assertThat(StrictScalars.isJsonNumber(s)).as("\"%s\"", s).isEqualTo(expected);
      numbers += expected ? 1 : 0;
    }
    assertThat(numbers).as("strings that are numbers among those tried").isGreaterThan(100);
  }
}

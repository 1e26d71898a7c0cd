package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UrisTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "http://h.example:8080/a/b|http://h.example:8080/a/b",
        "http://h.example|http://h.example",
        "https://h.example/caf%C3%A9/x|https://h.example/caf%C3%A9/x",
        "/relative/path|/relative/path",
        "file:/tmp/x|file:/tmp/x",
        "http://user:s3cret@h.example/a|http://h.example/a",
        "http://h.example/a?token=s3cret&page=2|http://h.example/a?token=***&page=***",
        "http://h.example/a#s3cret|http://h.example/a",
        "http://h.example/a?q#f|http://h.example/a?***",
        "mailto:someone@h.example|mailto:***",
      })
  void dropsUserinfoAndFragmentAndHidesQueryValues(String uri, String expected) {
    assertThat(Uris.redact(URI.create(uri))).isEqualTo(expected);
  }

  @Test
  void aUriWithNothingToHideIsItsOwnString() {
    URI uri = URI.create("http://h.example/items/1");
    assertThat(Uris.redact(uri)).isSameAs(uri.toString());
  }

  @Test
  void shownQueryValuesStay() {
    assertThat(Uris.redact(URI.create("http://h.example/a?page=2&token=s3cret"), Set.of("page")))
        .isEqualTo("http://h.example/a?page=2&token=***");
  }
}

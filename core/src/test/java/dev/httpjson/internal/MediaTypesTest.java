package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.JsonReadException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MediaTypesTest {
  @Test
  void findsTheCharsetParameterInAnyCaseSpacingAndQuoting() {
    assertThat(MediaTypes.charsetName("application/json; charset=utf-16")).isEqualTo("utf-16");
    assertThat(MediaTypes.charsetName("application/json;CHARSET = \" UTF-16BE \" ;x=y"))
        .isEqualTo("UTF-16BE");
    assertThat(MediaTypes.charsetName("text/json; format=a; charset=ISO-8859-1"))
        .isEqualTo("ISO-8859-1");
    assertThat(MediaTypes.charsetName("application/json; charsets=x")).isNull();
    assertThat(MediaTypes.charsetName("application/json; charset=")).isNull();
    assertThat(MediaTypes.charsetName("application/json")).isNull();
    assertThat(MediaTypes.charsetName(null)).isNull();
  }

  @Test
  void utf8AndNoCharsetMeanTheBytesGoStraightToTheParser() throws Exception {
    assertThat(MediaTypes.decodingCharset("application/json")).isNull();
    assertThat(MediaTypes.decodingCharset("application/json; charset=UTF-8")).isNull();
    assertThat(MediaTypes.decodingCharset("application/json; charset=\"utf8\"")).isNull();
    assertThat(MediaTypes.decodingCharset("application/json; charset=utf-16"))
        .isEqualTo(StandardCharsets.UTF_16);
  }

  @Test
  void unknownCharsetFailsNamingIt() {
    assertThatThrownBy(() -> MediaTypes.decodingCharset("application/json; charset=x-nope"))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("'x-nope'");
  }

  @Test
  void essenceIsTheLowerCaseTypeWithoutParameters() {
    assertThat(MediaTypes.essence(" Application/Problem+JSON ; charset=utf-8"))
        .isEqualTo("application/problem+json");
  }
}

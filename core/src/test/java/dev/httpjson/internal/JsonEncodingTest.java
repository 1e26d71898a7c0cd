package dev.httpjson.internal;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_16;
import static java.nio.charset.StandardCharsets.UTF_16LE;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Encoding a codec's JSON text into a request body's charset, and NDJSON's one line. */
class JsonEncodingTest {

  @Test
  void unpairedSurrogatesAreEscapedNotReplaced() throws Exception {
    String json = "[\"a\uD800b\",\"\uDC00\",\"end\uD83D\"]";

    assertThat(new String(JsonEncoding.encode(json, ISO_8859_1), ISO_8859_1))
        .isEqualTo("[\"a\\uD800b\",\"\\uDC00\",\"end\\uD83D\"]");
    assertThat(new String(JsonEncoding.encode(json, UTF_16), UTF_16LE))
        .isEqualTo("[\"a\\uD800b\",\"\\uDC00\",\"end\\uD83D\"]");
  }

  @Test
  void aHighSurrogateAtTheVeryEndIsEscaped() throws Exception {
    assertThat(new String(JsonEncoding.encode("\"x\uD83D", US_ASCII), US_ASCII))
        .isEqualTo("\"x\\uD83D");
  }

  @Test
  void growsPastItsFirstEstimate() throws Exception {
    String json = "\"" + "€".repeat(10_000) + "\"";

    assertThat(new String(JsonEncoding.encode(json, US_ASCII), US_ASCII))
        .isEqualTo("\"" + "\\u20AC".repeat(10_000) + "\"");
  }

  @Test
  void oneLineDropsLineBreaksAndTheIndentationAfterThemOnly() {
    String indented = "{\n  \"a\" : [ 1,\n\t2 ],\r\n  \"b\" : \"x\\ny  z\"\n}";

    assertThat(JsonEncoding.oneLine(indented).toString())
        .isEqualTo("{\"a\" : [ 1,2 ],\"b\" : \"x\\ny  z\"}");
    assertThat(new String(JsonEncoding.oneLine(indented.getBytes(ISO_8859_1)), ISO_8859_1))
        .isEqualTo("{\"a\" : [ 1,2 ],\"b\" : \"x\\ny  z\"}");
    byte[] flat = "{\"a\":1}".getBytes(ISO_8859_1);
    assertThat(JsonEncoding.oneLine(flat)).isSameAs(flat);
  }

  @Test
  void byteOrderOfAnUnmarkedUtf16OrUtf32LabelComesFromTheFirstCharacter() {
    assertThat(MediaTypes.byteOrder(UTF_16, new byte[] {'[', 0}, 0, 2)).isEqualTo(UTF_16LE);
    assertThat(MediaTypes.byteOrder(UTF_16, new byte[] {0, '['}, 0, 2))
        .isEqualTo(java.nio.charset.StandardCharsets.UTF_16BE);
    assertThat(MediaTypes.byteOrder(UTF_16, new byte[] {(byte) 0xFF, (byte) 0xFE}, 0, 2))
        .isEqualTo(UTF_16);
    assertThat(MediaTypes.byteOrder(MediaTypes.UTF_32, new byte[] {'{', 0, 0, 0}, 0, 4))
        .isEqualTo(MediaTypes.UTF_32LE);
    assertThat(MediaTypes.byteOrder(MediaTypes.UTF_32, new byte[] {0, 0, 0, '{'}, 0, 4))
        .isEqualTo(MediaTypes.UTF_32BE);
    assertThat(MediaTypes.byteOrder(ISO_8859_1, new byte[] {'{', 0}, 0, 2)).isEqualTo(ISO_8859_1);
  }
}

package dev.httpjson.gson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteArrayReaderTest {

  @Test
  void decodesWhatStringDecodesWhateverTheSizeOfEachRead() throws IOException {
    Random random = new Random(7);
    for (int round = 0; round < 500; round++) {
      String text = randomText(random, random.nextInt(300));
      byte[] bytes = ("xy" + text + "z").getBytes(UTF_8);

      String read = readAll(new ByteArrayReader(bytes, 2, bytes.length - 3), random);

      assertThat(read).isEqualTo(text);
    }
  }

  @Test
  void theEndIsTheEndHoweverOftenItIsAskedFor() throws IOException {
    byte[] bytes = "{}".getBytes(UTF_8);
    ByteArrayReader reader = new ByteArrayReader(bytes, 0, bytes.length);
    char[] buffer = new char[4];
    assertThat(reader.read(buffer, 0, 4)).isEqualTo(2);
    assertThat(reader.read(buffer, 0, 4)).isEqualTo(-1);
    assertThat(reader.read(buffer, 0, 4)).isEqualTo(-1);
  }

  @Test
  void aSurrogatePairIsHandedOutHalfByHalfToOneCharReads() throws IOException {
    String text = "a\uD83D\uDE00b"; // a, U+1F600, b
    byte[] bytes = text.getBytes(UTF_8);
    ByteArrayReader reader = new ByteArrayReader(bytes, 0, bytes.length);
    StringBuilder out = new StringBuilder();
    char[] one = new char[1];
    for (int n; (n = reader.read(one, 0, 1)) > 0; ) {
      out.append(one, 0, n);
    }
    assertThat(out.toString()).isEqualTo(text);
  }

  @Test
  void malformedInputIsAnErrorNotAReplacementCharacter() {
    byte[][] malformed = {
      {'[', (byte) 0xC3, ']'}, // a lead byte without its continuation
      {(byte) 0xC0, (byte) 0x80}, // overlong NUL
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // an encoded surrogate
      {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // past U+10FFFF
      {'"', (byte) 0xE2, (byte) 0x82}, // truncated at the end
    };
    for (byte[] bytes : malformed) {
      assertThatThrownBy(() -> readAll(new ByteArrayReader(bytes, 0, bytes.length), new Random()))
          .isInstanceOf(MalformedInputException.class);
    }
  }

  @Test
  void theCharactersBeforeMalformedInputComeFirst() throws IOException {
    byte[] bytes = {'[', '1', ',', (byte) 0xC3, ']'};
    ByteArrayReader reader = new ByteArrayReader(bytes, 0, bytes.length);
    char[] buffer = new char[16];

    assertThat(reader.read(buffer, 0, 16)).isEqualTo(3);
    assertThat(new String(buffer, 0, 3)).isEqualTo("[1,");
    assertThatThrownBy(() -> reader.read(buffer, 0, 16))
        .isInstanceOf(MalformedInputException.class);
  }

  private static String readAll(ByteArrayReader reader, Random random) throws IOException {
    StringBuilder out = new StringBuilder();
    char[] buffer = new char[8];
    for (; ; ) {
      int len = 1 + random.nextInt(buffer.length - 1);
      int n = reader.read(buffer, 0, len);
      if (n < 0) {
        return out.toString();
      }
      assertThat(n).isBetween(0, len);
      out.append(buffer, 0, n);
    }
  }

  private static String randomText(Random random, int codePoints) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < codePoints; i++) {
      switch (random.nextInt(4)) {
        case 0:
          b.append((char) (' ' + random.nextInt(95)));
          break;
        case 1:
          b.appendCodePoint(0x80 + random.nextInt(0x780)); // two bytes
          break;
        case 2:
          int cp = 0x800 + random.nextInt(0xF800);
          b.appendCodePoint(cp >= 0xD800 && cp <= 0xDFFF ? 'x' : cp); // three bytes
          break;
        default:
          b.appendCodePoint(0x10000 + random.nextInt(0x100000)); // four bytes, a surrogate pair
      }
    }
    return b.toString();
  }
}

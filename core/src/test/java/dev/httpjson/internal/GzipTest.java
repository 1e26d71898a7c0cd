package dev.httpjson.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.Compressed;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GzipTest {
  @Test
  void aBufferedBodyIsOneGzipMemberOfTheSameBytes() {
    byte[] json = "{\"a\":[1,2,3],\"b\":\"text text text text\"}".getBytes(UTF_8);

    byte[] gz = Gzip.compress(json);

    assertThat(Compressed.gunzip(gz)).isEqualTo(json);
    assertThat(Gzip.compress(json)).isEqualTo(gz); // the same bytes every time
  }

  @Test
  void bodiesOfEverySizeIncompressibleOnesIncludedDecodeWholeWithTheirChecksum() {
    java.util.Random random = new java.util.Random(30);
    for (int size : new int[] {0, 1, 100, 16_383, 16_384, 16_385, 70_000, 1_000_000}) {
      byte[] noise = new byte[size]; // incompressible: deflate's worst case, stored blocks
      random.nextBytes(noise);
      byte[] text = new byte[size]; // compressible
      java.util.Arrays.fill(text, (byte) 'a');
      for (byte[] body : List.of(noise, text)) {
        byte[] gz = Gzip.compress(body);

        // GZIPInputStream checks the trailer's CRC-32 and size.
        assertThat(Compressed.gunzip(gz)).as("size %d", size).isEqualTo(body);
      }
    }
  }

  @Test
  void aStreamedBodyFlushesEachPieceAndDecodesWhole() {
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    StringBuilder expected = new StringBuilder();
    try (Gzip.Stream s = new Gzip.Stream()) {
      for (int i = 0; i < 50; i++) {
        byte[] piece = ("{\"n\":" + i + "}\n").getBytes(UTF_8);
        expected.append(new String(piece, UTF_8));
        int before = wire.size();
        s.write(piece, 0, piece.length, wire, true);
        assertThat(wire.size()).isGreaterThan(before); // a flushed piece never waits for the next
      }
      s.finish(wire);
    }
    assertThat(new String(Compressed.gunzip(wire.toByteArray()), UTF_8))
        .isEqualTo(expected.toString());
  }

  @Test
  void aMemberEndsItsDeflaterOnceWhetherFinishedOrGivenUp() {
    List<Integer> ends = new ArrayList<>();
    java.util.function.Supplier<java.util.zip.Deflater> counted =
        () ->
            new java.util.zip.Deflater(java.util.zip.Deflater.DEFAULT_COMPRESSION, true) {
              @Override
              public void end() {
                ends.add(1);
                super.end();
              }
            };
    Gzip.Stream finished = new Gzip.Stream(counted);
    finished.write(new byte[] {'x'}, 0, 1, new ByteArrayOutputStream(), false);
    finished.finish(new ByteArrayOutputStream());
    finished.close();
    assertThat(ends).hasSize(1);

    Gzip.Stream givenUp = new Gzip.Stream(counted);
    givenUp.write(new byte[] {'x'}, 0, 1, new ByteArrayOutputStream(), false);
    givenUp.close();
    givenUp.close();
    assertThat(ends).hasSize(2);

    new Gzip.Stream(counted).close(); // no bytes, no deflater made
    assertThat(ends).hasSize(2);
  }
}

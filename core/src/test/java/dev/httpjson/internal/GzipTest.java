package dev.httpjson.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.CountingCodec;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonSequenceContent;
import dev.httpjson.JsonType;
import dev.httpjson.contract.Compressed;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Flow;
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
        assertThat(Gzip.idle()).as("the deflater given back").isPositive();
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
  void aStreamClosedTwiceGivesItsDeflaterBackOnce() {
    Gzip.Stream a = new Gzip.Stream();
    a.write(new byte[] {'x'}, 0, 1, new ByteArrayOutputStream(), false);
    int idle = Gzip.idle();
    a.close();
    a.close();
    assertThat(Gzip.idle()).isEqualTo(idle + 1);
  }

  @Test
  void aCancelledCompressedSequenceGivesItsDeflaterBack() {
    JsonType<Integer> type =
        JsonType.of(
            Integer.class,
            JsonOptions.newBuilder().codec(new CountingCodec()).requestCompression(true).build());
    JsonSequenceContent body = JsonSequenceContent.ofArray(Collections.nCopies(100_000, 7), type);
    // Drain the pool's count to a known state: one borrowed by the subscription below.
    int idle = Gzip.idle();
    List<ByteBuffer> got = new ArrayList<>();
    Flow.Subscription[] subscription = new Flow.Subscription[1];
    body.subscribe(
        new Flow.Subscriber<ByteBuffer>() {
          @Override
          public void onSubscribe(Flow.Subscription s) {
            subscription[0] = s;
            s.request(1);
          }

          @Override
          public void onNext(ByteBuffer item) {
            got.add(item);
          }

          @Override
          public void onError(Throwable throwable) {}

          @Override
          public void onComplete() {}
        });
    assertThat(got).hasSize(1);
    assertThat(Gzip.idle()).isEqualTo(Math.max(0, idle - 1));

    subscription[0].cancel();

    assertThat(Gzip.idle()).isEqualTo(Math.max(1, idle));
  }
}

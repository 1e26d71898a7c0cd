package dev.httpjson.gson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonOptions;
import dev.httpjson.contract.Models.Named;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonSequenceReader.Cursor;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Streamed arrays and NDJSON as their bytes arrive, below the HTTP calls. */
class GsonSequencesTest {
  private static final JsonOptions WEB = JsonOptions.newBuilder().codec(new GsonCodec()).build();

  private static JsonSequenceReader<Named> named(JsonOptions options) {
    return options.codec().bind(options).sequenceReader(Named.class);
  }

  private static List<byte[]> bytes(List<String> pieces) {
    return pieces.stream().map(p -> p.getBytes(UTF_8)).collect(Collectors.toList());
  }

  @Test
  void eachElementIsReadFromTheBytesThatHaveArrivedWithoutWaitingForTheNext() throws Exception {
    List<String> pieces = new ArrayList<>();
    pieces.add("[");
    for (int i = 0; i < 300; i++) {
      // Elements of many lengths, so that their ends fall everywhere in the parser's buffer.
      pieces.add((i == 0 ? "" : ",") + "{\"displayName\":\"" + "x".repeat(i % 97) + i + "\"}");
    }
    pieces.add("]");
    Arrivals in = new Arrivals(bytes(pieces));
    in.arrive(2);
    Cursor<Named> cursor = named(WEB).array(in);

    for (int i = 0; i < 300; i++) {
      assertThat(cursor.next()).isTrue();
      assertThat(cursor.value()).isEqualTo(new Named("x".repeat(i % 97) + i));
      in.arrive(1);
    }
    assertThat(cursor.next()).isFalse();
    cursor.close();
  }

  @Test
  void anNdjsonValueSplitOverSeveralArrivalsIsReadWhenItsLastPartArrives() throws Exception {
    byte[] accented = "\"b\u00e9c\"}".getBytes(UTF_8);
    Arrivals in =
        new Arrivals(
            List.of(
                "{\"displayName\":\"a\"}\n".getBytes(UTF_8),
                "{\"displayName\":".getBytes(UTF_8),
                Arrays.copyOfRange(accented, 0, 3), // the first byte of the two of \u00e9
                Arrays.copyOfRange(accented, 3, accented.length),
                "\n{\"displayName\":\"d\"}\n".getBytes(UTF_8)));
    in.arrive(1);
    Cursor<Named> cursor = named(WEB).values(in);

    assertThat(cursor.next()).isTrue();
    assertThat(cursor.value()).isEqualTo(new Named("a"));
    in.arrive(3);
    assertThat(cursor.next()).isTrue();
    assertThat(cursor.value()).isEqualTo(new Named("b\u00e9c"));
    in.arrive(1);
    assertThat(cursor.next()).isTrue();
    assertThat(cursor.value()).isEqualTo(new Named("d"));
    assertThat(cursor.next()).isFalse();
    cursor.close();
  }

  /**
   * A body arriving in pieces, as the JDK client's body stream hands them out: a read returns what
   * has arrived of the current piece, {@link #available()} counts only that, and a read that would
   * wait for a piece that has not arrived fails the test.
   */
  private static final class Arrivals extends InputStream {
    private final List<byte[]> pieces = new ArrayList<>();
    private int arrived;
    private int piece;
    private int at;

    Arrivals(List<byte[]> pieces) {
      this.pieces.addAll(pieces);
    }

    void arrive(int count) {
      arrived += count;
    }

    private boolean atEnd() {
      while (piece < pieces.size() && piece < arrived && at == pieces.get(piece).length) {
        piece++;
        at = 0;
      }
      return piece == pieces.size();
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (atEnd()) {
        return -1;
      }
      if (piece >= arrived) {
        throw new AssertionError("a read waits for piece " + piece + ", which has not arrived");
      }
      byte[] current = pieces.get(piece);
      int n = Math.min(len, current.length - at);
      System.arraycopy(current, at, b, off, n);
      at += n;
      return n;
    }

    @Override
    public int available() {
      return atEnd() || piece >= arrived ? 0 : pieces.get(piece).length - at;
    }
  }
}

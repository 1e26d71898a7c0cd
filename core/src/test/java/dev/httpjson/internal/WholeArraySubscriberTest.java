package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A body that came as one whole writable array is that array; any other is copied. */
class WholeArraySubscriberTest {
  private static final byte[] BYTES = {'[', '1', ',', '2', ']'};

  @Test
  void oneWritableBufferCoveringItsArrayIsTakenAsItIs() throws Exception {
    byte[] array = BYTES.clone();
    assertThat(body(ByteBuffer.wrap(array))).isSameAs(array);
  }

  @Test
  void anyOtherBodyIsCopied() throws Exception {
    byte[] array = BYTES.clone();
    assertCopied(array, ByteBuffer.wrap(array).asReadOnlyBuffer());
    assertCopied(array, ByteBuffer.wrap(array, 0, 4));
    assertCopied(array, ByteBuffer.wrap(array).position(1));
    assertCopied(array, ByteBuffer.wrap(array, 1, 4).slice());
    assertCopied(array, ByteBuffer.wrap(array, 0, 2), ByteBuffer.wrap(array, 2, 3));
    assertCopied(array, ByteBuffer.allocateDirect(5).put(array).flip());
    assertThat(body()).isEmpty();
  }

  private static void assertCopied(byte[] array, ByteBuffer... buffers) throws Exception {
    int expected = 0;
    for (ByteBuffer b : buffers) {
      expected += b.remaining();
    }
    int from = buffers[0].hasArray() ? buffers[0].arrayOffset() + buffers[0].position() : 0;
    byte[] body = body(buffers);
    assertThat(body).isNotSameAs(array).hasSize(expected);
    for (int i = 0; i < expected; i++) {
      assertThat(body[i]).isEqualTo(array[from + i]);
    }
  }

  private static byte[] body(ByteBuffer... buffers) throws Exception {
    WholeArraySubscriber subscriber = new WholeArraySubscriber();
    subscriber.onSubscribe(
        new Flow.Subscription() {
          @Override
          public void request(long n) {}

          @Override
          public void cancel() {}
        });
    for (ByteBuffer b : buffers) {
      subscriber.onNext(List.of(b));
    }
    subscriber.onComplete();
    return subscriber.getBody().toCompletableFuture().get(5, TimeUnit.SECONDS);
  }
}

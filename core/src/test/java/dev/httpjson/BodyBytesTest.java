package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;

/**
 * The bodies httpjson holds in memory (JSON, a form, the byte parts of a multipart body) are
 * published as they are held, never copied whole for a subscriber: a large body sent, or sent
 * again, is not a second body in memory.
 */
class BodyBytesTest {
  private static final int SIZE = 4 << 20;

  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();

  @Test
  void aJsonBodyIsPublishedWithoutACopyOfItsBytes() throws Exception {
    JsonContent content = JsonContent.of("x".repeat(SIZE), options);

    Drained first = Drained.of(content);
    Drained again = Drained.of(content);

    assertThat(first.bytes).hasSize(SIZE + 2).isEqualTo(again.bytes);
    assertThat(new String(first.bytes, 0, 3, StandardCharsets.UTF_8)).isEqualTo("\"xx");
    assertThat(first.allocated)
        .as("bytes allocated to publish %s bytes", SIZE)
        .isLessThan(SIZE / 8);
    assertThat(first.writable).as("buffers a subscriber could write into").isZero();
  }

  @Test
  void aFormIsPublishedWithoutACopyOfItsBytes() throws Exception {
    FormContent form = FormContent.newBuilder().add("field", "x".repeat(SIZE)).build();

    Drained drained = Drained.of(form);

    assertThat(drained.bytes).hasSize(SIZE + 6);
    assertThat(drained.allocated)
        .as("bytes allocated to publish %s bytes", SIZE)
        .isLessThan(SIZE / 8);
    assertThat(drained.writable).isZero();
  }

  @Test
  void theBytePartsOfAMultipartBodyArePublishedWithoutACopy() throws Exception {
    byte[] file = new byte[SIZE];
    MultipartContent upload =
        MultipartContent.newBuilder()
            .field("purpose", "x".repeat(SIZE))
            .file("file", file, "f.bin", "application/octet-stream")
            .build();

    Drained drained = Drained.of(upload);

    assertThat((long) drained.bytes.length)
        .isEqualTo(upload.contentLength())
        .isGreaterThan(2L * SIZE);
    assertThat(drained.allocated)
        .as("bytes allocated to publish %s bytes", 2 * SIZE)
        .isLessThan(SIZE / 4);
    assertThat(drained.writable).isZero();
  }

  @Test
  void aSubscriberGetsNoMoreBuffersThanItAskedFor() throws Exception {
    JsonContent content = JsonContent.of("x".repeat(100_000), options);
    List<ByteBuffer> got = new ArrayList<>();
    Flow.Subscription[] subscription = new Flow.Subscription[1];
    boolean[] completed = new boolean[1];
    content.subscribe(
        new Flow.Subscriber<ByteBuffer>() {
          @Override
          public void onSubscribe(Flow.Subscription s) {
            subscription[0] = s;
          }

          @Override
          public void onNext(ByteBuffer item) {
            got.add(item);
          }

          @Override
          public void onError(Throwable throwable) {}

          @Override
          public void onComplete() {
            completed[0] = true;
          }
        });

    assertThat(got).isEmpty();
    subscription[0].request(2);
    assertThat(got).hasSize(2);
    subscription[0].request(Long.MAX_VALUE);
    assertThat(got.stream().mapToInt(ByteBuffer::remaining).sum()).isEqualTo(100_002);
    assertThat(completed[0]).isTrue();
  }

  /** Everything a publisher gave one subscriber that asked for it all, and what that cost. */
  private static final class Drained implements Flow.Subscriber<ByteBuffer> {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final byte[] scratch = new byte[64 * 1024];
    byte[] bytes;
    long allocated;
    int writable;
    boolean complete;

    static Drained of(BodyPublisher publisher) throws Exception {
      Drained d = new Drained();
      d.out.write(new byte[(int) publisher.contentLength()]); // sized before counting
      d.out.reset();
      long before = allocatedOnThisThread();
      publisher.subscribe(d);
      d.allocated = allocatedOnThisThread() - before;
      assertThat(d.complete).as("completed").isTrue();
      d.bytes = d.out.toByteArray();
      return d;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(ByteBuffer item) {
      if (!item.isReadOnly()) {
        writable++;
      }
      while (item.hasRemaining()) {
        int n = Math.min(item.remaining(), scratch.length);
        item.get(scratch, 0, n);
        out.write(scratch, 0, n);
      }
    }

    @Override
    public void onError(Throwable throwable) {
      throw new AssertionError(throwable);
    }

    @Override
    public void onComplete() {
      complete = true;
    }
  }

  /** The bytes this thread allocated so far (HotSpot's thread MXBean). */
  private static long allocatedOnThisThread() throws Exception {
    Object bean =
        Class.forName("java.lang.management.ManagementFactory")
            .getMethod("getThreadMXBean")
            .invoke(null);
    Class<?> type = Class.forName("com.sun.management.ThreadMXBean");
    org.junit.jupiter.api.Assumptions.assumeTrue(type.isInstance(bean), "no allocation counter");
    return (Long)
        type.getMethod("getThreadAllocatedBytes", long.class)
            .invoke(bean, Thread.currentThread().getId());
  }
}

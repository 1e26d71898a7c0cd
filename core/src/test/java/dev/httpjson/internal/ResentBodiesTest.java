package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonException;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * What the end of the interceptor chain does with a body sent again: the bytes of each later
 * subscription are checked against the first ones, as the exchange that cut the first short (an
 * early 401 or 503 while the body was still being written) left them.
 */
class ResentBodiesTest {
  private static final URI TARGET = URI.create("http://127.0.0.1:1/upload?token=s3cret");

  private static byte[] payload() {
    byte[] bytes = new byte[100_000];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 31 + i / 7);
    }
    return bytes;
  }

  /** What one subscription got: its bytes, and how it ended. */
  private static final class Reading implements Flow.Subscriber<ByteBuffer> {
    final long cancelAfter;
    final AtomicLong bytes = new AtomicLong();
    final CompletableFuture<Long> end = new CompletableFuture<>();
    Flow.Subscription subscription;

    Reading(long cancelAfter) {
      this.cancelAfter = cancelAfter;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
      subscription = s;
      s.request(1);
    }

    @Override
    public void onNext(ByteBuffer item) {
      long n = bytes.addAndGet(item.remaining());
      if (n >= cancelAfter) {
        subscription.cancel(); // as an exchange does when the response comes before the body ends
        end.complete(-n);
        return;
      }
      subscription.request(1);
    }

    @Override
    public void onError(Throwable throwable) {
      end.completeExceptionally(throwable);
    }

    @Override
    public void onComplete() {
      end.complete(bytes.get());
    }
  }

  private static BodyPublisher sent(ResentBodies bodies, HttpRequest request) {
    return bodies.checked(request).bodyPublisher().orElseThrow();
  }

  @Test
  void aStreamReadOnceAndCutShortIsNotSentAgainAsItsTail() throws Exception {
    InputStream once = new ByteArrayInputStream(payload());
    HttpRequest request =
        HttpRequest.newBuilder(TARGET).PUT(BodyPublishers.ofInputStream(() -> once)).build();
    ResentBodies bodies = new ResentBodies();

    Reading first = new Reading(20_000);
    sent(bodies, request).subscribe(first);
    assertThat(first.end.get(5, TimeUnit.SECONDS)).isNegative();
    Reading again = new Reading(Long.MAX_VALUE);
    sent(bodies, request).subscribe(again);

    assertThat(again.end)
        .failsWithin(5, TimeUnit.SECONDS)
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .isInstanceOf(HttpJsonException.class)
        .withMessageStartingWith("PUT http://127.0.0.1:1/upload?token=***:")
        .withMessageContaining("the request body cannot be sent again");
  }

  @Test
  void aBodyThatPublishesItsBytesAgainIsSentWholeAfterAnAttemptCutItShort() throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(TARGET).PUT(BodyPublishers.ofByteArray(payload())).build();
    ResentBodies bodies = new ResentBodies();

    Reading first = new Reading(20_000);
    sent(bodies, request).subscribe(first);
    assertThat(first.end.get(5, TimeUnit.SECONDS)).isNegative();
    for (int i = 0; i < 2; i++) {
      Reading again = new Reading(Long.MAX_VALUE);
      sent(bodies, request).subscribe(again);
      assertThat(again.end.get(5, TimeUnit.SECONDS)).isEqualTo(payload().length);
    }
  }

  @Test
  void aBodyThatChangesWithinTheRunAnAttemptCutShortFailsBeforeThatRunsEnd() throws Exception {
    java.util.concurrent.atomic.AtomicInteger subscriptions =
        new java.util.concurrent.atomic.AtomicInteger();
    BodyPublisher changing =
        new BodyPublisher() {
          @Override
          public long contentLength() {
            return payload().length;
          }

          @Override
          public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
            byte[] bytes = payload();
            if (subscriptions.getAndIncrement() > 0) {
              bytes[10_000]++; // past the first bytes, within what the first attempt sent
            }
            BodyPublishers.ofByteArray(bytes).subscribe(subscriber);
          }
        };
    HttpRequest request = HttpRequest.newBuilder(TARGET).PUT(changing).build();
    ResentBodies bodies = new ResentBodies();

    Reading first = new Reading(20_000);
    sent(bodies, request).subscribe(first);
    assertThat(first.end.get(5, TimeUnit.SECONDS)).isNegative();
    Reading again = new Reading(Long.MAX_VALUE);
    sent(bodies, request).subscribe(again);

    assertThat(again.end)
        .failsWithin(5, TimeUnit.SECONDS)
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .isInstanceOf(HttpJsonException.class)
        .withMessageContaining("published other bytes when sent again");
    assertThat(again.bytes.get())
        .as("handed on before the failure: less than the run the first attempt sent")
        .isLessThan(first.bytes.get());
  }
}

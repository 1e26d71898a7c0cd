package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.internal.StreamingSubscriber;
import java.io.InputStream;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;

/**
 * The subscribers fed where the bytes are read, without a hop: the JDK's own and httpjson's stream
 * subscriber (streams and event streams read through it); any other is called on an executor.
 */
class TrustedSubscribersTest {
  @Test
  void httpjsonsStreamSubscriberIsFedWhereTheBytesAreRead() {
    assertThat(ResponsePump.trusted(new StreamingSubscriber())).isTrue();
    assertThat(ResponsePump.trusted(BodySubscribers.ofInputStream())).isTrue();
    assertThat(ResponsePump.trusted(BodySubscribers.ofByteArray())).isTrue();
  }

  @Test
  void anyOtherSubscriberIsNot() {
    assertThat(ResponsePump.trusted(new LookAlike())).isFalse();
    assertThat(
            ResponsePump.trusted(
                BodySubscribers.mapping(BodySubscribers.ofInputStream(), in -> in)))
        .as("the JDK's mapping subscriber runs the caller's function")
        .isFalse();
  }

  /** Caller code, whatever it is named. */
  private static final class LookAlike implements BodySubscriber<InputStream> {
    private final BodySubscriber<InputStream> delegate = BodySubscribers.ofInputStream();

    @Override
    public CompletionStage<InputStream> getBody() {
      return delegate.getBody();
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      delegate.onSubscribe(subscription);
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
      delegate.onNext(item);
    }

    @Override
    public void onError(Throwable throwable) {
      delegate.onError(throwable);
    }

    @Override
    public void onComplete() {
      delegate.onComplete();
    }
  }
}

package dev.httpjson.transport.support.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.internal.StreamingSubscriber;
import dev.httpjson.internal.transport.IoThreadSafe;
import java.io.InputStream;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The subscribers a transport feeds where the bytes are read, without a hop: the JDK's that only
 * store or queue bytes, as its factories make them, and httpjson's own marked {@link IoThreadSafe}
 * (streams and event streams read through them); any other is called on an executor.
 */
class TrustedSubscribersTest {
  @Test
  void httpjsonsStreamSubscriberIsFedWhereTheBytesAreRead() {
    assertThat(BodyPump.trusted(new StreamingSubscriber())).isTrue();
    assertThat(BodyPump.trusted(BodySubscribers.ofInputStream())).isTrue();
    assertThat(BodyPump.trusted(BodySubscribers.ofByteArray())).isTrue();
  }

  @Test
  void theJdksOwnAreKnownByTheClassTheirFactoriesMake() {
    assertThat(BodyPump.trusted(BodySubscribers.ofString(java.nio.charset.StandardCharsets.UTF_8)))
        .isTrue();
    assertThat(BodyPump.trusted(BodySubscribers.replacing("none"))).isTrue();
  }

  @Test
  void aJdkSubscriberNoFactoryShowsIsCalledOnTheExecutor(@TempDir Path dir) {
    // The file subscriber writes to the disk in its signals: known to the transports by its class
    // name once, it now takes the executor as any subscriber not marked.
    assertThat(BodyPump.trusted(BodySubscribers.ofFile(dir.resolve("body")))).isFalse();
  }

  @Test
  void anyOtherSubscriberIsNot() {
    assertThat(BodyPump.trusted(new LookAlike())).isFalse();
    assertThat(BodyPump.trusted(BodySubscribers.mapping(BodySubscribers.ofInputStream(), in -> in)))
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

package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link RetryInterceptor}'s reading of {@code Retry-After} and its argument checks. */
class RetryInterceptorTest {
  private static HttpHeaders retryAfter(String value) {
    return HttpHeaders.of(Map.of("Retry-After", List.of(value)), (a, b) -> true);
  }

  @Test
  void retryAfterIsReadInSecondsAndAsAnHttpDate() {
    assertThat(RetryInterceptor.retryAfterNanos(retryAfter("120")))
        .isEqualTo(TimeUnit.SECONDS.toNanos(120));
    assertThat(RetryInterceptor.retryAfterNanos(retryAfter(" 0 "))).isZero();
    assertThat(RetryInterceptor.retryAfterNanos(retryAfter("Wed, 21 Oct 2015 07:28:00 GMT")))
        .as("a date in the past: now")
        .isZero();
    long future =
        RetryInterceptor.retryAfterNanos(
            retryAfter(
                java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
                    java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).plusSeconds(60))));
    assertThat(Duration.ofNanos(future)).isBetween(Duration.ofSeconds(58), Duration.ofSeconds(60));
  }

  @Test
  void retryAfterIsReadInTheObsoleteHttpDateFormsThatRecipientsMustAccept() {
    java.time.ZonedDateTime inAMinute =
        java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).plusSeconds(60);
    String rfc850 =
        java.time.format.DateTimeFormatter.ofPattern(
                "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", java.util.Locale.ENGLISH)
            .format(inAMinute);
    String asctime =
        java.time.format.DateTimeFormatter.ofPattern(
                "EEE MMM ppd HH:mm:ss yyyy", java.util.Locale.ENGLISH)
            .format(inAMinute);
    for (String date : List.of(rfc850, asctime)) {
      assertThat(Duration.ofNanos(RetryInterceptor.retryAfterNanos(retryAfter(date))))
          .as(date)
          .isBetween(Duration.ofSeconds(58), Duration.ofSeconds(60));
    }
    assertThat(RetryInterceptor.retryAfterNanos(retryAfter("Sunday, 06-Nov-94 08:49:37 GMT")))
        .as("RFC 850, in the past: now")
        .isZero();
    assertThat(RetryInterceptor.retryAfterNanos(retryAfter("Sun Nov  6 08:49:37 1994")))
        .as("asctime, in the past: now")
        .isZero();
  }

  @Test
  void anUnreadableRetryAfterIsIgnoredAndAHugeOneIsLongerThanAnyCap() {
    assertThat(RetryInterceptor.retryAfterNanos(retryAfter("soon"))).isEqualTo(-1);
    assertThat(RetryInterceptor.retryAfterNanos(retryAfter("-5"))).isEqualTo(-1);
    assertThat(RetryInterceptor.retryAfterNanos(HttpHeaders.of(Map.of(), (a, b) -> true)))
        .isEqualTo(-1);
    assertThat(RetryInterceptor.retryAfterNanos(retryAfter("99999999999999999999")))
        .isEqualTo(Long.MAX_VALUE);
    assertThat(RetryInterceptor.retryAfterNanos(retryAfter("Fri, 31 Dec 9999 23:59:59 GMT")))
        .as("a date further than a long of nanoseconds reaches")
        .isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void builderArgumentsAreChecked() {
    RetryInterceptor.Builder b = RetryInterceptor.newBuilder();
    assertThatThrownBy(() -> b.maxAttempts(0)).hasMessage("maxAttempts < 1: 0");
    assertThatThrownBy(() -> b.statuses(429, 99)).hasMessage("status outside 100-599: 99");
    assertThatThrownBy(() -> b.methods("post")).hasMessage("method must be upper case: post");
    assertThatThrownBy(() -> b.methods("G ET"))
        .hasMessage("method is not an HTTP token (RFC 9110): \"G ET\"");
    assertThatThrownBy(() -> b.methods(""))
        .hasMessage("method is not an HTTP token (RFC 9110): \"\"");
    assertThatThrownBy(() -> b.retryOnException(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("retry == null");
    assertThatThrownBy(() -> b.backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(b.build().toString()).contains("maxAttempts=3").contains("429").contains("503");
  }

  @Test
  void theAttemptCountIsAddedToTheMessageOfACopyOfTheSameType() {
    java.net.ConnectException refused = new java.net.ConnectException("Connection refused");
    assertThat(RetryInterceptor.attempts(refused, 1)).isSameAs(refused);
    java.net.ConnectException copy = RetryInterceptor.attempts(refused, 3);
    assertThat(copy).hasMessage("Connection refused (3 attempts)").hasCause(refused);
  }

  @Test
  void aWaitIsShownInWholeSecondsTenthsOrMilliseconds() {
    assertThat(RetryInterceptor.time(Duration.ofSeconds(10).toNanos())).isEqualTo("10 s");
    assertThat(RetryInterceptor.time(Duration.ofMillis(2940).toNanos())).isEqualTo("2.9 s");
    assertThat(RetryInterceptor.time(Duration.ofMillis(40).toNanos())).isEqualTo("40 ms");
    assertThat(RetryInterceptor.time(Long.MAX_VALUE)).isEqualTo("over 292 years");
  }
}

package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonOptionsTest {
  @Test
  void webIsOneCachedInstanceWithWebDefaults() {
    JsonOptions web = JsonOptions.web();

    assertThat(JsonOptions.web()).isSameAs(web);
    assertThat(web.naming()).isEqualTo(JsonOptions.Naming.CAMEL_CASE);
    assertThat(web.caseInsensitiveProperties()).isTrue();
    assertThat(web.numbersFromStrings()).isTrue();
    assertThat(web.ignoreUnknownProperties()).isTrue();
    assertThat(web.strictRecords()).isFalse();
    assertThat(web.writeNulls()).isTrue();
    assertThat(web.indent()).isFalse();
    assertThat(web.maxResponseSize()).isEqualTo(JsonOptions.DEFAULT_MAX_RESPONSE_SIZE);
    assertThat(web.timeout()).isEqualTo(Duration.ofSeconds(100));
    assertThat(JsonOptions.DEFAULT_TIMEOUT).isEqualTo(Duration.ofSeconds(100));
    assertThat(web.idleTimeout()).isNull();
  }

  @Test
  void zeroAndTimeoutsTooLongToCountMeanNone() {
    for (Duration none :
        java.util.List.of(
            Duration.ZERO,
            java.time.temporal.ChronoUnit.FOREVER.getDuration(),
            Duration.ofSeconds(Long.MAX_VALUE),
            Duration.ofDays(365L * 1000))) {
      JsonOptions o = JsonOptions.newBuilder().timeout(none).idleTimeout(none).build();
      assertThat(o.timeout()).as(none.toString()).isNull();
      assertThat(o.idleTimeout()).as(none.toString()).isNull();
    }
    assertThat(JsonOptions.newBuilder().timeout(null).build().timeout()).isNull();
    assertThat(JsonOptions.newBuilder().timeout(Duration.ofDays(3650)).build().timeout())
        .isEqualTo(Duration.ofDays(3650));
    assertThat(JsonOptions.newBuilder().timeout(Duration.ofNanos(1)).build().timeout())
        .isEqualTo(Duration.ofNanos(1));
  }

  @Test
  void equalOptionsAreEqualAndHashAlike() {
    JsonOptions a = JsonOptions.newBuilder().indent(true).timeout(Duration.ofSeconds(3)).build();
    JsonOptions b =
        JsonOptions.web().toBuilder().indent(true).timeout(Duration.ofSeconds(3)).build();

    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(JsonOptions.web());
    assertThat(JsonOptions.newBuilder().build()).isEqualTo(JsonOptions.web());
  }

  @Test
  void everyFieldTakesPartInEquality() {
    JsonOptions web = JsonOptions.web();
    assertThat(web.toBuilder().naming(JsonOptions.Naming.AS_DECLARED).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().caseInsensitiveProperties(false).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().numbersFromStrings(false).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().ignoreUnknownProperties(false).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().strictRecords(true).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().writeNulls(false).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().indent(true).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().timeout(Duration.ofSeconds(1)).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().idleTimeout(Duration.ofSeconds(1)).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().maxResponseSize(1).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().maxNestingDepth(9).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().maxNumberLength(9).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().maxStringLength(9).build()).isNotEqualTo(web);
    assertThat(web.toBuilder().codec(new CountingCodec()).build()).isNotEqualTo(web);
  }

  @Test
  void onlyCodecSettingsTakePartInTheCodecCacheKey() {
    JsonOptions web = JsonOptions.web();
    JsonOptions call =
        web.toBuilder()
            .timeout(Duration.ofSeconds(1))
            .idleTimeout(Duration.ofSeconds(1))
            .maxResponseSize(1)
            .build();

    assertThat(call.settings()).isSameAs(web.settings());
    for (JsonOptions o :
        java.util.List.of(
            web.toBuilder().naming(JsonOptions.Naming.AS_DECLARED).build(),
            web.toBuilder().caseInsensitiveProperties(false).build(),
            web.toBuilder().numbersFromStrings(false).build(),
            web.toBuilder().ignoreUnknownProperties(false).build(),
            web.toBuilder().strictRecords(true).build(),
            web.toBuilder().writeNulls(false).build(),
            web.toBuilder().indent(true).build(),
            web.toBuilder().maxNestingDepth(9).build(),
            web.toBuilder().maxNumberLength(9).build(),
            web.toBuilder().maxStringLength(9).build(),
            web.toBuilder().codec(new CountingCodec()).build())) {
      assertThat(o.settings()).as(o.toString()).isNotEqualTo(web.settings());
      assertThat(o.toBuilder().indent(o.indent()).build().settings())
          .as("rebuilt unchanged: " + o)
          .isSameAs(o.settings());
    }
  }

  @Test
  void builderRejectsBadValuesWithTheValue() {
    assertThatThrownBy(() -> JsonOptions.newBuilder().maxResponseSize(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxResponseSize < 0: -1");
    assertThatThrownBy(() -> JsonOptions.newBuilder().timeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("timeout < 0: PT-1S");
    assertThatThrownBy(() -> JsonOptions.newBuilder().idleTimeout(Duration.ofMillis(-5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("idleTimeout < 0: PT-0.005S");
    assertThatThrownBy(() -> JsonOptions.newBuilder().maxNestingDepth(0))
        .hasMessage("maxNestingDepth < 1: 0");
  }

  @Test
  void maxResponseSizeBeyondTheLargestArrayIsClampedToIt() {
    long largestArray = Integer.MAX_VALUE - 8;

    assertThat(JsonOptions.newBuilder().maxResponseSize(Long.MAX_VALUE).build().maxResponseSize())
        .isEqualTo(largestArray);
    assertThat(JsonOptions.newBuilder().maxResponseSize(1L << 40).build().maxResponseSize())
        .isEqualTo(largestArray);
    assertThat(JsonOptions.newBuilder().maxResponseSize(largestArray).build().maxResponseSize())
        .isEqualTo(largestArray);
    assertThat(JsonOptions.newBuilder().maxResponseSize(largestArray - 1).build().maxResponseSize())
        .isEqualTo(largestArray - 1);
  }

  @Test
  void withoutACodecOnThePathTheErrorNamesTheArtifactToAdd() {
    // core's own tests run without any codec module.
    assertThatThrownBy(() -> JsonOptions.web().codec())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("dev.httpjson:httpjson-jackson");
  }

  @Test
  void compressionIsACallSettingOutsideTheCodecKey() {
    JsonOptions web = JsonOptions.web();
    JsonOptions off = web.toBuilder().compression(false).build();

    assertThat(web.compression()).isTrue();
    assertThat(off.compression()).isFalse();
    assertThat(off).isNotEqualTo(web);
    assertThat(off.toString()).contains("compression=false");
    assertThat(off.settings()).isSameAs(web.settings());
    assertThat(off.toBuilder().build().compression()).isFalse();
  }

  @Test
  void streamFormatIsACallSettingOutsideTheCodecKey() {
    JsonOptions web = JsonOptions.web();
    JsonOptions ndjson = web.toBuilder().streamFormat(JsonOptions.StreamFormat.NDJSON).build();

    assertThat(web.streamFormat()).isEqualTo(JsonOptions.StreamFormat.AUTO);
    assertThat(ndjson.streamFormat()).isEqualTo(JsonOptions.StreamFormat.NDJSON);
    assertThat(ndjson).isNotEqualTo(web);
    assertThat(ndjson.toString()).contains("streamFormat=NDJSON");
    assertThat(ndjson.settings()).isSameAs(web.settings());
    assertThat(ndjson.toBuilder().build().streamFormat())
        .isEqualTo(JsonOptions.StreamFormat.NDJSON);
    assertThatThrownBy(() -> web.toBuilder().streamFormat(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("format == null");
  }

  @Test
  void everyJsonTypeWithOptionsFailsAtOnceWithoutACodecAndOneWithoutAtFirstUse() {
    // core's own tests run without any codec module.
    JsonOptions web = JsonOptions.web();
    for (org.assertj.core.api.ThrowableAssert.ThrowingCallable prepare :
        List.<org.assertj.core.api.ThrowableAssert.ThrowingCallable>of(
            () -> JsonType.of(String.class, web),
            () -> JsonType.listOf(String.class).withOptions(web),
            () -> new JsonType<List<String>>() {}.withOptions(web),
            () -> JsonType.of((java.lang.reflect.Type) String.class, web),
            // without options a type learns them where it is used: it fails there
            () -> JsonType.of(String.class).fromJson("\"a\""),
            () -> JsonType.listOf(String.class).toJson(List.of()),
            () -> new JsonType<List<String>>() {}.fromJson("[]"),
            () -> JsonType.of((java.lang.reflect.Type) String.class).fromJson("1"))) {
      assertThatThrownBy(prepare)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("dev.httpjson:httpjson-jackson");
    }
  }

  @Test
  void redactHidesUserinfoTheFragmentAndEveryQueryValueButTheShownOnes() {
    JsonOptions options = JsonOptions.newBuilder().showQueryParameter("page").build();

    assertThat(
            options.redact("https://user:pa55@api.example.com:8443/v1/x?page=2&sig=abc&flag#top"))
        .isEqualTo("https://api.example.com:8443/v1/x?page=2&sig=***&***");
    assertThat(JsonOptions.web().redact("https://api.example.com/v1/x?page=2"))
        .isEqualTo("https://api.example.com/v1/x?page=***");
    assertThat(options.redact("https://u:p@api.example.com/a b?page=2&token=t 1#f"))
        .as("not a URI")
        .isEqualTo("https://api.example.com/a b?page=2&token=***");
    assertThat(options.redact("https://api.example.com/")).isEqualTo("https://api.example.com/");
  }

  /**
   * A query parameter without {@code =} may be a key itself ({@code ?abcdef123}, as some webhooks
   * and signed links put it): hidden as a value is, in a URI and in a string that is not one,
   * unless shown by name.
   */
  @Test
  void redactHidesAQueryTokenWithoutEqualsUnlessItIsShownByName() {
    JsonOptions options = JsonOptions.newBuilder().showQueryParameter("debug").build();

    assertThat(JsonOptions.web().redact("https://hooks.example.com/in?abcdef123"))
        .isEqualTo("https://hooks.example.com/in?***");
    assertThat(options.redact("https://hooks.example.com/in?abcdef123&debug&page=2&&"))
        .isEqualTo("https://hooks.example.com/in?***&debug&page=***&&");
    assertThat(options.redact("https://hooks.example.com/a b?abcdef123&debug"))
        .as("not a URI")
        .isEqualTo("https://hooks.example.com/a b?***&debug");
  }
}

package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.JsonOptions;
import dev.httpjson.internal.CodecSettings.DefaultCodec;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule that picks the codec of options that name none: never the class-path order. */
class DefaultCodecTest {
  private static final String SOURCE = "the system property dev.httpjson.codec";

  private static final class Alpha implements JsonCodec {
    @Override
    public String name() {
      return "alpha";
    }

    @Override
    public JsonBinding bind(JsonOptions options) {
      throw new UnsupportedOperationException();
    }
  }

  private static final class Beta implements JsonCodec {
    @Override
    public String name() {
      return "beta";
    }

    @Override
    public JsonBinding bind(JsonOptions options) {
      throw new UnsupportedOperationException();
    }
  }

  private final JsonCodec alpha = new Alpha();
  private final JsonCodec beta = new Beta();

  @Test
  void theOnlyCodecFoundIsChosen() {
    assertThat(DefaultCodec.choose(List.of(beta), null, SOURCE).get()).isSameAs(beta);
  }

  @Test
  void theSameProviderFoundTwiceCountsOnce() {
    assertThat(DefaultCodec.choose(List.of(alpha, new Alpha()), null, SOURCE).get())
        .isSameAs(alpha);
  }

  @Test
  void severalCodecsWithoutThePropertyFailListingThemWhateverTheirOrder() {
    String one = message(() -> DefaultCodec.choose(List.of(alpha, beta), null, SOURCE).get());
    String other = message(() -> DefaultCodec.choose(List.of(beta, alpha), null, SOURCE).get());

    assertThat(one)
        .startsWith("Several JSON codecs found: alpha (")
        .contains("beta (" + Beta.class.getName() + ")")
        .contains("-Ddev.httpjson.codec=alpha")
        .contains("JsonOptions.newBuilder().codec(...)");
    assertThat(other).isEqualTo(one);
  }

  @Test
  void thePropertyPicksACodecByNameOrClassNameInAnyOrder() {
    assertThat(DefaultCodec.choose(List.of(alpha, beta), "beta", SOURCE).get()).isSameAs(beta);
    assertThat(DefaultCodec.choose(List.of(beta, alpha), "beta", SOURCE).get()).isSameAs(beta);
    assertThat(DefaultCodec.choose(List.of(alpha, beta), Alpha.class.getName(), SOURCE).get())
        .isSameAs(alpha);
    assertThat(DefaultCodec.choose(List.of(alpha), " alpha ", SOURCE).get()).isSameAs(alpha);
  }

  @Test
  void aPropertyNamingNoCodecFoundFailsListingWhatWasFound() {
    assertThat(message(() -> DefaultCodec.choose(List.of(alpha, beta), "gson", SOURCE).get()))
        .startsWith("No JSON codec named 'gson' (from " + SOURCE + "): ServiceLoader found alpha")
        .contains("beta");
    assertThat(message(() -> DefaultCodec.choose(List.of(), "gson", SOURCE).get()))
        .contains("found none");
  }

  @Test
  void noCodecNamesTheArtifactToAdd() {
    assertThat(message(() -> DefaultCodec.choose(List.of(), null, SOURCE).get()))
        .contains("dev.httpjson:httpjson-jackson");
  }

  @Test
  void anExplicitCodecNeedsNoChoice() {
    assertThat(JsonOptions.newBuilder().codec(beta).build().codec()).isSameAs(beta);
  }

  private static String message(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
    return assertThatThrownBy(call).isInstanceOf(IllegalStateException.class).actual().getMessage();
  }
}

package dev.httpjson.jackson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Creators that take their properties as arguments are called through a prepared handle ({@link
 * FastCreators}), and read exactly as Jackson reads them: the same values, the same failures.
 */
class FastCreatorsTest {
  private static final JsonOptions OPTIONS =
      JsonOptions.newBuilder().codec(new JacksonCodec()).build();
  private static final JsonOptions STRICT = OPTIONS.toBuilder().strictRecords(true).build();

  /** The frames above the constructor of the last {@link Traced} built. */
  static volatile List<String> frames = List.of();

  public record Traced(int a, String b) {
    public Traced {
      frames =
          StackWalker.getInstance()
              .walk(
                  s ->
                      s.map(f -> f.getClassName() + "." + f.getMethodName())
                          .collect(Collectors.toList()));
    }
  }

  public record Positive(int v) {
    public Positive {
      if (v <= 0) {
        throw new IllegalArgumentException("v must be positive, was " + v);
      }
    }
  }

  public record Tags(String... v) {}

  public record Breaks(int v) {
    public Breaks {
      if (v == 13) {
        throw new StackOverflowError("unlucky");
      }
    }
  }

  public record Pair(int left, String right) {}

  private record Hidden(int v, String name) {}

  public static final class Money {
    final long cents;
    final String currency;

    private Money(long cents, String currency) {
      this.cents = cents;
      this.currency = currency;
    }

    @JsonCreator
    public static Money of(
        @JsonProperty("cents") long cents, @JsonProperty("currency") String currency) {
      return new Money(cents, currency);
    }
  }

  public static final class Point {
    final int x;
    final int y;

    @JsonCreator
    public Point(@JsonProperty("x") int x, @JsonProperty("y") int y) {
      this.x = x;
      this.y = y;
    }
  }

  private static <T> T read(JsonType<T> type, String json) throws Exception {
    return type.fromJson(json.getBytes(UTF_8));
  }

  @Test
  void aRecordIsBuiltThroughThePreparedHandleNotInvokeWithArguments() throws Exception {
    for (JsonOptions options : List.of(OPTIONS, STRICT)) {
      frames = List.of();
      Traced t = read(JsonType.of(Traced.class, options), "{\"a\":1,\"b\":\"x\"}");
      List<String> seen = frames; // before the expected value below is built
      assertThat(t).isEqualTo(new Traced(1, "x"));
      assertThat(seen)
          .as("frames above the canonical constructor (%s)", options)
          .anyMatch(f -> f.startsWith(FastCreators.Prepared.class.getName() + "."))
          .noneMatch(f -> f.equals("java.lang.invoke.MethodHandle.invokeWithArguments"));
    }
  }

  @Test
  void recordsReadTheirValues() throws Exception {
    JsonType<List<Pair>> type = JsonType.listOf(Pair.class).withOptions(OPTIONS);
    assertThat(read(type, "[{\"left\":1,\"right\":\"a\"},{\"right\":\"b\",\"left\":-2}]"))
        .containsExactly(new Pair(1, "a"), new Pair(-2, "b"));
  }

  @Test
  void aVarargsComponentIsOneArray() throws Exception {
    Tags tags = read(JsonType.of(Tags.class, OPTIONS), "{\"v\":[\"a\",\"b\"]}");
    assertThat(tags.v()).containsExactly("a", "b");
    Tags none = read(JsonType.of(Tags.class, OPTIONS), "{\"v\":[]}");
    assertThat(none.v()).isEmpty();
  }

  @Test
  void aPrivateRecordIsRead() throws Exception {
    assertThat(read(JsonType.of(Hidden.class, OPTIONS), "{\"v\":3,\"name\":\"n\"}"))
        .isEqualTo(new Hidden(3, "n"));
  }

  @Test
  void aStaticFactoryAndAnAnnotatedConstructorAreCalled() throws Exception {
    Money m = read(JsonType.of(Money.class, OPTIONS), "{\"cents\":250,\"currency\":\"EUR\"}");
    assertThat(m.cents).isEqualTo(250);
    assertThat(m.currency).isEqualTo("EUR");
    Point p = read(JsonType.of(Point.class, OPTIONS), "{\"y\":2,\"x\":1}");
    assertThat(p.x).isEqualTo(1);
    assertThat(p.y).isEqualTo(2);
  }

  @Test
  void aThrowingConstructorFailsTheReadWithItsMessageAndPath() throws Exception {
    JsonType<List<Positive>> type = JsonType.listOf(Positive.class).withOptions(OPTIONS);
    assertThatThrownBy(() -> read(type, "[{\"v\":1},{\"v\":-4}]"))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("v must be positive, was -4")
        .hasMessageContaining("[1]")
        .hasRootCauseInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void anErrorFromAConstructorIsNotTurnedIntoAReadFailure() {
    assertThatThrownBy(() -> read(JsonType.of(Breaks.class, OPTIONS), "{\"v\":13}"))
        .isInstanceOf(StackOverflowError.class)
        .hasMessage("unlucky");
  }

  @Test
  void aNullForAPrimitiveComponentFails() throws Exception {
    assertThatThrownBy(() -> read(JsonType.of(Pair.class, OPTIONS), "{\"left\":null}"))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("left");
  }

  @Test
  void strictRecordsStillRefuseAMissingComponent() throws Exception {
    assertThatThrownBy(() -> read(JsonType.of(Pair.class, STRICT), "{\"left\":1}"))
        .isInstanceOf(JsonReadException.class)
        .hasMessageContaining("Missing required property 'right'");
  }

  @Test
  void manyReadsOnManyThreadsAgree() throws Exception {
    JsonType<Pair> type = JsonType.of(Pair.class, OPTIONS);
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < 4; t++) {
      int id = t;
      Thread thread =
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < 2_000; i++) {
                    Pair p = read(type, "{\"left\":" + (id * 10_000 + i) + ",\"right\":\"r\"}");
                    if (p.left() != id * 10_000 + i) {
                      throw new AssertionError(p);
                    }
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join(30_000);
      assertThat(thread.isAlive()).as("reader still running after 30 s").isFalse();
    }
    assertThat(failures).isEmpty();
  }
}

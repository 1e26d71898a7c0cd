package dev.httpjson.differential;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The four codecs agree under the other {@link JsonOptions} settings too, not only under the web
 * defaults the generated run uses: each row reads or writes the same input with every codec, given
 * the same options.
 */
class OptionsTest {
  /** Smaller than any default thread stack, so that every recursive reader runs out of it. */
  private static final long SMALL_STACK = 512 * 1024;

  /**
   * A nesting limit raised past what the stack holds: the read fails with a JsonReadException that
   * says so, never a StackOverflowError. Jackson 2 and 3 let the error out.
   */
  @Test
  void nestingDeeperThanTheStackIsAReadErrorWithEveryCodec() throws Exception {
    UnaryOperator<JsonOptions.Builder> deep = b -> b.maxNestingDepth(1_000_000);
    int depth = 100_000;
    String chain = "{\"next\":".repeat(depth) + "null" + "}".repeat(depth);
    Map<Codecs, Outcome> outcomes = onASmallStack(() -> read(Shapes.Chain.class, deep, chain));
    assertThat(outcomes.values())
        .as(describe(Shapes.Chain.class, outcomes))
        .allMatch(o -> o instanceof Outcome.Refused r && r.message().contains("stack"));

    // Gson reads untyped values without recursion; the others refuse, none crashes.
    String arrays = "[".repeat(depth) + "]".repeat(depth);
    assertThat(kinds(onASmallStack(() -> read(Object.class, deep, arrays))))
        .allSatisfy((codec, kind) -> assertThat(kind).as(codec.label).isIn("value", "refused"));

    // An element of a streamed array: the elements before it, then the failure.
    byte[] body = ("[1," + arrays + "]").getBytes(UTF_8);
    assertThat(kinds(onASmallStack(() -> stream(Object.class, deep, body))))
        .allSatisfy((codec, kind) -> assertThat(kind).as(codec.label).isIn("value", "cut after 1"));
  }

  /**
   * {@code writeNulls(false)} omits a property whose value is null, an empty {@code Optional} or
   * {@code OptionalInt} too (each is written as null), and nothing else: a null element of a list,
   * a map entry whose value is null (as System.Text.Json keeps a dictionary's) and a null at the
   * top level are written. Jackson wrote the empty optionals; Jackson 2, Gson and avaje-jsonb
   * dropped the map's entry; avaje-jsonb dropped the list's element and wrote nothing at all for an
   * empty {@code Optional} at the top level.
   */
  @Test
  void withoutNullsANullPropertyIsOmittedAndANullElementOrEntryIsKept() {
    UnaryOperator<JsonOptions.Builder> noNulls = b -> b.writeNulls(false);
    List<String> nullElement = new ArrayList<>();
    nullElement.add(null);
    Map<String, String> nullEntry = new HashMap<>();
    nullEntry.put("k", null);
    Shapes.Nullables value =
        new Shapes.Nullables(
            null, Optional.empty(), OptionalInt.empty(), nullElement, nullEntry, null);

    assertEveryCodecWrites(
        Shapes.Nullables.class, noNulls, value, "{\"l\":[null],\"m\":{\"k\":null}}");
    assertEveryCodecWrites(
        new JsonType<Optional<String>>() {}.type(), noNulls, Optional.empty(), "null");
    assertEveryCodecWrites(
        new JsonType<List<Optional<String>>>() {}.type(),
        noNulls,
        List.of(Optional.empty()),
        "[null]");
    assertEveryCodecWrites(
        new JsonType<Map<String, Integer>>() {}.type(),
        noNulls,
        Collections.singletonMap("k", null),
        "{\"k\":null}");
    // And with nulls written, all of them.
    assertEveryCodecWrites(
        Shapes.Nullables.class,
        b -> b,
        value,
        "{\"s\":null,\"o\":null,\"oi\":null,\"l\":[null],\"m\":{\"k\":null},\"i\":null}");
  }

  /**
   * Snake and kebab case find the words as System.Text.Json's {@code SnakeCaseLower} and {@code
   * KebabCaseLower} do (camel case is already its {@code CamelCase}), with every codec, on write
   * and on read: an acronym is a word ({@code HTTPServer} is {@code http_server}, {@code userID} is
   * {@code user_id}), and a digit belongs to the word before it. Gson separated every capital
   * ({@code h_t_t_p_server}, {@code user_i_d}); Jackson's and avaje-jsonb's snake case ran an
   * acronym into the next word ({@code httpserver}).
   */
  @Test
  void snakeAndKebabCaseFindTheWordsAlikeWithEveryCodec() {
    Shapes.Spelling value = new Shapes.Spelling("a", "b", "c", "d", "e");
    String snake =
        "{\"user_id\":\"a\",\"http_server\":\"b\",\"v2_name\":\"c\",\"sha512_hash\":\"d\",\"x\":\"e\"}";
    String kebab = snake.replace('_', '-');
    UnaryOperator<JsonOptions.Builder> snakeCase = b -> b.naming(JsonOptions.Naming.SNAKE_CASE);
    UnaryOperator<JsonOptions.Builder> kebabCase = b -> b.naming(JsonOptions.Naming.KEBAB_CASE);

    assertEveryCodecWrites(Shapes.Spelling.class, snakeCase, value, snake);
    assertEveryCodecWrites(Shapes.Spelling.class, kebabCase, value, kebab);
    assertThat(read(Shapes.Spelling.class, snakeCase, snake).values())
        .allMatch(o -> o.agreesWith(new Outcome.Value(value)));
    assertThat(read(Shapes.Spelling.class, kebabCase, kebab).values())
        .allMatch(o -> o.agreesWith(new Outcome.Value(value)));
  }

  /**
   * {@code indent(true)} writes the same text with every codec, as System.Text.Json's {@code
   * WriteIndented} and Gson write it: two spaces a level, {@code "name": value}, one element of an
   * array a line, {@code []} and {@code {}} when empty. Jackson wrote {@code "name" : value} and
   * arrays on one line ({@code [ 1, 2 ]}, {@code [ ]}); avaje-jsonb an empty array or object on two
   * lines.
   */
  @Test
  void indentedJsonIsTheSameTextWithEveryCodec() {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("a", List.of());
    value.put("b", Map.of());
    value.put("c", List.of(1, 2));
    value.put("d", Map.of("e", List.of(Map.of())));
    String indented =
        String.join(
            "\n",
            "{",
            "  \"a\": [],",
            "  \"b\": {},",
            "  \"c\": [",
            "    1,",
            "    2",
            "  ],",
            "  \"d\": {",
            "    \"e\": [",
            "      {}",
            "    ]",
            "  }",
            "}");
    UnaryOperator<JsonOptions.Builder> indent = b -> b.indent(true);

    assertEveryCodecWrites(new JsonType<Map<String, Object>>() {}.type(), indent, value, indented);
    assertEveryCodecWrites(
        Shapes.IntegerList.class,
        indent,
        new Shapes.IntegerList(List.of(1)),
        "{\n  \"v\": [\n    1\n  ]\n}");
    assertEveryCodecWrites(
        Shapes.IntegerList.class, indent, new Shapes.IntegerList(List.of()), "{\n  \"v\": []\n}");
  }

  /**
   * With {@code numbersFromStrings(false)}, a number in a string fails naming that setting with
   * every codec; no message points at a library's own configuration, which httpjson's user does not
   * hold. The Jackson codecs said "but might if coercion using `CoercionConfig` was enabled", also
   * for a fraction into an integer, which no setting reads.
   */
  @Test
  void aRefusedCoercionNamesTheOptionNotTheLibrarysConfiguration() {
    UnaryOperator<JsonOptions.Builder> noStrings = b -> b.numbersFromStrings(false);
    for (Type type : List.of(Shapes.IntBox.class, Shapes.BoxedLong.class, Shapes.DoubleBox.class)) {
      Map<Codecs, Outcome> outcomes = read(type, noStrings, "{\"v\":\"1\"}");
      assertThat(outcomes.values())
          .as(describe(type, outcomes))
          .allMatch(
              o ->
                  o instanceof Outcome.Refused r
                      && r.message().contains("JsonOptions.numbersFromStrings")
                      && !r.message().contains("CoercionConfig"));
    }
    Map<Codecs, Outcome> fraction = read(Shapes.IntBox.class, b -> b, "{\"v\":3.5}");
    assertThat(fraction.values())
        .as(describe(Shapes.IntBox.class, fraction))
        .allMatch(o -> o instanceof Outcome.Refused r && !r.message().contains("CoercionConfig"));
  }

  private static void assertEveryCodecWrites(
      Type type, UnaryOperator<JsonOptions.Builder> options, Object value, String expected) {
    Map<Codecs, String> written = write(type, options, value);
    assertThat(written)
        .as("%s written as %s", Show.value(value), type.getTypeName())
        .allSatisfy((codec, json) -> assertThat(json).as(codec.label).isEqualTo(expected));
  }

  static Map<Codecs, String> write(
      Type type, UnaryOperator<JsonOptions.Builder> options, Object value) {
    Map<Codecs, String> written = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      @SuppressWarnings("unchecked")
      JsonType<Object> t =
          (JsonType<Object>) JsonType.of(type, options.apply(codec.options.toBuilder()).build());
      try {
        written.put(codec, new String(t.toJsonBytes(value), UTF_8));
      } catch (Exception e) {
        written.put(codec, "refused: " + e);
      }
    }
    return written;
  }

  /** Each outcome's kind, and a crash's exception: a value too deep to print is not printed. */
  private static Map<Codecs, String> kinds(Map<Codecs, Outcome> outcomes) {
    Map<Codecs, String> kinds = new EnumMap<>(Codecs.class);
    outcomes.forEach(
        (codec, outcome) ->
            kinds.put(
                codec,
                outcome instanceof Outcome.Value
                    ? "value"
                    : outcome instanceof Outcome.Cut cut
                        ? "cut after " + cut.before().size()
                        : outcome instanceof Outcome.Refused ? "refused" : outcome.toString()));
    return kinds;
  }

  // ----

  private static <T> T onASmallStack(Supplier<T> work) throws Exception {
    CompletableFuture<T> result = new CompletableFuture<>();
    Thread thread =
        new Thread(
            null,
            () -> {
              try {
                result.complete(work.get());
              } catch (Throwable t) {
                result.completeExceptionally(t);
              }
            },
            "small-stack",
            SMALL_STACK);
    thread.start();
    try {
      return result.get(60, TimeUnit.SECONDS);
    } finally {
      thread.join(TimeUnit.SECONDS.toMillis(10));
    }
  }

  static Map<Codecs, Outcome> read(
      Type type, UnaryOperator<JsonOptions.Builder> options, String json) {
    Map<Codecs, Outcome> outcomes = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      JsonType<?> t = JsonType.of(type, options.apply(codec.options.toBuilder()).build());
      try {
        outcomes.put(codec, new Outcome.Value(t.fromJson(json.getBytes(UTF_8))));
      } catch (JsonReadException e) {
        outcomes.put(codec, new Outcome.Refused(e.getMessage()));
      } catch (Exception | Error e) {
        outcomes.put(codec, new Outcome.Crashed(e));
      }
    }
    return outcomes;
  }

  static Map<Codecs, Outcome> stream(
      Type type, UnaryOperator<JsonOptions.Builder> options, byte[] body) {
    Map<Codecs, Outcome> outcomes = new EnumMap<>(Codecs.class);
    for (Codecs codec : Codecs.ALL) {
      @SuppressWarnings("unchecked")
      JsonType<Object> t =
          (JsonType<Object>) JsonType.of(type, options.apply(codec.options.toBuilder()).build());
      outcomes.put(
          codec,
          Streams.collect(
              () -> HttpJson.readFromJsonAsStream(Streams.response(body, "application/json"), t)));
    }
    return outcomes;
  }

  static String describe(Type type, Map<Codecs, Outcome> outcomes) {
    StringBuilder out = new StringBuilder(type.getTypeName()).append('\n');
    outcomes.forEach(
        (codec, outcome) -> out.append(String.format("  %-6s %s%n", codec.label, outcome)));
    return out.toString();
  }
}

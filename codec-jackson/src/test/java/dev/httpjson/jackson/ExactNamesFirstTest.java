package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonView;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import dev.httpjson.JsonOptions;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.core.Version;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.json.JsonMapper;

/**
 * The creator loop that looks names up as written first, against Jackson's own loop: for every
 * document and type, the same value or the same failure (class and message, location and path
 * included), with each option set that changes the loop's way.
 */
class ExactNamesFirstTest {

  record Forecast(LocalDate date, int temperatureC, int temperatureF, @Nullable String summary) {}

  record Aliased(
      @JsonAlias({"Temp", "t_c"}) int temperatureC, @JsonProperty("Name") @Nullable String name) {}

  /** Two names Jackson's case-insensitive lookup holds as one. */
  record Twins(int a, @JsonProperty("A") int big) {}

  @JsonIgnoreProperties({"secret"})
  record Ignoring(@Nullable String name, @Nullable String secret) {}

  record Outer(
      @Nullable Forecast inner,
      @Nullable List<Forecast> all,
      @Nullable Map<String, Forecast> byName) {}

  /** A creator and a setter: the setter's property is buffered until the object is built. */
  static final class Mixed {
    final int id;
    @Nullable String label;

    @JsonCreator
    Mixed(@JsonProperty("id") int id) {
      this.id = id;
    }

    public void setLabel(@Nullable String label) {
      this.label = label;
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Mixed && ((Mixed) o).id == id && Objects.equals(((Mixed) o).label, label);
    }

    @Override
    public int hashCode() {
      return id;
    }

    @Override
    public String toString() {
      return "Mixed[" + id + ", " + label + "]";
    }
  }

  @JsonIdentityInfo(generator = ObjectIdGenerators.PropertyGenerator.class, property = "id")
  static final class Item {
    final int id;
    final @Nullable String name;

    @JsonCreator
    Item(@JsonProperty("id") int id, @JsonProperty("name") @Nullable String name) {
      this.id = id;
      this.name = name;
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Item && ((Item) o).id == id && Objects.equals(((Item) o).name, name);
    }

    @Override
    public int hashCode() {
      return id;
    }

    @Override
    public String toString() {
      return "Item[" + id + ", " + name + "]";
    }
  }

  /** Object ids in a creator's arguments and in a setter, forward references included. */
  static final class Holder {
    final @Nullable Item first;
    final @Nullable Item second;
    @Nullable Item third;

    @JsonCreator
    Holder(
        @JsonProperty("first") @Nullable Item first,
        @JsonProperty("second") @Nullable Item second) {
      this.first = first;
      this.second = second;
    }

    public void setThird(@Nullable Item third) {
      this.third = third;
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Holder
          && Objects.equals(((Holder) o).first, first)
          && Objects.equals(((Holder) o).second, second)
          && Objects.equals(((Holder) o).third, third);
    }

    @Override
    public int hashCode() {
      return 1;
    }

    @Override
    public String toString() {
      return "Holder[" + first + ", " + second + ", " + third + "]";
    }
  }

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
  @JsonSubTypes({
    @JsonSubTypes.Type(value = Circle.class, name = "circle"),
    @JsonSubTypes.Type(value = Square.class, name = "square")
  })
  interface Shape {}

  record Circle(double radius) implements Shape {}

  record Square(double side) implements Shape {}

  record Drawing(@Nullable List<Shape> shapes) {}

  /** A creator that may return null. */
  static final class Maybe {
    final int value;

    private Maybe(int value) {
      this.value = value;
    }

    @JsonCreator
    static @Nullable Maybe of(@JsonProperty("value") int value) {
      return value < 0 ? null : new Maybe(value);
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Maybe && ((Maybe) o).value == value;
    }

    @Override
    public int hashCode() {
      return value;
    }

    @Override
    public String toString() {
      return "Maybe[" + value + "]";
    }
  }

  static final class Summary {}

  record Viewed(@JsonView(Summary.class) @Nullable String title, @Nullable String body) {}

  /** An any-setter beside a creator: Jackson's own loop. */
  static final class Open {
    final @Nullable String name;
    final Map<String, Object> rest = new LinkedHashMap<>();

    @JsonCreator
    Open(@JsonProperty("name") @Nullable String name) {
      this.name = name;
    }

    @JsonAnySetter
    void put(String key, Object value) {
      rest.put(key, value);
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Open
          && Objects.equals(((Open) o).name, name)
          && ((Open) o).rest.equals(rest);
    }

    @Override
    public int hashCode() {
      return 1;
    }

    @Override
    public String toString() {
      return "Open[" + name + ", " + rest + "]";
    }
  }

  record WithIgnored(@Nullable String name, @JsonIgnore @Nullable String hidden) {}

  private static final Map<Class<?>, List<String>> DOCUMENTS = new LinkedHashMap<>();

  static {
    DOCUMENTS.put(
        Forecast.class,
        List.of(
            "{\"date\":\"2026-01-01\",\"temperatureC\":1,\"temperatureF\":33,\"summary\":\"x\"}",
            "{\"Date\":\"2026-01-01\",\"TemperatureC\":1,\"TemperatureF\":33,\"Summary\":\"x\"}",
            "{\"DATE\":\"2026-01-01\",\"TEMPERATUREC\":1,\"temperaturef\":33,\"sUmMaRy\":\"x\"}",
            "{\"temperatureC\":1,\"TemperatureC\":2,\"temperatureC\":3}",
            "{\"summary\":null,\"extra\":[1,{\"a\":2}],\"date\":\"2026-01-01\"}",
            "{\"temperatureC\":\"1\"}",
            "{\"temperatureC\":\"abc\"}",
            "{\"temperatureC\":1.5}",
            "{\"temperatureC\":null}",
            "{\"date\":\"2026-02-30\"}",
            "{\"date\":20260101}",
            "{}",
            "[]",
            "{\"temperatureC\":1 \"summary\":\"x\"}",
            "{\"temperatureC\":1,}",
            "{\"temperatureC\":1"));
    DOCUMENTS.put(
        Aliased.class,
        List.of(
            "{\"temperatureC\":1,\"Name\":\"n\"}",
            "{\"Temp\":2,\"name\":\"n\"}",
            "{\"TEMP\":3,\"NAME\":\"n\"}",
            "{\"t_c\":4,\"T_C\":5}",
            "{\"temp\":6,\"Temp\":7}"));
    DOCUMENTS.put(
        Twins.class,
        List.of("{\"a\":1,\"A\":2}", "{\"A\":2,\"a\":1}", "{\"a\":1}", "{\"A\":2}", "{\"big\":3}"));
    DOCUMENTS.put(
        Ignoring.class,
        List.of(
            "{\"name\":\"n\",\"secret\":\"s\"}",
            "{\"Name\":\"n\",\"Secret\":\"s\"}",
            "{\"SECRET\":\"s\",\"other\":1}"));
    DOCUMENTS.put(
        WithIgnored.class,
        List.of("{\"name\":\"n\",\"hidden\":\"h\"}", "{\"Name\":\"n\",\"HIDDEN\":\"h\"}"));
    DOCUMENTS.put(
        Outer.class,
        List.of(
            "{\"inner\":{\"Date\":\"2026-01-01\",\"temperatureC\":1},"
                + "\"All\":[{\"temperatureC\":2},{\"TEMPERATUREF\":3}],"
                + "\"byName\":{\"a\":{\"summary\":\"s\"}}}",
            "{\"inner\":{\"temperatureC\":\"bad\"}}",
            "{\"all\":[{\"temperatureC\":1},{\"date\":\"x\"}]}"));
    DOCUMENTS.put(
        Mixed.class,
        List.of(
            "{\"id\":1,\"label\":\"l\"}",
            "{\"label\":\"l\",\"ID\":1}",
            "{\"Label\":\"l\",\"Id\":1,\"more\":2}",
            "{\"label\":5}"));
    DOCUMENTS.put(
        Holder.class,
        List.of(
            "{\"first\":{\"id\":1,\"name\":\"a\"},\"second\":1}",
            "{\"first\":1,\"second\":{\"id\":1,\"name\":\"a\"}}",
            "{\"third\":1,\"first\":{\"id\":1,\"name\":\"a\"}}",
            "{\"Third\":2,\"First\":{\"id\":2,\"name\":\"b\"},\"SECOND\":2}",
            "{\"first\":7}"));
    DOCUMENTS.put(
        Drawing.class,
        List.of(
            "{\"shapes\":[{\"kind\":\"circle\",\"radius\":1},{\"Side\":2,\"kind\":\"square\"}]}",
            "{\"SHAPES\":[{\"RADIUS\":1,\"kind\":\"circle\"}]}",
            "{\"shapes\":[{\"kind\":\"triangle\"}]}"));
    DOCUMENTS.put(
        Maybe.class, List.of("{\"value\":1}", "{\"Value\":-1}", "{\"VALUE\":-1,\"x\":[1,2]}"));
    DOCUMENTS.put(
        Viewed.class,
        List.of("{\"title\":\"t\",\"body\":\"b\"}", "{\"Title\":\"t\",\"BODY\":\"b\"}"));
    DOCUMENTS.put(
        Open.class,
        List.of("{\"name\":\"n\",\"a\":1}", "{\"NAME\":\"n\",\"Name\":\"m\",\"b\":[1]}"));
  }

  private static List<JsonOptions> optionSets() {
    JsonOptions web = JsonOptions.web();
    return List.of(
        web,
        web.toBuilder().ignoreUnknownProperties(false).build(),
        web.toBuilder().strictRecords(true).build(),
        web.toBuilder().strictRecords(true).ignoreUnknownProperties(false).build());
  }

  @Test
  void readsWhatJacksonsOwnLoopReads() {
    int compared = 0;
    for (JsonOptions options : optionSets()) {
      JsonMapper stock = JacksonCodec.newMapper(options, false);
      JsonMapper fast = JacksonCodec.newMapper(options, true);
      for (Map.Entry<Class<?>, List<String>> e : DOCUMENTS.entrySet()) {
        for (String json : e.getValue()) {
          for (boolean withView : List.of(false, true)) {
            ObjectReader s = reader(stock, e.getKey(), withView);
            ObjectReader f = reader(fast, e.getKey(), withView);
            assertThat(outcome(f, json))
                .as("%s from %s (%s, view %s)", e.getKey().getSimpleName(), json, options, withView)
                .isEqualTo(outcome(s, json));
            compared++;
          }
        }
      }
    }
    assertThat(compared).isGreaterThan(300);
  }

  @Test
  void theLoopIsTakenWhereItApplies() {
    JsonMapper fast = JacksonCodec.newMapper(JsonOptions.web());
    for (Class<?> type :
        List.of(
            Forecast.class,
            Aliased.class,
            Twins.class,
            Ignoring.class,
            Mixed.class,
            Holder.class,
            Maybe.class)) {
      ValueDeserializer<?> d = deserializer(fast, type, "{}");
      assertThat(d).as(type.getSimpleName()).isInstanceOf(ExactNamesFirst.Creator.class);
      assertThat(((ExactNamesFirst.Creator) d).tookExactNames()).as(type.getSimpleName()).isTrue();
    }
    ValueDeserializer<?> open = deserializer(fast, Open.class, "{}");
    assertThat(((ExactNamesFirst.Creator) open).tookExactNames()).as("any-setter").isFalse();
    JsonMapper exact =
        JacksonCodec.newMapper(
            JsonOptions.web().toBuilder().caseInsensitiveProperties(false).build());
    assertThat(deserializer(exact, Forecast.class, "{}"))
        .as("names matched as written: Jackson's lookup is already exact")
        .isNotInstanceOf(ExactNamesFirst.Creator.class);
  }

  @Test
  void onlyTheJacksonVersionWhoseLoopItCopies() {
    assertThat(ExactNamesFirst.sameMinor(tools.jackson.databind.cfg.PackageVersion.VERSION))
        .as("the Jackson 3 this module is built against")
        .isTrue();
    assertThat(ExactNamesFirst.sameMinor(new Version(3, 4, 0, null, null, null))).isFalse();
    assertThat(ExactNamesFirst.sameMinor(new Version(2, 3, 0, null, null, null))).isFalse();
  }

  @Test
  void manyReadersAtOnceReadTheSame() throws Exception {
    JsonMapper fast = JacksonCodec.newMapper(JsonOptions.web());
    String json =
        "{\"Date\":\"2026-01-01\",\"temperatureC\":1,\"TEMPERATUREF\":33,\"summary\":\"x\"}";
    Forecast expected = new Forecast(LocalDate.of(2026, 1, 1), 1, 33, "x");
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    for (int t = 0; t < 4; t++) {
      Thread thread =
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < 2_000; i++) {
                    assertThat(fast.readValue(json, Forecast.class)).isEqualTo(expected);
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
      assertThat(thread.isAlive()).isFalse();
    }
    assertThat(failures).isEmpty();
  }

  private static ObjectReader reader(JsonMapper mapper, Class<?> type, boolean withView) {
    ObjectReader r = mapper.readerFor(type);
    return withView ? r.withView(Summary.class) : r;
  }

  private static String outcome(ObjectReader reader, String json) {
    try {
      return "read " + reader.readValue(json);
    } catch (RuntimeException e) {
      return "failed " + e.getClass().getName() + ": " + e.getMessage();
    }
  }

  /** The mapper's reader of {@code type}, after reading {@code json} with it once. */
  private static ValueDeserializer<?> deserializer(JsonMapper mapper, Class<?> type, String json) {
    try {
      mapper.readValue(json, type);
    } catch (RuntimeException ignored) {
      // the reader is built either way
    }
    return mapper._deserializationContext().findRootValueDeserializer(mapper.constructType(type));
  }
}

package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one type form: the super type token, the built types and the options a type carries. */
class JsonTypeTest {
  private final CountingCodec codec = new CountingCodec();
  private final JsonOptions options = JsonOptions.newBuilder().codec(codec).build();

  @Test
  void capturesTheGenericType() {
    JsonType<List<String>> type = new JsonType<List<String>>() {};

    assertThat(type.type().getTypeName()).isEqualTo("java.util.List<java.lang.String>");
  }

  @Test
  void builtTypesEqualCapturedOnes() {
    assertThat(JsonType.listOf(String.class)).isEqualTo(new JsonType<List<String>>() {});
    assertThat(JsonType.listOf(String.class).hashCode())
        .isEqualTo(new JsonType<List<String>>() {}.hashCode());
    assertThat(new JsonType<List<String>>() {}.type())
        .isEqualTo(JsonType.listOf(String.class).type());
    assertThat(JsonType.listOf(String.class).type().hashCode())
        .isEqualTo(new JsonType<List<String>>() {}.type().hashCode());
    assertThat(JsonType.mapOf(Integer.class).type())
        .isEqualTo(new JsonType<Map<String, Integer>>() {}.type());
    assertThat(JsonType.of(String.class).type()).isEqualTo(String.class);
    assertThat(JsonType.of((java.lang.reflect.Type) String.class))
        .isEqualTo(JsonType.of(String.class));
  }

  @Test
  void rejectsTypeVariables() {
    assertThatThrownBy(JsonTypeTest::capture)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("type variable");
  }

  @Test
  void rejectsASubclassOfASubclass() {
    assertThatThrownBy(() -> new Nested<String>() {})
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("direct anonymous subclass");
  }

  @Test
  void aTypeMadeWithoutOptionsReportsTheWebOptionsAndDiffersFromOneMadeWithThem() {
    JsonType<String> unbound = JsonType.of(String.class);
    JsonType<String> bound = JsonType.of(String.class, options);

    assertThat(unbound.options()).isEqualTo(JsonOptions.web());
    assertThat(unbound).isNotEqualTo(bound);
    assertThat(bound).isEqualTo(unbound.withOptions(options));
    assertThat(unbound.toString()).isEqualTo("JsonType{java.lang.String}");
  }

  @Test
  void withOptionsKeepsTheTypeAndReturnsItselfWhenNothingChanges() {
    JsonType<List<String>> type = new JsonType<List<String>>() {}.withOptions(options);

    assertThat(type.type()).isEqualTo(JsonType.listOf(String.class).type());
    assertThat(type.options()).isSameAs(options);
    assertThat(type.withOptions(options)).isSameAs(type);
    assertThat(type.withOptions(JsonOptions.newBuilder().codec(codec).build())).isSameAs(type);
  }

  @Test
  void orOptionsRebindsOnlyATypeMadeWithoutOptionsAndKeepsTheLastRebinding() {
    JsonType<String> unbound = JsonType.of(String.class);
    JsonType<String> bound = JsonType.of(String.class, options);
    JsonOptions other = JsonOptions.newBuilder().codec(codec).maxResponseSize(10).build();

    assertThat(bound.orOptions(other)).isSameAs(bound);
    assertThat(unbound.orOptions(JsonOptions.web())).isSameAs(unbound);
    JsonType<String> rebound = unbound.orOptions(other);
    assertThat(rebound.options()).isSameAs(other);
    assertThat(unbound.orOptions(other)).isSameAs(rebound);
  }

  @Test
  void typesWrittenInlineAtEveryCallShareOneBindingAndReader() throws Exception {
    for (int i = 0; i < 100; i++) {
      JsonType<List<String>> inline = new JsonType<List<String>>() {}.withOptions(options);
      Object value = inline.fromJson("\"a\"");
      assertThat(value).isEqualTo("a");
      JsonType<String> rebuilt =
          JsonType.of(String.class, JsonOptions.newBuilder().codec(codec).build());
      assertThat(rebuilt.fromJson("\"b\"")).isEqualTo("b");
    }

    assertThat(codec.binds.get()).isEqualTo(1);
    assertThat(codec.readers.get()).isEqualTo(2);
  }

  private static <T> JsonType<T> capture() {
    return new JsonType<T>() {};
  }

  private static class Nested<T> extends JsonType<T> {}
}

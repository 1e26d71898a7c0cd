package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TypeRefTest {
  @Test
  void capturesTheGenericType() {
    TypeRef<List<String>> ref = new TypeRef<List<String>>() {};

    assertThat(ref.type().getTypeName()).isEqualTo("java.util.List<java.lang.String>");
    assertThat(ref.rawType()).isEqualTo(List.class);
  }

  @Test
  void builtTypesEqualCapturedOnes() {
    assertThat(TypeRef.listOf(String.class)).isEqualTo(new TypeRef<List<String>>() {});
    assertThat(TypeRef.listOf(String.class).type())
        .isEqualTo(new TypeRef<List<String>>() {}.type());
    assertThat(new TypeRef<List<String>>() {}.type())
        .isEqualTo(TypeRef.listOf(String.class).type());
    assertThat(TypeRef.listOf(String.class).type().hashCode())
        .isEqualTo(new TypeRef<List<String>>() {}.type().hashCode());
    assertThat(TypeRef.mapOf(Integer.class).type())
        .isEqualTo(new TypeRef<Map<String, Integer>>() {}.type());
    assertThat(TypeRef.of(String.class).type()).isEqualTo(String.class);
  }

  @Test
  void rejectsTypeVariables() {
    assertThatThrownBy(TypeRefTest::capture)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("type variable");
  }

  private static <T> TypeRef<T> capture() {
    return new TypeRef<T>() {};
  }
}

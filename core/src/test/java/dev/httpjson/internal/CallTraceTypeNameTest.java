package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallTraceTypeNameTest {
  @Test
  void aGenericTypesNameIsMadeOnce() {
    Type type = new JsonType<Map<String, List<Integer>>>() {}.type();
    String first = CallTrace.typeName(type);
    assertThat(first).isEqualTo(type.getTypeName()).contains("List<java.lang.Integer>");
    assertThat(CallTrace.typeName(type)).isSameAs(first);
    // An equal type made elsewhere finds the same name.
    assertThat(CallTrace.typeName(new JsonType<Map<String, List<Integer>>>() {}.type()))
        .isSameAs(first);
  }

  @Test
  void classesAndArraysAreNamedAsTheJdkNamesThem() {
    assertThat(CallTrace.typeName(String.class)).isEqualTo("java.lang.String");
    assertThat(CallTrace.typeName(Map.Entry.class)).isEqualTo(Map.Entry.class.getTypeName());
    assertThat(CallTrace.typeName(String[].class)).isEqualTo("java.lang.String[]");
    assertThat(CallTrace.typeName(int[][].class)).isEqualTo("int[][]");
  }
}

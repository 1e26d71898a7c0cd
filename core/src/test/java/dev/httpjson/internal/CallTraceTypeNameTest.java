package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonType;
import java.lang.ref.WeakReference;
import java.lang.reflect.ParameterizedType;
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

  /**
   * The cache must not keep a type alive: a type names classes, and a class keeps its loader (an
   * application redeployed in a server must be collectable).
   */
  @Test
  void aNamedTypeIsNotKeptAlive() throws InterruptedException {
    WeakReference<Type> ref = nameAType();
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (ref.get() != null && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(10);
    }
    assertThat(ref.get()).as("the type, after its name was made").isNull();
  }

  private static WeakReference<Type> nameAType() {
    Type type = new Parameterized();
    assertThat(CallTrace.typeName(type)).isEqualTo("Box<java.lang.String>");
    return new WeakReference<>(type);
  }

  /** A generic type no other cache holds. */
  private static final class Parameterized implements ParameterizedType {
    @Override
    public Type[] getActualTypeArguments() {
      return new Type[] {String.class};
    }

    @Override
    public Type getRawType() {
      return List.class;
    }

    @Override
    public Type getOwnerType() {
      return null;
    }

    @Override
    public String getTypeName() {
      return "Box<java.lang.String>";
    }
  }
}

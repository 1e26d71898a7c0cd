package dev.httpjson.interfaces.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonType;
import dev.httpjson.contract.LoopbackServer;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The types a method reads and writes, as javac accepts them in an interface: the generated code
 * names each as declared (compiled with every lint as errors), keeps every type argument in the
 * type it reads, and calls a loopback server with it; a type it cannot name is an error on the
 * method.
 */
class MethodTypesTest {
  private static final String HEAD =
      "package demo;\n"
          + "import dev.httpjson.interfaces.*;\n"
          + "import java.io.IOException;\n"
          + "import java.util.*;\n";
  private static final String THROWS = " throws IOException, InterruptedException;\n";
  private static final String ITEM = "package demo;\npublic class Item {\n  public int v;\n}\n";

  private static HttpClient http;
  @TempDir Path out;
  private MockWebServer server;

  @BeforeAll
  static void http() {
    http = HttpClient.newHttpClient();
  }

  @AfterAll
  static void closeClient() {
    http = null;
  }

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private Compilation compile(Map<String, String> sources) {
    Compilation c = Compilation.compile(out, Compilation.STRICT, sources);
    assertThat(c.problems()).isEmpty();
    assertThat(c.success).isTrue();
    return c;
  }

  private Object create(URLClassLoader loader, String api) throws Exception {
    return HttpJsonClient.newBuilder(http)
        .baseUri(server.url("/api/").uri())
        .build()
        .create(Class.forName(api, false, loader));
  }

  private static Object call(Object impl, String api, String name, Object... args)
      throws Throwable {
    for (Method m : impl.getClass().getClassLoader().loadClass(api).getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == args.length) {
        try {
          return m.invoke(impl, args);
        } catch (InvocationTargetException e) {
          throw e.getCause();
        }
      }
    }
    throw new AssertionError("no method " + name + " in " + api);
  }

  /** The Java types of the implementation's prepared {@code JsonType}s, one per method read. */
  private static List<Type> preparedTypes(Object impl) throws IllegalAccessException {
    List<Type> types = new ArrayList<>();
    for (Field f : impl.getClass().getDeclaredFields()) {
      if (f.getType() == JsonType.class) {
        f.setAccessible(true);
        types.add(((JsonType<?>) f.get(impl)).type());
      }
    }
    return types;
  }

  /**
   * The generic return types of {@code names}, methods of {@code api}, as reflection gives them.
   */
  private static List<Type> returnTypes(Class<?> api, String... names) throws Exception {
    List<Type> types = new ArrayList<>();
    for (String name : names) {
      Method m =
          Arrays.stream(api.getMethods())
              .filter(x -> x.getName().equals(name))
              .findFirst()
              .orElseThrow();
      types.add(m.getGenericReturnType());
    }
    return types;
  }

  @Test
  void aMemberClassOfAParameterizedClassKeepsTheTypeArgumentsOfItsOwner() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.G",
                "package demo;\n"
                    + "public class G<X> {\n"
                    + "  public class In {\n"
                    + "    public final X x;\n"
                    + "    public In(X x) {\n"
                    + "      this.x = x;\n"
                    + "    }\n"
                    + "  }\n"
                    + "  public static <X> G<X>.In in(X x) {\n"
                    + "    return new G<X>().new In(x);\n"
                    + "  }\n"
                    + "}\n",
                "demo.A",
                "package demo;\n"
                    + "public class A {\n"
                    + "  public class E<Y> {\n"
                    + "    public class F {}\n"
                    + "  }\n"
                    + "}\n",
                "demo.Members",
                HEAD
                    + "import org.jspecify.annotations.Nullable;\n"
                    + "public interface Members {\n"
                    + "  @GET(\"in\") G<String>.In in()"
                    + THROWS
                    + "  @GET(\"ins\") List<G<@Nullable String>.In> ins()"
                    + THROWS
                    + "  @GET(\"deep\") A.E<Integer>.F deep()"
                    + THROWS
                    + "  @POST(\"in\") String post(@Body G<String>.In in)"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Members");
      Class<?> members = loader.loadClass("demo.Members");
      server.enqueue(new MockResponse.Builder().code(204).build());
      server.enqueue(LoopbackServer.json(200, "[]"));
      server.enqueue(LoopbackServer.json(200, "\"ok\""));
      Object in = loader.loadClass("demo.G").getMethod("in", Object.class).invoke(null, "v");

      assertThat(preparedTypes(api))
          .containsExactlyInAnyOrderElementsOf(returnTypes(members, "in", "ins", "deep", "post"));
      assertThat(call(api, "demo.Members", "in")).isNull();
      assertThat(call(api, "demo.Members", "ins")).isEqualTo(List.of());
      assertThat(call(api, "demo.Members", "post", in)).isEqualTo("ok");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/in");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/ins");
      assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("{\"x\":\"v\"}");
    }
  }

  @Test
  void aMemberClassOfARawOrWildcardOwnerToReadIsAnErrorOnTheMethod() {
    Compilation c =
        Compilation.compile(
            out,
            Compilation.STRICT,
            Map.of(
                "demo.G",
                "package demo;\npublic class G<X> {\n  public class In {}\n}\n",
                "demo.Owners",
                HEAD
                    + "public interface Owners {\n"
                    + "  @SuppressWarnings(\"rawtypes\") @GET(\"a\") G.In raw()"
                    + THROWS
                    + "  @GET(\"b\") G<?>.In wildcard()"
                    + THROWS
                    + "}\n"));

    assertThat(c.errors())
        .containsExactly(
            "unsupported return type demo.G.In of raw: name a type without a type variable, a"
                + " wildcard or a raw type @ 6:48",
            "unsupported return type demo.G<?>.In of wildcard: name a type without a type"
                + " variable, a wildcard or a raw type @ 7:21");
  }

  @Test
  void wildcardBodiesAreSentAndAWildcardToReadIsAnErrorOnTheMethod() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Item",
                ITEM,
                "demo.Wildcards",
                HEAD
                    + "public interface Wildcards {\n"
                    + "  @POST(\"a\") String extending(@Body List<? extends Item> items)"
                    + THROWS
                    + "  @POST(\"b\") String any(@Body List<?> items)"
                    + THROWS
                    + "  @POST(\"c\") String superOf(@Body Map<String, ? super Item> items)"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Wildcards");
      Object item = loader.loadClass("demo.Item").getConstructor().newInstance();
      for (int i = 0; i < 3; i++) {
        server.enqueue(LoopbackServer.json(200, "\"ok\""));
      }

      assertThat(call(api, "demo.Wildcards", "extending", List.of(item))).isEqualTo("ok");
      assertThat(call(api, "demo.Wildcards", "any", List.of(1, "two"))).isEqualTo("ok");
      assertThat(call(api, "demo.Wildcards", "superOf", Map.of("k", item))).isEqualTo("ok");
      assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("[{\"v\":0}]");
      assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("[1,\"two\"]");
      assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("{\"k\":{\"v\":0}}");
    }

    Compilation read =
        Compilation.compile(
            out.resolve("read"),
            Compilation.STRICT,
            Map.of(
                "demo.Item",
                ITEM,
                "demo.Read",
                HEAD
                    + "public interface Read {\n"
                    + "  @GET(\"a\") List<? extends Item> extending()"
                    + THROWS
                    + "  @GET(\"b\") Map<String, ? super Item> superOf()"
                    + THROWS
                    + "}\n"));
    assertThat(read.errors())
        .containsExactly(
            "unsupported return type java.util.List<? extends demo.Item> of extending: name a type"
                + " without a type variable, a wildcard or a raw type @ 6:34",
            "unsupported return type java.util.Map<java.lang.String, ? super demo.Item> of"
                + " superOf: name a type without a type variable, a wildcard or a raw type @ 7:39");
  }

  @Test
  void anArrayOfGenericsAndPrimitiveArraysAreReadAndSentWithTheirElementTypes() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Item",
                ITEM,
                "demo.Arrays",
                HEAD
                    + "public interface Arrays {\n"
                    + "  @GET(\"lists\") List<Item>[] lists()"
                    + THROWS
                    + "  @GET(\"ints\") int[] ints()"
                    + THROWS
                    + "  @GET(\"grid\") double[][] grid()"
                    + THROWS
                    + "  @POST(\"longs\") String longs(@Body long[] longs)"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Arrays");
      server.enqueue(LoopbackServer.json(200, "[[{\"v\":1}],[]]"));
      server.enqueue(LoopbackServer.json(200, "[1,2]"));
      server.enqueue(LoopbackServer.json(200, "[[0.5],[]]"));
      server.enqueue(LoopbackServer.json(200, "\"ok\""));

      Object[] lists = (Object[]) call(api, "demo.Arrays", "lists");
      assertThat(lists).hasSize(2);
      assertThat(lists.getClass().getComponentType()).isEqualTo(List.class);
      assertThat(((List<?>) lists[0]).get(0).getClass().getName()).isEqualTo("demo.Item");
      assertThat((int[]) call(api, "demo.Arrays", "ints")).containsExactly(1, 2);
      assertThat((double[][]) call(api, "demo.Arrays", "grid"))
          .isDeepEqualTo(new double[][] {{0.5}, {}});
      assertThat(call(api, "demo.Arrays", "longs", (Object) new long[] {1, 2})).isEqualTo("ok");
      for (int i = 0; i < 3; i++) {
        LoopbackServer.take(server);
      }
      assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("[1,2]");
    }
  }

  @Test
  void aNestedClassOfANestedClassIsReadAsItself() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.A",
                "package demo;\n"
                    + "public class A {\n"
                    + "  public static class B {\n"
                    + "    public static class C {\n"
                    + "      public int v;\n"
                    + "    }\n"
                    + "    public class D {}\n"
                    + "  }\n"
                    + "}\n",
                "demo.Nested",
                HEAD
                    + "public interface Nested {\n"
                    + "  @GET(\"c\") A.B.C c()"
                    + THROWS
                    + "  @GET(\"cs\") Map<String, A.B.C> cs()"
                    + THROWS
                    + "  @GET(\"d\") A.B.D d()"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Nested");
      server.enqueue(LoopbackServer.json(200, "{\"v\":3}"));
      server.enqueue(LoopbackServer.json(200, "{\"k\":{\"v\":4}}"));
      server.enqueue(new MockResponse.Builder().code(204).build());

      Object value = call(api, "demo.Nested", "c");
      assertThat(value.getClass().getName()).isEqualTo("demo.A$B$C");
      assertThat(value.getClass().getField("v").get(value)).isEqualTo(3);
      Object map = ((Map<?, ?>) call(api, "demo.Nested", "cs")).get("k");
      assertThat(map.getClass().getName()).isEqualTo("demo.A$B$C");
      assertThat(call(api, "demo.Nested", "d")).isNull();
      assertThat(preparedTypes(api))
          .containsExactlyInAnyOrderElementsOf(
              returnTypes(loader.loadClass("demo.Nested"), "c", "cs", "d"));
    }
  }

  @Test
  void typeUseAnnotationsOfAnotherLibraryOnTypeArgumentsAreLeftOutOfTheTypeRead() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Item",
                "package demo;\n"
                    + "public class Item {\n"
                    + "  public int v;\n"
                    + "  public static class Part {}\n"
                    + "}\n",
                "demo.Annotated",
                HEAD
                    + "import org.jspecify.annotations.Nullable;\n"
                    + "public interface Annotated {\n"
                    + "  @GET(\"items\") List<@Nullable Item> items()"
                    + THROWS
                    + "  @GET(\"parts\") Map<@Nullable String, Item.@Nullable Part> parts()"
                    + THROWS
                    + "  @POST(\"items\") String post(@Body Map<String, @Nullable Item> items)"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Annotated");
      server.enqueue(LoopbackServer.json(200, "[{\"v\":1},null]"));
      server.enqueue(LoopbackServer.json(200, "\"ok\""));

      List<?> items = (List<?>) call(api, "demo.Annotated", "items");
      assertThat(items).hasSize(2);
      assertThat(items.get(0).getClass().getName()).isEqualTo("demo.Item");
      assertThat(items.get(1)).isNull();
      assertThat(call(api, "demo.Annotated", "post", new HashMap<>(Map.of()))).isEqualTo("ok");
      assertThat(preparedTypes(api))
          .containsExactlyInAnyOrderElementsOf(
              returnTypes(loader.loadClass("demo.Annotated"), "items", "parts", "post"));
    }
  }

  @Test
  void aClassOfThePackageNamedAsAJavaLangClassIsReadAndSentAsItself() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.String",
                "package demo;\npublic class String {\n  public int v;\n}\n",
                "demo.Object",
                "package demo;\npublic class Object {}\n",
                "demo.Shadowed",
                HEAD
                    + "public interface Shadowed {\n"
                    + "  @GET(\"one\") String one(@Query(\"q\") java.lang.String q)"
                    + THROWS
                    + "  @GET(\"all\") List<String> all()"
                    + THROWS
                    + "  @POST(\"one\") java.lang.String post(@Body String s, @Header(\"X-O\")"
                    + " Object o)"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Shadowed");
      Class<?> string = loader.loadClass("demo.String");
      server.enqueue(LoopbackServer.json(200, "{\"v\":1}"));
      server.enqueue(LoopbackServer.json(200, "[{\"v\":2}]"));
      server.enqueue(LoopbackServer.json(200, "\"ok\""));

      assertThat(call(api, "demo.Shadowed", "one", "x")).isInstanceOf(string);
      assertThat((List<?>) call(api, "demo.Shadowed", "all")).singleElement().isInstanceOf(string);
      Object s = string.getConstructor().newInstance();
      Object o = loader.loadClass("demo.Object").getConstructor().newInstance();
      assertThat(call(api, "demo.Shadowed", "post", s, o)).isEqualTo("ok");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/one?q=x");
      LoopbackServer.take(server);
      RecordedRequest post = LoopbackServer.take(server);
      assertThat(post.getBody().utf8()).isEqualTo("{\"v\":0}");
      assertThat(post.getHeaders().get("X-O")).isEqualTo(o.toString());
    }
  }

  @Test
  void anInterfaceAndTheTypesItReadsInTheUnnamedPackageAreImplemented() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "Item",
                "public class Item {\n  public int v;\n  public static class Part {}\n}\n",
                "Unnamed",
                "import dev.httpjson.interfaces.*;\n"
                    + "import java.io.IOException;\n"
                    + "import java.util.*;\n"
                    + "public interface Unnamed {\n"
                    + "  @GET(\"item\") Item item()"
                    + THROWS
                    + "  @GET(\"parts\") List<Item.Part> parts()"
                    + THROWS
                    + "  @POST(\"item\") String post(@Body Item item)"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "Unnamed");
      server.enqueue(LoopbackServer.json(200, "{\"v\":5}"));
      server.enqueue(LoopbackServer.json(200, "[{}]"));
      server.enqueue(LoopbackServer.json(200, "\"ok\""));

      Object item = call(api, "Unnamed", "item");
      assertThat(item.getClass().getName()).isEqualTo("Item");
      assertThat(item.getClass().getField("v").get(item)).isEqualTo(5);
      assertThat((List<?>) call(api, "Unnamed", "parts"))
          .singleElement()
          .extracting(p -> p.getClass().getName())
          .isEqualTo("Item$Part");
      assertThat(call(api, "Unnamed", "post", item)).isEqualTo("ok");
      LoopbackServer.take(server);
      LoopbackServer.take(server);
      assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("{\"v\":5}");
    }
  }
}

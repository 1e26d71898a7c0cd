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
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
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
}

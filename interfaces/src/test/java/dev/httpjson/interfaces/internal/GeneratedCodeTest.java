package dev.httpjson.interfaces.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.contract.LoopbackServer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The code the processor generates, compiled with every lint as errors and called against a
 * loopback server: interfaces whose shape the module's own test interfaces do not have.
 */
class GeneratedCodeTest {
  private static final String HEAD =
      "package demo;\n"
          + "import dev.httpjson.interfaces.*;\n"
          + "import java.io.IOException;\n"
          + "import java.util.*;\n"
          + "import java.util.concurrent.CompletableFuture;\n";
  private static final String THROWS = " throws IOException, InterruptedException;\n";

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

  private HttpJsonClient client() {
    return HttpJsonClient.newBuilder(http).baseUri(server.url("/api/").uri()).build();
  }

  /** The implementation of {@code api} bound to a client of the loopback server. */
  private Object create(URLClassLoader loader, String api) throws Exception {
    return client().create(Class.forName(api, false, loader));
  }

  /** Calls the method {@code name} of the implementation, throwing what it throws. */
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

  @Test
  void typeUseAnnotationsOnReturnAndParameterTypesCompile() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Nullables",
                HEAD
                    + "import org.jspecify.annotations.Nullable;\n"
                    + "public interface Nullables {\n"
                    + "  @GET(\"items/{id}\") @Nullable String item(@Path(\"id\") String id,"
                    + " @Query(\"q\") @Nullable String q, @Header(\"X-A\") @Nullable String a)"
                    + THROWS
                    + "  @GET(\"items\") List<@Nullable String> items(@Query(\"q\") List<@Nullable"
                    + " String> q)"
                    + THROWS
                    + "  @GET(\"items\") String @Nullable [] array()"
                    + THROWS
                    + "  @GET(\"entry\") Map.@Nullable Entry<String, @Nullable Integer> entry()"
                    + THROWS
                    + "  @GET(\"items\") CompletableFuture<@Nullable List<String>> async();\n"
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Nullables");
      server.enqueue(LoopbackServer.json(200, "\"one\""));
      server.enqueue(LoopbackServer.json(200, "[\"a\",null]"));

      assertThat(call(api, "demo.Nullables", "item", "7", null, null)).isEqualTo("one");
      assertThat(call(api, "demo.Nullables", "items", List.of("x")))
          .isEqualTo(java.util.Arrays.asList("a", null));
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/items/7");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/items?q=x");
    }
  }
}

package dev.httpjson.interfaces.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonType;
import dev.httpjson.contract.LoopbackServer;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interface extending a generic base ({@code interface UserApi extends CrudApi<User, Long>}):
 * each inherited method is implemented with the types the interface binds, read and sent as such on
 * a loopback server; what cannot be implemented is a compile error.
 */
class GenericBaseTest {
  private static final String HEAD =
      "package demo;\n"
          + "import dev.httpjson.interfaces.*;\n"
          + "import java.io.IOException;\n"
          + "import java.util.*;\n";
  private static final String THROWS = " throws IOException, InterruptedException;\n";
  private static final String USER =
      "package demo;\npublic class User {\n  public long id;\n  public String name;\n}\n";
  private static final String ORDER =
      "package demo;\npublic class Order {\n  public String ref;\n  public int total;\n}\n";

  /** The base of most cases: its type variables name what is read, sent and put in the path. */
  private static final String CRUD =
      HEAD
          + "public interface CrudApi<T, ID> {\n"
          + "  @GET(\"{id}\") T get(@Path(\"id\") ID id)"
          + THROWS
          + "  @GET(\"\") List<T> list(@Query(\"ids\") List<ID> ids)"
          + THROWS
          + "  @POST(\"\") List<T> create(@Body T t)"
          + THROWS
          + "  @PUT(\"{id}\") java.util.concurrent.CompletableFuture<java.net.http.HttpResponse<T>>"
          + " replace(@Path(\"id\") ID id, @Body T t);\n"
          + "  default T first() throws IOException, InterruptedException {\n"
          + "    return list(List.of()).get(0);\n"
          + "  }\n"
          + "}\n";

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

  private Object create(URLClassLoader loader, String api, String path) throws Exception {
    return HttpJsonClient.newBuilder(http)
        .baseUri(server.url(path).uri())
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

  /** The types the implementation's prepared {@code JsonType}s read, as source names. */
  private static List<String> preparedTypes(Object impl) throws IllegalAccessException {
    List<String> types = new ArrayList<>();
    for (Field f : impl.getClass().getDeclaredFields()) {
      if (f.getType() == JsonType.class) {
        f.setAccessible(true);
        types.add(((JsonType<?>) f.get(impl)).type().getTypeName());
      }
    }
    return types;
  }

  private static Object newInstance(URLClassLoader loader, String type, Map<String, Object> fields)
      throws Exception {
    Class<?> c = loader.loadClass(type);
    Object o = c.getConstructor().newInstance();
    for (Map.Entry<String, Object> f : fields.entrySet()) {
      c.getField(f.getKey()).set(o, f.getValue());
    }
    return o;
  }

  private static Object field(Object o, String name) {
    try {
      return o.getClass().getField(name).get(o);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(o.getClass().getName() + " has no public field " + name, e);
    }
  }

  @Test
  void anInterfaceBindingAGenericBaseReadsAndSendsTheTypesItNames() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.User",
                USER,
                "demo.CrudApi",
                CRUD,
                "demo.UserApi",
                "package demo;\npublic interface UserApi extends CrudApi<User, Long> {}\n"));

    assertThat(c.generated("demo.HttpJson_UserApi"))
        .contains("public demo.User get(final java.lang.Long p0)")
        .contains("public java.util.List<demo.User> list(final java.util.List<java.lang.Long> p0)")
        .contains("public java.util.List<demo.User> create(final demo.User p0)");
    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.UserApi", "/api/");
      server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"name\":\"ada\"}"));
      server.enqueue(LoopbackServer.json(200, "[{\"id\":1,\"name\":\"a\"},{\"id\":2}]"));
      server.enqueue(LoopbackServer.json(201, "[{\"id\":3,\"name\":\"new\"}]"));
      server.enqueue(LoopbackServer.json(200, "{\"id\":3,\"name\":\"renamed\"}"));
      server.enqueue(LoopbackServer.json(200, "[{\"id\":9,\"name\":\"first\"}]"));

      assertThat(preparedTypes(api))
          .containsExactlyInAnyOrder(
              "demo.User", "java.util.List<demo.User>", "java.util.List<demo.User>", "demo.User");
      Object user = call(api, "demo.UserApi", "get", 7L);
      assertThat(user.getClass().getName()).isEqualTo("demo.User");
      assertThat(field(user, "name")).isEqualTo("ada");
      List<?> users = (List<?>) call(api, "demo.UserApi", "list", List.of(1L, 2L));
      assertThat(users).extracting(u -> u.getClass().getName()).containsOnly("demo.User");
      assertThat(users).extracting(u -> field(u, "id")).containsExactly(1L, 2L);
      Object fresh = newInstance(loader, "demo.User", Map.of("name", "new"));
      List<?> created = (List<?>) call(api, "demo.UserApi", "create", fresh);
      assertThat(created).singleElement().extracting(u -> field(u, "id")).isEqualTo(3L);
      Object renamed = newInstance(loader, "demo.User", Map.of("id", 3L, "name", "renamed"));
      HttpResponse<?> replaced =
          (HttpResponse<?>)
              ((CompletableFuture<?>) call(api, "demo.UserApi", "replace", 3L, renamed))
                  .get(10, TimeUnit.SECONDS);
      assertThat(replaced.body().getClass().getName()).isEqualTo("demo.User");
      assertThat(field(replaced.body(), "name")).isEqualTo("renamed");
      Object first = call(api, "demo.UserApi", "first");
      assertThat(field(first, "name")).isEqualTo("first");

      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/7");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/?ids=1&ids=2");
      RecordedRequest post = LoopbackServer.take(server);
      assertThat(post.getMethod()).isEqualTo("POST");
      assertThat(post.getBody().utf8()).isEqualTo("{\"id\":0,\"name\":\"new\"}");
      RecordedRequest put = LoopbackServer.take(server);
      assertThat(put.getTarget()).isEqualTo("/api/3");
      assertThat(put.getBody().utf8()).isEqualTo("{\"id\":3,\"name\":\"renamed\"}");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/");
    }
  }

  @Test
  void theSameBaseAtAnyDepthIsBoundByTwoInterfacesWithTheirOwnTypes() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.User",
                USER,
                "demo.Order",
                ORDER,
                "demo.Resource",
                HEAD
                    + "public interface Resource<T, ID> {\n"
                    + "  @GET(\"{id}\") T get(@Path(\"id\") ID id)"
                    + THROWS
                    + "  @GET(\"\") java.util.stream.Stream<T> all()"
                    + THROWS
                    + "}\n",
                "demo.Created",
                HEAD
                    + "public interface Created<T> extends Resource<T, Long> {\n"
                    + "  @POST(\"\") Map<Long, T> create(@Body List<T> items)"
                    + THROWS
                    + "}\n",
                "demo.Plain",
                "package demo;\npublic interface Plain<T> extends Created<T> {}\n",
                "demo.UserApi",
                "package demo;\npublic interface UserApi extends Plain<User> {}\n",
                "demo.OrderApi",
                "package demo;\n"
                    + "@dev.httpjson.interfaces.Headers(\"X-Resource: orders\")\n"
                    + "public interface OrderApi extends Resource<Order, String> {}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object users = create(loader, "demo.UserApi", "/users/");
      Object orders = create(loader, "demo.OrderApi", "/orders/");
      server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"name\":\"ada\"}"));
      server.enqueue(LoopbackServer.json(200, "[{\"id\":1},{\"id\":2}]"));
      server.enqueue(LoopbackServer.json(200, "{\"5\":{\"id\":5,\"name\":\"b\"}}"));
      server.enqueue(LoopbackServer.json(200, "{\"ref\":\"a/b\",\"total\":12}"));
      server.enqueue(LoopbackServer.json(200, "[{\"ref\":\"x\",\"total\":1}]"));

      assertThat(preparedTypes(users))
          .containsExactlyInAnyOrder(
              "demo.User", "demo.User", "java.util.Map<java.lang.Long, demo.User>");
      assertThat(preparedTypes(orders)).containsExactlyInAnyOrder("demo.Order", "demo.Order");
      assertThat(field(call(users, "demo.UserApi", "get", 7L), "name")).isEqualTo("ada");
      try (Stream<?> all = (Stream<?>) call(users, "demo.UserApi", "all")) {
        assertThat(all.map(u -> u.getClass().getName()).collect(Collectors.toList()))
            .containsExactly("demo.User", "demo.User");
      }
      Object b = newInstance(loader, "demo.User", Map.of("name", "b"));
      Map<?, ?> created = (Map<?, ?>) call(users, "demo.UserApi", "create", List.of(b));
      assertThat(new ArrayList<Object>(created.keySet())).containsExactly(5L);
      assertThat(created.get(5L).getClass().getName()).isEqualTo("demo.User");
      Object order = call(orders, "demo.OrderApi", "get", "a/b");
      assertThat(order.getClass().getName()).isEqualTo("demo.Order");
      assertThat(field(order, "total")).isEqualTo(12);
      try (Stream<?> all = (Stream<?>) call(orders, "demo.OrderApi", "all")) {
        assertThat(all.map(o -> o.getClass().getName()).collect(Collectors.toList()))
            .containsExactly("demo.Order");
      }

      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/users/7");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/users/");
      assertThat(LoopbackServer.take(server).getBody().utf8())
          .isEqualTo("[{\"id\":0,\"name\":\"b\"}]");
      RecordedRequest get = LoopbackServer.take(server);
      assertThat(get.getTarget()).isEqualTo("/orders/a%2Fb");
      assertThat(get.getHeaders().get("X-Resource")).isEqualTo("orders");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/orders/");
    }
  }

  @Test
  void aMethodRedeclaredInTheInterfaceAndADefaultMethodOfTheBaseWork() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.User",
                USER,
                "demo.CrudApi",
                CRUD,
                "demo.UserApi",
                HEAD
                    + "public interface UserApi extends CrudApi<User, Long> {\n"
                    + "  @Override\n"
                    + "  @GET(\"users/{id}\")\n"
                    + "  @Headers(\"X-Version: 2\")\n"
                    + "  User get(@Path(\"id\") Long id)"
                    + THROWS
                    + "  @GET(\"count\") Integer count()"
                    + THROWS
                    + "}\n"));

    assertThat(c.generated("demo.HttpJson_UserApi")).doesNotContainPattern("\\bT\\b");
    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.UserApi", "/api/");
      server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"name\":\"ada\"}"));
      server.enqueue(LoopbackServer.json(200, "[{\"id\":9,\"name\":\"first\"}]"));
      server.enqueue(LoopbackServer.json(200, "42"));

      assertThat(field(call(api, "demo.UserApi", "get", 7L), "name")).isEqualTo("ada");
      Object first = call(api, "demo.UserApi", "first");
      assertThat(first.getClass().getName()).isEqualTo("demo.User");
      assertThat(field(first, "id")).isEqualTo(9L);
      assertThat(call(api, "demo.UserApi", "count")).isEqualTo(42);

      RecordedRequest get = LoopbackServer.take(server);
      assertThat(get.getTarget()).isEqualTo("/api/users/7");
      assertThat(get.getHeaders().get("X-Version")).isEqualTo("2");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/count");
    }
  }

  @Test
  void aBaseReadFromAClassFileIsBoundByAnInterfaceOfAnotherCompilation() throws Throwable {
    // The library is compiled with the processor and every lint as errors: its unbound base is
    // a note, not an error, and nothing is generated for it.
    Compilation library =
        Compilation.compile(
            out.resolve("library"),
            Compilation.STRICT,
            Map.of("demo.User", USER, "demo.CrudApi", CRUD));
    assertThat(library.success).isTrue();
    assertThat(library.errors()).isEmpty();
    assertThat(Files.exists(out.resolve("library/demo/HttpJson_CrudApi.class"))).isFalse();
    Compilation c =
        Compilation.compile(
            out.resolve("app"),
            List.of(out.resolve("library")),
            Compilation.STRICT,
            Map.of(
                "app.UserApi",
                "package app;\n"
                    + "@dev.httpjson.interfaces.Headers({})\n"
                    + "public interface UserApi extends demo.CrudApi<demo.User, Long> {}\n"));
    assertThat(c.problems()).isEmpty();

    try (URLClassLoader libraries = library.loader();
        URLClassLoader loader = c.loader(libraries)) {
      Object api = create(loader, "app.UserApi", "/api/");
      server.enqueue(LoopbackServer.json(200, "[{\"id\":1,\"name\":\"a\"}]"));

      List<?> users = (List<?>) call(api, "app.UserApi", "list", List.of(1L));
      assertThat(users)
          .singleElement()
          .extracting(u -> u.getClass().getName())
          .isEqualTo("demo.User");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/?ids=1");
    }
  }

  @Test
  void whatLeavesATypeVariableUnboundIsAnErrorSayingWhatToName() {
    Map<String, String> sources = new HashMap<>();
    sources.put("demo.User", USER);
    sources.put("demo.CrudApi", CRUD);
    sources.put(
        "demo.RawApi",
        "package demo;\n"
            + "@SuppressWarnings(\"rawtypes\")\n"
            + "public interface RawApi extends CrudApi {}\n");
    sources.put(
        "demo.Middle",
        HEAD
            + "public interface Middle<T> extends CrudApi<T, Long> {\n"
            + "  @GET(\"m\") String m()"
            + THROWS
            + "}\n");
    sources.put(
        "demo.Convert",
        HEAD
            + "public interface Convert<T> {\n"
            + "  @POST(\"c\") <R> R convert(@Body T t)"
            + THROWS
            + "}\n");
    sources.put(
        "demo.ConvertApi", "package demo;\npublic interface ConvertApi extends Convert<User> {}\n");
    Compilation c = Compilation.compile(out, Compilation.STRICT, sources);

    assertThat(c.success).isFalse();
    assertThat(c.errors())
        .containsExactlyInAnyOrder(
            "RawApi extends the raw type demo.CrudApi, which leaves its type variables <T, ID>"
                + " unbound, and its implementation names the types it reads and writes when it"
                + " is compiled: name a type for each (CrudApi<..., ...>) @ 3:8",
            "a generic method is not supported: convert declares <R>, and its implementation names"
                + " the types it reads and writes when it is compiled: declare a method per type,"
                + " or a default method calling the HttpJsonClient an abstract method such as"
                + " HttpJsonClient client() returns @ 6:20");
  }
}

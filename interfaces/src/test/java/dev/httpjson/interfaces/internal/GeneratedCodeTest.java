package dev.httpjson.interfaces.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.RawServer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
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
  void aNullClientAdjusterIsNamedInTheFailureAndNothingIsSent() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Adjusted",
                HEAD
                    + "import dev.httpjson.HttpJsonClient;\n"
                    + "import java.util.function.UnaryOperator;\n"
                    + "public interface Adjusted {\n"
                    + "  @GET(\"issues/{id}\") String issue(@Path(\"id\") long id,"
                    + " UnaryOperator<HttpJsonClient> adjust)"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Adjusted");

      assertThatThrownBy(() -> call(api, "demo.Adjusted", "issue", 7L, null))
          .isInstanceOf(NullPointerException.class)
          .hasMessage("UnaryOperator<HttpJsonClient> parameter adjust of issue is null");
      assertThat(server.getRequestCount()).isZero();
    }
  }

  @Test
  void typeUseAnnotationsOnReturnAndParameterTypesCompile() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Nullables",
                HEAD
                    + "import dev.httpjson.HttpJsonClient;\n"
                    + "import java.util.function.UnaryOperator;\n"
                    + "import org.jspecify.annotations.NonNull;\n"
                    + "import org.jspecify.annotations.Nullable;\n"
                    + "public interface Nullables {\n"
                    + "  @NonNull HttpJsonClient client();\n"
                    + "  @GET(\"adjusted\") String adjusted(@NonNull"
                    + " UnaryOperator<@NonNull HttpJsonClient> call)"
                    + THROWS
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
          .isEqualTo(Arrays.asList("a", null));
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/items/7");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/items?q=x");
    }
  }

  @Test
  void parameterNamesNeverCollideWithTheGeneratedCode() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Names",
                HEAD
                    + "import dev.httpjson.HttpJsonClient;\n"
                    + "import java.net.http.HttpResponse;\n"
                    + "import java.util.function.UnaryOperator;\n"
                    + "public interface Names {\n"
                    + "  @GET(\"repos/{owner}/{repo}/compare/{base}...{head}\") @Timeout(\"PT5S\")\n"
                    + "  String compare(@Path(\"owner\") String dev, @Path(\"repo\") String java,"
                    + " @Path(\"base\") String base, @Path(\"head\") String head,"
                    + " @Query(\"c0\") String c0, @Query(\"t0\") String t0,"
                    + " @Header(\"X-C\") String $c, @Header(\"X-U\") String $uri,"
                    + " UnaryOperator<HttpJsonClient> client)"
                    + THROWS
                    + "  @POST(\"posts\") CompletableFuture<HttpResponse<String>> post(@Body String $r,"
                    + " @Query(\"e\") String $e, @Query(\"b\") String $b, @Query(\"t\") String"
                    + " t1, @Query(\"s\") String $s);\n"
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Names");
      server.enqueue(LoopbackServer.json(200, "\"compared\""));
      server.enqueue(LoopbackServer.json(201, "\"posted\""));

      Object compared =
          call(
              api,
              "demo.Names",
              "compare",
              "acme",
              "widgets",
              "main",
              "topic",
              "a",
              "b",
              "c",
              "u",
              (UnaryOperator<HttpJsonClient>) x -> x.withHeader("X-O", "o"));
      Object posted =
          ((CompletableFuture<?>) call(api, "demo.Names", "post", "body", "e", "b", "t", "s"))
              .get(10, TimeUnit.SECONDS);

      assertThat(compared).isEqualTo("compared");
      assertThat(((HttpResponse<?>) posted).body()).isEqualTo("posted");
      RecordedRequest first = LoopbackServer.take(server);
      assertThat(first.getTarget())
          .isEqualTo("/api/repos/acme/widgets/compare/main...topic?c0=a&t0=b");
      assertThat(first.getHeaders().get("X-C")).isEqualTo("c");
      assertThat(first.getHeaders().get("X-U")).isEqualTo("u");
      assertThat(first.getHeaders().get("X-O")).isEqualTo("o");
      RecordedRequest second = LoopbackServer.take(server);
      assertThat(second.getTarget()).isEqualTo("/api/posts?e=e&b=b&t=t&s=s");
      assertThat(second.getBody().utf8()).isEqualTo("\"body\"");
    }
  }

  @Test
  void aTypeNamedOverrideInThePackageOrTheInterfaceLeavesTheImplementationCompiling()
      throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Override",
                "package demo;\npublic record Override(String name) {}\n",
                "demo.Overrides",
                HEAD
                    + "public interface Overrides {\n"
                    + "  @GET(\"o\") Override get()"
                    + THROWS
                    + "  interface Nested {\n"
                    + "    record Override(String id) {}\n"
                    + "    @GET(\"n\") Override get()"
                    + THROWS
                    + "  }\n"
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Overrides");
      Object nested = create(loader, "demo.Overrides$Nested");
      server.enqueue(LoopbackServer.json(200, "{\"name\":\"a\"}"));
      server.enqueue(LoopbackServer.json(200, "{\"id\":\"b\"}"));

      assertThat(call(api, "demo.Overrides", "get")).hasToString("Override[name=a]");
      assertThat(call(nested, "demo.Overrides$Nested", "get")).hasToString("Override[id=b]");
    }
  }

  @Test
  void queriesAndFieldsOfWildcardCollectionsAndOptionalsAreSentAsTheirValues() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Wildcards",
                HEAD
                    + "public interface Wildcards {\n"
                    + "  @GET(\"items\") String get(@Query(\"id\") List<? extends Number> ids,"
                    + " @Query(\"tag\") Optional<? extends CharSequence> tag,"
                    + " @Query(\"any\") Collection<?> any)"
                    + THROWS
                    + "  @POST(\"items\") @FormUrlEncoded String post(@Field(\"id\") Set<? extends"
                    + " Number> ids, @Field(\"tag\") Optional<?> tag)"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Wildcards");
      server.enqueue(LoopbackServer.json(200, "\"got\""));
      server.enqueue(LoopbackServer.json(200, "\"posted\""));

      assertThat(
              call(api, "demo.Wildcards", "get", List.of(1, 2L), Optional.of("a b"), List.of("x")))
          .isEqualTo("got");
      assertThat(call(api, "demo.Wildcards", "post", Set.of(3), Optional.empty()))
          .isEqualTo("posted");
      assertThat(LoopbackServer.take(server).getTarget())
          .isEqualTo("/api/items?id=1&id=2&tag=a%20b&any=x");
      assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("id=3");
    }
  }

  @Test
  void deprecatedMethodsAndInterfacesCompileWithoutWarnings() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Deprecations",
                HEAD
                    + "public interface Deprecations {\n"
                    + "  @Deprecated(forRemoval = true) @GET(\"old\") String old()"
                    + THROWS
                    + "  @Deprecated @GET(\"older\") String older()"
                    + THROWS
                    + "  @GET(\"current\") String current()"
                    + THROWS
                    + "}\n",
                "demo.Gone",
                HEAD
                    + "@Deprecated(forRemoval = true)\n"
                    + "public interface Gone {\n"
                    + "  @GET(\"gone\") String gone()"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Deprecations");
      server.enqueue(LoopbackServer.json(200, "\"old\""));

      assertThat(call(api, "demo.Deprecations", "old")).isEqualTo("old");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/old");
    }
  }

  @Test
  void rawTypesTheInterfaceSuppressesWarnOfNothingInItsImplementation() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Raw",
                HEAD
                    + "@SuppressWarnings(\"rawtypes\")\n"
                    + "public interface Raw {\n"
                    + "  @POST(\"raw\") String post(@Body List body, @Header(\"X-C\") Comparable c)"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Raw");
      server.enqueue(LoopbackServer.json(200, "\"ok\""));

      assertThat(call(api, "demo.Raw", "post", List.of(1), "c")).isEqualTo("ok");
      RecordedRequest r = LoopbackServer.take(server);
      assertThat(r.getBody().utf8()).isEqualTo("[1]");
      assertThat(r.getHeaders().get("X-C")).isEqualTo("c");
    }
  }

  private static final String VOIDS =
      HEAD
          + "public interface Voids {\n"
          + "  @GET(\"ping\") void ping()"
          + THROWS
          + "  @PUT(\"star\") void star()"
          + THROWS
          + "  @POST(\"label\") void label(@Body List<String> labels)"
          + THROWS
          + "  @PATCH(\"edit\") void edit(@Body Map<String, String> edit)"
          + THROWS
          + "  @QUERY(\"search\") void search(@Body Map<String, String> query)"
          + THROWS
          + "  @DELETE(\"lock\") void unlock()"
          + THROWS
          + "  @POST(\"async\") CompletableFuture<Void> post(@Body String value);\n"
          + "  @GET(\"async\") CompletableFuture<Void> get();\n"
          + "  @DELETE(\"async\") CompletableFuture<Void> delete();\n"
          + "}\n";

  private static MockResponse text(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", "text/plain")
        .body(body)
        .build();
  }

  @Test
  void aVoidMethodChecksTheStatusAndDiscardsTheBody() throws Throwable {
    Compilation c = compile(Map.of("demo.Voids", VOIDS));
    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Voids");
      for (int i = 0; i < 9; i++) {
        server.enqueue(text(200, "OK, not JSON"));
      }

      call(api, "demo.Voids", "ping");
      call(api, "demo.Voids", "star");
      call(api, "demo.Voids", "label", List.of("bug"));
      call(api, "demo.Voids", "edit", Map.of("state", "closed"));
      call(api, "demo.Voids", "search", Map.of("q", "crash"));
      call(api, "demo.Voids", "unlock");
      for (String async : List.of("post", "get", "delete")) {
        Object[] args = async.equals("post") ? new Object[] {"x"} : new Object[0];
        assertThat(
                ((CompletableFuture<?>) call(api, "demo.Voids", async, args))
                    .get(10, TimeUnit.SECONDS))
            .isNull();
      }

      List<String> sent = new ArrayList<>();
      for (int i = 0; i < 9; i++) {
        RecordedRequest r = LoopbackServer.take(server);
        sent.add(
            r.getMethod()
                + " "
                + r.getTarget()
                + " "
                + (r.getBody() == null ? "" : r.getBody().utf8()));
      }
      assertThat(sent)
          .containsExactly(
              "GET /api/ping ",
              "PUT /api/star ",
              "POST /api/label [\"bug\"]",
              "PATCH /api/edit {\"state\":\"closed\"}",
              "QUERY /api/search {\"q\":\"crash\"}",
              "DELETE /api/lock ",
              "POST /api/async \"x\"",
              "GET /api/async ",
              "DELETE /api/async ");
    }
  }

  @Test
  void aVoidMethodFailsOnAStatusOutside2xxNamingTheRequest() throws Throwable {
    Compilation c = compile(Map.of("demo.Voids", VOIDS));
    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Voids");
      server.enqueue(text(404, "no such thing"));
      server.enqueue(text(409, "conflict"));

      assertThatThrownBy(() -> call(api, "demo.Voids", "star"))
          .isInstanceOfSatisfying(
              HttpJsonStatusException.class,
              e -> {
                assertThat(e.statusCode()).isEqualTo(404);
                assertThat(e.getMessage()).contains("PUT").contains("/api/star");
              });
      CompletableFuture<?> post = (CompletableFuture<?>) call(api, "demo.Voids", "post", "x");
      assertThatThrownBy(() -> post.get(10, TimeUnit.SECONDS))
          .hasCauseInstanceOf(HttpJsonStatusException.class)
          .hasMessageContaining("409");
    }
  }

  private static final Map<String, String> COMPOSED =
      Map.of(
          "demo.Repos",
          HEAD
              + "@Headers({\"X-Repos: r\", \"X-Level: repos\"})\n"
              + "@Timeout(\"PT0.3S\")\n"
              + "public interface Repos {\n"
              + "  @GET(\"repos/{id}\") String repo(@Path(\"id\") String id)"
              + THROWS
              + "  @GET(\"slow\") String slow()"
              + THROWS
              + "  @GET(\"patient\") @Timeout(\"PT5S\") @Headers(\"X-Level: method\")"
              + " String patient()"
              + THROWS
              + "}\n",
          "demo.Stars",
          HEAD
              + "@Headers(\"X-Stars: s\")\n"
              + "public interface Stars {\n"
              + "  @PUT(\"stars/{id}\") void star(@Path(\"id\") String id)"
              + THROWS
              + "}\n",
          "demo.GitHub",
          HEAD + "public interface GitHub extends Repos, Stars {}\n",
          "demo.Hub",
          HEAD
              + "@Headers({\"X-Hub: h\", \"X-Level: hub\"})\n"
              + "@Timeout(\"PT5S\")\n"
              + "public interface Hub extends Repos, Stars {\n"
              + "  @GET(\"own\") String own()"
              + THROWS
              + "}\n",
          "demo.Handwritten",
          HEAD
              + "public interface Handwritten extends Stars {\n"
              + "  void clearCache();\n"
              + "}\n");

  private static String headers(RecordedRequest r) {
    return r.getMethod()
        + " "
        + r.getTarget()
        + " repos="
        + r.getHeaders().get("X-Repos")
        + " stars="
        + r.getHeaders().get("X-Stars")
        + " hub="
        + r.getHeaders().get("X-Hub")
        + " level="
        + r.getHeaders().values("X-Level");
  }

  @Test
  void anInterfaceThatOnlyExtendsApiInterfacesIsImplemented() throws Throwable {
    Compilation c = compile(COMPOSED);
    try (URLClassLoader loader = c.loader()) {
      Object github = create(loader, "demo.GitHub");
      server.enqueue(LoopbackServer.json(200, "\"widgets\""));
      server.enqueue(new MockResponse.Builder().code(204).build());

      assertThat(call(github, "demo.GitHub", "repo", "7")).isEqualTo("widgets");
      call(github, "demo.GitHub", "star", "7");

      assertThat(headers(LoopbackServer.take(server)))
          .isEqualTo("GET /api/repos/7 repos=r stars=null hub=null level=[repos]");
      assertThat(headers(LoopbackServer.take(server)))
          .isEqualTo("PUT /api/stars/7 repos=null stars=s hub=null level=[]");
    }
  }

  @Test
  void anInheritedMethodKeepsItsInterfacesTimeoutAndHeaders() throws Throwable {
    Compilation c = compile(COMPOSED);
    try (URLClassLoader loader = c.loader()) {
      Object github = create(loader, "demo.GitHub");
      server.enqueue(
          new MockResponse.Builder().code(200).headersDelay(5, TimeUnit.SECONDS).build());

      assertThatThrownBy(() -> call(github, "demo.GitHub", "slow"))
          .isInstanceOfSatisfying(
              CallTimeoutException.class,
              e -> assertThat(e.timeout()).isEqualTo(Duration.ofMillis(300)));
    }
  }

  @Test
  void aComposingInterfacesOwnHeadersAndTimeoutYieldToTheDeclaringInterfaces() throws Throwable {
    Compilation c = compile(COMPOSED);
    try (URLClassLoader loader = c.loader()) {
      Object hub = create(loader, "demo.Hub");
      server.enqueue(LoopbackServer.json(200, "\"widgets\""));
      server.enqueue(new MockResponse.Builder().code(204).build());
      server.enqueue(LoopbackServer.json(200, "\"own\""));
      server.enqueue(LoopbackServer.json(200, "\"patient\""));
      server.enqueue(
          new MockResponse.Builder().code(200).headersDelay(5, TimeUnit.SECONDS).build());

      call(hub, "demo.Hub", "repo", "7");
      call(hub, "demo.Hub", "star", "7");
      call(hub, "demo.Hub", "own");
      call(hub, "demo.Hub", "patient");
      // Repos' own timeout, not Hub's longer one.
      assertThatThrownBy(() -> call(hub, "demo.Hub", "slow"))
          .isInstanceOfSatisfying(
              CallTimeoutException.class,
              e -> assertThat(e.timeout()).isEqualTo(Duration.ofMillis(300)));

      assertThat(headers(LoopbackServer.take(server)))
          .isEqualTo("GET /api/repos/7 repos=r stars=null hub=h level=[repos]");
      assertThat(headers(LoopbackServer.take(server)))
          .isEqualTo("PUT /api/stars/7 repos=null stars=s hub=h level=[hub]");
      assertThat(headers(LoopbackServer.take(server)))
          .isEqualTo("GET /api/own repos=null stars=null hub=h level=[hub]");
      assertThat(headers(LoopbackServer.take(server)))
          .isEqualTo("GET /api/patient repos=r stars=null hub=h level=[method]");
    }
  }

  @Test
  void anInterfaceWithAMethodOfItsOwnWithoutHttpAnnotationIsLeftToItsAuthor() throws Throwable {
    Compilation c = compile(COMPOSED);
    try (URLClassLoader loader = c.loader()) {
      Class<?> handwritten = Class.forName("demo.Handwritten", false, loader);
      assertThatThrownBy(() -> client().create(handwritten))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("No generated implementation of demo.Handwritten");
    }
  }

  /**
   * Another processor: writes the record {@code demo.Made} (or another type) in the first round.
   */
  static final class MakesARecord extends javax.annotation.processing.AbstractProcessor {
    private final String name;
    private final String source;
    private boolean done;

    MakesARecord() {
      this("demo.Made", "package demo;\npublic record Made(String name) {}\n");
    }

    MakesARecord(String name, String source) {
      this.name = name;
      this.source = source;
    }

    @Override
    public java.util.Set<String> getSupportedAnnotationTypes() {
      return java.util.Set.of("demo.Make");
    }

    @Override
    public javax.lang.model.SourceVersion getSupportedSourceVersion() {
      return javax.lang.model.SourceVersion.latestSupported();
    }

    @Override
    public boolean process(
        java.util.Set<? extends javax.lang.model.element.TypeElement> annotations,
        javax.annotation.processing.RoundEnvironment round) {
      if (!done && !annotations.isEmpty()) {
        done = true;
        try (java.io.Writer w = processingEnv.getFiler().createSourceFile(name).openWriter()) {
          w.write(source);
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return true;
    }
  }

  private static final String USES_MADE =
      HEAD
          + "@Make\n"
          + "public interface UsesMade {\n"
          + "  @GET(\"made/{id}\") Made get(@Path(\"id\") String id)"
          + THROWS
          + "  @POST(\"made\") List<Made> post(@Body Made made)"
          + THROWS
          + "}\n";

  @Test
  void aTypeAnotherProcessorGeneratesIsWaitedFor() throws Throwable {
    Compilation c =
        Compilation.compile(
            out,
            Compilation.STRICT,
            Map.of(
                "demo.Make",
                "package demo;\npublic @interface Make {}\n",
                "demo.UsesMade",
                USES_MADE),
            new MakesARecord());
    assertThat(c.problems()).isEmpty();

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.UsesMade");
      server.enqueue(LoopbackServer.json(200, "{\"name\":\"x\"}"));

      assertThat(call(api, "demo.UsesMade", "get", "7")).hasToString("Made[name=x]");
    }
  }

  @Test
  void constantsAnotherProcessorGeneratesAreWaitedFor() throws Throwable {
    Compilation c =
        Compilation.compile(
            out,
            Compilation.STRICT,
            Map.of(
                "demo.Make",
                "package demo;\npublic @interface Make {}\n",
                "demo.UsesPaths",
                HEAD
                    + "@Make @Headers(Paths.VERSION)\n"
                    + "public interface UsesPaths {\n"
                    + "  @GET(Paths.ITEM) @Timeout(Paths.TIMEOUT)\n"
                    + "  String get(@Path(\"id\") String id, @Query(Paths.Q) String q)"
                    + THROWS
                    + "}\n"),
            new MakesARecord(
                "demo.Paths",
                "package demo;\n"
                    + "public final class Paths {\n"
                    + "  public static final String VERSION = \"X-Version: 2\";\n"
                    + "  public static final String ITEM = \"items/{id}\";\n"
                    + "  public static final String TIMEOUT = \"PT5S\";\n"
                    + "  public static final String Q = \"q\";\n"
                    + "  private Paths() {}\n"
                    + "}\n"));
    assertThat(c.problems()).isEmpty();

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.UsesPaths");
      server.enqueue(LoopbackServer.json(200, "\"x\""));

      assertThat(call(api, "demo.UsesPaths", "get", "7", "a")).isEqualTo("x");
      RecordedRequest r = LoopbackServer.take(server);
      assertThat(r.getTarget()).isEqualTo("/api/items/7?q=a");
      assertThat(r.getHeaders().get("X-Version")).isEqualTo("2");
    }
  }

  @Test
  void aConstantNoProcessorGeneratesIsReportedOnce() {
    Compilation c =
        Compilation.compile(
            out,
            List.of("-proc:only"),
            Map.of(
                "demo.UsesPaths",
                HEAD
                    + "public interface UsesPaths {\n"
                    + "  @GET(Paths.ITEM) String get(@Path(\"id\") String id)"
                    + THROWS
                    + "}\n"));

    assertThat(c.errors())
        .filteredOn(e -> !e.startsWith("cannot find symbol"))
        .containsExactly(
            "UsesPaths is not implemented: get's annotations name a constant that does not exist"
                + " @ 7:27");
  }

  @Test
  void aTypeNoProcessorGeneratesIsReportedOnce() {
    Compilation c =
        Compilation.compile(
            out,
            List.of("-proc:only"),
            Map.of(
                "demo.Make",
                "package demo;\npublic @interface Make {}\n",
                "demo.UsesMade",
                USES_MADE));

    // javac's own "cannot find symbol" for each use, and one error of the processor's.
    assertThat(c.errors())
        .filteredOn(e -> !e.startsWith("cannot find symbol"))
        .containsExactly(
            "UsesMade is not implemented: get names Made, a type that does not exist @ 8:26");
  }

  /** An API interface another processor writes in the first round, for one of this compilation. */
  private static MakesARecord makesMadeApi() {
    return new MakesARecord(
        "demo.MadeApi",
        HEAD + "public interface MadeApi {\n  @GET(\"made\") String made()" + THROWS + "}\n");
  }

  @Test
  void aSuperinterfaceOfASuperinterfaceAnotherProcessorGeneratesIsWaitedFor() throws Throwable {
    Compilation c =
        Compilation.compile(
            out,
            Compilation.STRICT,
            Map.of(
                "demo.Make",
                "package demo;\npublic @interface Make {}\n",
                "demo.Middle",
                "package demo;\npublic interface Middle extends MadeApi {}\n",
                "demo.Top",
                HEAD
                    + "@Make\n"
                    + "public interface Top extends Middle {\n"
                    + "  @GET(\"top\") String top()"
                    + THROWS
                    + "}\n"),
            makesMadeApi());
    assertThat(c.problems()).isEmpty();

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Top");
      server.enqueue(LoopbackServer.json(200, "\"m\""));
      server.enqueue(LoopbackServer.json(200, "\"t\""));

      assertThat(call(api, "demo.Top", "made")).isEqualTo("m");
      assertThat(call(api, "demo.Top", "top")).isEqualTo("t");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/made");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/top");
    }
  }

  @Test
  void anInterfaceOnlyExtendingOneAnotherProcessorGeneratesIsImplemented() throws Throwable {
    Compilation c =
        Compilation.compile(
            out,
            Compilation.STRICT,
            Map.of(
                "demo.Make",
                "package demo;\npublic @interface Make {}\n",
                "demo.Own",
                HEAD
                    + "@Make\npublic interface Own {\n  @GET(\"own\") String own()"
                    + THROWS
                    + "}\n",
                "demo.Hub",
                "package demo;\npublic interface Hub extends MadeApi {}\n"),
            makesMadeApi());
    assertThat(c.problems()).isEmpty();

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Hub");
      server.enqueue(LoopbackServer.json(200, "\"m\""));

      assertThat(call(api, "demo.Hub", "made")).isEqualTo("m");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/made");
    }
  }

  @Test
  void aNestedInterfaceAndATopLevelOneOfTheSameJoinedNameAreBothImplemented() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Outer",
                HEAD
                    + "public interface Outer {\n"
                    + "  @GET(\"outer\") String get()"
                    + THROWS
                    + "  interface Api {\n"
                    + "    @GET(\"nested\") String get()"
                    + THROWS
                    + "  }\n"
                    + "}\n",
                "demo.Outer_Api",
                HEAD
                    + "public interface Outer_Api {\n"
                    + "  @GET(\"top\") String get()"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      for (String api : List.of("demo.Outer", "demo.Outer$Api", "demo.Outer_Api")) {
        server.enqueue(LoopbackServer.json(200, "\"" + api + "\""));
        assertThat(call(create(loader, api), api, "get")).isEqualTo(api);
      }
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/outer");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/nested");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/top");
    }
  }

  @Test
  void anHttpResponseOfVoidKeepsStatusAndHeadersAndDiscardsTheBody() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Created",
                HEAD
                    + "import java.net.http.HttpResponse;\n"
                    + "public interface Created {\n"
                    + "  @POST(\"items\") HttpResponse<Void> create(@Body String item)"
                    + THROWS
                    + "  @POST(\"items\") CompletableFuture<HttpResponse<Void>> createAsync(@Body"
                    + " String item);\n"
                    + "}\n"));
    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Created");
      for (int i = 0; i < 2; i++) {
        server.enqueue(
            new MockResponse.Builder()
                .code(201)
                .addHeader("Location", "/api/items/" + i)
                .addHeader("Content-Type", "text/plain")
                .body("created, not JSON")
                .build());
      }

      HttpResponse<?> created = (HttpResponse<?>) call(api, "demo.Created", "create", "a");
      HttpResponse<?> async =
          (HttpResponse<?>)
              ((CompletableFuture<?>) call(api, "demo.Created", "createAsync", "b"))
                  .get(10, TimeUnit.SECONDS);

      assertThat(created.statusCode()).isEqualTo(201);
      assertThat(created.headers().firstValue("Location")).hasValue("/api/items/0");
      assertThat(created.body()).isNull();
      assertThat(async.statusCode()).isEqualTo(201);
      assertThat(async.headers().firstValue("Location")).hasValue("/api/items/1");
      assertThat(async.body()).isNull();
      assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("\"a\"");
      assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("\"b\"");
    }
  }

  @Test
  void anInterfaceComposingThoseOfAnotherCompilationIsImplementedWhenTheProcessorRuns(
      @TempDir Path lib, @TempDir Path alone) throws Throwable {
    Map<String, String> library = new HashMap<>(COMPOSED);
    library.keySet().retainAll(List.of("demo.Repos", "demo.Stars"));
    Compilation first = Compilation.compile(lib, Compilation.STRICT, library);
    assertThat(first.problems()).isEmpty();
    Compilation c =
        Compilation.compile(
            out,
            List.of(lib),
            Compilation.STRICT,
            Map.of(
                "app.GitHub",
                "package app;\n"
                    + "import dev.httpjson.interfaces.Headers;\n"
                    + "@Headers({})\n"
                    + "public interface GitHub extends demo.Repos, demo.Stars {}\n",
                "app.Bare",
                "package app;\npublic interface Bare extends demo.Repos {}\n"));
    assertThat(c.problems()).isEmpty();

    // Alone in its compilation, with no annotation of the processor's: javac does not run it.
    Compilation bare =
        Compilation.compile(
            alone,
            List.of(lib),
            Compilation.STRICT,
            Map.of("app.Bare", "package app;\npublic interface Bare extends demo.Repos {}\n"));
    assertThat(bare.problems()).isEmpty();
    assertThat(alone.resolve("app/Bare.class")).exists();
    assertThat(alone.resolve("app/HttpJson_Bare.class")).doesNotExist();

    try (URLClassLoader libLoader = first.loader();
        URLClassLoader loader = c.loader(libLoader)) {
      Object github = create(loader, "app.GitHub");
      Object withIt = create(loader, "app.Bare");
      server.enqueue(LoopbackServer.json(200, "\"widgets\""));
      server.enqueue(LoopbackServer.json(200, "\"gadgets\""));

      assertThat(call(github, "app.GitHub", "repo", "7")).isEqualTo("widgets");
      assertThat(call(withIt, "app.Bare", "repo", "8")).isEqualTo("gadgets");
      assertThat(headers(LoopbackServer.take(server)))
          .isEqualTo("GET /api/repos/7 repos=r stars=null hub=null level=[repos]");
      assertThat(headers(LoopbackServer.take(server)))
          .isEqualTo("GET /api/repos/8 repos=r stars=null hub=null level=[repos]");
    }
  }

  @Test
  void theEscapeHatchInheritedFromTwoInterfacesIsImplementedOnce() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Issues",
                HEAD
                    + "import dev.httpjson.HttpJsonClient;\n"
                    + "public interface Issues {\n"
                    + "  HttpJsonClient client();\n"
                    + "  @GET(\"issues\") String issues()"
                    + THROWS
                    + "}\n",
                "demo.Pulls",
                HEAD
                    + "import dev.httpjson.HttpJsonClient;\n"
                    + "public interface Pulls {\n"
                    + "  HttpJsonClient client();\n"
                    + "  @GET(\"pulls\") String pulls()"
                    + THROWS
                    + "}\n",
                "demo.Repo",
                HEAD + "public interface Repo extends Issues, Pulls {}\n"));

    try (URLClassLoader loader = c.loader()) {
      HttpJsonClient client = client();
      Object api = client.create(Class.forName("demo.Repo", false, loader));
      server.enqueue(LoopbackServer.json(200, "\"i\""));
      server.enqueue(LoopbackServer.json(200, "\"p\""));

      assertThat(call(api, "demo.Repo", "client")).isSameAs(client);
      assertThat(call(api, "demo.Repo", "issues")).isEqualTo("i");
      assertThat(call(api, "demo.Repo", "pulls")).isEqualTo("p");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/issues");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/pulls");
    }
  }

  @Test
  void anHttpMethodInheritedFromTwoInterfacesIsAnErrorOnTheInterfaceThatJoinsThem() {
    Compilation c =
        Compilation.compile(
            out,
            Compilation.STRICT,
            Map.of(
                "demo.Left",
                HEAD + "public interface Left {\n  @GET(\"left\") String get()" + THROWS + "}\n",
                "demo.Right",
                HEAD + "public interface Right {\n  @GET(\"right\") String get()" + THROWS + "}\n",
                "demo.Both",
                HEAD + "public interface Both extends Left, Right {}\n"));

    assertThat(c.success).isFalse();
    assertThat(c.errors())
        .containsExactly(
            "Both inherits get() from demo.Left and from demo.Right: declare it in Both, with the"
                + " HTTP annotation it takes there @ 6:8");
  }

  @Test
  void objectsMethodsRedeclaredByTheInterfaceAreLeftToObject() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Documented",
                HEAD
                    + "public interface Documented {\n"
                    + "  /** Says which API this is. */\n"
                    + "  @Override String toString();\n"
                    + "  @Override boolean equals(Object other);\n"
                    + "  @Override int hashCode();\n"
                    + "  @GET(\"ping\") String ping()"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Documented");
      server.enqueue(LoopbackServer.json(200, "\"pong\""));

      assertThat(call(api, "demo.Documented", "ping")).isEqualTo("pong");
      assertThat(api.toString()).startsWith("Documented bound to http://");
      assertThat(api).isEqualTo(api).hasSameHashCodeAs(api);
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/ping");
    }
  }

  @Test
  void aFieldThatWouldHideAPackageTheImplementationNamesIsAnErrorOnTheField() {
    Compilation c =
        Compilation.compile(
            out,
            Compilation.STRICT,
            Map.of(
                "demo.Hosts",
                HEAD
                    + "public interface Hosts {\n"
                    + "  String dev = \"https://dev.example\";\n"
                    + "  interface Base { String java = \"17\"; }\n"
                    + "}\n",
                "demo.Env",
                HEAD
                    + "public interface Env extends Hosts.Base {\n"
                    + "  String dev = \"https://dev.example\";\n"
                    + "  @GET(\"ping\") String ping()"
                    + THROWS
                    + "}\n"));

    assertThat(c.success).isFalse();
    assertThat(c.errors())
        .containsExactlyInAnyOrder(
            "Env's field dev hides the package dev, which its implementation names: rename the"
                + " field @ 7:10",
            "Env's field java, inherited from demo.Hosts.Base, hides the package java, which its"
                + " implementation names: rename the field @ 6:8");
  }

  @Test
  void aTypeThatWouldHideAPackageTheImplementationNamesIsAnErrorOnTheInterface(
      @TempDir Path unnamed) {
    // An interface of the unnamed package names no package of its own: none is hidden.
    Compilation fine =
        Compilation.compile(
            unnamed,
            Compilation.STRICT,
            Map.of(
                "Ping",
                "import dev.httpjson.interfaces.*;\n"
                    + "import java.io.IOException;\n"
                    + "public interface Ping {\n"
                    + "  @GET(\"ping\") String ping()"
                    + THROWS
                    + "  interface Ping2 { @GET(\"ping\") Ping ping()"
                    + THROWS
                    + "}\n}\n"));
    assertThat(fine.problems()).isEmpty();

    Compilation c =
        Compilation.compile(
            out,
            Compilation.STRICT,
            Map.of(
                "acme.shop.java",
                "package acme.shop;\npublic class java {}\n",
                "acme.shop.Shop",
                "package acme.shop;\n"
                    + "import dev.httpjson.interfaces.*;\n"
                    + "import java.io.IOException;\n"
                    + "public interface Shop {\n"
                    + "  @GET(\"ping\") String ping()"
                    + THROWS
                    + "  final class acme {}\n"
                    + "}\n"));

    assertThat(c.success).isFalse();
    assertThat(c.errors())
        .containsExactlyInAnyOrder(
            "Shop's member type acme hides the package acme, which its implementation names:"
                + " rename the type @ 6:9",
            "the type acme.shop.java hides the package java, which the implementation of Shop, a"
                + " class of package acme.shop, names: rename the type @ 4:8");
  }

  @Test
  void aSealedInterfaceIsAnErrorUnlessItPermitsItsImplementation() throws Throwable {
    Compilation refused =
        Compilation.compile(
            out.resolve("refused"),
            Compilation.STRICT,
            Map.of(
                "demo.Closed",
                HEAD
                    + "public sealed interface Closed permits Closed.Mock {\n"
                    + "  @GET(\"ping\") String ping()"
                    + THROWS
                    + "  final class Mock implements Closed {\n"
                    + "    public String ping() { return \"mock\"; }\n"
                    + "  }\n"
                    + "}\n"));
    assertThat(refused.success).isFalse();
    assertThat(refused.errors())
        .containsExactly(
            "Closed is sealed and does not permit HttpJson_Closed, the class that implements it:"
                + " add it to its permits clause @ 6:15");

    Compilation c =
        compile(
            Map.of(
                "demo.Permits",
                HEAD
                    + "public sealed interface Permits permits HttpJson_Permits {\n"
                    + "  @GET(\"ping\") String ping()"
                    + THROWS
                    + "}\n"));
    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Permits");
      server.enqueue(LoopbackServer.json(200, "\"pong\""));

      assertThat(call(api, "demo.Permits", "ping")).isEqualTo("pong");
    }
  }

  @Test
  void aMethodReturningTheResponseOrTheRequestSendsItsBodyAsItsContentTypeSays() throws Throwable {
    String patch = "@Headers(\"Content-Type: application/merge-patch+json\") ";
    String latin = "@Headers(\"Content-Type: application/json; charset=ISO-8859-1\") ";
    Compilation c =
        compile(
            Map.of(
                "demo.Patches",
                HEAD
                    + "import java.net.http.HttpRequest;\n"
                    + "import java.net.http.HttpResponse;\n"
                    + "public interface Patches {\n"
                    + "  @PATCH(\"value\") "
                    + patch
                    + "String value(@Body Map<String, String> edit)"
                    + THROWS
                    + "  @PATCH(\"response\") "
                    + patch
                    + "HttpResponse<String> response(@Body Map<String, String> edit)"
                    + THROWS
                    + "  @PATCH(\"async\") "
                    + patch
                    + "CompletableFuture<HttpResponse<String>> async(@Body Map<String, String>"
                    + " edit);\n"
                    + "  @PATCH(\"request\") "
                    + patch
                    + "HttpRequest request(@Body Map<String, String> edit) throws IOException;\n"
                    + "  @PATCH(\"header\") HttpResponse<String> header(@Body Map<String, String>"
                    + " edit, @Header(\"Content-Type\") String type)"
                    + THROWS
                    + "  @POST(\"latin\") "
                    + latin
                    + "HttpResponse<String> latin(@Body String name)"
                    + THROWS
                    + "}\n"));

    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Patches");
      for (int i = 0; i < 6; i++) {
        server.enqueue(LoopbackServer.json(200, "\"ok\""));
      }
      Map<String, String> edit = Map.of("state", "closed");

      call(api, "demo.Patches", "value", edit);
      call(api, "demo.Patches", "response", edit);
      ((CompletableFuture<?>) call(api, "demo.Patches", "async", edit)).get(10, TimeUnit.SECONDS);
      java.net.http.HttpRequest request =
          (java.net.http.HttpRequest) call(api, "demo.Patches", "request", edit);
      client().exchange(request, String.class);
      call(api, "demo.Patches", "header", edit, "application/merge-patch+json");
      call(api, "demo.Patches", "latin", "\u00e9");

      for (int i = 0; i < 5; i++) {
        RecordedRequest r = LoopbackServer.take(server);
        assertThat(r.getHeaders().values("Content-Type"))
            .as(r.getTarget())
            .containsExactly("application/merge-patch+json");
        assertThat(r.getBody().utf8()).isEqualTo("{\"state\":\"closed\"}");
      }
      RecordedRequest latin1 = LoopbackServer.take(server);
      assertThat(latin1.getHeaders().values("Content-Type"))
          .containsExactly("application/json; charset=ISO-8859-1");
      assertThat(latin1.getBody().toByteArray()).containsExactly('"', 0xe9, '"');
    }
  }

  @Test
  void cancellingAnAsyncMethodsFutureAbortsTheExchangeWhateverItReturns() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Slow",
                HEAD
                    + "import java.net.http.HttpResponse;\n"
                    + "public interface Slow {\n"
                    + "  @GET(\"value\") CompletableFuture<List<String>> value();\n"
                    + "  @POST(\"created\") CompletableFuture<List<String>> created();\n"
                    + "  @GET(\"done\") CompletableFuture<Void> done();\n"
                    + "  @GET(\"response\") CompletableFuture<HttpResponse<Void>> response();\n"
                    + "}\n"));
    AtomicInteger aborted = new AtomicInteger();
    CountDownLatch[] started = new CountDownLatch[1];
    try (URLClassLoader loader = c.loader();
        RawServer endless =
            new RawServer(
                (socket, head) -> {
                  started[0].countDown();
                  try {
                    RawServer.write(
                        socket,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                            + "Transfer-Encoding: chunked\r\n\r\n");
                    RawServer.writeChunk(socket.getOutputStream(), "[");
                    while (true) {
                      RawServer.writeChunk(socket.getOutputStream(), "\"more\",");
                      Thread.sleep(5);
                    }
                  } catch (java.io.IOException e) {
                    aborted.incrementAndGet();
                  } finally {
                    socket.close();
                  }
                })) {
      Object api =
          HttpJsonClient.newBuilder(http)
              .baseUri(endless.uri("/api/"))
              .build()
              .create(Class.forName("demo.Slow", false, loader));
      List<String> methods = List.of("value", "created", "done", "response");
      for (int i = 0; i < methods.size(); i++) {
        started[0] = new CountDownLatch(1);
        CompletableFuture<?> f = (CompletableFuture<?>) call(api, "demo.Slow", methods.get(i));
        assertThat(started[0].await(10, TimeUnit.SECONDS)).isTrue();

        assertThat(f.cancel(true)).isTrue();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (aborted.get() < i + 1 && System.nanoTime() < deadline) {
          Thread.sleep(10);
        }
        assertThat(aborted).as("exchanges aborted after " + methods.get(i)).hasValue(i + 1);
      }
    }
  }

  @Test
  void aBlockingMethodReturningVoidDropsTheBodyAsAVoidMethodDoes() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Boxed",
                HEAD
                    + "public interface Boxed {\n"
                    + "  @GET(\"ping\") Void ping()"
                    + THROWS
                    + "  @POST(\"label\") Void label(@Body List<String> labels)"
                    + THROWS
                    + "}\n"));
    try (URLClassLoader loader = c.loader()) {
      Object api = create(loader, "demo.Boxed");
      server.enqueue(text(200, "OK, not JSON"));
      server.enqueue(text(201, "created, not JSON"));
      server.enqueue(text(404, "no such thing"));

      assertThat(call(api, "demo.Boxed", "ping")).isNull();
      assertThat(call(api, "demo.Boxed", "label", List.of("bug"))).isNull();
      assertThatThrownBy(() -> call(api, "demo.Boxed", "ping"))
          .isInstanceOfSatisfying(
              HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(404));
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/ping");
      assertThat(LoopbackServer.take(server).getBody().utf8()).isEqualTo("[\"bug\"]");
    }
  }

  @Test
  void aTypeTheImplementationCannotAccessIsAnErrorOnTheMethodNamingIt() {
    Compilation c =
        Compilation.compile(
            out,
            Compilation.STRICT,
            Map.of(
                "other.Base",
                "package other;\n"
                    + "public class Base {\n"
                    + "  protected static class Dto {\n"
                    + "    public String a;\n"
                    + "  }\n"
                    + "}\n",
                "demo.Outer",
                HEAD
                    + "public class Outer extends other.Base {\n"
                    + "  private record Secret(String a) {}\n"
                    + "  interface Api {\n"
                    + "    @GET(\"secret\") Secret get()"
                    + THROWS
                    + "    @POST(\"secrets\") void post(@Body List<Secret> secrets)"
                    + THROWS
                    + "    @GET(\"dto\") Dto dto()"
                    + THROWS
                    + "  }\n"
                    + "}\n"));

    assertThat(c.success).isFalse();
    assertThat(c.errors())
        .containsExactly(
            "get names demo.Outer.Secret, which is private: HttpJson_Outer$Api, the class of"
                + " package demo that implements Api, cannot name it @ 9:27",
            "post names demo.Outer.Secret, which is private: HttpJson_Outer$Api, the class of"
                + " package demo that implements Api, cannot name it @ 10:27",
            "dto names other.Base.Dto, which is protected in package other: HttpJson_Outer$Api,"
                + " the class of package demo that implements Api, cannot name it @ 11:21");
  }

  @Test
  void aPackagePrivateTypeOfAnotherPackageIsAnErrorOnTheInheritedMethodNamingIt() {
    Compilation c =
        Compilation.compile(
            out,
            Compilation.STRICT,
            Map.of(
                "other.Secret",
                "package other;\nclass Secret {\n  public String a;\n}\n",
                "other.Base",
                "package other;\n"
                    + "import dev.httpjson.interfaces.*;\n"
                    + "public interface Base {\n"
                    + "  @GET(\"secret\") Secret get() throws java.io.IOException,"
                    + " InterruptedException;\n"
                    + "  @GET(\"ok\") String ok() throws java.io.IOException, InterruptedException;\n"
                    + "}\n",
                "demo.Api",
                "package demo;\npublic interface Api extends other.Base {}\n"));

    assertThat(c.success).isFalse();
    assertThat(c.errors())
        .containsExactly(
            "get names other.Secret, which is package-private in package other: HttpJson_Api,"
                + " the class of package demo that implements Api, cannot name it @ 4:25");
  }

  @Test
  void aMethodInheritedFromACompiledInterfaceIsAnErrorOnTheInterfaceThatInheritsIt(
      @TempDir Path lib) {
    // A library's interface, compiled without the processor: its elements have no source here.
    Compilation first =
        Compilation.compile(
            lib,
            List.of("-proc:none"),
            Map.of(
                "other.Base",
                "package other;\n"
                    + "import dev.httpjson.interfaces.*;\n"
                    + "public interface Base {\n"
                    + "  @GET(\"maybe\") java.util.Optional<String> maybe() throws java.io.IOException,"
                    + " InterruptedException;\n"
                    + "}\n"));
    assertThat(first.problems()).isEmpty();

    Compilation c =
        Compilation.compile(
            out,
            List.of(lib),
            Compilation.STRICT,
            Map.of(
                "demo.Api",
                HEAD
                    + "public interface Api extends java.io.Closeable, other.Base {\n"
                    + "  @GET(\"a\") String a()"
                    + THROWS
                    + "}\n"));

    assertThat(c.success).isFalse();
    assertThat(c.errors())
        .containsExactlyInAnyOrder(
            "Api inherits close() from java.io.Closeable, which gives it no HTTP annotation:"
                + " declare it in Api with @GET, @POST, @PUT, @PATCH, @DELETE or @QUERY, or as a"
                + " default method @ 6:8",
            "Api inherits maybe() from other.Base: unsupported return type"
                + " java.util.Optional<java.lang.String> of maybe: return the value itself, null for"
                + " a 204 or an empty body; a 404 throws HttpJsonStatusException: catch it where the"
                + " method is called and test statusCode() @ 6:8");
  }

  @Test
  void theProcessorsCredentialHeadersAreThoseOfTheOneList() {
    assertThat(ApiProcessor.CREDENTIAL_HEADERS)
        .containsExactlyInAnyOrderElementsOf(dev.httpjson.internal.SecretHeaders.NAMES);
  }

  @Test
  void aUrlOnAnotherOriginGetsNoCredentialTheInterfacesHeadersName() throws Throwable {
    Compilation c =
        compile(
            Map.of(
                "demo.Links",
                HEAD
                    + "@Headers({\"Authorization: Basic c2VjcmV0\", \"X-Api-Key: k3y\","
                    + " \"X-Version: 2\"})\n"
                    + "public interface Links {\n"
                    + "  @GET(\"\") String next(@Url String next)"
                    + THROWS
                    + "  @GET(\"\") @Headers(\"Cookie: session=1\") String later(@Url String next)"
                    + THROWS
                    + "}\n"));
    try (URLClassLoader loader = c.loader();
        MockWebServer other = LoopbackServer.start()) {
      Object api =
          HttpJsonClient.newBuilder(
                  HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build())
              .baseUri(server.url("/api/").uri())
              .build()
              .create(Class.forName("demo.Links", false, loader));
      server.enqueue(LoopbackServer.json(200, "\"same\""));
      server.enqueue(LoopbackServer.json(200, "\"same\""));
      other.enqueue(LoopbackServer.json(200, "\"other\""));
      other.enqueue(LoopbackServer.json(200, "\"other\""));

      assertThat(call(api, "demo.Links", "next", "items?page=2")).isEqualTo("same");
      assertThat(call(api, "demo.Links", "later", "items?page=3")).isEqualTo("same");
      assertThat(call(api, "demo.Links", "next", other.url("/items?page=2").toString()))
          .isEqualTo("other");
      assertThat(call(api, "demo.Links", "later", other.url("/items?page=3").toString()))
          .isEqualTo("other");

      for (int i = 0; i < 2; i++) {
        RecordedRequest same = LoopbackServer.take(server);
        assertThat(same.getHeaders().get("Authorization")).isEqualTo("Basic c2VjcmV0");
        assertThat(same.getHeaders().get("X-Api-Key")).isEqualTo("k3y");
        assertThat(same.getHeaders().get("X-Version")).isEqualTo("2");
        assertThat(same.getHeaders().get("Cookie")).isEqualTo(i == 0 ? null : "session=1");
        RecordedRequest elsewhere = LoopbackServer.take(other);
        assertThat(elsewhere.getHeaders().get("Authorization")).isNull();
        assertThat(elsewhere.getHeaders().get("X-Api-Key")).isNull();
        assertThat(elsewhere.getHeaders().get("Cookie")).isNull();
        assertThat(elsewhere.getHeaders().get("X-Version")).isEqualTo("2");
      }
    }
  }
}

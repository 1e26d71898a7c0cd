package dev.httpjson.interfaces.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor's compile-time errors: each names what is wrong and sits on the element (the
 * method, the parameter, or the annotation) that is wrong, as javac reports it.
 */
class ApiProcessorTest {
  private static final String THROWS = " throws IOException, InterruptedException;\n";

  /** Each case: an interface of its own, {@code Api<case>}, with this body. */
  private static final Map<String, String> CASES = new LinkedHashMap<>();

  /** The errors of each case's file. */
  private static final Map<String, List<Error>> ERRORS = new HashMap<>();

  private static final Map<String, List<Error>> NOTES = new HashMap<>();

  /** One diagnostic: its message and where it points, as {@code line:column}. */
  private record Error(String message, String at) {}

  private static String head(String name) {
    return "package demo;\n"
        + "import dev.httpjson.interfaces.*;\n"
        + "import java.io.IOException;\n"
        + "import java.util.*;\n"
        + "import java.util.stream.Stream;\n"
        + "interface "
        + name
        + " {\n";
  }

  private static void define(String name, String body) {
    CASES.put(name, body);
  }

  static {
    define(
        "Valid",
        "  @GET(\"a/{id}\") String a(@Path(\"id\") int id, @Query(\"q\") List<String> q,"
            + " @Header(\"X-A\") String h)"
            + THROWS);
    define(
        "Placeholder",
        "  @GET(\"repos/{owner}/{repo}\") String get(@Path(\"owner\") String o)" + THROWS);
    define("PathParam", "  @GET(\"repos\") String get(@Path(\"owner\") String owner)" + THROWS);
    define("TwoBodies", "  @POST(\"x\") String post(@Body String a, @Body String b)" + THROWS);
    define("BodyOnGet", "  @GET(\"x\") String get(@Body String a)" + THROWS);
    define("BodyOnDelete", "  @DELETE(\"x\") void delete(@Body String a)" + THROWS);
    define("Primitive", "  @GET(\"x\") int count()" + THROWS);
    define("StreamOnPost", "  @POST(\"x\") Stream<String> post(@Body String a)" + THROWS);
    define("Raw", "  @SuppressWarnings(\"rawtypes\") @GET(\"x\") List list()" + THROWS);
    define("Optional", "  @GET(\"x\") Optional<String> maybe()" + THROWS);
    define(
        "NestedOptional",
        "  @GET(\"x\") java.util.concurrent.CompletableFuture<Optional<String>> later();\n"
            + "  @GET(\"x\") java.net.http.HttpResponse<Optional<String>> exchange()"
            + THROWS);
    define(
        "NotJson",
        "  @GET(\"a\") java.net.http.HttpResponse<Stream<String>> lines()"
            + THROWS
            + "  @GET(\"b\") java.util.concurrent.CompletableFuture<Stream<dev.httpjson.ServerSentEvent"
            + "<String>>> events();\n"
            + "  @GET(\"c\") List<java.util.concurrent.CompletableFuture<String>> futures()"
            + THROWS
            + "  @GET(\"d\") Stream<Map<String, java.net.http.HttpResponse<String>>> responses()"
            + THROWS);
    define("HeaderValue", "  @GET(\"x\") @Headers(\"X-Mood: sunny \u2603\") String get()" + THROWS);
    define("PathList", "  @GET(\"x/{ids}\") String get(@Path(\"ids\") List<String> ids)" + THROWS);
    define(
        "RawValues",
        "  @SuppressWarnings(\"rawtypes\")\n"
            + "  @GET(\"x\") String get(@Query(\"ids\") List ids, @Query(\"o\") Optional o)"
            + THROWS
            + "  @SuppressWarnings(\"rawtypes\")\n"
            + "  @POST(\"x\") @FormUrlEncoded String post(@Field(\"ids\") Set ids)"
            + THROWS);
    define(
        "GenericMethod",
        "  @GET(\"x\") <T> T get(@Query(\"type\") Class<T> type)"
            + THROWS
            + "  @POST(\"y\") <K, V extends Number> String post(@Body Map<K, V> body)"
            + THROWS);
    define(
        "GenericInterface", "  interface Of<T, U> {\n    @GET(\"x\") T get()" + THROWS + "  }\n");
    define("QueryArray", "  @GET(\"x\") String get(@Query(\"ids\") String[] ids)" + THROWS);
    define("Bare", "  @GET(\"x\") String get(String id)" + THROWS);
    define("NoVerb", "  @GET(\"x\") String ok()" + THROWS + "  String get()" + THROWS);
    define(
        "Redeclared",
        "  interface Base {\n"
            + "    @GET(\"x\") Object get()"
            + THROWS
            + "  }\n"
            + "  interface Sub extends Base {\n"
            + "    @Override String get()"
            + THROWS
            + "    @GET(\"y\") String ok()"
            + THROWS
            + "  }\n");
    define("NoThrows", "  @GET(\"x\") String get();\n");
    define(
        "Requests",
        "  @GET(\"a\") java.net.http.HttpRequest a(@Query(\"q\") String q);\n"
            + "  @POST(\"b\") java.net.http.HttpRequest b(@Body String b) throws IOException;\n"
            + "  @POST(\"c\") @FormUrlEncoded java.net.http.HttpRequest c(@Field(\"f\") String f)"
            + " throws IOException;\n");
    define("RequestNoThrows", "  @POST(\"x\") java.net.http.HttpRequest post(@Body String b);\n");
    define("Absolute", "  @GET(\"https://evil.example/x\") String get()" + THROWS);
    define("Timeout", "  @GET(\"x\") @Timeout(\"2s\") String get()" + THROWS);
    define("Headers", "  @GET(\"x\") @Headers(\"Accept\") String get()" + THROWS);
    define("Paged", "  @GET(\"x\") @Paged List<String> get()" + THROWS);
    define(
        "PagedCursors",
        "  @GET(\"a\") @Paged(items = \"/data\", cursor = \"/data/-1/id\", parameter = \"after\","
            + " hasMore = \"/has_more\") Stream<String> a(@Query(\"limit\") int limit)"
            + THROWS
            + "  @GET(\"b\") @Paged(items = \"/items\", next = \"/next\") Stream<String> b()"
            + THROWS
            + "  @GET(\"c\") @Paged(items = \"/items\") Stream<String> c()"
            + THROWS);
    define(
        "PagedNoParameter",
        "  @GET(\"x\") @Paged(items = \"/data\", cursor = \"/next\") Stream<String> get()"
            + THROWS);
    define(
        "PagedNoCursor",
        "  @GET(\"x\") @Paged(items = \"/data\", parameter = \"c\") Stream<String> get()" + THROWS);
    define("PagedPointer", "  @GET(\"x\") @Paged(items = \"data\") Stream<String> get()" + THROWS);
    define(
        "PagedTilde",
        "  @GET(\"x\") @Paged(items = \"/d\", hasMore = \"/more~\") Stream<String> get()" + THROWS);
    define(
        "PagedBoth",
        "  @GET(\"x\") @Paged(cursor = \"/c\", parameter = \"c\", next = \"/n\") Stream<String> get()"
            + THROWS);
    define(
        "PagedParameterName",
        "  @GET(\"x\") @Paged(cursor = \"/c\", parameter = \"c=1\") Stream<String> get()" + THROWS);
    define("Surrogate", "  @GET(\"x\") String get(@Query(\"\\uD800\") String q)" + THROWS);
    define("SurrogatePath", "  @GET(\"x\\uDC00\") String get()" + THROWS);
    define("Static", "  @GET(\"x\") static String get() {\n    return null;\n  }\n");
    define("ObjectVerb", "  @GET(\"x\") String toString();\n  @GET(\"y\") String ok()" + THROWS);
    define(
        "DefaultParameter",
        "  @GET(\"x\") String ok()"
            + THROWS
            + "  default String get(@Query(\"q\") String q) {\n    return q;\n  }\n");
    define(
        "Private",
        "  @GET(\"x\") String ok()"
            + THROWS
            + "  @GET(\"y\") private String get() {\n    return null;\n  }\n");
    define(
        "Default",
        "  @GET(\"x\") String ok()"
            + THROWS
            + "  @Timeout(\"PT1S\") default String get() {\n    return null;\n  }\n");
    define(
        "ValidForms",
        "  @POST(\"t\") @FormUrlEncoded String t(@Field(\"a\") String a, @Field(\"b\") List<Integer> b)"
            + THROWS
            + "  @PUT(\"u\") @Multipart void u(@Part(\"f\") java.nio.file.Path f, @Part(\"m\") Object m)"
            + THROWS
            + "  @GET(\"\") String g(@Url java.net.URI u, @QueryMap Map<String, ?> q,"
            + " @HeaderMap Map<String, String> h)"
            + THROWS);
    define(
        "FieldMap",
        "  @POST(\"x\") @FormUrlEncoded String post(@Field(\"a\") Map<String, String> a)" + THROWS);
    define("FieldNoForm", "  @POST(\"x\") String post(@Field(\"a\") String a)" + THROWS);
    define(
        "FormBody",
        "  @POST(\"x\") @FormUrlEncoded String post(@Field(\"a\") String a, @Body String b)"
            + THROWS);
    define(
        "FormOnGet", "  @GET(\"x\") @FormUrlEncoded String get(@Field(\"a\") String a)" + THROWS);
    define("FormNoField", "  @POST(\"x\") @FormUrlEncoded String post()" + THROWS);
    define("PartNoMultipart", "  @POST(\"x\") String post(@Part(\"a\") String a)" + THROWS);
    define(
        "FormAndMultipart",
        "  @POST(\"x\") @FormUrlEncoded @Multipart String post(@Field(\"a\") String a)" + THROWS);
    define(
        "UrlTemplate",
        "  @GET(\"items/{id}\") String get(@Path(\"id\") String id, @Url String u)" + THROWS);
    define("TwoUrls", "  @GET(\"\") String get(@Url String a, @Url String b)" + THROWS);
    define("UrlType", "  @GET(\"\") String get(@Url int a)" + THROWS);
    define("QueryMapType", "  @GET(\"x\") String get(@QueryMap Map<Integer, String> q)" + THROWS);
    define("HeaderMapType", "  @GET(\"x\") String get(@HeaderMap Map<String, Integer> h)" + THROWS);
    define(
        "OnAnnotationType",
        "  }\n  @interface Marker {\n    @Headers(\"X-A: 1\") String value();\n  }\n"
            + "  enum Mode {\n    A;\n    @GET(\"x\") String get() {\n      return null;\n    }\n");
    define("OnClass", "  }\n  abstract class Impl {\n    @GET(\"x\") abstract String get();\n");
  }

  /** Compiles every case at once (one javac run is most of this test's time). */
  @BeforeAll
  static void compile(@TempDir Path out) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<JavaFileObject> files = new ArrayList<>();
    for (Map.Entry<String, String> c : CASES.entrySet()) {
      String source = head("Api" + c.getKey()) + c.getValue() + "}\n";
      files.add(
          new SimpleJavaFileObject(
              URI.create("string:///demo/Api" + c.getKey() + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
              return source;
            }
          });
      ERRORS.put(c.getKey(), new ArrayList<>());
      NOTES.put(c.getKey(), new ArrayList<>());
    }
    JavaCompiler.CompilationTask task =
        javac.getTask(
            null,
            null,
            diagnostics,
            List.of(
                "-classpath",
                System.getProperty("java.class.path"),
                "-d",
                out.toString(),
                "-s",
                out.toString(),
                "-proc:only"),
            null,
            files);
    task.setProcessors(List.of(new ApiProcessor()));
    task.call();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR
          || (d.getKind() == Diagnostic.Kind.NOTE && d.getSource() != null)) {
        String name = d.getSource().getName();
        String key = name.substring(name.lastIndexOf("/Api") + 4, name.length() - 5);
        (d.getKind() == Diagnostic.Kind.ERROR ? ERRORS : NOTES)
            .get(key)
            .add(
                new Error(
                    d.getMessage(Locale.ROOT), d.getLineNumber() + ":" + d.getColumnNumber()));
      }
    }
  }

  /** Where {@code marker} starts in a case's source. */
  private static String at(String name, String marker) {
    String source = head("Api" + name) + CASES.get(name);
    int i = source.indexOf(marker);
    assertThat(i).as("marker %s", marker).isNotNegative();
    String before = source.substring(0, i);
    long line = before.chars().filter(c -> c == '\n').count() + 1;
    int column = i - before.lastIndexOf('\n');
    return line + ":" + column;
  }

  private static void assertOneError(String name, String message, String marker) {
    assertThat(ERRORS.get(name)).containsExactly(new Error(message, at(name, marker)));
  }

  @Test
  void aValidInterfaceCompilesWithoutError() {
    assertThat(ERRORS.get("Valid")).isEmpty();
  }

  @Test
  void formsMultipartUrlsAndMapsCompileWithoutError() {
    assertThat(ERRORS.get("ValidForms")).isEmpty();
  }

  @Test
  void aFieldOrPartOutsideItsEncoding() {
    assertOneError(
        "FieldNoForm",
        "@Field on a method without @FormUrlEncoded: a field belongs to a @FormUrlEncoded body",
        "@Field");
    assertOneError(
        "PartNoMultipart",
        "@Part on a method without @Multipart: a part belongs to a @Multipart body",
        "@Part");
  }

  @Test
  void aFieldThatIsNotAValue() {
    assertOneError(
        "FieldMap",
        "unsupported @Field type java.util.Map<java.lang.String, java.lang.String>: take a value,"
            + " an Optional or an Iterable (a List, a Set) of values",
        "@Field");
  }

  @Test
  void aFormWithABodyOnAGetWithoutFieldsOrWithTwoEncodings() {
    assertOneError(
        "FormBody",
        "@Body on a @FormUrlEncoded method: its body is made of its @Field parameters",
        "@Body");
    assertOneError(
        "FormOnGet",
        "@FormUrlEncoded on a @GET method: GET sends no body (use @POST, @PUT, @PATCH or @QUERY)",
        "@FormUrlEncoded");
    assertOneError("FormNoField", "@FormUrlEncoded method post has no @Field", "@FormUrlEncoded");
    assertOneError(
        "FormAndMultipart",
        "post has @FormUrlEncoded and @Multipart: a body has one encoding",
        "@Multipart");
  }

  @Test
  void aUrlBesideATemplateTwiceOrOfAnotherType() {
    assertOneError(
        "UrlTemplate",
        "@Url replaces the path: @GET(\"items/{id}\") must be empty, @GET(\"\")",
        "@Url");
    assertOneError("TwoUrls", "two @Url parameters: a and b", "@Url String b");
    assertOneError("UrlType", "unsupported @Url type int: take a String or a URI", "@Url");
  }

  @Test
  void mapsOfOtherTypes() {
    assertOneError(
        "QueryMapType",
        "unsupported @QueryMap type java.util.Map<java.lang.Integer, java.lang.String>: take a"
            + " Map<String, ?>",
        "@QueryMap");
    assertOneError(
        "HeaderMapType",
        "unsupported @HeaderMap type java.util.Map<java.lang.String, java.lang.Integer>: take a"
            + " Map<String, String>",
        "@HeaderMap");
  }

  @Test
  void aPlaceholderWithoutParameter() {
    assertOneError(
        "Placeholder",
        "{repo} in @GET(\"repos/{owner}/{repo}\") has no @Path(\"repo\") parameter",
        "@GET");
  }

  @Test
  void aPathParameterWithoutPlaceholder() {
    assertOneError(
        "PathParam", "@Path(\"owner\") names no placeholder of @GET(\"repos\")", "@Path");
  }

  @Test
  void twoBodies() {
    assertOneError("TwoBodies", "two @Body parameters: a and b", "@Body String b");
  }

  @Test
  void aBodyOnGetOrDelete() {
    assertOneError(
        "BodyOnGet",
        "@Body on a @GET method: GET sends no body (use @POST, @PUT, @PATCH or @QUERY)",
        "@Body");
    assertOneError(
        "BodyOnDelete",
        "@Body on a @DELETE method: DELETE sends no body (use @POST, @PUT, @PATCH or @QUERY)",
        "@Body");
  }

  @Test
  void unsupportedReturnTypes() {
    assertOneError(
        "Primitive",
        "unsupported return type int of count: a primitive cannot be null, which a 204 or an"
            + " empty body reads as: return Integer",
        "count");
    assertOneError(
        "StreamOnPost",
        "unsupported return type java.util.stream.Stream<java.lang.String> of post: a stream of"
            + " elements is read from a GET",
        "post");
    assertOneError(
        "Raw",
        "unsupported return type java.util.List of list: name a type without a type variable, a"
            + " wildcard or a raw type",
        "list");
    assertOneError(
        "Optional",
        "unsupported return type java.util.Optional<java.lang.String> of maybe: return the value"
            + " itself, null for a 204 or an empty body; a 404 throws HttpJsonStatusException:"
            + " catch it where the method is called and test statusCode()",
        "maybe");
    assertThat(ERRORS.get("NestedOptional"))
        .containsExactly(
            new Error(
                "unsupported return type"
                    + " java.util.concurrent.CompletableFuture<java.util.Optional<java.lang.String>>"
                    + " of later: read the value itself, null for a 204 or an empty body; a 404"
                    + " throws HttpJsonStatusException: catch it where the method is called and"
                    + " test statusCode()",
                at("NestedOptional", "later")),
            new Error(
                "unsupported return type"
                    + " java.net.http.HttpResponse<java.util.Optional<java.lang.String>> of"
                    + " exchange: read the value itself, null for a 204 or an empty body; a 404"
                    + " throws HttpJsonStatusException: catch it where the method is called and"
                    + " test statusCode()",
                at("NestedOptional", "exchange")));
  }

  @Test
  void aReturnTypeWhoseBodyWouldBeReadAsAStreamAFutureAResponseOrAnEvent() {
    assertThat(ERRORS.get("NotJson"))
        .containsExactly(
            new Error(
                "unsupported return type"
                    + " java.net.http.HttpResponse<java.util.stream.Stream<java.lang.String>> of"
                    + " lines: its JSON would be read as"
                    + " java.util.stream.Stream<java.lang.String>, and JSON holds no Stream",
                at("NotJson", "lines")),
            new Error(
                "unsupported return type java.util.concurrent.CompletableFuture"
                    + "<java.util.stream.Stream<dev.httpjson.ServerSentEvent<java.lang.String>>> of"
                    + " events: its JSON would be read as"
                    + " dev.httpjson.ServerSentEvent<java.lang.String>, and JSON holds no"
                    + " ServerSentEvent",
                at("NotJson", "events")),
            new Error(
                "unsupported return type"
                    + " java.util.List<java.util.concurrent.CompletableFuture<java.lang.String>> of"
                    + " futures: its JSON would be read as"
                    + " java.util.List<java.util.concurrent.CompletableFuture<java.lang.String>>,"
                    + " and JSON holds no CompletableFuture",
                at("NotJson", "futures")),
            new Error(
                "unsupported return type java.util.stream.Stream<java.util.Map<java.lang.String,"
                    + " java.net.http.HttpResponse<java.lang.String>>> of responses: its JSON would"
                    + " be read as java.util.Map<java.lang.String,"
                    + " java.net.http.HttpResponse<java.lang.String>>, and JSON holds no"
                    + " HttpResponse",
                at("NotJson", "responses")));
  }

  @Test
  void aRawIterableOrOptionalOfValues() {
    assertThat(ERRORS.get("RawValues"))
        .containsExactly(
            new Error(
                "unsupported @Query type java.util.List: a raw type: name the type of its values,"
                    + " as in List<String>",
                at("RawValues", "@Query(\"ids\")")),
            new Error(
                "unsupported @Query type java.util.Optional: a raw type: name the type of its"
                    + " values, as in Optional<String>",
                at("RawValues", "@Query(\"o\")")),
            new Error(
                "unsupported @Field type java.util.Set: a raw type: name the type of its values,"
                    + " as in Set<String>",
                at("RawValues", "@Field")));
  }

  @Test
  void unsupportedParameterTypes() {
    assertOneError(
        "PathList",
        "unsupported @Path type java.util.List<java.lang.String>: a path segment is one value",
        "@Path");
    assertOneError(
        "QueryArray",
        "unsupported @Query type java.lang.String[]: take a value, an Optional or an Iterable (a"
            + " List, a Set) of values",
        "@Query");
    assertOneError(
        "Bare",
        "parameter id has no annotation: add @Path, @Query, @Header, @Body, @Field, @Part, @Url,"
            + " @QueryMap or @HeaderMap (or take a UnaryOperator<HttpJsonClient> to adjust the"
            + " call's client)",
        "id)");
  }

  @Test
  void aGenericMethodSaysWhatToDeclareInstead() {
    String instead =
        ", and its implementation names the types it reads and writes when it is compiled:"
            + " declare a method per type, or a default method calling the HttpJsonClient an"
            + " abstract method such as HttpJsonClient client() returns";
    assertThat(ERRORS.get("GenericMethod"))
        .containsExactly(
            new Error(
                "a generic method is not supported: get declares <T>" + instead,
                at("GenericMethod", "get(")),
            new Error(
                "a generic method is not supported: post declares <K, V>" + instead,
                at("GenericMethod", "post(")));
  }

  @Test
  void aGenericInterfaceNoInterfaceExtendsIsABaseWithANoteSayingWhatIsImplemented() {
    // Its methods are checked where an interface extending it names its types (GenericBaseTest);
    // a library may ship such a base for its users to bind, so it is no error.
    assertThat(ERRORS.get("GenericInterface")).isEmpty();
    assertThat(NOTES.get("GenericInterface"))
        .containsExactly(
            new Error(
                "a generic interface is a base, not implemented: Of declares <T, U>, and its"
                    + " implementation names the types it reads and writes when it is compiled:"
                    + " an interface that extends it naming them (Of<..., ...>) is implemented",
                at("GenericInterface", "interface Of")));
  }

  @Test
  void aMethodWithoutHttpAnnotation() {
    assertOneError(
        "NoVerb",
        "get has no HTTP annotation: add @GET, @POST, @PUT, @PATCH, @DELETE or @QUERY (or make"
            + " it a default method)",
        "get()");
  }

  @Test
  void anOverrideWithoutTheHttpAnnotationOfTheMethodItOverrides() {
    assertOneError(
        "Redeclared",
        "get has no HTTP annotation: add @GET, @POST, @PUT, @PATCH, @DELETE or @QUERY (or make"
            + " it a default method); an override does not inherit the @GET of"
            + " demo.ApiRedeclared.Base.get",
        "get()" + THROWS + "    @GET");
  }

  @Test
  void aBlockingMethodThatDoesNotDeclareItsExceptions() {
    assertOneError(
        "NoThrows",
        "get must declare throws IOException, InterruptedException: a blocking call fails with"
            + " them (or return a CompletableFuture)",
        "get");
  }

  @Test
  void aTemplateThatLeavesTheBaseUri() {
    assertOneError(
        "Absolute",
        "\"https://evil.example/x\" is not relative: a path template is resolved against the base"
            + " URI",
        "@GET");
  }

  @Test
  void aMalformedTimeoutOrHeader() {
    assertOneError(
        "Timeout", "@Timeout(\"2s\") is not an ISO-8601 duration such as \"PT2S\"", "@Timeout");
    assertOneError("Headers", "@Headers entry \"Accept\" is not \"Name: value\"", "@Headers");
  }

  @Test
  void aHeaderValueWithACharacterHttpCannotSend() {
    assertOneError(
        "HeaderValue",
        "@Headers entry \"X-Mood\" has a character HTTP cannot send in its value: U+2603 at index 6",
        "@Headers");
  }

  @Test
  void pagedOnAMethodThatIsNotAStream() {
    assertOneError("Paged", "@Paged needs a @GET method returning Stream<T>", "@Paged");
  }

  @Test
  void aMethodReturningTheRequestItWouldSend() {
    assertThat(ERRORS.get("Requests")).isEmpty();
    assertOneError(
        "RequestNoThrows",
        "post must declare throws IOException: writing the body of the request it returns may"
            + " fail",
        "post");
  }

  @Test
  void cursorPagedMethodsCompileWithoutError() {
    assertThat(ERRORS.get("PagedCursors")).isEmpty();
  }

  @Test
  void aCursorWithoutItsParameterOrTheReverse() {
    assertOneError(
        "PagedNoParameter",
        "@Paged(cursor) needs parameter: the query parameter that carries the cursor",
        "@Paged");
    assertOneError(
        "PagedNoCursor",
        "@Paged(parameter) needs cursor: the JSON Pointer of the cursor it carries",
        "@Paged");
  }

  @Test
  void aPagedAttributeThatIsNotAJsonPointer() {
    assertOneError(
        "PagedPointer",
        "@Paged(items) is not a JSON Pointer (it must be empty or start with '/'): \"data\"",
        "@Paged");
    assertOneError(
        "PagedTilde",
        "@Paged(hasMore) is not a JSON Pointer ('~' at index 5 is not followed by 0 or 1):"
            + " \"/more~\"",
        "@Paged");
  }

  @Test
  void aCursorAndANextUriTogetherOrABadParameterName() {
    assertOneError(
        "PagedBoth", "@Paged(cursor) and @Paged(next) both name the next page: keep one", "@Paged");
    assertOneError(
        "PagedParameterName",
        "@Paged(parameter) is not a query parameter name: it contains '=' or '&'",
        "@Paged");
  }

  @Test
  void anUnpairedSurrogateInAQueryNameOrATemplate() {
    assertOneError(
        "Surrogate", "@Query name has an unpaired surrogate: it has no UTF-8 to send", "@Query");
    assertOneError(
        "SurrogatePath",
        "@GET template has an unpaired surrogate: it has no UTF-8 to send",
        "@GET");
  }

  @Test
  void anHttpAnnotationOnAStaticOrDefaultMethod() {
    assertOneError(
        "Static",
        "@GET on a static method, which is never implemented: only an abstract method is",
        "@GET");
    assertOneError(
        "Default",
        "@Timeout on a default method, which is never implemented: only an abstract method is",
        "@Timeout");
    assertOneError("ObjectVerb", "@GET on toString, which Object implements", "@GET");
  }

  @Test
  void aParameterAnnotationOnADefaultMethod() {
    assertOneError(
        "DefaultParameter",
        "@Query on a parameter of a default method, which is never implemented: only an abstract"
            + " method is",
        "@Query");
  }

  @Test
  void anHttpAnnotationOnAPrivateMethod() {
    assertOneError(
        "Private",
        "@GET on a private method, which is never implemented: only an abstract method is",
        "@GET(\"y\")");
  }

  @Test
  void annotationsOnAClass() {
    assertOneError("OnClass", "@GET belongs on an interface: Impl is a class", "get();");
    assertThat(ERRORS.get("OnAnnotationType"))
        .containsExactlyInAnyOrder(
            new Error(
                "@GET belongs on an interface: Mode is an enum", at("OnAnnotationType", "get() {")),
            new Error(
                "@Headers belongs on an interface: Marker is an annotation type",
                at("OnAnnotationType", "value();")));
  }
}

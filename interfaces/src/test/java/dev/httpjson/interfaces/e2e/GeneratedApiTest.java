package dev.httpjson.interfaces.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonType;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.interfaces.e2e.GitHub.Draft;
import dev.httpjson.interfaces.e2e.GitHub.Issue;
import dev.httpjson.interfaces.e2e.GitHub.User;
import dev.httpjson.spi.GeneratedApi;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The generated implementation of {@link GitHub}, called against a loopback server. */
class GeneratedApiTest {
  private static final String ISSUE = "{\"number\":7,\"title\":\"Crash\",\"state\":\"open\"}";
  private static HttpClient http;
  private MockWebServer server;
  private GitHub github;

  @BeforeAll
  static void client() {
    http = HttpClient.newHttpClient();
  }

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    github =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/api/").uri())
            .header("Authorization", "Bearer t0ken")
            .build()
            .create(GitHub.class);
  }

  @org.junit.jupiter.api.AfterEach
  void stop() throws Exception {
    server.close();
  }

  private RecordedRequest take() throws InterruptedException {
    return LoopbackServer.take(server);
  }

  @Test
  void aValueIsReadWithTheClientsAndTheInterfacesHeaders() throws Exception {
    server.enqueue(LoopbackServer.json(200, ISSUE));

    assertThat(github.issue("acme", "widgets", 7)).isEqualTo(new Issue(7, "Crash", "open"));

    RecordedRequest request = take();
    assertThat(request.getMethod()).isEqualTo("GET");
    assertThat(request.getTarget()).isEqualTo("/api/repos/acme/widgets/issues/7");
    assertThat(request.getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
    assertThat(request.getHeaders().get("X-GitHub-Api-Version")).isEqualTo("2022-11-28");
    assertThat(request.getHeaders().get("Accept"))
        .isEqualTo("application/json, application/problem+json");
  }

  @Test
  void pathValuesAreEncodedAsOneSegmentEach() throws Exception {
    server.enqueue(LoopbackServer.json(200, ISSUE));

    github.issue("a/b c", "é?#%", 7);

    assertThat(take().getTarget()).isEqualTo("/api/repos/a%2Fb%20c/%C3%A9%3F%23%25/issues/7");
  }

  @Test
  void aPathValueThatWouldChangeThePathFailsBeforeAnythingIsSent() throws Exception {
    assertThatThrownBy(() -> github.issue("..", "widgets", 7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path parameter owner is \"..\": it would change the path's segments");
    assertThatThrownBy(() -> github.issue("acme", ".", 7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("path parameter repo is \".\"");
    assertThatThrownBy(() -> github.issue(null, "widgets", 7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("path parameter owner is null");
    assertThatThrownBy(() -> github.issue("", "widgets", 7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("path parameter owner is \"\"");
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void aValueWithAnUnpairedSurrogateFailsNamingItsParameter() throws Exception {
    // Answers, should a request be sent after all: the test then fails, without waiting.
    server.enqueue(LoopbackServer.json(200, ISSUE));
    server.enqueue(LoopbackServer.json(200, "[]"));

    assertThatThrownBy(() -> github.issue("a\uD800b", "widgets", 7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "path parameter owner is not valid Unicode: an unpaired surrogate U+D800 at index 1");
    assertThatThrownBy(() -> github.firstPage("acme", "widgets", "open\uDC00"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "query parameter state is not valid Unicode: an unpaired surrogate U+DC00 at index 4");
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void aValueWithAPairedSurrogateIsEncodedAsItsUtf8Bytes() throws Exception {
    server.enqueue(LoopbackServer.json(200, "[]"));

    github.firstPage("\uD83D\uDE00", "x", "\uD83D\uDE00");

    assertThat(take().getTarget())
        .isEqualTo("/api/repos/%F0%9F%98%80/x/issues?per_page=2&state=%F0%9F%98%80");
  }

  @Test
  void aPathValueWithAColonNeverBecomesAScheme() throws Exception {
    server.enqueue(LoopbackServer.json(200, "[]"));

    github.firstPage("http:", "x", null);

    assertThat(take().getTarget()).isEqualTo("/api/repos/http%3A/x/issues?per_page=2");
  }

  @Test
  void queryValuesAreEncodedNullsOmittedAndCollectionsRepeated() throws Exception {
    server.enqueue(LoopbackServer.json(200, "[]"));

    try (Stream<Issue> issues =
        github.issues(
            "acme",
            "widgets",
            null,
            Arrays.asList("bug", "needs triage", null, "a&b=c"),
            Optional.empty())) {
      assertThat(issues).isEmpty();
    }

    assertThat(take().getTarget())
        .isEqualTo(
            "/api/repos/acme/widgets/issues?labels=bug&labels=needs%20triage&labels=a%26b%3Dc");
  }

  @Test
  void aPresentOptionalIsSentAndALiteralQueryIsKept() throws Exception {
    server.enqueue(LoopbackServer.json(200, "[]"));
    server.enqueue(LoopbackServer.json(200, "[]"));

    try (Stream<Issue> issues =
        github.issues("acme", "widgets", "open", List.of(), Optional.of("2025-01-01T00:00:00Z"))) {
      assertThat(issues).isEmpty();
    }
    assertThat(github.firstPage("acme", "widgets", "closed")).isEmpty();

    assertThat(take().getTarget())
        .isEqualTo("/api/repos/acme/widgets/issues?state=open&since=2025-01-01T00%3A00%3A00Z");
    assertThat(take().getTarget())
        .isEqualTo("/api/repos/acme/widgets/issues?per_page=2&state=closed");
  }

  @Test
  void genericTypesAreReadAsJsonTypeReadsThem() throws Exception {
    server.enqueue(
        LoopbackServer.json(200, "{\"ada\":{\"login\":\"ada\"},\"bob\":{\"login\":\"bob\"}}"));
    server.enqueue(LoopbackServer.json(200, "[" + ISSUE + "]"));

    Map<String, User> users = github.usersByLogin(new LinkedHashSet<>(List.of(1, 2)));
    List<Issue> page = github.firstPage("acme", "widgets", null);

    assertThat(users).containsEntry("ada", new User("ada")).containsEntry("bob", new User("bob"));
    assertThat(page).containsExactly(new Issue(7, "Crash", "open"));
    assertThat(take().getTarget()).isEqualTo("/api/users?ids=1&ids=2");
  }

  @Test
  void a204ReadsAsNull() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).build());

    assertThat(github.issue("acme", "widgets", 7)).isNull();
  }

  @Test
  void aStatusOutside2xxFailsWithTheStatus() throws Exception {
    server.enqueue(LoopbackServer.json(404, "{\"message\":\"Not Found\"}"));

    assertThatThrownBy(() -> github.issue("acme", "widgets", 7))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(404));
  }

  @Test
  void createReturnsTheResponseWith201AndLocation() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(201)
            .addHeader("Content-Type", "application/json")
            .addHeader("Location", "/api/repos/acme/widgets/issues/8")
            .body("{\"number\":8,\"title\":\"New\",\"state\":\"open\"}")
            .build());

    HttpResponse<Issue> created = github.create("acme", "widgets", new Draft("New", "It broke"));

    assertThat(created.statusCode()).isEqualTo(201);
    assertThat(created.headers().firstValue("Location"))
        .hasValue("/api/repos/acme/widgets/issues/8");
    assertThat(created.body()).isEqualTo(new Issue(8, "New", "open"));
    RecordedRequest request = take();
    assertThat(request.getMethod()).isEqualTo("POST");
    assertThat(request.getTarget()).isEqualTo("/api/repos/acme/widgets/issues");
    assertThat(request.getHeaders().get("Content-Type")).startsWith("application/json");
    assertThat(request.getHeaders().get("X-GitHub-Api-Version")).isEqualTo("2022-11-28");
    assertThat(request.getBody().utf8()).isEqualTo("{\"title\":\"New\",\"body\":\"It broke\"}");
  }

  @Test
  void asyncMethodsCompleteWithTheValueOrTheResponse() throws Exception {
    server.enqueue(LoopbackServer.json(201, ISSUE));
    server.enqueue(LoopbackServer.json(201, ISSUE));
    server.enqueue(LoopbackServer.json(200, ISSUE));

    Issue created =
        github.createAsync("acme", "widgets", new Draft("t", "b")).get(10, TimeUnit.SECONDS);
    HttpResponse<Issue> response =
        github
            .createAsyncResponse("acme", "widgets", new Draft("t", "b"))
            .get(10, TimeUnit.SECONDS);
    HttpResponse<Issue> got = github.issueAsync("acme", "widgets", 7L).get(10, TimeUnit.SECONDS);

    assertThat(created).isEqualTo(new Issue(7, "Crash", "open"));
    assertThat(response.statusCode()).isEqualTo(201);
    assertThat(response.body()).isEqualTo(created);
    assertThat(got.body()).isEqualTo(created);
    assertThat(take().getBody().utf8()).isEqualTo("{\"title\":\"t\",\"body\":\"b\"}");
    assertThat(take().getMethod()).isEqualTo("POST");
    assertThat(take().getTarget()).isEqualTo("/api/repos/acme/widgets/issues/7");
  }

  @Test
  void aStreamReadsNdjsonLazilyAndAsync() throws Exception {
    server.enqueue(
        LoopbackServer.bytes(
            200,
            "application/x-ndjson",
            (ISSUE + "\n{\"number\":8,\"title\":\"B\",\"state\":\"closed\"}\n").getBytes()));
    server.enqueue(LoopbackServer.json(200, "[" + ISSUE + "]"));

    try (Stream<Issue> issues = github.stream("acme", "widgets")) {
      assertThat(issues.map(Issue::number)).containsExactly(7, 8);
    }
    try (Stream<Issue> issues = github.streamAsync("acme", "widgets").get(10, TimeUnit.SECONDS)) {
      assertThat(issues.map(Issue::number)).containsExactly(7);
    }
  }

  @Test
  void aPagedStreamFollowsLinkNext() throws Exception {
    String next = server.url("/api/repositories/1/issues?page=2").toString();
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Link", "<" + next + ">; rel=\"next\"")
            .body("[" + ISSUE + "]")
            .build());
    server.enqueue(
        LoopbackServer.json(
            200,
            "[{\"number\":8,\"title\":\"B\",\"state\":\"open\"},"
                + "{\"number\":9,\"title\":\"C\",\"state\":\"open\"}]"));

    try (Stream<Issue> issues =
        github.issues("acme", "widgets", "open", List.of(), Optional.empty())) {
      assertThat(issues.map(Issue::number)).containsExactly(7, 8, 9);
    }

    assertThat(take().getTarget()).isEqualTo("/api/repos/acme/widgets/issues?state=open");
    RecordedRequest second = take();
    assertThat(second.getTarget()).isEqualTo("/api/repositories/1/issues?page=2");
    assertThat(second.getHeaders().get("X-GitHub-Api-Version")).isEqualTo("2022-11-28");
  }

  @Test
  void anEventStreamSendsLastEventIdAndReadsJsonData() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "text/event-stream")
            .body("id: 5\nevent: opened\ndata: " + ISSUE + "\n\n")
            .build());

    try (Stream<ServerSentEvent<Issue>> events = github.events("4")) {
      ServerSentEvent<Issue> first = events.findFirst().orElseThrow();
      assertThat(first.id()).isEqualTo("5");
      assertThat(first.event()).isEqualTo("opened");
      assertThat(first.data()).isEqualTo(new Issue(7, "Crash", "open"));
    }

    RecordedRequest request = take();
    assertThat(request.getHeaders().get("Last-Event-ID")).isEqualTo("4");
    assertThat(request.getHeaders().get("Accept"))
        .isEqualTo("text/event-stream, application/problem+json");
  }

  @Test
  void aPostEventStreamSendsTheBody() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "text/event-stream")
            .body("data: one\n\ndata: two\n\n")
            .build());

    try (Stream<ServerSentEvent<String>> events = github.chat(new Draft("hi", "there"))) {
      assertThat(events.map(ServerSentEvent::data)).containsExactly("one", "two");
    }

    RecordedRequest request = take();
    assertThat(request.getMethod()).isEqualTo("POST");
    assertThat(request.getBody().utf8()).isEqualTo("{\"title\":\"hi\",\"body\":\"there\"}");
  }

  @Test
  void voidMethodsCheckTheStatus() throws Exception {
    server.enqueue(new MockResponse.Builder().code(204).build());
    server.enqueue(new MockResponse.Builder().code(204).build());
    server.enqueue(new MockResponse.Builder().code(200).build());
    server.enqueue(LoopbackServer.json(409, "{}"));
    server.enqueue(LoopbackServer.json(422, "{}"));

    github.unlock("acme", "widgets", 7);
    github.star("acme", "widgets");
    github.label("acme", "widgets", 7, List.of("bug"));
    assertThatThrownBy(() -> github.unlock("acme", "widgets", 7))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(409));
    assertThatThrownBy(() -> github.label("acme", "widgets", 7, List.of("bug")))
        .isInstanceOfSatisfying(
            HttpJsonStatusException.class, e -> assertThat(e.statusCode()).isEqualTo(422));

    RecordedRequest unlock = take();
    assertThat(unlock.getMethod()).isEqualTo("DELETE");
    assertThat(unlock.getTarget()).isEqualTo("/api/repos/acme/widgets/issues/7/lock");
    RecordedRequest star = take();
    assertThat(star.getMethod()).isEqualTo("PUT");
    assertThat(star.getBodySize()).isZero();
    RecordedRequest label = take();
    assertThat(label.getMethod()).isEqualTo("POST");
    assertThat(label.getBody().utf8()).isEqualTo("[\"bug\"]");
  }

  @Test
  void patchAndQuerySendTheirBody() throws Exception {
    server.enqueue(LoopbackServer.json(200, ISSUE));
    server.enqueue(LoopbackServer.json(200, "[" + ISSUE + "]"));

    assertThat(github.edit("acme", "widgets", 7, Map.of("state", "closed")).number()).isEqualTo(7);
    assertThat(github.search(Map.of("q", "crash"))).hasSize(1);

    RecordedRequest patch = take();
    assertThat(patch.getMethod()).isEqualTo("PATCH");
    assertThat(patch.getBody().utf8()).isEqualTo("{\"state\":\"closed\"}");
    RecordedRequest query = take();
    assertThat(query.getMethod()).isEqualTo("QUERY");
    assertThat(query.getTarget()).isEqualTo("/api/search/issues");
    assertThat(query.getBody().utf8()).isEqualTo("{\"q\":\"crash\"}");
  }

  @Test
  void aMethodsTimeoutElapsesWithItsOwnDuration() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .headersDelay(5, TimeUnit.SECONDS)
            .addHeader("Content-Type", "application/json")
            .body(ISSUE)
            .build());

    long start = System.nanoTime();
    assertThatThrownBy(() -> github.slow())
        .isInstanceOfSatisfying(
            CallTimeoutException.class,
            e -> assertThat(e.timeout()).isEqualTo(Duration.ofMillis(300)));
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
  }

  @Test
  void headerParametersAndThePerCallClientAdjustTheCall() throws Exception {
    server.enqueue(LoopbackServer.json(200, ISSUE));
    server.enqueue(LoopbackServer.json(200, ISSUE));

    github.issueWith("acme", "widgets", 7, "req-1", c -> c.withHeader("If-None-Match", "\"v0\""));
    github.issueWith("acme", "widgets", 7, null, c -> c);

    RecordedRequest first = take();
    assertThat(first.getHeaders().get("X-Request-Id")).isEqualTo("req-1");
    assertThat(first.getHeaders().get("If-None-Match")).isEqualTo("\"v0\"");
    assertThat(first.getHeaders().get("Accept")).isEqualTo("application/vnd.github+json");
    RecordedRequest second = take();
    assertThat(second.getHeaders().get("X-Request-Id")).isNull();
    assertThat(second.getHeaders().get("If-None-Match")).isNull();
  }

  @Test
  void aHeaderValueIsValidatedAsTheClientValidatesIt() throws Exception {
    assertThatThrownBy(() -> github.issueWith("acme", "widgets", 7, "a\r\nX-Evil: 1", c -> c))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void theEscapeHatchReturnsTheBoundClientAndDefaultMethodsAreKept() {
    HttpJsonClient client =
        HttpJsonClient.newBuilder(http).baseUri("http://localhost:1/x/").build();
    GitHub bound = client.create(GitHub.class);

    assertThat(bound.client()).isSameAs(client);
    assertThat(bound.describe()).isEqualTo("GitHub at http://localhost:1/x/");
    assertThat(bound).hasToString("GitHub bound to http://localhost:1/x/");
  }

  @Test
  void aBaseUriWithUserinfoNeverReachesAnInterfacesToString() {
    // A base URI takes no query and no userinfo (the builder refuses both, never showing them):
    // what toString prints holds no credential.
    assertThatThrownBy(
            () -> HttpJsonClient.newBuilder(http).baseUri("https://ada:s3cret@api.example.com/v3/"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("baseUri must not have user info: https://api.example.com/v3/")
        .hasMessageNotContaining("s3cret");
    GitHub bound =
        HttpJsonClient.newBuilder(http)
            .baseUri("https://api.example.com/v3/")
            .build()
            .create(GitHub.class);

    assertThat(bound.toString()).isEqualTo("GitHub bound to https://api.example.com/v3/");
  }

  @Test
  void eachMethodsTypeIsPreparedOnceWithTheClient() throws Exception {
    // A void method reads no value: no type to prepare.
    Class<?> generated = github.getClass();
    List<Field> types =
        Arrays.stream(generated.getDeclaredFields())
            .filter(f -> f.getType() == JsonType.class)
            .collect(Collectors.toList());
    long httpMethods =
        Arrays.stream(GitHub.class.getMethods())
            .filter(
                m ->
                    !m.isDefault()
                        && m.getReturnType() != HttpJsonClient.class
                        && m.getReturnType() != void.class)
            .count();

    assertThat(types).hasSize((int) httpMethods);
    assertThat(types).allMatch(f -> Modifier.isFinal(f.getModifiers()));
    Field issue = generated.getDeclaredField("t0");
    issue.setAccessible(true);
    JsonType<?> prepared = (JsonType<?>) issue.get(github);
    assertThat(prepared.type()).isEqualTo(Issue.class);
    assertThat(prepared.options()).isEqualTo(github.client().options());
  }

  @Test
  void onlyTheGeneratedClassRegistersAnImplementation() {
    assertThatThrownBy(() -> GeneratedApi.register(MethodHandles.lookup(), GitHub.class, c -> null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "only dev.httpjson.interfaces.e2e.HttpJson_GitHub registers the implementation of"
                + " dev.httpjson.interfaces.e2e.GitHub");
  }

  /** Generic: a base the processor implements only where an interface names its types. */
  interface Crud<T, ID> {
    @dev.httpjson.interfaces.GET("items/{id}")
    T get(@dev.httpjson.interfaces.Path("id") ID id)
        throws java.io.IOException, InterruptedException;
  }

  /** It binds {@link Crud}: implemented. */
  interface Items extends Crud<User, Long> {}

  @Test
  void aGenericBaseIsNotCreatedButAnInterfaceNamingItsTypesIs() {
    HttpJsonClient client = HttpJsonClient.newBuilder(http).baseUri("http://localhost:1/").build();

    assertThatThrownBy(() -> client.create(Crud.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            Crud.class.getName()
                + " declares <T, ID>: a generic interface is a base, not implemented, as its"
                + " implementation names the types it reads and writes when it is compiled. Create"
                + " an interface that extends it naming them (interface Users extends"
                + " Crud<..., ...> {}), and create that one");
    assertThat(client.create(Items.class)).isNotNull();
  }

  /** Not annotated: the processor generated nothing for it. */
  interface NotProcessed {
    String hello();
  }

  @Test
  void anInterfaceWithoutGeneratedCodeFailsAtOnceSayingWhatToAddToTheBuild() {
    HttpJsonClient client = HttpJsonClient.newBuilder(http).baseUri("http://localhost:1/").build();

    assertThatThrownBy(() -> client.create(NotProcessed.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("No generated implementation of " + NotProcessed.class.getName())
        .hasMessageContaining("HttpJson_GeneratedApiTest$NotProcessed")
        .hasMessageContaining(
            "<annotationProcessorPaths><path><groupId>dev.httpjson</groupId>"
                + "<artifactId>httpjson-interfaces</artifactId>");
    assertThatThrownBy(() -> client.create(String.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not an interface: java.lang.String");
  }
}

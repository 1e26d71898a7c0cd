package dev.httpjson.spring.boot;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * Runs every httpjson client of a test's application context on a {@link
 * dev.httpjson.testing.StubHttpClient} instead of its transport, so that an {@code @SpringBootTest}
 * needs no server: the clients keep their properties (base URI, headers, timeouts, retries), their
 * customizers and the application's JSON mapper, and only the network is replaced. Inject the stub
 * to give it routes and read what was sent; each test method gets a fresh one (with no route and no
 * request), also when Spring reuses the context, and the clients' caches ({@code cache.*}) and
 * OAuth2 tokens ({@code oauth2.*}, whose token requests the stub answers too) start empty with it.
 * An {@code OAuth2} interceptor a customizer adds would send its token requests, with the client's
 * credentials, through its own client to the real token endpoint: the context fails to start
 * instead, naming that endpoint; configure it with {@code oauth2.*}. The stub is {@linkplain
 * dev.httpjson.testing.StubHttpClient#verify() verified} after a test that passed, as {@code
 * StubHttpClientExtension} does: a request no route answered, or a reply left unused, fails the
 * test.
 *
 * <pre>{@code
 * @SpringBootTest
 * @AutoConfigureHttpJsonStub
 * class ReportServiceTest {
 *   @Autowired StubHttpClient github;
 *   @Autowired ReportService reports;
 *
 *   @Test
 *   void countsOpenBugs() throws Exception {
 *     github.on("GET", "/repos/acme/widgets/issues").reply(200, List.of(new Issue(1, "Crash")));
 *     assertThat(reports.openBugs("acme", "widgets")).isEqualTo(1);
 *     assertThat(github.takeRequest(Duration.ofSeconds(1)).header("Authorization")).startsWith("Bearer ");
 *   }
 * }
 * }</pre>
 *
 * <p>Needs {@code dev.httpjson:httpjson-testing} and {@code spring-test} (test scope). The stub
 * writes its replies and reads what the clients sent with the clients' codec: the application's
 * {@code JsonCodec} bean, else its JSON mapper, when there is one. The annotation imports
 * httpjson's auto-configuration, so it works in a test slice ({@code @WebMvcTest},
 * {@code @JsonTest}…) too.
 *
 * <p>One application context has one set of clients, built once on one stub switch, and Spring's
 * context cache gives that context to every test class with the same configuration. So the test
 * classes with this annotation never run at once under JUnit's parallel execution: the annotation
 * holds JUnit's resource lock {@value #LOCK} ({@code @ResourceLock}) for the whole class, and its
 * test methods run one after the other. (A stub per class would take a context per class, started
 * anew for each; a stub per thread would miss the calls an application makes on its own threads.)
 * Other test classes still run beside them.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Import(StubImports.class)
@ImportAutoConfiguration(HttpJsonAutoConfiguration.class)
@ResourceLock(AutoConfigureHttpJsonStub.LOCK)
public @interface AutoConfigureHttpJsonStub {
  /**
   * The JUnit resource every test class with this annotation holds while it runs: name it in a
   * {@code @ResourceLock} of another test class that must not run beside them.
   */
  String LOCK = "dev.httpjson.spring.boot.AutoConfigureHttpJsonStub";
}

package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.httpjson.testing.StubHttpClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The stub of a test with {@link AutoConfigureHttpJsonStub} is verified after the test, as {@code
 * StubHttpClientExtension} verifies its own, and test classes sharing an application context (and
 * so its stub) never run at once, even when JUnit runs classes in parallel. The subjects run
 * through the JUnit launcher.
 */
class StubVerificationTest {
  private static volatile boolean launching;
  static final List<String> EVENTS = new CopyOnWriteArrayList<>();
  static volatile CountDownLatch bothRunning = new CountDownLatch(2);

  /** The subjects run only when launched by these tests, not when a build picks them up. */
  static boolean launching() {
    return launching;
  }

  private static TestExecutionSummary run(Map<String, String> parameters, Class<?>... tests) {
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launching = true;
    try {
      List<ClassSelector> selectors =
          java.util.Arrays.stream(tests).map(c -> selectClass(c)).collect(Collectors.toList());
      LauncherFactory.create()
          .execute(
              LauncherDiscoveryRequestBuilder.request()
                  .selectors(selectors)
                  .configurationParameters(parameters)
                  .build(),
              listener);
    } finally {
      launching = false;
    }
    return listener.getSummary();
  }

  private static List<String> failures(TestExecutionSummary summary) {
    return summary.getFailures().stream()
        .map(f -> f.getTestIdentifier().getDisplayName() + ": " + f.getException().getMessage())
        .collect(Collectors.toList());
  }

  private static final Map<String, String> PARALLEL =
      Map.of(
          "junit.jupiter.execution.parallel.enabled", "true",
          "junit.jupiter.execution.parallel.mode.default", "concurrent",
          "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
          "junit.jupiter.execution.parallel.config.strategy", "fixed",
          "junit.jupiter.execution.parallel.config.fixed.parallelism", "2");

  @Test
  void anUnexpectedRequestOrAnUnusedReplyFailsTheTestThatLeftIt() {
    TestExecutionSummary summary = run(Map.of(), LeavesThingsBehind.class);

    assertLeftThingsBehind(summary);
  }

  /** Methods that may run at once by default run one after the other, each on its own stub. */
  @Test
  void theMethodsOfAClassRunOneAfterTheOtherWhenMethodsRunInParallel() {
    assertLeftThingsBehind(run(PARALLEL, LeavesThingsBehind.class));
  }

  private static void assertLeftThingsBehind(TestExecutionSummary summary) {
    assertThat(summary.getTestsSucceededCount()).isEqualTo(1);
    assertThat(summary.getTestsFailedCount()).isEqualTo(3);
    assertThat(failures(summary))
        .anySatisfy(
            f ->
                assertThat(f)
                    .startsWith("anUnexpectedRequest()")
                    .contains(
                        "unexpected request (no route answered it): GET"
                            + " https://api.github.invalid/v3/repos/acme/nothing"))
        .anySatisfy(
            f ->
                assertThat(f)
                    .startsWith("anUnusedReply()")
                    .contains("reply not used: GET /v3/repos/{owner}/{repo}"))
        .anySatisfy(f -> assertThat(f).isEqualTo("failsOnItsOwn(): its own failure"));
  }

  /**
   * A context dirtied after each method is closed before the stub is verified: the stub the method
   * used is verified all the same, and no context is started just to verify another.
   */
  @Test
  void theStubOfAMethodThatDirtiesItsContextIsVerifiedWithoutStartingAnotherContext() {
    CONTEXTS.set(0);

    TestExecutionSummary summary = run(Map.of(), DirtiesItsContext.class);

    assertThat(failures(summary))
        .hasSize(2)
        .anySatisfy(
            f ->
                assertThat(f)
                    .startsWith("anUnexpectedRequest()")
                    .contains("unexpected request (no route answered it)"))
        .anySatisfy(
            f ->
                assertThat(f)
                    .startsWith("anUnusedReply()")
                    .contains("reply not used: GET /v3/repos/{owner}/{repo}"));
    assertThat(CONTEXTS).as("contexts started, one per method").hasValue(2);
  }

  @Test
  void testClassesSharingAContextAndItsStubRunOneAfterTheOtherWhenClassesRunInParallel() {
    EVENTS.clear();
    bothRunning = new CountDownLatch(2);

    TestExecutionSummary summary = run(PARALLEL, SharesTheStubA.class, SharesTheStubB.class);

    assertThat(failures(summary)).isEmpty();
    assertThat(summary.getTestsSucceededCount()).isEqualTo(2);
    assertThat(EVENTS).hasSize(4);
    assertThat(EVENTS.get(0).charAt(0)).isEqualTo(EVENTS.get(1).charAt(0));
    assertThat(EVENTS.get(2).charAt(0)).isEqualTo(EVENTS.get(3).charAt(0));
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @HttpJsonApis(client = "github", types = Repos.class)
  static class App {}

  @SpringBootTest(
      classes = App.class,
      properties = "httpjson.clients.github.base-uri=https://api.github.invalid/v3/")
  @AutoConfigureHttpJsonStub
  @EnabledIf("dev.httpjson.spring.boot.StubVerificationTest#launching")
  static class LeavesThingsBehind {
    @Autowired StubHttpClient stub;
    @Autowired Repos repos;

    @Test
    void anUnexpectedRequest() {
      try {
        repos.repo("acme", "nothing");
      } catch (Exception expected) {
        // The stub answers an unexpected request with an error; the code under test swallows it.
      }
    }

    @Test
    void anUnusedReply() {
      stub.on("GET", "/v3/repos/{owner}/{repo}")
          .reply(200, Map.of("id", 7, "fullName", "acme/widgets", "stars", 3));
    }

    @Test
    void failsOnItsOwn() {
      stub.on("GET", "/v3/repos/{owner}/{repo}")
          .reply(200, Map.of("id", 7, "fullName", "acme/widgets", "stars", 3));
      throw new AssertionError("its own failure");
    }

    @Test
    void usesWhatItSetUp() throws Exception {
      stub.on("GET", "/v3/repos/{owner}/{repo}")
          .reply(200, Map.of("id", 7, "fullName", "acme/widgets", "stars", 3));
      Thread.sleep(300); // another method, run beside this one, would take the clients' stub
      assertThat(repos.repo("acme", "widgets").id()).isEqualTo(7);
    }
  }

  static final java.util.concurrent.atomic.AtomicInteger CONTEXTS =
      new java.util.concurrent.atomic.AtomicInteger();

  /** Counts the contexts started. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  @HttpJsonApis(client = "github", types = Repos.class)
  static class CountedApp {
    CountedApp() {
      CONTEXTS.incrementAndGet();
    }
  }

  @SpringBootTest(
      classes = CountedApp.class,
      properties = "httpjson.clients.github.base-uri=https://api.github.invalid/v3/")
  @AutoConfigureHttpJsonStub
  @org.springframework.test.annotation.DirtiesContext(
      classMode =
          org.springframework.test.annotation.DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
  @EnabledIf("dev.httpjson.spring.boot.StubVerificationTest#launching")
  static class DirtiesItsContext {
    @Autowired StubHttpClient stub;
    @Autowired Repos repos;

    @Test
    void anUnexpectedRequest() {
      try {
        repos.repo("acme", "nothing");
      } catch (Exception expected) {
        // The stub answers an unexpected request with an error; the code under test swallows it.
      }
    }

    @Test
    void anUnusedReply() {
      stub.on("GET", "/v3/repos/{owner}/{repo}")
          .reply(200, Map.of("id", 7, "fullName", "acme/widgets", "stars", 3));
    }
  }

  /** Each of the two classes calls through the context's clients, on the stub it was given. */
  abstract static class SharesTheStub {
    @Autowired StubHttpClient stub;
    @Autowired Repos repos;

    void callsThroughItsOwnStub(String name, long id) throws Exception {
      EVENTS.add(name + " start");
      stub.on("GET", "/v3/repos/{owner}/{repo}")
          .reply(200, Map.of("id", id, "fullName", "acme/" + name, "stars", 0));
      bothRunning.countDown();
      // Both classes at once, if they may be: the second one's stub then replaces the first's.
      bothRunning.await(1, TimeUnit.SECONDS);
      assertThat(repos.repo("acme", name).id()).isEqualTo(id);
      assertThat(stub.requests()).hasSize(1);
      EVENTS.add(name + " end");
    }
  }

  @SpringBootTest(
      classes = App.class,
      properties = "httpjson.clients.github.base-uri=https://api.github.invalid/v3/")
  @AutoConfigureHttpJsonStub
  @EnabledIf("dev.httpjson.spring.boot.StubVerificationTest#launching")
  static class SharesTheStubA extends SharesTheStub {
    @Test
    void calls() throws Exception {
      callsThroughItsOwnStub("a", 1);
    }
  }

  @SpringBootTest(
      classes = App.class,
      properties = "httpjson.clients.github.base-uri=https://api.github.invalid/v3/")
  @AutoConfigureHttpJsonStub
  @EnabledIf("dev.httpjson.spring.boot.StubVerificationTest#launching")
  static class SharesTheStubB extends SharesTheStub {
    @Test
    void calls() throws Exception {
      callsThroughItsOwnStub("b", 2);
    }
  }
}

package dev.httpjson.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** The extension, run on small test classes through the JUnit launcher. */
class StubHttpClientExtensionTest {
  static final List<StubHttpClient> SEEN = new CopyOnWriteArrayList<>();
  private static volatile boolean launching;

  /** The subjects run only when launched by these tests, not when a build picks them up. */
  static boolean launching() {
    return launching;
  }

  private static TestExecutionSummary run(Class<?> tests) {
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launching = true;
    try {
      launcher.execute(
          LauncherDiscoveryRequestBuilder.request().selectors(selectClass(tests)).build(),
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

  @Test
  void aTestThatUsesItsRoutesPassesAndEachTestGetsItsOwnStub() {
    SEEN.clear();
    TestExecutionSummary summary = run(UsesItsRoutes.class);

    assertThat(failures(summary)).isEmpty();
    assertThat(summary.getTestsSucceededCount()).isEqualTo(2);
    assertThat(SEEN).hasSize(4); // @BeforeEach and @Test of two tests
    assertThat(SEEN.get(0)).isSameAs(SEEN.get(1));
    assertThat(SEEN.get(2)).isSameAs(SEEN.get(3)).isNotSameAs(SEEN.get(0));
  }

  @Test
  void anUnusedReplyOrAnUnexpectedRequestFailsTheTest() {
    TestExecutionSummary summary = run(LeavesThingsBehind.class);

    assertThat(summary.getTestsFailedCount()).isEqualTo(2);
    assertThat(failures(summary))
        .anySatisfy(f -> assertThat(f).contains("reply not used: GET /users (1 reply left)"))
        .anySatisfy(
            f ->
                assertThat(f)
                    .contains("unexpected request (no route answered it): GET http://x/none"));
  }

  @Test
  void aTestThatFailedOnItsOwnKeepsItsOwnFailure() {
    TestExecutionSummary summary = run(FailsOnItsOwn.class);

    assertThat(failures(summary)).containsExactly("fails(StubHttpClient): its own failure");
  }

  @Test
  void aStubInjectedInBeforeAllIsRefusedAsNoTestWouldVerifyIt() {
    TestExecutionSummary summary = run(InjectedInBeforeAll.class);

    assertThat(failures(summary))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("a StubHttpClient is one test's own, verified after it")
        .contains("routes(");
  }

  @Test
  void aStubInjectedInTheConstructorIsEachTestsOwnAndVerified() {
    SEEN.clear();
    TestExecutionSummary summary = run(InjectedInTheConstructor.class);

    assertThat(SEEN).hasSize(4); // the constructor and @Test of two tests
    assertThat(SEEN.get(0)).isSameAs(SEEN.get(1));
    assertThat(SEEN.get(2)).isSameAs(SEEN.get(3)).isNotSameAs(SEEN.get(0));
    assertThat(summary.getTestsFailedCount()).isEqualTo(2);
    assertThat(failures(summary))
        .allSatisfy(f -> assertThat(f).contains("reply not used: GET /users (1 reply left)"));
  }

  @Test
  void aNestedTestSharesItsStubWithItsEnclosingInstanceAndIsVerified() {
    SEEN.clear();
    TestExecutionSummary summary = run(Enclosing.class);

    assertThat(SEEN).hasSize(6); // the enclosing constructor, @BeforeEach and @Test of two tests
    assertThat(SEEN.get(0)).isSameAs(SEEN.get(1)).isSameAs(SEEN.get(2));
    assertThat(SEEN.get(3)).isSameAs(SEEN.get(4)).isSameAs(SEEN.get(5)).isNotSameAs(SEEN.get(0));
    assertThat(failures(summary))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("reply not used: GET /users (1 reply left)");
  }

  @ExtendWith(StubHttpClientExtension.class)
  @EnabledIf("dev.httpjson.testing.StubHttpClientExtensionTest#launching")
  static class Enclosing {
    final StubHttpClient stub;

    Enclosing(StubHttpClient stub) {
      SEEN.add(stub);
      this.stub = stub;
    }

    @org.junit.jupiter.api.Nested
    @org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.MethodName.class)
    class Inner {
      @BeforeEach
      void routes(StubHttpClient stub) {
        SEEN.add(stub);
        stub.on("GET", "/users").reply(200, List.of("ada"));
      }

      @Test
      void one(StubHttpClient stub) throws Exception {
        SEEN.add(stub);
        Enclosing.this.stub.send(
            HttpRequest.newBuilder(URI.create("http://x/users")).build(), BodyHandlers.ofString());
      }

      @Test
      void two(StubHttpClient stub) {
        SEEN.add(stub);
      }
    }
  }

  @ExtendWith(StubHttpClientExtension.class)
  @EnabledIf("dev.httpjson.testing.StubHttpClientExtensionTest#launching")
  static class InjectedInBeforeAll {
    @BeforeAll
    static void routes(StubHttpClient stub) {
      stub.on("GET", "/users").reply(200, List.of("ada"));
    }

    @Test
    void one() {}
  }

  @ExtendWith(StubHttpClientExtension.class)
  @EnabledIf("dev.httpjson.testing.StubHttpClientExtensionTest#launching")
  static class InjectedInTheConstructor {
    private final StubHttpClient stub;

    InjectedInTheConstructor(StubHttpClient stub) {
      SEEN.add(stub);
      this.stub = stub;
      stub.on("GET", "/users").reply(200, List.of("ada"));
    }

    @Test
    void one(StubHttpClient stub) {
      SEEN.add(stub);
    }

    @Test
    void two(StubHttpClient stub) {
      SEEN.add(stub);
    }
  }

  @ExtendWith(StubHttpClientExtension.class)
  @EnabledIf("dev.httpjson.testing.StubHttpClientExtensionTest#launching")
  static class UsesItsRoutes {
    @BeforeEach
    void routes(StubHttpClient stub) {
      SEEN.add(stub);
      stub.on("GET", "/users").reply(200, List.of("ada"));
    }

    @Test
    void one(StubHttpClient stub) throws Exception {
      SEEN.add(stub);
      stub.send(
          HttpRequest.newBuilder(URI.create("http://x/users")).build(), BodyHandlers.ofString());
    }

    @Test
    void two(StubHttpClient stub) throws Exception {
      SEEN.add(stub);
      stub.send(
          HttpRequest.newBuilder(URI.create("http://x/users")).build(), BodyHandlers.ofString());
    }
  }

  @ExtendWith(StubHttpClientExtension.class)
  @EnabledIf("dev.httpjson.testing.StubHttpClientExtensionTest#launching")
  static class LeavesThingsBehind {
    @Test
    void unused(StubHttpClient stub) {
      stub.on("GET", "/users").reply(200, List.of("ada"));
    }

    @Test
    void unexpected(StubHttpClient stub) {
      try {
        stub.send(
            HttpRequest.newBuilder(URI.create("http://x/none")).build(), BodyHandlers.ofString());
      } catch (Exception swallowed) {
        // code under test that swallows the failure
      }
    }
  }

  @ExtendWith(StubHttpClientExtension.class)
  @EnabledIf("dev.httpjson.testing.StubHttpClientExtensionTest#launching")
  static class FailsOnItsOwn {
    @Test
    void fails(StubHttpClient stub) {
      stub.on("GET", "/users").reply(200, List.of("ada"));
      throw new AssertionError("its own failure");
    }
  }
}

package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.micrometer.DefaultHttpJsonObservationConvention;
import dev.httpjson.micrometer.HttpJsonObservationContext;
import dev.httpjson.micrometer.HttpJsonObservations;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The application's {@link ObservationRegistry} observes every client's calls. */
class ObservationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(HttpJsonAutoConfiguration.class));

  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Configuration(proxyBeanMethods = false)
  @HttpJsonApis(client = "github", types = Repos.class)
  static class Observed {
    @Bean
    TestObservationRegistry observationRegistry() {
      return TestObservationRegistry.create();
    }
  }

  @Test
  void aCallThroughAnInterfaceBeanIsObservedWithItsPathTemplateOncePerCall() {
    server.enqueue(LoopbackServer.json(503, "{}"));
    server.enqueue(
        LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"acme/widgets\",\"stars\":3}"));
    runner
        .withUserConfiguration(Observed.class)
        .withPropertyValues(
            "httpjson.clients.github.base-uri=" + server.url("/api/").uri(),
            "httpjson.clients.github.retry.max-attempts=2",
            "httpjson.clients.github.retry.initial-backoff=1ms",
            "httpjson.clients.github.retry.max-backoff=10ms")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Repos.class).repo("acme", "widgets").id()).isEqualTo(7);
              assertThat(server.takeRequest(10, TimeUnit.SECONDS)).isNotNull();
              TestObservationRegistryAssert.assertThat(
                      context.getBean(TestObservationRegistry.class))
                  .hasNumberOfObservationsWithNameEqualTo("http.client.requests", 1)
                  .hasObservationWithNameEqualTo("http.client.requests")
                  .that()
                  .hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/{repo}")
                  .hasLowCardinalityKeyValue("status", "200")
                  .hasLowCardinalityKeyValue("method", "GET");
            });
  }

  /** A convention of the application's: every observation gets {@code api=github}. */
  static final class ApiNameConvention extends DefaultHttpJsonObservationConvention {
    @Override
    public KeyValues getLowCardinalityKeyValues(HttpJsonObservationContext context) {
      return super.getLowCardinalityKeyValues(context).and(KeyValue.of("api", "github"));
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnConvention {
    @Bean
    ApiNameConvention apiNameConvention() {
      return new ApiNameConvention();
    }
  }

  @Test
  void anObservationConventionBeanGivesTheKeyValues() {
    server.enqueue(
        LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"acme/widgets\",\"stars\":3}"));
    runner
        .withUserConfiguration(Observed.class, OwnConvention.class)
        .withPropertyValues("httpjson.clients.github.base-uri=" + server.url("/api/").uri())
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Repos.class).repo("acme", "widgets").id()).isEqualTo(7);
              TestObservationRegistryAssert.assertThat(
                      context.getBean(TestObservationRegistry.class))
                  .hasObservationWithNameEqualTo("http.client.requests")
                  .that()
                  .hasLowCardinalityKeyValue("api", "github")
                  .hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/{repo}");
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnObservations {
    @Bean
    HttpJsonObservations httpJsonObservations(TestObservationRegistry registry) {
      return HttpJsonObservations.create(registry).withConvention(new ApiNameConvention());
    }
  }

  /**
   * An {@code HttpJsonObservations} bean of the application's, under the name its type suggests,
   * observes every call as it was made (its convention), once.
   */
  @Test
  void anHttpJsonObservationsBeanOfTheApplicationObservesEveryCallInPlaceOfTheDefault() {
    server.enqueue(
        LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"acme/widgets\",\"stars\":3}"));
    runner
        .withUserConfiguration(Observed.class, OwnObservations.class)
        .withPropertyValues("httpjson.clients.github.base-uri=" + server.url("/api/").uri())
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Repos.class).repo("acme", "widgets").id()).isEqualTo(7);
              TestObservationRegistryAssert.assertThat(
                      context.getBean(TestObservationRegistry.class))
                  .hasNumberOfObservationsWithNameEqualTo("http.client.requests", 1)
                  .hasObservationWithNameEqualTo("http.client.requests")
                  .that()
                  .hasLowCardinalityKeyValue("api", "github")
                  .hasLowCardinalityKeyValue("uri", "/api/repos/{owner}/{repo}");
            });
  }

  /** A second convention of the application's: every observation gets {@code api=other}. */
  static final class OtherConvention extends DefaultHttpJsonObservationConvention {
    @Override
    public KeyValues getLowCardinalityKeyValues(HttpJsonObservationContext context) {
      return super.getLowCardinalityKeyValues(context).and(KeyValue.of("api", "other"));
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoConventions {
    @Bean
    ApiNameConvention apiNameConvention() {
      return new ApiNameConvention();
    }

    @Bean
    OtherConvention otherConvention() {
      return new OtherConvention();
    }
  }

  @Test
  void twoObservationConventionBeansNoneOfThemPrimaryFailTheContextNamingThem() {
    // Rather than every client falling back silently to the default convention.
    runner
        .withUserConfiguration(Observed.class, TwoConventions.class)
        .withPropertyValues("httpjson.clients.github.base-uri=" + server.url("/api/").uri())
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasStackTraceContaining("HttpJsonObservationConvention")
                    .hasStackTraceContaining("apiNameConvention")
                    .hasStackTraceContaining("otherConvention")
                    .hasStackTraceContaining("@Primary"));
  }

  @Test
  void ofTwoObservationConventionBeansThePrimaryGivesTheKeyValues() {
    server.enqueue(
        LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"acme/widgets\",\"stars\":3}"));
    runner
        .withUserConfiguration(Observed.class, TwoConventions.class)
        .withBean(
            "primaryConvention",
            OtherConvention.class,
            OtherConvention::new,
            d -> d.setPrimary(true))
        .withPropertyValues("httpjson.clients.github.base-uri=" + server.url("/api/").uri())
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Repos.class).repo("acme", "widgets").id()).isEqualTo(7);
              TestObservationRegistryAssert.assertThat(
                      context.getBean(TestObservationRegistry.class))
                  .hasObservationWithNameEqualTo("http.client.requests")
                  .that()
                  .hasLowCardinalityKeyValue("api", "other");
            });
  }

  @Test
  void withoutHttpjsonMicrometerOnTheClassPathTheRegistryObservesNothing() {
    server.enqueue(
        LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"acme/widgets\",\"stars\":3}"));
    runner
        .withUserConfiguration(Observed.class)
        .withClassLoader(new FilteredClassLoader(HttpJsonObservations.class))
        .withPropertyValues("httpjson.clients.github.base-uri=" + server.url("/api/").uri())
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Repos.class).repo("acme", "widgets").id()).isEqualTo(7);
              TestObservationRegistryAssert.assertThat(
                      context.getBean(TestObservationRegistry.class))
                  .doesNotHaveAnyObservation();
            });
  }

  @Test
  void withoutARegistryNothingIsObservedAndTheClientsWork() {
    server.enqueue(
        LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"acme/widgets\",\"stars\":3}"));
    runner
        .withUserConfiguration(AutoConfigurationTest.GitHubApis.class)
        .withPropertyValues("httpjson.clients.github.base-uri=" + server.url("/api/").uri())
        .run(
            context -> {
              assertThat(context).hasNotFailed().doesNotHaveBean(ObservationRegistry.class);
              assertThat(context.getBean(Repos.class).repo("acme", "widgets").id()).isEqualTo(7);
            });
  }
}

package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.testing.StubHttpClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/**
 * A test slice ({@code @WebMvcTest}, {@code @JsonTest}…) starts the application's configuration
 * without httpjson's auto-configuration: the interfaces its {@link HttpJsonApis} declares still
 * need their clients.
 */
class SliceTest {
  /** A slice's context: the application's configuration, none of httpjson's auto-configuration. */
  private final ApplicationContextRunner slice =
      new ApplicationContextRunner()
          .withPropertyValues("httpjson.clients.github.base-uri=https://api.github.invalid/");

  @Configuration(proxyBeanMethods = false)
  @HttpJsonApis(client = "github", types = Repos.class)
  @AutoConfigureHttpJsonStub
  static class StubbedApplication {}

  @Test
  void inASliceWithTheStubTheInterfacesRunOnTheStub() {
    slice
        .withUserConfiguration(StubbedApplication.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasSingleBean(Repos.class);
              StubHttpClient stub = context.getBean(StubHttpClient.class);
              stub.on("GET", "/repos/{owner}/{repo}")
                  .reply(200, java.util.Map.of("id", 7, "fullName", "a/b", "stars", 1));
              assertThat(context.getBean(Repos.class).repo("a", "b").stars()).isEqualTo(1);
            });
  }

  @Test
  void inASliceTheInterfacesOfTheApplicationsAnnotationAreBeans() {
    slice
        .withUserConfiguration(AutoConfigurationTest.GitHubApis.class)
        .run(context -> assertThat(context).hasNotFailed().hasSingleBean(Repos.class));
  }
}

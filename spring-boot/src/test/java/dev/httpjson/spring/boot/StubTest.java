package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.testing.StubHttpClient;
import dev.httpjson.testing.StubRequest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest(
    classes = StubTest.App.class,
    properties = {
      // A host that does not resolve: only the stub can answer.
      "httpjson.clients.github.base-uri=https://api.github.invalid/v3/",
      "httpjson.clients.github.headers.Authorization=Bearer ${github.token}",
      "github.token=t0ken",
      "httpjson.clients.github.transport=okhttp",
      "spring.jackson.property-naming-strategy=SNAKE_CASE"
    })
@AutoConfigureHttpJsonStub
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StubTest {
  @SpringBootConfiguration
  @EnableAutoConfiguration
  @HttpJsonApis(client = "github", types = Repos.class)
  static class App {}

  @Autowired StubHttpClient stub;
  @Autowired Repos repos;

  @Test
  @Order(1)
  void theInterfaceBeanCallsTheStubWithTheClientsPropertiesAndMapper() throws Exception {
    stub.on("GET", "/v3/repos/{owner}/{repo}")
        .reply(200, Map.of("id", 7, "full_name", "acme/widgets", "stars", 3));

    assertThat(repos.repo("acme", "widgets")).isEqualTo(new Repos.Repo(7, "acme/widgets", 3));

    StubRequest sent = stub.takeRequest(Duration.ofSeconds(5));
    assertThat(sent.uri().toString()).isEqualTo("https://api.github.invalid/v3/repos/acme/widgets");
    assertThat(sent.header("Authorization")).isEqualTo("Bearer t0ken");
  }

  @Test
  @Order(2)
  void eachTestMethodGetsAFreshStub() throws Exception {
    assertThat(stub.requests()).isEmpty(); // the first test's request is not here
    stub.on("GET", "/v3/repos/{owner}/{repo}")
        .reply(200, Map.of("id", 8, "full_name", "acme/gears", "stars", 0));

    assertThat(repos.repo("acme", "gears").fullName()).isEqualTo("acme/gears");
    assertThat(stub.requests()).hasSize(1);
    stub.verify();
  }
}

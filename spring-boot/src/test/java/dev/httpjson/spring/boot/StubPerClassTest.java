package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.testing.StubHttpClient;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;

/** A test class whose methods share one instance still gets a fresh stub per method. */
@SpringBootTest(
    classes = StubPerClassTest.App.class,
    properties = "httpjson.clients.github.base-uri=https://api.github.invalid/v3/")
@AutoConfigureHttpJsonStub
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StubPerClassTest {
  @SpringBootConfiguration
  @EnableAutoConfiguration
  @HttpJsonApis(client = "github", types = Repos.class)
  static class App {}

  @Autowired StubHttpClient stub;
  @Autowired Repos repos;

  @Test
  @Order(1)
  void theFirstMethodLeavesARouteAndARequest() throws Exception {
    stub.on("GET", "/v3/repos/{owner}/{repo}")
        .reply(200, Map.of("id", 7, "fullName", "acme/widgets", "stars", 3))
        .always();

    assertThat(repos.repo("acme", "widgets").id()).isEqualTo(7);
  }

  @Test
  @Order(2)
  void theSecondMethodGetsAFreshStubTheClientsCall() throws Exception {
    assertThat(stub.requests()).isEmpty();
    stub.on("GET", "/v3/repos/{owner}/{repo}")
        .reply(200, Map.of("id", 8, "fullName", "acme/gears", "stars", 0));

    assertThat(repos.repo("acme", "gears").id()).isEqualTo(8);
    stub.verify();
  }
}

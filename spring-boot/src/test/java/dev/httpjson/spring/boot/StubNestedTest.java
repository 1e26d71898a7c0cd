package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.testing.StubHttpClient;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;

/** A stub injected into the enclosing test class is the one a nested test's clients call. */
@SpringBootTest(
    classes = StubNestedTest.App.class,
    properties = "httpjson.clients.github.base-uri=https://api.github.invalid/v3/")
@AutoConfigureHttpJsonStub
class StubNestedTest {
  @SpringBootConfiguration
  @EnableAutoConfiguration
  @HttpJsonApis(client = "github", types = Repos.class)
  static class App {}

  @Autowired StubHttpClient stub;
  @Autowired Repos repos;

  @Test
  void theOuterTestsStubAnswers() throws Exception {
    stub.on("GET", "/v3/repos/{owner}/{repo}")
        .reply(200, Map.of("id", 7, "fullName", "acme/widgets", "stars", 3));

    assertThat(repos.repo("acme", "widgets").id()).isEqualTo(7);
    stub.verify();
  }

  @Nested
  class WhenNested {
    @Autowired StubHttpClient nestedStub;

    @Test
    void theEnclosingInstancesStubIsTheOneTheClientsCall() throws Exception {
      assertThat(nestedStub).isSameAs(stub);
      assertThat(stub.requests()).isEmpty();
      stub.on("GET", "/v3/repos/{owner}/{repo}")
          .reply(200, Map.of("id", 8, "fullName", "acme/gears", "stars", 0));

      assertThat(repos.repo("acme", "gears").id()).isEqualTo(8);
      stub.verify();
    }

    @Test
    void andEachNestedTestGetsAFreshOne() throws Exception {
      assertThat(nestedStub).isSameAs(stub);
      assertThat(stub.requests()).isEmpty();
      stub.on("GET", "/v3/repos/{owner}/{repo}")
          .reply(200, Map.of("id", 9, "fullName", "acme/cogs", "stars", 0));

      assertThat(repos.repo("acme", "cogs").id()).isEqualTo(9);
      stub.verify();
    }
  }
}

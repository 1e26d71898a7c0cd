package dev.httpjson.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.examples.ApiInterfaceExample.Charge;
import dev.httpjson.testing.Reply;
import dev.httpjson.testing.StubHttpClient;
import dev.httpjson.testing.StubHttpClientExtension;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The documentation's "Testing your code" example: a chat client and its test on a stub. The test
 * lives in main code so that the documentation's snippet compiles here; {@code ChatClientTest} runs
 * it.
 */
public final class TestingExample {
  private TestingExample() {}

  record Prompt(String model, String text) {}

  record Token(String text) {}

  /** The code under test: it asks a question and reads the answer as it streams in. */
  static final class ChatClient {
    private final HttpJsonClient api;

    ChatClient(HttpClient http) {
      api =
          HttpJsonClient.newBuilder(http)
              .baseUri("https://api.example.com/v1/")
              .interceptor(RetryInterceptor.newBuilder().methods("POST").build()) // 429, 503
              .build();
    }

    String ask(String question) throws IOException, InterruptedException {
      try (Stream<ServerSentEvent<Token>> answer =
          api.postAsJsonForEvents("chat", new Prompt("small", question), Token.class)) {
        return answer.map(e -> e.data().text()).collect(Collectors.joining());
      }
    }
  }

  /** The test. */
  @ExtendWith(StubHttpClientExtension.class) // a stub per test, verified after it
  public abstract static class ChatClientTests {
    @Test
    void streamsTheAnswerAfterA429(StubHttpClient stub) throws Exception {
      stub.on("POST", "/v1/chat")
          .reply(Reply.status(429).header("Retry-After", "0"))
          .reply(Reply.events().event(new Token("Hel")).event(new Token("lo")));

      String answer = new ChatClient(stub).ask("Say hello");

      assertThat(answer).isEqualTo("Hello");
      Prompt sent = new Prompt("small", "Say hello");
      assertThat(stub.takeRequest(Duration.ofSeconds(1)).bodyAs(Prompt.class)).isEqualTo(sent);
      assertThat(stub.takeRequest(Duration.ofSeconds(1)).bodyAs(Prompt.class)).isEqualTo(sent);
    }
  }

  /**
   * The documentation's cursor pages on a stub, through the interface {@code stripe} bound to
   * {@code stub}; {@code InterfaceStubTest} runs it.
   */
  static void stubPages(StubHttpClient stub, ApiInterfaceExample.Stripe stripe) throws Exception {
    // docs: stub pages
    stub.on("GET", "/v1/charges")
        .reply(
            request ->
                request.query("starting_after") == null
                    ? Reply.json(
                        200, Map.of("data", List.of(new Charge("ch_1", 100)), "has_more", true))
                    : Reply.json(
                        200, Map.of("data", List.of(new Charge("ch_2", 200)), "has_more", false)))
        .always();

    try (Stream<Charge> charges = stripe.charges(1, "cus_42")) {
      assertThat(charges.mapToLong(Charge::amount).sum()).isEqualTo(300);
    }

    assertThat(stub.requests())
        .extracting(r -> r.query("limit"), r -> r.query("starting_after"))
        .containsExactly(tuple("1", null), tuple("1", "ch_1")); // the page size on every page
    // docs: end stub pages
  }
}

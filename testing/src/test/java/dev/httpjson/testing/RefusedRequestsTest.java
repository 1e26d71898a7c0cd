package dev.httpjson.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.contract.LoopbackServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A request the JDK client refuses is refused by the stub too, with the same exception: an {@code
 * HttpRequest} of the caller's own class (a wrapper, as an interceptor may make one) is not checked
 * by {@code HttpRequest.newBuilder()}, and the JDK client checks it when it is sent. A test that
 * passed on the stub with such a request would fail in production.
 */
class RefusedRequestsTest {
  private static final HttpClient JDK = HttpClient.newHttpClient();

  private MockWebServer server;
  private final StubHttpClient stub = StubHttpClient.create();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** What a caller's own request class says, the rest of a valid request's. */
  private static final class Forged extends HttpRequest {
    private final String method;
    private final URI uri;
    private final Map<String, List<String>> headers;
    private final Optional<Duration> timeout;

    Forged(String method, URI uri, Map<String, List<String>> headers, Optional<Duration> timeout) {
      this.method = method;
      this.uri = uri;
      this.headers = headers;
      this.timeout = timeout;
    }

    @Override
    public Optional<BodyPublisher> bodyPublisher() {
      return Optional.empty();
    }

    @Override
    public String method() {
      return method;
    }

    @Override
    public Optional<Duration> timeout() {
      return timeout;
    }

    @Override
    public boolean expectContinue() {
      return false;
    }

    @Override
    public URI uri() {
      return uri;
    }

    @Override
    public Optional<HttpClient.Version> version() {
      return Optional.empty();
    }

    @Override
    public HttpHeaders headers() {
      return HttpHeaders.of(headers, (n, v) -> true);
    }

    @Override
    public String toString() {
      return method + " " + uri + " " + headers + " " + timeout;
    }
  }

  interface Forgery {
    Forged at(URI base);
  }

  static Stream<Forgery> refused() {
    Optional<Duration> none = Optional.empty();
    return Stream.of(
        base -> new Forged("GET", base, Map.of("Host", List.of("evil.test")), none),
        base -> new Forged("GET", base, Map.of("Connection", List.of("close")), none),
        base -> new Forged("GET", base, Map.of("content-length", List.of("0")), none),
        base -> new Forged("GET", base, Map.of("Expect", List.of("100-continue")), none),
        base -> new Forged("GET", base, Map.of("Upgrade", List.of("h2c")), none),
        base -> new Forged("GET", base, Map.of("X-Trace", List.of("a\r\nX-Injected: 1")), none),
        base -> new Forged("GET", base, Map.of("X-Price", List.of("10 \u20ac")), none),
        base -> new Forged("GET", base, Map.of("Bad Name", List.of("1")), none),
        base -> new Forged("GE T", base, Map.of(), none),
        base -> new Forged("CONNECT", base, Map.of(), none),
        base -> new Forged("GET", URI.create("ftp://127.0.0.1/v1/users"), Map.of(), none),
        base -> new Forged("GET", URI.create("/v1/users"), Map.of(), none),
        base -> new Forged("GET", base, Map.of(), Optional.of(Duration.ZERO)));
  }

  @ParameterizedTest
  @MethodSource("refused")
  void aRequestTheJdkRefusesIsRefusedAlike(Forgery forgery) throws Exception {
    URI base = LoopbackServer.uri(server, "/v1/users");
    stub.on("GET", "/v1/users").reply(200, List.of()).always();
    server.enqueue(new MockResponse.Builder().code(200).body("[]").build());
    Forged request = forgery.at(base);

    Throwable jdk = catchThrowable(() -> JDK.send(request, BodyHandlers.ofString()));
    Throwable onStub = catchThrowable(() -> stub.send(request, BodyHandlers.ofString()));
    Throwable onStubAsync = catchThrowable(() -> stub.sendAsync(request, BodyHandlers.ofString()));

    assertThat(jdk).as("the JDK client refuses %s", request).isNotNull();
    assertThat(server.takeRequest(100, TimeUnit.MILLISECONDS)).isNull();
    assertThat(onStub)
        .as("the stub refuses %s", request)
        .isInstanceOf(jdk.getClass())
        .hasMessage(jdk.getMessage());
    assertThat(onStubAsync).isInstanceOf(jdk.getClass()).hasMessage(jdk.getMessage());
    assertThat(stub.requests()).isEmpty();
  }

  /**
   * What the JDK client sends, the stub answers: obs-text in a value, a header of any other name.
   */
  @Test
  void aRequestTheJdkSendsIsAnswered() throws Exception {
    URI base = LoopbackServer.uri(server, "/v1/users");
    stub.on("GET", "/v1/users").reply(200, List.of());
    server.enqueue(new MockResponse.Builder().code(200).body("[]").build());
    Forged request =
        new Forged(
            "GET",
            base,
            Map.of("X-Note", List.of("caf\u00e9\tau lait"), "Date", List.of("today")),
            Optional.of(Duration.ofSeconds(5)));

    assertThat(JDK.send(request, BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    assertThat(stub.send(request, BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    assertThat(stub.takeRequest(Duration.ofSeconds(5)).header("x-note"))
        .isEqualTo("caf\u00e9\tau lait");
    stub.verify();
  }
}

package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.httpjson.contract.LogLines;
import dev.httpjson.contract.LoopbackServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A redirect whose {@code Location} carries userinfo and a token in its query, to another origin:
 * no credential follows, and neither the userinfo nor the token reaches a log line, a listener or
 * the failure the hop ends with.
 */
@Timeout(30)
class RedirectSecretsTest {
  private MockWebServer api;
  private MockWebServer other;

  @BeforeEach
  void start() throws Exception {
    api = LoopbackServer.start();
    other = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    api.close();
    other.close();
  }

  @Test
  void aLocationWithUserinfoAndATokenLeavesNoSecretAnywhere() throws Exception {
    URI o = LoopbackServer.uri(other, "/");
    String location =
        "http://mallory:pa55word@" + o.getRawAuthority() + "/landing?access_token=t0ken-v4lue";
    LogLines log = new LogLines();
    List<String> heard = new CopyOnWriteArrayList<>();
    HttpJsonClient client =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri(LoopbackServer.uri(api, "/v1/"))
            .options(JsonOptions.newBuilder().codec(new CountingCodec()).build())
            .header("Authorization", "Bearer s3cret")
            .header("Cookie", "session=s3cret")
            .followRedirects(HttpClient.Redirect.NORMAL)
            .interceptor(
                LoggingInterceptor.newBuilder()
                    .level(LoggingInterceptor.Level.HEADERS)
                    .logger(log)
                    .build())
            .listener(
                new CallListener() {
                  @Override
                  public void redirect(Call call, int statusCode, String to, long nanoTime) {
                    heard.add(to);
                  }
                })
            .build();
    api.enqueue(new MockResponse.Builder().code(307).addHeader("Location", location).build());
    other.enqueue(
        new MockResponse.Builder()
            .code(404)
            .addHeader("Content-Type", "text/plain")
            .body("not here")
            .build());

    Throwable failure =
        catchThrowable(() -> client.withHeader("X-Id", "1").getFromJson("x", String.class));

    assertThat(failure).isInstanceOf(HttpJsonStatusException.class);
    StringWriter trace = new StringWriter();
    failure.printStackTrace(new PrintWriter(trace));
    RecordedRequest hop = other.takeRequest(5, TimeUnit.SECONDS);
    assertThat(hop).isNotNull();
    assertThat(hop.getHeaders().get("Authorization")).isNull();
    assertThat(hop.getHeaders().get("Cookie")).isNull();
    assertThat(hop.getHeaders().get("X-Id")).isEqualTo("1");
    String everything = String.join("\n", log.lines) + "\n" + heard + "\n" + trace + "\n" + failure;
    assertThat(everything)
        .contains("/landing?access_token=***")
        .doesNotContain("pa55word", "mallory", "t0ken-v4lue", "s3cret");
  }
}

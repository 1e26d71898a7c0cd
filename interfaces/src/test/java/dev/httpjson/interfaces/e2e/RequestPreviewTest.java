package dev.httpjson.interfaces.e2e;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.interfaces.Body;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.Header;
import dev.httpjson.interfaces.Headers;
import dev.httpjson.interfaces.POST;
import dev.httpjson.interfaces.Path;
import dev.httpjson.interfaces.Query;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An interface method returning {@code HttpRequest} builds the request the client would send and
 * sends nothing; sent later, it is the request the server receives.
 */
class RequestPreviewTest {
  record Draft(String title) {}

  record Issue(int number, String title) {}

  @Headers("X-Api-Version: 2")
  interface Issues {
    @POST("repos/{owner}/issues")
    HttpRequest create(
        @Path("owner") String owner, @Body Draft draft, @Header("X-Trace") String trace)
        throws IOException;

    @GET("repos/{owner}/issues")
    HttpRequest list(@Path("owner") String owner, @Query("state") String state);
  }

  private MockWebServer server;
  private HttpJsonClient client;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    client =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri(server.url("/api/").uri())
            .header("Authorization", "Bearer t0ken")
            .build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aMethodReturningHttpRequestBuildsItWithTheClientsHeadersAndSendsNothing() throws Exception {
    Issues issues = client.create(Issues.class);

    HttpRequest create = issues.create("acme", new Draft("Crash"), "t-1");
    HttpRequest list = issues.list("acme", "open now");

    assertThat(create.method()).isEqualTo("POST");
    assertThat(create.uri()).isEqualTo(server.url("/api/repos/acme/issues").uri());
    assertThat(create.headers().firstValue("Authorization")).hasValue("Bearer t0ken");
    assertThat(create.headers().firstValue("X-Api-Version")).hasValue("2");
    assertThat(create.headers().firstValue("X-Trace")).hasValue("t-1");
    assertThat(create.headers().firstValue("Accept"))
        .hasValue("application/json, application/problem+json");
    assertThat(create.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/json");
    assertThat(list.method()).isEqualTo("GET");
    assertThat(list.uri().getRawQuery()).isEqualTo("state=open%20now");
    assertThat(HttpJson.toCurl(create))
        .contains("-H 'Authorization: ***'")
        .contains("--data-raw '{\"title\":\"Crash\"}'")
        .doesNotContain("t0ken");
    assertThat(LoopbackServer.received(server).count()).isZero();
  }

  @Test
  void theRequestReturnedIsTheOneTheServerReceivesWhenSent() throws Exception {
    server.enqueue(LoopbackServer.json(201, "{\"number\":7,\"title\":\"Crash\"}"));
    HttpRequest create = client.create(Issues.class).create("acme", new Draft("Crash"), "t-1");

    HttpResponse<Issue> created = client.exchange(create, Issue.class);

    assertThat(created.body()).isEqualTo(new Issue(7, "Crash"));
    RecordedRequest received = LoopbackServer.received(server).take(5, SECONDS);
    assertThat(received).isNotNull();
    assertThat(received.getTarget()).isEqualTo("/api/repos/acme/issues");
    assertThat(received.getBody().utf8()).isEqualTo("{\"title\":\"Crash\"}");
    assertThat(received.getHeaders().values("Authorization")).containsExactly("Bearer t0ken");
    assertThat(received.getHeaders().values("X-Trace")).containsExactly("t-1");
    assertThat(LoopbackServer.received(server).count()).isEqualTo(1);
  }
}

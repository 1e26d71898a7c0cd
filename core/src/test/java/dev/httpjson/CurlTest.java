package dev.httpjson;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.RawServer;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A request printed as {@code curl}: secrets hidden, and the command, run by the real curl, sends
 * what the JDK client sends.
 */
class CurlTest {
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static final String JSON = "{\"title\":\"it's \\\"quoted\\\"\",\"n\":1}";

  private HttpRequest post() {
    return HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/issues?limit=2&q=a%20b"))
        .POST(BodyPublishers.ofString(JSON))
        .header("Content-Type", "application/json")
        .header("Authorization", "Bearer s3cret")
        .header("Cookie", "session=s3cret")
        .header("X-Api-Key", "k3y")
        .header("X-Trace", "t-1")
        .build();
  }

  @Test
  void secretsAreRedactedAndTheJsonBodyIsShown() {
    String curl = HttpJson.toCurl(post(), "x-api-key");

    assertThat(curl)
        .startsWith("curl -X POST '" + LoopbackServer.uri(server, "/v1/issues?limit=2&q=a%20b"))
        .contains("-H 'Authorization: ***'")
        .contains("-H 'Cookie: ***'")
        .contains("-H 'X-Api-Key: ***'")
        .contains("-H 'X-Trace: t-1'")
        .contains("--data-raw '{\"title\":\"it'\\''s \\\"quoted\\\"\",\"n\":1}'")
        .doesNotContain("s3cret")
        .doesNotContain("k3y");
    assertThat(curl.lines()).allSatisfy(l -> assertThat(l).doesNotContain("\r"));
  }

  @Test
  void theUsualApiKeyAndTokenHeadersAreRedactedWithoutBeingNamed() {
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/x"))
            .header("X-Api-Key", "k3y-a")
            .header("Api-Key", "k3y-b")
            .header("X-Auth-Token", "k3y-c")
            .header("Private-Token", "k3y-d")
            .build();

    assertThat(HttpJson.toCurl(request))
        .contains("-H 'X-Api-Key: ***'")
        .contains("-H 'Api-Key: ***'")
        .contains("-H 'X-Auth-Token: ***'")
        .contains("-H 'Private-Token: ***'")
        .doesNotContain("k3y");
  }

  /**
   * Every header httpjson treats as a credential elsewhere (the logging interceptor and the test
   * kit show it as {@code ***}, a redirect to another origin drops it) is redacted in a printed
   * command too: a command line is pasted into tickets and chats.
   */
  @Test
  void everyHeaderTheLoggerHidesIsRedactedWithoutBeingNamed() {
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/x"))
            .header("X-Goog-Api-Key", "k3y-a")
            .header("X-Amz-Security-Token", "k3y-b")
            .header("Ocp-Apim-Subscription-Key", "k3y-c")
            .header("X-Vault-Token", "k3y-d")
            .header("X-Access-Token", "k3y-e")
            .header("X-Csrf-Token", "k3y-f")
            .header("X-Xsrf-Token", "k3y-g")
            .build();

    assertThat(HttpJson.toCurl(request))
        .contains("-H 'X-Goog-Api-Key: ***'")
        .contains("-H 'X-Vault-Token: ***'")
        .doesNotContain("k3y");
  }

  /**
   * A fragment is never sent (curl drops it too), and one such as an OAuth2 redirect's {@code
   * #access_token=…} is a secret: it is left out, as exception messages leave it out.
   */
  @Test
  void theFragmentIsLeftOut() {
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create(
                    LoopbackServer.uri(server, "/cb?state=1")
                        + "#access_token=s3cret&token_type=bearer"))
            .build();

    String curl = HttpJson.toCurl(request);

    assertThat(curl)
        .isEqualTo("curl '" + LoopbackServer.uri(server, "/cb?state=1") + "'")
        .doesNotContain("s3cret");
  }

  @Test
  void secretQueryParametersAndFormFieldsAreRedactedTheOthersShown() {
    HttpRequest request =
        FormContent.newBuilder()
            .add("grant_type", "client_credentials")
            .add("client_secret", "s3cret")
            .add("pin", "k3y")
            .build()
            .requestBuilder(
                "POST",
                LoopbackServer.uri(
                    server, "/token?api_key=s3cret&limit=2&Access_Token=s3cret&pin=k3y"))
            .build();

    String curl = HttpJson.toCurl(request, "PIN");

    assertThat(curl)
        .contains("/token?api_key=***&limit=2&Access_Token=***&pin=***'")
        .contains("--data-raw 'grant_type=client_credentials&client_secret=***&pin=***'")
        .doesNotContain("s3cret")
        .doesNotContain("k3y");
  }

  @Test
  void thePrintedCommandSendsWhatTheClientSends() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl is installed");
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "a POSIX shell is installed");
    server.enqueue(new MockResponse.Builder().code(204).build());
    server.enqueue(new MockResponse.Builder().code(204).build());
    HttpRequest request = post();
    HttpClient.newHttpClient().send(request, BodyHandlers.discarding());
    RecordedRequest sent = LoopbackServer.received(server).take(5, SECONDS);

    Process curl =
        new ProcessBuilder("/bin/sh", "-c", HttpJson.toCurl(request) + " --silent")
            .redirectErrorStream(true)
            .start();
    assertThat(curl.waitFor(20, TimeUnit.SECONDS)).as("curl ended").isTrue();
    RecordedRequest replayed = LoopbackServer.received(server).take(5, SECONDS);

    assertThat(curl.exitValue()).isZero();
    assertThat(replayed).isNotNull();
    assertThat(replayed.getMethod()).isEqualTo(sent.getMethod());
    assertThat(replayed.getTarget()).isEqualTo(sent.getTarget());
    assertThat(replayed.getBody().utf8()).isEqualTo(sent.getBody().utf8()).isEqualTo(JSON);
    assertThat(replayed.getHeaders().get("Content-Type")).isEqualTo("application/json");
    assertThat(replayed.getHeaders().get("X-Trace")).isEqualTo("t-1");
    assertThat(replayed.getHeaders().get("Authorization")).isEqualTo("***");
  }

  @Test
  void anEmptyHeaderAndAGetWithABodyAreSentByCurlAsByTheClient() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl is installed");
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "a POSIX shell is installed");
    BlockingQueue<String> received = new LinkedBlockingQueue<>();
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              Matcher length = Pattern.compile("(?im)^content-length: *(\\d+)").matcher(head);
              byte[] body =
                  socket
                      .getInputStream()
                      .readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0);
              received.add(head + new String(body, StandardCharsets.UTF_8));
              RawServer.write(
                  socket,
                  "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
              socket.close();
            })) {
      HttpRequest request =
          HttpRequest.newBuilder(raw.uri("/search"))
              .method("GET", BodyPublishers.ofString("{\"q\":1}"))
              .header("Content-Type", "application/json")
              .header("X-Empty", "")
              .build();
      HttpClient.newHttpClient().send(request, BodyHandlers.discarding());
      String sent = received.poll(5, SECONDS);

      Process curl =
          new ProcessBuilder("/bin/sh", "-c", HttpJson.toCurl(request) + " --silent")
              .redirectErrorStream(true)
              .start();
      assertThat(curl.waitFor(20, TimeUnit.SECONDS)).as("curl ended").isTrue();
      String replayed = received.poll(5, SECONDS);

      assertThat(curl.exitValue()).isZero();
      assertThat(sent).startsWith("GET /search HTTP/1.1\r\n").containsIgnoringCase("\r\nX-Empty:");
      assertThat(replayed)
          .isNotNull()
          .startsWith("GET /search HTTP/1.1\r\n")
          .endsWith("\r\n\r\n{\"q\":1}");
      assertThat(replayed).containsIgnoringCase("\r\nX-Empty:");
    }
  }

  @Test
  void anEmptyBodyIsSentByCurlAsByTheClient() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl is installed");
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "a POSIX shell is installed");
    for (String method : List.of("POST", "PUT", "DELETE")) {
      server.enqueue(new MockResponse.Builder().code(204).build());
      server.enqueue(new MockResponse.Builder().code(204).build());
      HttpRequest request =
          HttpRequest.newBuilder(LoopbackServer.uri(server, "/empty"))
              .method(method, BodyPublishers.noBody())
              .build();
      HttpClient.newHttpClient().send(request, BodyHandlers.discarding());
      RecordedRequest sent = LoopbackServer.received(server).take(5, SECONDS);

      Process curl =
          new ProcessBuilder("/bin/sh", "-c", HttpJson.toCurl(request) + " --silent")
              .redirectErrorStream(true)
              .start();
      assertThat(curl.waitFor(20, TimeUnit.SECONDS)).as("curl ended").isTrue();
      RecordedRequest replayed = LoopbackServer.received(server).take(5, SECONDS);

      assertThat(curl.exitValue()).isZero();
      assertThat(replayed.getMethod()).isEqualTo(sent.getMethod()).isEqualTo(method);
      assertThat(replayed.getHeaders().get("Content-Length"))
          .as(method)
          .isEqualTo(sent.getHeaders().get("Content-Length"));
      assertThat(replayed.getHeaders().get("Content-Type"))
          .as(method)
          .isEqualTo(sent.getHeaders().get("Content-Type"));
    }
  }

  @Test
  void aBodyACommandLineCannotCarryIsNotShown() throws Exception {
    HttpRequest utf16 =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/x"))
            .POST(BodyPublishers.ofString("{\"a\":\"b\"}", StandardCharsets.UTF_16BE))
            .header("Content-Type", "application/json; charset=UTF-16BE")
            .build();
    HttpRequest nul =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/x"))
            .POST(BodyPublishers.ofString("a\u0000b"))
            .header("Content-Type", "text/plain")
            .build();
    server.enqueue(new MockResponse.Builder().code(204).build());
    HttpClient.newHttpClient().send(utf16, BodyHandlers.discarding());
    byte[] sent = LoopbackServer.received(server).take(5, SECONDS).getBody().toByteArray();

    // The bytes sent are valid UTF-8 (ASCII in UTF-16BE is each byte after a NUL), but a shell
    // argument ends at a NUL: the command would send another body.
    assertThat(sent).startsWith(0, '{', 0, '"').contains(0);
    assertThat(HttpJson.toCurl(utf16))
        .doesNotContain("\u0000")
        .endsWith(
            "--data-binary @- # a body of "
                + sent.length
                + " bytes, with a NUL byte a command line cannot carry, not shown: pipe it in");
    assertThat(HttpJson.toCurl(nul))
        .doesNotContain("\u0000")
        .endsWith(
            "--data-binary @- # a body of 3 bytes, with a NUL byte a command line cannot carry,"
                + " not shown: pipe it in");
  }

  @Test
  void aFormBodyIsShownAndAGetHasNoMethodOption() {
    HttpRequest form =
        FormContent.newBuilder()
            .add("grant_type", "client_credentials")
            .add("scope", "a b")
            .build()
            .requestBuilder("POST", URI.create("https://auth.example/token"))
            .build();
    HttpRequest get =
        HttpRequest.newBuilder(URI.create("https://user:pa55@api.example/x")).GET().build();

    assertThat(HttpJson.toCurl(form))
        .isEqualTo(
            "curl -X POST 'https://auth.example/token' \\\n"
                + "  -H 'Accept: application/json, application/problem+json' \\\n"
                + "  -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
                + "  --data-raw 'grant_type=client_credentials&scope=a+b'");
    assertThat(HttpJson.toCurl(get)).isEqualTo("curl 'https://***@api.example/x'");
  }

  /**
   * A body of the caller's publisher, which may give its bytes only once (a stream given a length),
   * is not read to print it: the call sent after printing still sends the whole body.
   */
  @Test
  void aCallersPublisherIsNotReadSoTheRequestPrintedStillSendsItsBody() throws Exception {
    byte[] json = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
    ByteArrayInputStream once = new ByteArrayInputStream(json);
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/v1/items"))
            .POST(
                BodyPublishers.fromPublisher(BodyPublishers.ofInputStream(() -> once), json.length))
            .header("Content-Type", "application/json")
            .build();
    server.enqueue(new MockResponse.Builder().code(204).build());

    String curl = HttpJson.toCurl(request);
    int status = HttpClient.newHttpClient().send(request, BodyHandlers.discarding()).statusCode();

    assertThat(status).isEqualTo(204);
    RecordedRequest sent = LoopbackServer.received(server).take(5, SECONDS);
    assertThat(sent).isNotNull();
    assertThat(sent.getBody().utf8()).isEqualTo("{\"a\":1}");
    assertThat(curl)
        .endsWith(
            "--data-binary @- # a body of 7 bytes, from a publisher that may give its bytes only"
                + " once (not read here), not shown: pipe it in");
  }

  @Test
  void aBodyNotShownSaysWhy() {
    URI uri = URI.create("https://api.example/upload");
    HttpRequest binary =
        HttpRequest.newBuilder(uri)
            .PUT(BodyPublishers.ofByteArray(new byte[10]))
            .header("Content-Type", "application/octet-stream")
            .build();
    HttpRequest large =
        HttpRequest.newBuilder(uri)
            .POST(BodyPublishers.ofString("[" + "1,".repeat(3000) + "1]"))
            .header("Content-Type", "application/json")
            .build();
    HttpRequest streamed =
        HttpRequest.newBuilder(uri)
            .POST(
                BodyPublishers.ofInputStream(
                    () -> new ByteArrayInputStream("{}".getBytes(StandardCharsets.UTF_8))))
            .header("Content-Type", "application/json")
            .build();

    assertThat(HttpJson.toCurl(binary))
        .endsWith(
            "--data-binary @- # a body of 10 bytes, of type application/octet-stream, not shown:"
                + " pipe it in");
    assertThat(HttpJson.toCurl(large))
        .endsWith(
            "--data-binary @- # a body of 6003 bytes, longer than 4096 bytes, not shown: pipe it"
                + " in");
    assertThat(HttpJson.toCurl(streamed))
        .endsWith("--data-binary @- # a body streamed, of unknown length, not shown: pipe it in");
  }
}

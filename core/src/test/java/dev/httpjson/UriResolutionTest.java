package dev.httpjson;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.internal.Calls;
import dev.httpjson.internal.Uris;
import java.net.URI;
import java.net.http.HttpClient;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Relative URIs resolve against an {@link HttpJsonClient}'s base URI as RFC 3986 section 5.2 says,
 * dot segments removed, so no {@code ..} ever reaches a server ({@link URI#resolve(URI)} follows
 * RFC 2396 and keeps a {@code ..} that climbs above the root).
 */
class UriResolutionTest {
  private static final URI RFC_BASE = URI.create("http://a/b/c/d;p?q");

  /**
   * RFC 3986 section 5.4.1 and 5.4.2 (normal and abnormal examples), with base {@code RFC_BASE}.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = ' ',
      value = {
        "g:h g:h",
        "g http://a/b/c/g",
        "./g http://a/b/c/g",
        "g/ http://a/b/c/g/",
        "/g http://a/g",
        "//g http://g",
        "?y http://a/b/c/d;p?y",
        "g?y http://a/b/c/g?y",
        "#s http://a/b/c/d;p?q#s",
        "g#s http://a/b/c/g#s",
        "g?y#s http://a/b/c/g?y#s",
        ";x http://a/b/c/;x",
        "g;x http://a/b/c/g;x",
        "g;x?y#s http://a/b/c/g;x?y#s",
        ". http://a/b/c/",
        "./ http://a/b/c/",
        ".. http://a/b/",
        "../ http://a/b/",
        "../g http://a/b/g",
        "../.. http://a/",
        "../../ http://a/",
        "../../g http://a/g",
        "../../../g http://a/g",
        "../../../../g http://a/g",
        "/./g http://a/g",
        "/../g http://a/g",
        "g. http://a/b/c/g.",
        ".g http://a/b/c/.g",
        "g.. http://a/b/c/g..",
        "..g http://a/b/c/..g",
        "./../g http://a/b/g",
        "./g/. http://a/b/c/g/",
        "g/./h http://a/b/c/g/h",
        "g/../h http://a/b/c/h",
        "g;x=1/./y http://a/b/c/g;x=1/y",
        "g;x=1/../y http://a/b/c/y",
        "g?y/./x http://a/b/c/g?y/./x",
        "g?y/../x http://a/b/c/g?y/../x",
        "g#s/./x http://a/b/c/g#s/./x",
        "g#s/../x http://a/b/c/g#s/../x",
        "http:g http:g",
        "%2e%2e/%2E%2e/%2e%2e/g http://a/g",
        "http://x/p/../../q http://x/q",
      })
  void resolvesTheExamplesOfRfc3986(String reference, String expected) {
    assertThat(Uris.resolve(RFC_BASE, URI.create(reference))).hasToString(expected);
  }

  // ---- through a bound client ----

  private MockWebServer server;
  private HttpJsonClient api;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri(LoopbackServer.uri(server, "/v1/"))
            .options(JsonOptions.newBuilder().codec(new CountingCodec()).build())
            .build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ' ',
      value = {
        "../../../x /x",
        "../v2/users?page=2 /v2/users?page=2",
        "users/./42/../43 /v1/users/43",
        "%2e%2e/%2e%2e/etc /etc",
        "/../x /x",
        "users/.. /v1/",
      })
  void noDotSegmentReachesTheServer(String relative, String target) throws Exception {
    server.enqueue(json(200, "\"ok\""));

    assertThat(api.getFromJson(relative, String.class)).isEqualTo("ok");

    assertThat(server.takeRequest().getTarget()).isEqualTo(target);
  }

  @Test
  void aUriWithALineBreakIsRefusedWithAMessageOnOneLineAndNothingIsSent() throws Exception {
    String id = "42\r\nX-Forged: yes\u0000";

    assertThatThrownBy(() -> api.getFromJson("users/" + id, String.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "uri is malformed (Illegal character in path at index 8: a control character;"
                + " percent-encode it, %0D): users/42%0D%0AX-Forged: yes%00");
    assertThat(
            LoopbackServer.received(server).take(200, java.util.concurrent.TimeUnit.MILLISECONDS))
        .isNull();
  }

  @Test
  void aPathWhoseFirstSegmentHoldsAColonIsRefusedSayingHowToWriteItAndNothingIsSent()
      throws Exception {
    String id = "urn:isbn:0451450523";

    assertThatThrownBy(() -> api.getFromJson(id + "/reviews?key=s3cret", String.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "uri has the scheme \"urn\", where the base URI's is \"http\": a relative path"
                + " whose first segment holds ':' reads as a scheme; write it after \"./\" to"
                + " mean a path: urn:***");
    assertThatThrownBy(() -> api.uri("mailto:someone@example.com"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("uri has the scheme \"mailto\"");

    server.enqueue(json(200, "\"ok\""));
    assertThat(api.getFromJson("./" + id + "/reviews", String.class)).isEqualTo("ok");
    assertThat(server.takeRequest().getTarget()).isEqualTo("/v1/" + id + "/reviews");
  }

  @Test
  void anAbsoluteUriLosesItsDotSegmentsToo() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    String absolute = LoopbackServer.uri(server, "/v1/").toString() + "a/../../../b";

    assertThat(api.getFromJson(absolute, String.class)).isEqualTo("ok");

    assertThat(server.takeRequest().getTarget()).isEqualTo("/b");
  }

  /**
   * A plain path resolves by concatenation on a fast path; every reference, plain or not, resolves
   * to what the RFC 3986 resolution gives, or fails with its message.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = ' ',
      value = {
        "http://api.example.com/v1/",
        "https://api.example.com:8443/",
        "http://[::1]:8080/a/b;p/",
        "http://h/%7Euser/"
      })
  void theFastPathForPlainPathsResolvesAsTheRfcDoes(String base) {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient()).baseUri(base).build();
    String[] references = {
      "users",
      "users/42",
      "users/42/",
      "/users",
      "/v2/users?page=2&per_page=100",
      "users?q=a%20b",
      "a;b/c",
      "users/%2e%2e/admin",
      "users/%2E/x",
      "users/./x",
      "users/../x",
      "./x",
      "../x",
      "..",
      ".",
      ".hidden",
      "a/.well-known/x",
      "a/..b",
      "a/b..",
      "x:y",
      "users/x:y",
      "mailto:a@b",
      "//other/x",
      "?q=1",
      "#frag",
      "a#frag",
      "a b",
      "a|b",
      "a\\b",
      "ü",
      "/",
      "//",
      "///x",
      "a//b",
      "http://other/x/../y",
      "users/42?",
      "%41",
      "%zz",
      "Aa",
      "BB",
      "AaAa",
      "BBBB",
      "AaBB"
    };
    // Twice over: the second pass finds the plain paths in the client's cache of resolved paths,
    // where paths of equal hash ("Aa", "BB") take each other's slot; then a derived client.
    for (int pass = 0; pass < 2; pass++) {
      for (String reference : references) {
        assertResolvesAsTheRfcDoes(api, base, reference);
      }
    }
    for (String reference : references) {
      assertResolvesAsTheRfcDoes(api.withHeader("X-Derived", "1"), base, reference);
    }
  }

  private static void assertResolvesAsTheRfcDoes(
      HttpJsonClient api, String base, String reference) {
    String expected;
    try {
      URI resolved = Uris.resolve(api.baseUri(), Calls.parse(reference));
      String scheme = resolved.getScheme();
      expected =
          scheme.equals("http") || scheme.equals("https")
              ? resolved.toString()
              // a first segment with a colon: a scheme the caller did not mean, refused
              : "fails: uri has the scheme \""
                  + scheme
                  + "\", where the base URI's is \""
                  + api.baseUri().getScheme()
                  + "\": a relative path whose first segment holds ':' reads as a scheme; write"
                  + " it after \"./\" to mean a path: "
                  + Uris.redact(resolved);
    } catch (IllegalArgumentException e) {
      expected = "fails: " + e.getMessage();
    }
    String actual;
    try {
      actual = api.resolve(reference).toString();
    } catch (IllegalArgumentException e) {
      actual = "fails: " + e.getMessage();
    }
    assertThat(actual).as("%s against %s", reference, base).isEqualTo(expected);
  }
}

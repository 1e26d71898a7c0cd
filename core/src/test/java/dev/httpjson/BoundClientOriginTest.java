package dev.httpjson;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.internal.Uris;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Default headers (credentials) of an {@link HttpJsonClient} go only to its base URI's origin; the
 * base URI must end in '/'. Two loopback servers are two origins (their ports differ).
 */
class BoundClientOriginTest {
  private final HttpClient client = HttpClient.newHttpClient();
  private final JsonOptions options = JsonOptions.newBuilder().codec(new CountingCodec()).build();
  private MockWebServer api;
  private MockWebServer other;
  private HttpJsonClient bound;

  @BeforeEach
  void start() throws Exception {
    api = LoopbackServer.start();
    other = LoopbackServer.start();
    bound =
        HttpJsonClient.newBuilder(client)
            .baseUri(LoopbackServer.uri(api, "/v1/"))
            .options(options)
            .header("Authorization", "Bearer s3cret")
            .header("X-Tenant", "t1")
            .build();
  }

  @AfterEach
  void stop() {
    api.close();
    other.close();
  }

  @Test
  void absoluteUriToAnotherOriginIsSentWithoutTheDefaultHeaders() throws Exception {
    other.enqueue(json(200, "\"elsewhere\""));
    other.enqueue(json(200, "\"posted\""));
    String elsewhere = LoopbackServer.uri(other, "/download?sig=1").toString();

    assertThat(bound.getFromJson(elsewhere, String.class)).isEqualTo("elsewhere");
    assertThat(bound.postAsJson(elsewhere, "v", String.class)).isEqualTo("posted");

    for (int i = 0; i < 2; i++) {
      RecordedRequest received = dev.httpjson.contract.LoopbackServer.take(other);
      assertThat(received.getTarget()).isEqualTo("/download?sig=1");
      assertThat(received.getHeaders().values("Authorization")).isEmpty();
      assertThat(received.getHeaders().values("X-Tenant")).isEmpty();
      assertThat(received.getHeaders().values("Accept"))
          .containsExactly("application/json, application/problem+json");
    }
    assertThat(api.getRequestCount()).isZero();
  }

  @Test
  void networkPathReferenceToAnotherOriginIsSentWithoutTheDefaultHeaders() throws Exception {
    other.enqueue(json(200, "\"elsewhere\""));
    URI o = LoopbackServer.uri(other, "/");
    String networkPath = "//" + o.getHost() + ":" + o.getPort() + "/x";

    assertThat(bound.getFromJsonAsync(networkPath, String.class).get(10, TimeUnit.SECONDS))
        .isEqualTo("elsewhere");

    RecordedRequest received = dev.httpjson.contract.LoopbackServer.take(other);
    assertThat(received.getTarget()).isEqualTo("/x");
    assertThat(received.getHeaders().values("Authorization")).isEmpty();
    assertThat(received.getHeaders().values("X-Tenant")).isEmpty();
    assertThat(api.getRequestCount()).isZero();
  }

  @Test
  void sameOriginGetsTheDefaultHeadersWhateverFormTheUriTakes() throws Exception {
    URI a = LoopbackServer.uri(api, "/");
    String authority = a.getHost() + ":" + a.getPort();
    String[] uris = {
      "users/1", // relative path
      "/admin/users", // absolute path: same origin, outside the base path
      "//" + authority + "/n", // network path to the base's own origin
      "HTTP://" + authority.toUpperCase(java.util.Locale.ROOT) + "/upper", // case-insensitive
      a.resolve("/abs").toString(),
    };
    for (String uri : uris) {
      api.enqueue(json(200, "\"ok\""));
      assertThat(bound.getFromJson(uri, String.class)).isEqualTo("ok");
    }

    for (String target : new String[] {"/v1/users/1", "/admin/users", "/n", "/upper", "/abs"}) {
      RecordedRequest received = dev.httpjson.contract.LoopbackServer.take(api);
      assertThat(received.getTarget()).isEqualTo(target);
      assertThat(received.getHeaders().values("Authorization")).containsExactly("Bearer s3cret");
      assertThat(received.getHeaders().values("X-Tenant")).containsExactly("t1");
    }
  }

  @Test
  void withoutABaseUriDefaultHeadersGoWithEveryAbsoluteUri() throws Exception {
    HttpJsonClient unbound =
        HttpJsonClient.newBuilder(client).options(options).header("X-Tenant", "t1").build();
    other.enqueue(json(200, "\"ok\""));

    unbound.getFromJson(LoopbackServer.uri(other, "/x").toString(), String.class);

    assertThat(dev.httpjson.contract.LoopbackServer.take(other).getHeaders().values("X-Tenant"))
        .containsExactly("t1");
  }

  @Test
  void originComparesSchemeHostAndEffectivePort() {
    URI base = URI.create("https://api.example.com/v1/");

    assertThat(Uris.sameOrigin(base, URI.create("https://API.example.com:443/x"))).isTrue();
    assertThat(Uris.sameOrigin(base, URI.create("https://user@api.example.com/x"))).isTrue();
    assertThat(Uris.sameOrigin(base, URI.create("http://api.example.com/x"))).isFalse();
    assertThat(Uris.sameOrigin(base, URI.create("http://api.example.com:443/x"))).isFalse();
    assertThat(Uris.sameOrigin(base, URI.create("https://api.example.com:8443/x"))).isFalse();
    assertThat(Uris.sameOrigin(base, URI.create("https://api.example.com.evil.test/x"))).isFalse();
    assertThat(Uris.sameOrigin(base, URI.create("https://evil.test/api.example.com"))).isFalse();
    assertThat(Uris.sameOrigin(URI.create("http://h/"), URI.create("http://h:80/"))).isTrue();
  }

  // ---- the base URI ----

  @Test
  void baseUriWhosePathDoesNotEndInSlashIsRefused() {
    HttpJsonClient.Builder builder = HttpJsonClient.newBuilder(client);

    assertThatThrownBy(() -> builder.baseUri("https://api.example.com/api"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "baseUri must end in /: https://api.example.com/api"
                + " (a relative URI such as \"users/42\" would replace its last segment)");
  }

  @Test
  void baseUriWithAnEmptyPathMeansTheRoot() throws Exception {
    HttpJsonClient root =
        HttpJsonClient.newBuilder(client)
            .baseUri("http://" + LoopbackServer.uri(api, "/").getRawAuthority())
            .options(options)
            .build();
    api.enqueue(json(200, "\"ok\""));

    root.getFromJson("users/42", String.class);

    assertThat(root.baseUri()).isEqualTo(LoopbackServer.uri(api, "/"));
    assertThat(dev.httpjson.contract.LoopbackServer.take(api).getTarget()).isEqualTo("/users/42");
  }

  @Test
  void baseUriWithAQueryOrFragmentIsRefused() {
    HttpJsonClient.Builder builder = HttpJsonClient.newBuilder(client);

    assertThatThrownBy(() -> builder.baseUri("https://api.example.com/v1/?key=1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "baseUri must not have a query: https://api.example.com/v1/?key=***"
                + " (a relative URI resolved against it drops it)");
    assertThatThrownBy(() -> builder.baseUri("https://api.example.com/v1/#top"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "baseUri must not have a fragment: https://api.example.com/v1/"
                + " (a relative URI resolved against it drops it)");
  }

  /**
   * Credentials in the base URI's userinfo would reach no server (the JDK client sends no userinfo)
   * and would show wherever the URI is printed: refused, the message hiding them.
   */
  @Test
  void baseUriWithUserInfoIsRefusedWithoutShowingIt() {
    HttpJsonClient.Builder builder = HttpJsonClient.newBuilder(client).options(options);
    URI withUser =
        URI.create("http://user:s3cret@" + LoopbackServer.uri(api, "/").getRawAuthority() + "/v1/");

    assertThatThrownBy(() -> builder.baseUri(withUser))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "baseUri must not have user info: "
                + LoopbackServer.uri(api, "/v1/")
                + " (send credentials in a header, such as Authorization)")
        .hasMessageNotContaining("s3cret")
        .hasMessageNotContaining("user:");
    assertThatThrownBy(() -> builder.baseUri("https://token-s3cret@api.example.com/"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "baseUri must not have user info: https://api.example.com/"
                + " (send credentials in a header, such as Authorization)");
    assertThat(api.getRequestCount()).isZero();
  }

  /** A base URI no transport can call fails where it is set, not at the first call. */
  @Test
  void baseUriWithASchemeOtherThanHttpOrHttpsIsRefused() {
    HttpJsonClient.Builder builder = HttpJsonClient.newBuilder(client);

    assertThatThrownBy(() -> builder.baseUri("ftp://files.example.com/pub/"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("baseUri must be an http or https URI: ftp://files.example.com/pub/");
    assertThatThrownBy(() -> builder.baseUri(URI.create("mailto:ops@example.com")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("baseUri must be an http or https URI: mailto:***");
    assertThat(builder.baseUri("HTTPS://api.example.com/").build().baseUri())
        .isEqualTo(URI.create("HTTPS://api.example.com/"));
  }
}

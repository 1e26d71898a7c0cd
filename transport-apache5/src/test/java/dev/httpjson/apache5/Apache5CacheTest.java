package dev.httpjson.apache5;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpCache;
import dev.httpjson.contract.CacheContract;
import dev.httpjson.contract.LoopbackServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import mockwebserver3.MockResponse;
import org.apache.hc.client5.http.cookie.BasicCookieStore;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.cookie.BasicClientCookie;
import org.junit.jupiter.api.Test;

/** {@link CacheContract} over Apache HttpClient 5, and what Apache adds beneath the cache. */
class Apache5CacheTest extends CacheContract {
  @Override
  protected HttpClient newClient() {
    return Apache5Clients.http1();
  }

  /** A client of the caller's whose store holds one session cookie for the loopback host. */
  private HttpClient session(String value) {
    BasicCookieStore store = new BasicCookieStore();
    BasicClientCookie cookie = new BasicClientCookie("session", value);
    cookie.setDomain(LoopbackServer.uri(server, "/").getHost());
    cookie.setPath("/");
    cookie.setAttribute("domain", cookie.getDomain());
    store.addCookie(cookie);
    return Apache5Transport.newHttpClient(
        HttpClients.custom().disableRedirectHandling().setDefaultCookieStore(store).build());
  }

  @Test
  void clientsOfTheCallersWithTheirOwnCookieStoresNeverShareAResponse() throws Exception {
    for (String who : new String[] {"alice", "bob"}) {
      server.enqueue(
          new MockResponse.Builder()
              .code(200)
              .body(who)
              .addHeader("Cache-Control", "max-age=60")
              .build());
    }
    HttpCache cache = HttpCache.inMemory(1 << 20);
    HttpClient alice = cache.decorate(session("alice"));
    HttpClient bob = cache.decorate(session("bob"));
    HttpRequest request =
        HttpRequest.newBuilder(LoopbackServer.uri(server, "/me"))
            .timeout(Duration.ofSeconds(5))
            .build();

    assertThat(alice.send(request, BodyHandlers.ofString()).body()).isEqualTo("alice");
    assertThat(bob.send(request, BodyHandlers.ofString()).body()).isEqualTo("bob");
    assertThat(alice.send(request, BodyHandlers.ofString()).body()).isEqualTo("alice");
    assertThat(server.getRequestCount()).isEqualTo(2);
  }
}

package dev.httpjson.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJsonClient;
import java.net.InetAddress;
import java.net.http.HttpClient;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/** The documentation's refresh-once-on-401 interceptor does what it says, blocking and async. */
class RefreshOn401Test {
  @Test
  void a401RefreshesTheTokenOnceAndRepeatsTheCall() throws Exception {
    try (MockWebServer server = new MockWebServer()) {
      server.start(InetAddress.getLoopbackAddress(), 0);
      AtomicInteger refreshes = new AtomicInteger();
      InterceptorsExample.TokenSource tokens =
          new InterceptorsExample.TokenSource() {
            @Override
            public String current() {
              return "t" + refreshes.get();
            }

            @Override
            public String refresh() {
              return "t" + refreshes.incrementAndGet();
            }
          };
      HttpJsonClient api =
          HttpJsonClient.newBuilder(HttpClient.newHttpClient())
              .baseUri(server.url("/v1/").uri())
              .interceptor(new InterceptorsExample.RefreshOn401(tokens))
              .build();
      for (int i = 0; i < 2; i++) {
        server.enqueue(
            new MockResponse.Builder().code(401).body("{\"error\":\"expired\"}").build());
        server.enqueue(
            new MockResponse.Builder()
                .code(200)
                .addHeader("Content-Type", "application/json")
                .body("{\"id\":\"42\",\"name\":\"Ada\"}")
                .build());
      }
      assertThat(api.getFromJson("users/42", InterceptorsExample.User.class).name())
          .isEqualTo("Ada");
      assertThat(
              api.getFromJsonAsync("users/42", InterceptorsExample.User.class)
                  .get(5, TimeUnit.SECONDS)
                  .name())
          .isEqualTo("Ada");
      String[] sent = new String[4];
      for (int i = 0; i < 4; i++) {
        sent[i] = server.takeRequest(5, TimeUnit.SECONDS).getHeaders().get("Authorization");
      }
      assertThat(sent).containsExactly("Bearer t0", "Bearer t1", "Bearer t1", "Bearer t2");
    }
  }
}

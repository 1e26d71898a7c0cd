package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CountingCodec;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Each call builds its own request from its own parts, also when it repeats the last one. */
class CallsRequestReuseTest {
  private static final JsonOptions ON = JsonOptions.newBuilder().build();
  private static final JsonOptions OFF = JsonOptions.newBuilder().compression(false).build();
  private static final String[] NONE = {};

  @Test
  void aRepeatedGetIsBuiltAnewWithTheSameParts() {
    URI uri = URI.create("http://127.0.0.1:1/items?page=1");
    HttpRequest first = Calls.request("GET", uri, null, ON, new String[] {"X-A", "1"});
    HttpRequest again =
        Calls.request(
            "GET",
            URI.create("http://127.0.0.1:1/items?page=1"),
            null,
            ON,
            new String[] {"X-A", "1"});
    // No request is kept between calls: what one client sent, another never sees.
    assertThat(again).isNotSameAs(first).isEqualTo(first);
    assertThat(again.headers().map())
        .isEqualTo(first.headers().map())
        .containsEntry("X-A", List.of("1"))
        .containsEntry("Accept", List.of("application/json, application/problem+json"))
        .containsKey("Accept-Encoding");
  }

  @Test
  void anyDifferenceBuildsAnother() {
    URI uri = URI.create("http://127.0.0.1:1/items");
    HttpRequest base = Calls.request("GET", uri, null, ON, new String[] {"Authorization", "a"});

    HttpRequest otherValue =
        Calls.request("GET", uri, null, ON, new String[] {"Authorization", "b"});
    assertThat(otherValue).isNotSameAs(base);
    assertThat(otherValue.headers().allValues("Authorization")).containsExactly("b");

    HttpRequest otherUri =
        Calls.request(
            "GET",
            URI.create("http://127.0.0.1:2/items"),
            null,
            ON,
            new String[] {"Authorization", "b"});
    assertThat(otherUri.uri()).isEqualTo(URI.create("http://127.0.0.1:2/items"));

    // An escape spelt in another case is another URI on the wire.
    HttpRequest lower = Calls.request("GET", URI.create("http://h/a%2fb"), null, ON, NONE);
    HttpRequest upper = Calls.request("GET", URI.create("http://h/a%2Fb"), null, ON, NONE);
    assertThat(upper.uri().toString()).isEqualTo("http://h/a%2Fb");
    assertThat(lower.uri().toString()).isEqualTo("http://h/a%2fb");

    HttpRequest delete = Calls.request("DELETE", URI.create("http://h/a%2Fb"), null, ON, NONE);
    assertThat(delete.method()).isEqualTo("DELETE");

    HttpRequest off = Calls.request("DELETE", URI.create("http://h/a%2Fb"), null, OFF, NONE);
    assertThat(off.headers().firstValue("Accept-Encoding")).isEmpty();
    assertThat(delete.headers().firstValue("Accept-Encoding")).isPresent();

    HttpRequest noHeader = Calls.request("DELETE", URI.create("http://h/a%2Fb"), null, OFF, NONE);
    HttpRequest withHeader =
        Calls.request("DELETE", URI.create("http://h/a%2Fb"), null, OFF, new String[] {"X", "y"});
    assertThat(noHeader.headers().firstValue("X")).isEmpty();
    assertThat(withHeader.headers().firstValue("X")).contains("y");
  }

  @Test
  void theCallersArrayChangingLaterChangesNothing() {
    String[] headers = {"X-Token", "one"};
    URI uri = URI.create("http://127.0.0.1:1/t");
    HttpRequest first = Calls.request("GET", uri, null, ON, headers);
    headers[1] = "two";
    HttpRequest second = Calls.request("GET", uri, null, ON, headers);
    assertThat(first.headers().allValues("X-Token")).containsExactly("one");
    assertThat(second.headers().allValues("X-Token")).containsExactly("two");
  }

  @Test
  void aRequestWithABodyIsBuiltEachTime() throws Exception {
    URI uri = URI.create("http://127.0.0.1:1/p");
    JsonContent content =
        JsonContent.of(Map.of("a", 1), ON.toBuilder().codec(new CountingCodec()).build());
    HttpRequest first = Calls.request("POST", uri, content, ON, NONE);
    HttpRequest second = Calls.request("POST", uri, content, ON, NONE);
    assertThat(second).isNotSameAs(first);
  }

  @Test
  void aRelativeUriFailsEveryTime() {
    URI relative = URI.create("/items");
    for (int i = 0; i < 2; i++) {
      assertThatThrownBy(() -> Calls.request("GET", relative, null, ON, NONE))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("relative");
    }
  }

  @Test
  void threadsOnOtherUrisAlwaysGetTheirOwn() throws Exception {
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int id = t;
      Thread thread =
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < 20_000; i++) {
                    URI uri = URI.create("http://127.0.0.1:1/t" + (id + (i % 2) * 4));
                    String[] headers = {"X-Id", Integer.toString(id)};
                    HttpRequest r = Calls.request("GET", uri, null, ON, headers);
                    if (!r.uri().equals(uri)
                        || !r.headers().allValues("X-Id").equals(List.of(headers[1]))) {
                      throw new AssertionError(r + " " + r.headers().map() + " for " + uri);
                    }
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join(TimeUnit.SECONDS.toMillis(30));
      assertThat(thread.isAlive()).as("still running after 30 s").isFalse();
    }
    assertThat(failures).isEmpty();
  }
}

package dev.httpjson.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** A cache given to a client over the stub answers as it would over the network. */
class StubCacheTest {
  private static final URI BASE = URI.create("https://api.test/v1/");

  private final StubHttpClient stub = StubHttpClient.create();
  private final HttpCache cache = HttpCache.inMemory(1 << 20);
  private final HttpJsonClient api =
      HttpJsonClient.newBuilder(stub).baseUri(BASE).cache(cache).build();

  @Test
  void aFreshReplyIsAnsweredFromTheCacheAndA304FromTheStoredValue() throws Exception {
    stub.on("GET", "/v1/fresh").reply(Reply.json(200, "a").header("Cache-Control", "max-age=60"));
    stub.on("GET", "/v1/tagged")
        .reply(Reply.json(200, "b").header("ETag", "\"1\"").header("Cache-Control", "no-cache"))
        .reply(Reply.status(304).header("ETag", "\"1\""));

    assertThat(api.getFromJson("fresh", String.class)).isEqualTo("a");
    assertThat(api.getFromJson("fresh", String.class)).isEqualTo("a");
    assertThat(api.getFromJson("tagged", String.class)).isEqualTo("b");
    assertThat(api.getFromJson("tagged", String.class)).isEqualTo("b");

    assertThat(stub.requests()).hasSize(3);
    assertThat(stub.requests().get(2).headers().firstValue("If-None-Match")).contains("\"1\"");
    assertThat(cache.hitCount()).isEqualTo(1);
    assertThat(cache.revalidationCount()).isEqualTo(1);
    stub.verify();
  }
}

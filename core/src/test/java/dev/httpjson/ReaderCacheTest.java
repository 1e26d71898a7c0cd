package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.testing.LoopbackServer;
import java.net.URI;
import java.net.http.HttpClient;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The seed's regression, made impossible: equal options built per call share one cache. */
class ReaderCacheTest {
  private final CountingCodec codec = new CountingCodec();
  private MockWebServer server;
  private final HttpClient client = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void optionsBuiltAnewForEveryCallCreateNoNewBindingReaderOrWriter() throws Exception {
    URI uri = LoopbackServer.uri(server, "/s");
    for (int i = 0; i < 3; i++) {
      server.enqueue(LoopbackServer.json(200, "\"warm\""));
      HttpJson.getFromJson(client, uri, String.class, freshOptions());
      server.enqueue(LoopbackServer.json(200, "\"warm\""));
      HttpJson.postAsJson(client, uri, "w", freshOptions());
    }
    int binds = codec.binds.get();
    int readers = codec.readers.get();
    int writers = codec.writers.get();

    int n = 200;
    for (int i = 0; i < n; i++) {
      server.enqueue(LoopbackServer.json(200, "\"v" + i + "\""));
      assertThat(HttpJson.getFromJson(client, uri, String.class, freshOptions()))
          .isEqualTo("v" + i);
      server.enqueue(LoopbackServer.json(204, ""));
      HttpJson.postAsJson(client, uri, "p" + i, freshOptions());
    }

    assertThat(codec.binds.get()).isEqualTo(binds).isEqualTo(1);
    assertThat(codec.readers.get()).isEqualTo(readers).isEqualTo(1);
    assertThat(codec.writers.get()).isEqualTo(writers).isEqualTo(1);
  }

  @Test
  void differentOptionsGetTheirOwnBinding() {
    JsonOptions a = JsonOptions.newBuilder().codec(codec).build();
    JsonOptions b = JsonOptions.newBuilder().codec(codec).indent(true).build();

    assertThat(a.binding()).isSameAs(JsonOptions.newBuilder().codec(codec).build().binding());
    assertThat(a.binding()).isNotSameAs(b.binding());
    assertThat(codec.binds.get()).isEqualTo(2);
  }

  @Test
  void theOptionsCacheIsBounded() {
    for (int i = 0; i < Bindings.MAX_ENTRIES * 3; i++) {
      JsonOptions.newBuilder().codec(codec).maxResponseSize(1000 + i).build().binding();
    }

    assertThat(Bindings.size()).isLessThanOrEqualTo(Bindings.MAX_ENTRIES);
  }

  @Test
  void theTypeCacheIsBounded() {
    CachedBinding binding =
        JsonOptions.newBuilder().codec(codec).maxNestingDepth(7).build().binding();
    for (int i = 0; i < CachedBinding.MAX_TYPES * 3; i++) {
      binding.reader(new IdType(i));
    }

    assertThat(binding.cachedReaders()).isLessThanOrEqualTo(CachedBinding.MAX_TYPES);
    assertThat(codec.readers.get()).isEqualTo(CachedBinding.MAX_TYPES * 3);
  }

  private record IdType(int id) implements java.lang.reflect.Type {}

  private JsonOptions freshOptions() {
    return JsonOptions.newBuilder().codec(codec).build();
  }
}

package dev.httpjson.jackson;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.contract.LoopbackServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code dev.httpjson.Call} JFR event: a recording started with no code change to the calls
 * shows each call — two that succeed and two that fail — with its method, redacted URI, status,
 * bytes, phases and outcome.
 */
class CallEventTest {
  record Item(int id, String title) {}

  @Test
  void aRecordingShowsEveryCall(@TempDir Path dir) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    JsonType<Item> item =
        JsonType.of(Item.class, JsonOptions.newBuilder().codec(new JacksonCodec()).build());
    Path file = dir.resolve("calls.jfr");
    try (MockWebServer server = LoopbackServer.start();
        Recording recording = new Recording()) {
      recording.enable("dev.httpjson.Call").withThreshold(Duration.ZERO);
      recording.start();
      server.enqueue(json(200, "{\"id\":1,\"title\":\"one\"}"));
      server.enqueue(json(201, "{\"id\":2,\"title\":\"two\"}"));
      server.enqueue(json(404, "{\"message\":\"Not Found\"}"));
      server.enqueue(json(200, "{\"id\":"));
      URI base = LoopbackServer.uri(server, "/");

      assertThat(HttpJson.getFromJson(client, base.resolve("items/1?api_key=s3cret"), item))
          .isEqualTo(new Item(1, "one"));
      assertThat(HttpJson.postAsJson(client, base.resolve("items"), new Item(0, "two"), item))
          .isEqualTo(new Item(2, "two"));
      assertThatThrownBy(() -> HttpJson.getFromJson(client, base.resolve("items/9"), item))
          .isInstanceOf(HttpJsonStatusException.class);
      assertThatThrownBy(() -> HttpJson.getFromJson(client, base.resolve("items/3"), item))
          .isInstanceOf(JsonReadException.class);

      recording.stop();
      recording.dump(file);
    }
    List<RecordedEvent> calls =
        RecordingFile.readAllEvents(file).stream()
            .filter(e -> e.getEventType().getName().equals("dev.httpjson.Call"))
            .sorted(Comparator.comparing(RecordedEvent::getStartTime))
            .collect(Collectors.toList());

    assertThat(calls).hasSize(4);
    RecordedEvent get = calls.get(0);
    assertThat(get.getString("method")).isEqualTo("GET");
    assertThat(get.getString("uri")).contains("/items/1").doesNotContain("s3cret");
    assertThat(get.getInt("status")).isEqualTo(200);
    assertThat(get.getString("outcome")).isEqualTo("success");
    assertThat(get.getString("codec")).isEqualTo("jackson");
    assertThat(get.getString("type")).endsWith("Item");
    assertThat(get.getLong("bytesIn")).isEqualTo(22);
    assertThat(get.getLong("bytesDecoded")).isEqualTo(22);
    assertThat(get.getInt("attempts")).isEqualTo(1);
    assertThat(get.getDuration().toNanos()).isPositive();
    assertThat(get.getDuration("headersDuration").toNanos()).isPositive();
    assertThat(get.getDuration("headersDuration")).isLessThanOrEqualTo(get.getDuration());

    RecordedEvent post = calls.get(1);
    assertThat(post.getString("method")).isEqualTo("POST");
    assertThat(post.getInt("status")).isEqualTo(201);
    assertThat(post.getLong("bytesOut")).isEqualTo("{\"id\":0,\"title\":\"two\"}".length());

    RecordedEvent notFound = calls.get(2);
    assertThat(notFound.getInt("status")).isEqualTo(404);
    assertThat(notFound.getString("outcome")).isEqualTo(HttpJsonStatusException.class.getName());

    RecordedEvent malformed = calls.get(3);
    assertThat(malformed.getInt("status")).isEqualTo(200);
    assertThat(malformed.getString("outcome")).isEqualTo(JsonReadException.class.getName());
    assertThat(Files.size(file)).isPositive();
  }
}

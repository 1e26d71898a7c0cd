package dev.httpjson.interfaces.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.interfaces.e2e.Uploads.Meta;
import dev.httpjson.interfaces.e2e.Uploads.Token;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated implementation of {@link Uploads}, called against loopback servers. */
class UploadsTest {
  private static final String TOKEN = "{\"accessToken\":\"abc\"}";
  private static HttpClient http;
  private MockWebServer server;
  private MockWebServer other;
  private Uploads api;

  @BeforeAll
  static void client() {
    http = HttpClient.newHttpClient();
  }

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
    other = LoopbackServer.start();
    api =
        HttpJsonClient.newBuilder(http)
            .baseUri(server.url("/api/").uri())
            .header("Authorization", "Bearer t0ken")
            .build()
            .create(Uploads.class);
  }

  @AfterEach
  void stop() {
    server.close();
    other.close();
  }

  @Test
  void formFieldsAreSentInOrderANullOneLeftOutAnIterableRepeated() throws Exception {
    server.enqueue(LoopbackServer.json(200, TOKEN));

    Token token = api.token("client_credentials", List.of("read", "write all"), null, 3);

    assertThat(token).isEqualTo(new Token("abc"));
    RecordedRequest r = LoopbackServer.take(server);
    assertThat(r.getMethod()).isEqualTo("POST");
    assertThat(r.getTarget()).isEqualTo("/api/oauth/token");
    assertThat(r.getHeaders().get("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
    assertThat(r.getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
    assertThat(r.getBody().utf8())
        .isEqualTo("grant_type=client_credentials&scope=read&scope=write+all&n=3");
  }

  @Test
  void multipartPartsAreSentAsTextJsonAndAStreamedFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("train.jsonl");
    Files.writeString(file, "{}\n{}\n");
    server.enqueue(LoopbackServer.json(201, TOKEN));

    HttpResponse<Token> response =
        api.upload("fine-tune", new Meta("train.jsonl", 2), file, null).get(10, TimeUnit.SECONDS);

    assertThat(response.statusCode()).isEqualTo(201);
    assertThat(response.body()).isEqualTo(new Token("abc"));
    RecordedRequest r = LoopbackServer.take(server);
    String type = r.getHeaders().get("Content-Type");
    assertThat(type).startsWith("multipart/form-data; boundary=");
    String boundary = type.substring(type.indexOf('=') + 1);
    assertThat(r.getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
    assertThat(r.getBody().utf8())
        .isEqualTo(
            "--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nfine-tune\r\n--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\"meta\"\r\n"
                + "Content-Type: application/json; charset=utf-8\r\n\r\n"
                + "{\"fileName\":\"train.jsonl\",\"lines\":2}\r\n--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"train.jsonl\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n{}\n{}\n\r\n--"
                + boundary
                + "--\r\n");
  }

  @Test
  void aVoidMultipartMethodSendsItsBytes() throws Exception {
    server.enqueue(LoopbackServer.json(204, ""));

    api.put(new byte[] {'h', 'i'});

    RecordedRequest r = LoopbackServer.take(server);
    assertThat(r.getMethod()).isEqualTo("PUT");
    assertThat(r.getBody().utf8())
        .contains("name=\"data\"; filename=\"data\"\r\nContent-Type: application/octet-stream")
        .contains("\r\n\r\nhi\r\n--");
  }

  @Test
  void aUrlParameterReplacesThePathWithItsQueryAndHeaderMaps() throws Exception {
    server.enqueue(LoopbackServer.json(200, TOKEN));
    Map<String, Object> query = new LinkedHashMap<>();
    query.put("limit", 10);
    query.put("tag", List.of("a b", "c"));

    api.next("items?cursor=x1", query, Map.of("X-Trace", "t1"));

    RecordedRequest r = LoopbackServer.take(server);
    assertThat(r.getTarget()).isEqualTo("/api/items?cursor=x1&limit=10&tag=a%20b&tag=c");
    assertThat(r.getHeaders().get("X-Trace")).isEqualTo("t1");
    assertThat(r.getHeaders().get("Authorization")).isEqualTo("Bearer t0ken");
  }

  @Test
  void aUrlsFragmentIsLeftOutAndTheQueryMapsParametersKept() throws Exception {
    server.enqueue(LoopbackServer.json(200, TOKEN));

    api.next("items?cursor=x1#results", Map.of("limit", 10), Map.of());

    assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/api/items?cursor=x1&limit=10");
  }

  @Test
  void aUrlOnAnotherOriginGetsNoDefaultCredentials() throws Exception {
    other.enqueue(LoopbackServer.json(200, TOKEN));
    other.enqueue(LoopbackServer.json(200, TOKEN));

    api.next(other.url("/upload?id=1").toString(), Map.of(), Map.of());
    api.at(other.url("/next").uri());

    for (int i = 0; i < 2; i++) {
      RecordedRequest r = LoopbackServer.take(other);
      assertThat(r.getHeaders().get("Authorization")).isNull();
    }
    assertThat(other.getRequestCount()).isEqualTo(2);
  }

  @Test
  void aNullUrlMapKeyOrValueFailsBeforeAnythingIsSent() {
    Map<String, Object> nullValue = new HashMap<>();
    nullValue.put("a", null);
    Map<String, String> nullKey = new HashMap<>();
    nullKey.put(null, "v");
    assertThatThrownBy(() -> api.at(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("@Url parameter url is null");
    assertThatThrownBy(() -> api.next("x", null, Map.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("@QueryMap parameter query is null");
    assertThatThrownBy(() -> api.next("x", nullValue, Map.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("@QueryMap parameter query has a null value for key a");
    assertThatThrownBy(() -> api.next("x", Map.of(), nullKey))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("@HeaderMap parameter headers has a null key");
    assertThatThrownBy(() -> api.next("x", Map.of(), null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("@HeaderMap parameter headers is null");
    assertThat(server.getRequestCount()).isZero();
  }
}

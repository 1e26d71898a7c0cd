package dev.httpjson.contract;

import static dev.httpjson.contract.LoopbackServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.FormContent;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.MultipartContent;
import dev.httpjson.spi.JsonCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Form ({@link FormContent}) and multipart ({@link MultipartContent}) bodies sent through the
 * one-liners and {@link HttpJsonClient}: the bytes and headers the server receives, on every {@link
 * HttpClient} underneath.
 */
public abstract class FormContract {
  protected MockWebServer server;
  protected HttpClient client;
  protected JsonOptions options;

  protected abstract JsonCodec codec();

  /** The client under test. */
  protected HttpClient newClient() {
    return HttpClient.newHttpClient();
  }

  @BeforeEach
  void startServer() throws IOException {
    server = LoopbackServer.start();
    client = newClient();
    options = JsonOptions.newBuilder().codec(codec()).build();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  @Test
  void formIsSentUrlEncodedInOrderWithItsLength() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    FormContent form =
        FormContent.newBuilder()
            .add("grant_type", "client_credentials")
            .add("scope", "read write")
            .add("scope", null)
            .add("x", "é&=+*-._~/?")
            .add("emoji", "\uD83D\uDE00")
            .add("lone", "\uD800")
            .add("a b", "")
            .build();

    String answer =
        HttpJson.postAsJson(
            client, server.url("/token").uri(), form, JsonType.of(String.class, options));

    assertThat(answer).isEqualTo("ok");
    RecordedRequest r = LoopbackServer.take(server);
    String expected =
        "grant_type=client_credentials&scope=read+write&x=%C3%A9%26%3D%2B*-._%7E%2F%3F"
            + "&emoji=%F0%9F%98%80&lone=%EF%BF%BD&a+b=";
    assertThat(r.getBody().utf8()).isEqualTo(expected);
    assertThat(r.getHeaders().get("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
    assertThat(r.getHeaders().get("Content-Length")).isEqualTo(String.valueOf(expected.length()));
    assertThat(form.contentLength()).isEqualTo(expected.length());
  }

  @Test
  void aJsonContentPassedAsTheValueIsSentAsItIs() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    server.enqueue(json(200, "\"ok\""));
    List<Integer> value = List.of(1, 2);
    JsonType<String> answer = JsonType.of(String.class, options);

    HttpJson.postAsJson(client, server.url("/items").uri(), value, answer);
    HttpJson.postAsJson(client, server.url("/items").uri(), JsonContent.of(value, options), answer);

    RecordedRequest direct = LoopbackServer.take(server);
    RecordedRequest content = LoopbackServer.take(server);
    assertThat(content.getBody().utf8()).isEqualTo(direct.getBody().utf8());
    assertThat(content.getHeaders().get("Content-Type"))
        .isEqualTo(direct.getHeaders().get("Content-Type"));
    assertThat(content.getHeaders().get("Content-Length"))
        .isEqualTo(direct.getHeaders().get("Content-Length"));
  }

  @Test
  void formFieldNamedNullIsRefused() {
    assertThatThrownBy(() -> FormContent.newBuilder().add(null, "v"))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("name == null");
  }

  @Test
  void formThroughAClientCarriesItsHeaders() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    HttpJsonClient c =
        HttpJsonClient.newBuilder(client)
            .baseUri(server.url("/api/").uri())
            .options(options)
            .header("Authorization", "Basic czZCaGRSa3F0MzpnWDFmQmF0M2JW")
            .build();

    HttpResponse<byte[]> response =
        c.putAsJson("token", FormContent.newBuilder().add("a", "1").build());

    assertThat(response.statusCode()).isEqualTo(200);
    RecordedRequest r = LoopbackServer.take(server);
    assertThat(r.getMethod()).isEqualTo("PUT");
    assertThat(r.getUrl().encodedPath()).isEqualTo("/api/token");
    assertThat(r.getHeaders().get("Authorization")).startsWith("Basic ");
    assertThat(r.getHeaders().get("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
    assertThat(r.getBody().utf8()).isEqualTo("a=1");
  }

  @Test
  void multipartPartsAreSentPerRfc7578WithItsLength(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("notes.txt");
    Files.writeString(file, "file body\r\n");
    server.enqueue(json(200, "\"ok\""));
    MultipartContent upload =
        MultipartContent.newBuilder()
            .field("purpose", "fine-tune")
            .field("skipped", null)
            .json("meta", JsonContent.of("ünï", options))
            .file("avatar", new byte[] {1, 2, 3}, "a \"b\"\r\n.png", "image/png")
            .file("doc", file)
            .build();
    String boundary = upload.mediaType().substring("multipart/form-data; boundary=".length());
    assertThat(boundary).matches("[0-9A-Za-z]{32}");

    HttpJsonClient c = HttpJsonClient.newBuilder(client).options(options).build();
    String answer = c.postAsJson(server.url("/files").toString(), upload, String.class);

    assertThat(answer).isEqualTo("ok");
    RecordedRequest r = LoopbackServer.take(server);
    String expected =
        "--"
            + boundary
            + "\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nfine-tune\r\n--"
            + boundary
            + "\r\nContent-Disposition: form-data; name=\"meta\"\r\n"
            + "Content-Type: application/json; charset=utf-8\r\n\r\n\"ünï\"\r\n--"
            + boundary
            + "\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"a %22b%22%0D%0A.png\""
            + "\r\nContent-Type: image/png\r\n\r\n\u0001\u0002\u0003\r\n--"
            + boundary
            + "\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"notes.txt\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\nfile body\r\n\r\n--"
            + boundary
            + "--\r\n";
    assertThat(r.getBody().utf8()).isEqualTo(expected);
    assertThat(r.getHeaders().get("Content-Type")).isEqualTo(upload.mediaType());
    long length = expected.getBytes(StandardCharsets.UTF_8).length;
    assertThat(r.getHeaders().get("Content-Length")).isEqualTo(String.valueOf(length));
    assertThat(upload.contentLength()).isEqualTo(length);
  }

  @Test
  void aContentTypeGivenForJsonBodiesDoesNotReplaceAFormsOrAMultipartsOwn() throws Exception {
    HttpJsonClient c =
        HttpJsonClient.newBuilder(client)
            .baseUri(server.url("/").uri())
            .options(options)
            .header("Content-Type", "application/vnd.api+json")
            .build();
    server.enqueue(json(200, "\"ok\""));
    server.enqueue(json(200, "\"ok\""));
    server.enqueue(json(200, "\"ok\""));
    MultipartContent upload = MultipartContent.newBuilder().field("a", "1").build();

    c.postAsJson("form", FormContent.newBuilder().add("a", "1").build());
    c.postAsJson("multipart", upload);
    c.withHeader("Content-Type", "application/json").postAsJson("again", upload);

    RecordedRequest form = LoopbackServer.take(server);
    assertThat(form.getHeaders().values("Content-Type"))
        .containsExactly("application/x-www-form-urlencoded");
    assertThat(form.getBody().utf8()).isEqualTo("a=1");
    for (int i = 0; i < 2; i++) {
      RecordedRequest multipart = LoopbackServer.take(server);
      assertThat(multipart.getHeaders().values("Content-Type")).containsExactly(upload.mediaType());
      assertThat(multipart.getBody().utf8()).contains("\r\n\r\n1\r\n--");
    }
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(ints = {-90, 200, 40})
  void aFileThatChangedSizeAfterBuildFailsTheCallAndIsNeverSentCut(int change, @TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("f.txt");
    Files.writeString(file, "0123456789".repeat(10));
    MultipartContent upload = MultipartContent.newBuilder().file("f", file).build();
    String boundary = upload.mediaType().substring("multipart/form-data; boundary=".length());
    Files.writeString(file, "x".repeat(100 + change));
    server.enqueue(json(200, "\"ok\""));
    server.enqueue(json(200, "\"ok\""));

    Throwable thrown =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(20),
            () ->
                org.assertj.core.api.Assertions.catchThrowable(
                    () -> HttpJson.postAsJson(client, server.url("/up").uri(), upload, options)));

    assertThat(thrown).isInstanceOf(IOException.class);
    StringBuilder messages = new StringBuilder();
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      messages.append(t).append('\n');
    }
    assertThat(messages.toString())
        .contains("part \"f\": the file " + file)
        .contains(change < 0 ? "has fewer bytes than the 100" : "has more bytes than the 100");
    for (RecordedRequest r;
        (r = LoopbackServer.received(server).take(1, TimeUnit.SECONDS)) != null; ) {
      if (r.getFailure() == null && r.getBody().size() > 0) {
        assertThat(r.getBody().utf8())
            .as("a body the server took as whole")
            .endsWith("--" + boundary + "--\r\n");
      }
    }
  }

  @Test
  void multipartWithAnInputStreamPartIsSentWithoutLength() throws Exception {
    server.enqueue(json(200, "\"ok\""));
    InputStream in = new ByteArrayInputStream("streamed".getBytes(StandardCharsets.UTF_8));
    MultipartContent upload =
        MultipartContent.newBuilder().file("f", in, "f.bin", "application/octet-stream").build();
    assertThat(upload.contentLength()).isEqualTo(-1);

    HttpResponse<byte[]> response =
        HttpJson.postAsJson(client, server.url("/up").uri(), upload, options);

    assertThat(response.statusCode()).isEqualTo(200);
    RecordedRequest r = LoopbackServer.take(server);
    assertThat(r.getHeaders().get("Content-Length")).isNull();
    assertThat(r.getBody().utf8()).contains("\r\n\r\nstreamed\r\n--").endsWith("--\r\n");
  }

  @Test
  void aFormAndAFilePartAreSentAgainWhenA307IsFollowed(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("f.txt");
    Files.writeString(file, "content");
    HttpJsonClient c =
        HttpJsonClient.newBuilder(client)
            .options(options)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    for (int i = 0; i < 2; i++) {
      server.enqueue(
          new mockwebserver3.MockResponse.Builder()
              .code(307)
              .setHeader("Location", "/second")
              .build());
      server.enqueue(json(200, "\"ok\""));
    }

    c.postAsJson(server.url("/first").toString(), FormContent.newBuilder().add("a", "1").build());
    MultipartContent upload = MultipartContent.newBuilder().file("f", file).build();
    c.postAsJson(server.url("/first").toString(), upload);

    for (String body : List.of("a=1", "content")) {
      RecordedRequest first = LoopbackServer.take(server);
      RecordedRequest second = LoopbackServer.take(server);
      assertThat(second.getTarget()).isEqualTo("/second");
      assertThat(second.getBody().utf8()).isEqualTo(first.getBody().utf8()).contains(body);
    }
  }

  @Test
  void anInputStreamPartSentAgainFailsSayingSo() throws Exception {
    HttpJsonClient c =
        HttpJsonClient.newBuilder(client)
            .options(options)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    server.enqueue(
        new mockwebserver3.MockResponse.Builder().code(307).setHeader("Location", "/b").build());
    server.enqueue(json(200, "\"ok\""));
    MultipartContent upload =
        MultipartContent.newBuilder()
            .file("f", new ByteArrayInputStream(new byte[] {1}), "f", "application/x")
            .build();

    Throwable thrown =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(20),
            () ->
                org.assertj.core.api.Assertions.catchThrowable(
                    () -> c.postAsJson(server.url("/a").toString(), upload)));

    assertThat(thrown).isInstanceOf(IOException.class);
    Throwable root = thrown;
    StringBuilder messages = new StringBuilder();
    for (; root != null; root = root.getCause()) {
      messages.append(root).append('\n');
    }
    assertThat(messages.toString()).contains("an InputStream part can be sent only once");
  }

  /**
   * An {@code InputStream} part read once cannot be sent again: under a {@link
   * dev.httpjson.RetryInterceptor}, the attempt that would resend it fails the call at once, with
   * the part's failure as the cause, rather than being retried as if the network had failed.
   */
  @Test
  void anInputStreamPartSentAgainByARetryFailsAtOnceSayingSo() throws Exception {
    HttpJsonClient c =
        HttpJsonClient.newBuilder(client)
            .options(options)
            .interceptor(
                dev.httpjson.RetryInterceptor.newBuilder()
                    .maxAttempts(3)
                    .backoff(java.time.Duration.ZERO, java.time.Duration.ofSeconds(1))
                    .build())
            .build();
    server.enqueue(json(503, "{}"));
    server.enqueue(json(200, "\"ok\""));
    server.enqueue(json(200, "\"ok\""));
    MultipartContent upload =
        MultipartContent.newBuilder()
            .file("f", new ByteArrayInputStream(new byte[] {1}), "f", "application/x")
            .build();

    Throwable thrown =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(20),
            () ->
                org.assertj.core.api.Assertions.catchThrowable(
                    () -> c.putAsJson(server.url("/a").toString(), upload)));

    assertThat(thrown)
        .isInstanceOf(dev.httpjson.HttpJsonException.class)
        .hasMessageNotContaining("attempts");
    assertThat(thrown.getCause())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("an InputStream part can be sent only once");
  }

  @Test
  void aHundredMegabyteFileStreamsInBoundedMemory(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("big.bin");
    long size = 100L << 20;
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size); // sparse: made at once
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx32m");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(UploadMain.class.getName());
    command.add(getClass().getName());
    command.add(file.toString());
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    boolean ended = child.waitFor(90, TimeUnit.SECONDS);
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!ended) {
      child.destroyForcibly();
    }
    assertThat(ended).as("upload ended within 90 s: %s", out).isTrue();
    assertThat(child.exitValue()).as(out).isZero();
    long overhead = 200; // boundary lines and the part's headers
    assertThat(out).contains("received ");
    long received =
        Long.parseLong(out.substring(out.indexOf("received ") + 9).trim().split("\\s")[0]);
    assertThat(received).isBetween(size, size + overhead);
  }

  /**
   * Uploads a file in a JVM with a 32 MiB heap to a loopback server that counts the bytes it reads
   * and keeps none: the client of the contract subclass named by the first argument.
   */
  public static final class UploadMain {
    private UploadMain() {}

    public static void main(String[] args) throws Exception {
      Class<?> contract = Class.forName(args[0]);
      Constructor<?> make = contract.getDeclaredConstructor();
      make.setAccessible(true);
      Method newClient = FormContract.class.getDeclaredMethod("newClient");
      newClient.setAccessible(true);
      Method codec = contract.getDeclaredMethod("codec");
      codec.setAccessible(true);
      Object instance = make.newInstance();
      HttpClient client = (HttpClient) newClient.invoke(instance);
      JsonOptions options =
          JsonOptions.newBuilder().codec((JsonCodec) codec.invoke(instance)).build();
      AtomicLong body = new AtomicLong();
      try (RawServer server =
          new RawServer(
              (socket, head) -> {
                long length = -1;
                for (String line : head.split("\r\n")) {
                  if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Long.parseLong(line.substring(15).trim());
                  }
                }
                InputStream in = socket.getInputStream();
                byte[] buffer = new byte[64 * 1024];
                long n = 0;
                while (n < length) {
                  int read = in.read(buffer, 0, (int) Math.min(buffer.length, length - n));
                  if (read < 0) {
                    break;
                  }
                  n += read;
                }
                body.set(n);
                OutputStream out = socket.getOutputStream();
                out.write(
                    ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                            + "Connection: close\r\n\r\n{}")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                socket.close();
              })) {
        MultipartContent upload =
            MultipartContent.newBuilder().file("file", Path.of(args[1])).build();
        HttpResponse<byte[]> response =
            HttpJson.postAsJson(client, server.uri("/upload"), upload, options);
        if (response.statusCode() != 200) {
          throw new AssertionError("status " + response.statusCode());
        }
        long max = Runtime.getRuntime().maxMemory();
        System.out.println("received " + body.get() + " max heap " + max);
        if (!server.handlerFailures().isEmpty()) {
          throw new AssertionError(server.handlerFailures());
        }
      }
      System.exit(0);
    }
  }
}

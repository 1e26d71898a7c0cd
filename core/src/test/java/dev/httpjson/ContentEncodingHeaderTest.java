package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A compressed body's {@code Content-Encoding} belongs to the body: a caller's header of that name
 * on {@code requestBuilder} never makes a second one (which would say the body was compressed
 * twice), and one that names another coding is refused, not sent beside it.
 */
class ContentEncodingHeaderTest {
  private static final URI URI_ = URI.create("http://127.0.0.1:1/bulk");
  private final JsonOptions gzip =
      JsonOptions.newBuilder().codec(new CountingCodec()).requestCompression(true).build();
  private final JsonOptions plain = JsonOptions.newBuilder().codec(new CountingCodec()).build();

  @Test
  void theCallersGzipHeaderOnACompressedBodyIsSentOnce() throws Exception {
    for (HttpRequest.Builder b :
        List.of(
            JsonContent.of("v", gzip).requestBuilder("POST", URI_),
            JsonSequenceContent.ofNdjson(List.of("a"), JsonType.of(String.class, gzip))
                .requestBuilder("POST", URI_))) {
      HttpRequest request = b.header("content-encoding", "GZIP").build();
      HttpRequest copied = b.copy().setHeader("Content-Encoding", "gzip").build();

      assertThat(request.headers().allValues("Content-Encoding")).containsExactly("gzip");
      assertThat(copied.headers().allValues("Content-Encoding")).containsExactly("gzip");
    }
    HttpRequest viaHeaders =
        JsonContent.of("v", gzip)
            .requestBuilder("POST", URI_)
            .headers("Content-Encoding", "gzip", "X-A", "1")
            .build();
    assertThat(viaHeaders.headers().allValues("Content-Encoding")).containsExactly("gzip");
    assertThat(viaHeaders.headers().allValues("X-A")).containsExactly("1");
  }

  @Test
  void anotherCodingOnACompressedBodyIsRefusedNamingWhy() throws Exception {
    HttpRequest.Builder b = JsonContent.of("v", gzip).requestBuilder("POST", URI_);

    assertThatThrownBy(() -> b.header("Content-Encoding", "br"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Content-Encoding: br")
        .hasMessageContaining("gzip")
        .hasMessageContaining("requestCompression");
    assertThatThrownBy(() -> b.setHeader("Content-Encoding", "identity"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.headers("Content-Encoding", "deflate"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(b.build().headers().allValues("Content-Encoding")).containsExactly("gzip");
  }

  /**
   * A body replaced on the builder brings its own headers: a compressed one its {@code
   * Content-Encoding}, an uncompressed one none (a plain body sent as gzip is unreadable to the
   * server), and another of httpjson's bodies its Content-Type.
   */
  @Test
  void aBodyReplacedOnTheBuilderIsSentWithItsOwnCodingAndType() throws Exception {
    HttpRequest plainAfterGzip =
        JsonContent.of("v", gzip)
            .requestBuilder("POST", URI_)
            .POST(JsonContent.of("w", plain))
            .build();
    HttpRequest callersAfterGzip =
        JsonContent.of("v", gzip)
            .requestBuilder("POST", URI_)
            .method("PUT", HttpRequest.BodyPublishers.ofString("\"w\""))
            .build();
    HttpRequest gzipAfterPlain =
        JsonContent.of("v", plain)
            .requestBuilder("POST", URI_)
            .PUT(JsonContent.of("w", gzip))
            .build();
    HttpRequest jsonAfterForm =
        FormContent.newBuilder()
            .add("a", "1")
            .build()
            .requestBuilder("POST", URI_)
            .POST(JsonContent.of("w", plain))
            .build();

    assertThat(plainAfterGzip.headers().allValues("Content-Encoding")).isEmpty();
    assertThat(callersAfterGzip.headers().allValues("Content-Encoding")).isEmpty();
    assertThat(gzipAfterPlain.headers().allValues("Content-Encoding")).containsExactly("gzip");
    assertThat(jsonAfterForm.headers().allValues("Content-Type"))
        .containsExactly("application/json; charset=utf-8");
    assertThat(gzipAfterPlain.headers().allValues("Content-Type"))
        .containsExactly("application/json; charset=utf-8");
  }

  @Test
  void anUncompressedBodyTakesTheCallersContentEncodingAsGiven() throws Exception {
    HttpRequest request =
        JsonContent.of("v", plain)
            .requestBuilder("POST", URI_)
            .header("Content-Encoding", "identity")
            .build();

    assertThat(request.headers().allValues("Content-Encoding")).containsExactly("identity");
  }
}

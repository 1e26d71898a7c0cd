package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonSequenceContent;
import dev.httpjson.JsonType;
import dev.httpjson.ProblemDetails;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.IOException;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** The API package registers how httpjson builds readers and exceptions, once; nobody else. */
class ApiAccessRegistrationTest {
  @Test
  void aSecondRegistrationFailsAndKeepsTheFirst() {
    ApiAccess registered = ApiAccess.get();
    assertThatThrownBy(() -> ApiAccess.register(registered))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("registered already");
    assertThat(ApiAccess.get()).isSameAs(registered);
  }

  @Test
  void aRegistrationFromOutsideTheApiPackageFails() {
    ApiAccess registered = ApiAccess.get();
    assertThatThrownBy(() -> ApiAccess.register(new Outsider()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dev.httpjson package only")
        .hasMessageContaining(Outsider.class.getName());
    assertThat(ApiAccess.get()).isSameAs(registered);
  }

  /** An implementation from another package: never called. */
  private static final class Outsider extends ApiAccess {
    private static UnsupportedOperationException no() {
      return new UnsupportedOperationException();
    }

    @Override
    public java.util.Set<String> secretHeaders() {
      throw no();
    }

    @Override
    public <T> JsonReader<T> reader(JsonType<T> type) {
      throw no();
    }

    @Override
    public <T> JsonSequenceReader<T> sequenceReader(JsonType<T> type) {
      throw no();
    }

    @Override
    public <T> JsonType<T> resolve(Type type, JsonOptions options) {
      throw no();
    }

    @Override
    public CachedBinding binding(JsonOptions options) {
      throw no();
    }

    @Override
    public JsonOptions ofSettings(CodecSettings settings) {
      throw no();
    }

    @Override
    public JsonReadException withContext(
        JsonReadException e, Type targetType, @Nullable String contentType) {
      throw no();
    }

    @Override
    public JsonReadException withAnswer(JsonReadException e, String answer) {
      throw no();
    }

    @Override
    public ResponseTooLargeException withAnswer(ResponseTooLargeException e, String answer) {
      throw no();
    }

    @Override
    public ResponseTooLargeException tooLarge(long limit, long size, boolean declared) {
      throw no();
    }

    @Override
    public ResponseTooLargeException tooLarge(String message, long limit, long size) {
      throw no();
    }

    @Override
    public CallTimeoutException callTimeout(
        Duration timeout, String method, URI uri, Set<String> shown) {
      throw no();
    }

    @Override
    public CallTimeoutException limitTimeout(
        Duration timeout, int max, String method, URI uri, Set<String> shown) {
      throw no();
    }

    @Override
    public CallTimeoutException streamTimeout(
        Duration timeout, @Nullable String method, @Nullable URI uri, Set<String> shown) {
      throw no();
    }

    @Override
    public CallTimeoutException idleTimeout(
        Duration idle, @Nullable String method, @Nullable URI uri, Set<String> shown) {
      throw no();
    }

    @Override
    public CallTimeoutException idleTimeout(
        Duration idle, String what, String method, URI uri, Set<String> shown) {
      throw no();
    }

    @Override
    public UncheckedHttpJsonException unchecked(IOException cause) {
      throw no();
    }

    @Override
    public HttpJsonStatusException statusException(StatusResponse response) {
      throw no();
    }

    @Override
    public HttpJsonStatusException withRequest(HttpJsonStatusException e, String method, URI uri) {
      throw no();
    }

    @Override
    public HttpResponse<byte[]> sendChecked(
        HttpJsonClient client,
        String method,
        @Nullable String uri,
        boolean hasBody,
        @Nullable Object value) {
      throw no();
    }

    @Override
    public CompletableFuture<HttpResponse<byte[]>> sendCheckedAsync(
        HttpJsonClient client,
        String method,
        @Nullable String uri,
        boolean hasBody,
        @Nullable Object value) {
      throw no();
    }

    @Override
    public java.net.http.HttpRequest prepared(
        HttpJsonClient client, java.net.http.HttpRequest request) {
      throw no();
    }

    @Override
    public ProblemDetails problem(Map<String, @Nullable Object> members) {
      throw no();
    }

    @Override
    public HttpJsonClient routed(HttpJsonClient client, String route) {
      throw no();
    }

    @Override
    public JsonContent content(
        @Nullable Object value, JsonOptions options, @Nullable String mediaType) {
      throw no();
    }

    @Override
    public String mediaType(HttpRequest.BodyPublisher body) {
      throw no();
    }

    @Override
    public @Nullable String contentEncoding(HttpRequest.BodyPublisher body) {
      throw no();
    }

    @Override
    public JsonSequenceContent inCharsetOf(JsonSequenceContent content, String contentType) {
      throw no();
    }
  }
}

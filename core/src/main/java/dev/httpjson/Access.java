package dev.httpjson;

import dev.httpjson.internal.ApiAccess;
import dev.httpjson.internal.CachedBinding;
import dev.httpjson.internal.CodecSettings;
import dev.httpjson.internal.StatusResponse;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.IOException;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/** The API's package-private members, lent to the implementation through {@link ApiAccess}. */
final class Access extends ApiAccess {
  static final Access INSTANCE = new Access();

  static {
    ApiAccess.register(INSTANCE);
  }

  private Access() {}

  /** Registers the access (a no-op after the first call): the API classes' initializers call it. */
  static void ensureRegistered() {}

  @Override
  public Set<String> secretHeaders() {
    return LoggingInterceptor.ALWAYS_REDACTED;
  }

  @Override
  public <T> JsonReader<T> reader(JsonType<T> type) {
    return type.reader();
  }

  @Override
  public <T> JsonSequenceReader<T> sequenceReader(JsonType<T> type) {
    return type.sequenceReader();
  }

  @Override
  public <T> JsonType<T> resolve(Type type, JsonOptions options) {
    return JsonType.resolve(type, options);
  }

  @Override
  public CachedBinding binding(JsonOptions options) {
    return options.binding();
  }

  @Override
  public JsonOptions ofSettings(CodecSettings settings) {
    return JsonOptions.ofSettings(settings);
  }

  @Override
  public JsonReadException withContext(
      JsonReadException e, Type targetType, @Nullable String contentType) {
    return e.withContext(targetType, contentType);
  }

  @Override
  public JsonReadException withAnswer(JsonReadException e, String answer) {
    return e.withAnswer(answer);
  }

  @Override
  public ResponseTooLargeException withAnswer(ResponseTooLargeException e, String answer) {
    return e.withAnswer(answer);
  }

  @Override
  public ResponseTooLargeException tooLarge(long limit, long size, boolean declared) {
    return new ResponseTooLargeException(limit, size, declared);
  }

  @Override
  public ResponseTooLargeException tooLarge(String message, long limit, long size) {
    return new ResponseTooLargeException(message, limit, size);
  }

  @Override
  public UncheckedHttpJsonException unchecked(IOException cause) {
    return new UncheckedHttpJsonException(cause);
  }

  @Override
  public CallTimeoutException callTimeout(
      Duration timeout, String method, URI uri, Set<String> shown) {
    return new CallTimeoutException(timeout, method, uri, shown);
  }

  @Override
  public CallTimeoutException limitTimeout(
      Duration timeout, int max, String method, URI uri, Set<String> shown) {
    return CallTimeoutException.limit(timeout, max, method, uri, shown);
  }

  @Override
  public CallTimeoutException streamTimeout(
      Duration timeout, @Nullable String method, @Nullable URI uri, Set<String> shown) {
    return CallTimeoutException.stream(timeout, method, uri, shown);
  }

  @Override
  public CallTimeoutException idleTimeout(
      Duration idle, @Nullable String method, @Nullable URI uri, Set<String> shown) {
    return CallTimeoutException.idle(idle, method, uri, shown);
  }

  @Override
  public CallTimeoutException idleTimeout(
      Duration idle, String what, String method, URI uri, Set<String> shown) {
    return CallTimeoutException.idle(idle, what, method, uri, shown);
  }

  @Override
  public HttpJsonStatusException statusException(StatusResponse response) {
    return new HttpJsonStatusException(response);
  }

  @Override
  public HttpJsonStatusException withRequest(HttpJsonStatusException e, String method, URI uri) {
    return e.withRequest(method, uri);
  }

  @Override
  public HttpResponse<byte[]> sendChecked(
      HttpJsonClient client,
      String method,
      @Nullable String uri,
      boolean hasBody,
      @Nullable Object value)
      throws IOException, InterruptedException {
    return client.sendChecked(method, uri, hasBody, value);
  }

  @Override
  public CompletableFuture<HttpResponse<byte[]>> sendCheckedAsync(
      HttpJsonClient client,
      String method,
      @Nullable String uri,
      boolean hasBody,
      @Nullable Object value) {
    return client.sendCheckedAsync(method, uri, hasBody, value);
  }

  @Override
  public java.net.http.HttpRequest prepared(
      HttpJsonClient client, java.net.http.HttpRequest request) {
    return client.prepared(request);
  }

  @Override
  public HttpJsonClient routed(HttpJsonClient client, String route) {
    return client.routed(route);
  }

  @Override
  public ProblemDetails problem(Map<String, @Nullable Object> members) {
    return ProblemDetails.fromMap(members);
  }

  @Override
  public java.net.http.HttpRequest.BodyPublisher content(
      @Nullable Object value, JsonOptions options, @Nullable String mediaType)
      throws JsonWriteException {
    return body(value, options, mediaType);
  }

  /**
   * A body httpjson made (JSON, a sequence, a form, multipart) as it is, JSON in the charset of
   * {@code mediaType} (the caller's Content-Type, which is sent instead of its own); any other
   * value as JSON.
   */
  static java.net.http.HttpRequest.BodyPublisher body(
      @Nullable Object value, JsonOptions options, @Nullable String mediaType)
      throws JsonWriteException {
    if (mediaType != null && value instanceof JsonContent) {
      return ((JsonContent) value).withMediaType(mediaType);
    }
    if (mediaType != null && value instanceof JsonSequenceContent) {
      return ((JsonSequenceContent) value).inCharsetOf(mediaType);
    }
    if (value instanceof JsonContent
        || value instanceof JsonSequenceContent
        || value instanceof FormContent
        || value instanceof MultipartContent) {
      return (java.net.http.HttpRequest.BodyPublisher) value;
    }
    return JsonContent.of(value, options, mediaType);
  }

  @Override
  public String mediaType(java.net.http.HttpRequest.BodyPublisher body) {
    if (body instanceof JsonContent) {
      return ((JsonContent) body).mediaType();
    }
    if (body instanceof JsonSequenceContent) {
      return ((JsonSequenceContent) body).mediaType();
    }
    if (body instanceof FormContent) {
      return ((FormContent) body).mediaType();
    }
    if (body instanceof MultipartContent) {
      return ((MultipartContent) body).mediaType();
    }
    throw new IllegalArgumentException("not a body httpjson made: " + body);
  }

  @Override
  public @Nullable String contentEncoding(java.net.http.HttpRequest.BodyPublisher body) {
    if (body instanceof JsonContent) {
      return ((JsonContent) body).contentEncoding();
    }
    if (body instanceof JsonSequenceContent) {
      return ((JsonSequenceContent) body).contentEncoding();
    }
    return null;
  }

  @Override
  public JsonSequenceContent inCharsetOf(JsonSequenceContent content, String contentType) {
    return content.inCharsetOf(contentType);
  }

  @Override
  public void abandon(JsonSequenceContent content) {
    content.abandon();
  }

  @Override
  public java.util.List<Interceptor> interceptors(HttpJsonClient.Builder builder) {
    return builder.interceptors();
  }
}

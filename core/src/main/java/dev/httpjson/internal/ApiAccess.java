package dev.httpjson.internal;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonSequenceContent;
import dev.httpjson.JsonType;
import dev.httpjson.JsonWriteException;
import dev.httpjson.ProblemDetails;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.UncheckedHttpJsonException;
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

/**
 * What the implementation needs of the API classes that no user may call: their prepared readers,
 * their caches and the constructors of their exceptions. The API package implements it once and
 * registers it when its first class initializes — the JDK's {@code SharedSecrets} pattern — so the
 * API keeps these members package-private and the implementation never reaches into them.
 */
public abstract class ApiAccess {
  private static volatile @Nullable ApiAccess instance;

  /**
   * Registers the API's implementation: once, by the API package's own class. Any other
   * registration (a second one, or one from a class outside {@code dev.httpjson}) fails, so no code
   * on the class path can replace how httpjson builds its readers and exceptions.
   *
   * @throws IllegalStateException if an implementation is registered already
   * @throws IllegalArgumentException if {@code access} is not the API package's own
   */
  public static synchronized void register(ApiAccess access) {
    Class<?> api = JsonOptions.class;
    Class<?> c = access.getClass();
    if (!c.getPackageName().equals(api.getPackageName())
        || c.getClassLoader() != api.getClassLoader()
        || c.getModule() != api.getModule()) {
      throw new IllegalArgumentException(
          "ApiAccess is registered by the dev.httpjson package only, not by " + c.getName());
    }
    if (instance != null) {
      throw new IllegalStateException("ApiAccess is registered already");
    }
    instance = access;
  }

  /**
   * {@return the API's implementation}, initializing the API package first if no class of it has
   * been.
   */
  public static ApiAccess get() {
    ApiAccess a = instance;
    if (a == null) {
      try {
        Class.forName("dev.httpjson.JsonOptions", true, ApiAccess.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
      a = instance;
      if (a == null) {
        throw new IllegalStateException("the dev.httpjson package registered no ApiAccess");
      }
    }
    return a;
  }

  /**
   * {@return the names, in lower case, of the header fields that carry a credential whoever set
   * them: {@link dev.httpjson.LoggingInterceptor}'s list}
   */
  public abstract Set<String> secretHeaders();

  /** {@return the reader {@code type} holds, resolved on first use} */
  public abstract <T> JsonReader<T> reader(JsonType<T> type);

  public abstract <T> JsonSequenceReader<T> sequenceReader(JsonType<T> type);

  /** {@return a type with options, unchecked and unresolved: for the call paths, per call} */
  public abstract <T> JsonType<T> resolve(Type type, JsonOptions options);

  public abstract CachedBinding binding(JsonOptions options);

  /** {@return the options with these codec settings and the default call settings} */
  public abstract JsonOptions ofSettings(CodecSettings settings);

  public abstract JsonReadException withContext(
      JsonReadException e, Type targetType, @Nullable String contentType);

  public abstract JsonReadException withAnswer(JsonReadException e, String answer);

  public abstract ResponseTooLargeException withAnswer(ResponseTooLargeException e, String answer);

  public abstract ResponseTooLargeException tooLarge(long limit, long size, boolean declared);

  public abstract ResponseTooLargeException tooLarge(String message, long limit, long size);

  public abstract CallTimeoutException callTimeout(
      Duration timeout, String method, URI uri, Set<String> shown);

  /** {@return the whole-call timeout of a call that waited for a permit in vain} */
  public abstract CallTimeoutException limitTimeout(
      Duration timeout, int max, String method, URI uri, Set<String> shown);

  public abstract CallTimeoutException streamTimeout(
      Duration timeout, @Nullable String method, @Nullable URI uri, Set<String> shown);

  public abstract CallTimeoutException idleTimeout(
      Duration idle, @Nullable String method, @Nullable URI uri, Set<String> shown);

  /** {@return the idle timeout of an event stream, {@code what} saying what did not come} */
  public abstract CallTimeoutException idleTimeout(
      Duration idle, String what, String method, URI uri, Set<String> shown);

  public abstract UncheckedHttpJsonException unchecked(IOException cause);

  public abstract HttpJsonStatusException statusException(StatusResponse response);

  /** {@return {@code e}, raised without the request, naming the request it answered} */
  public abstract HttpJsonStatusException withRequest(
      HttpJsonStatusException e, String method, URI uri);

  /**
   * {@return the response to {@code method} sent by {@code client} to {@code uri}, with {@code
   * value} as JSON when {@code hasBody}, status checked}
   */
  public abstract HttpResponse<byte[]> sendChecked(
      HttpJsonClient client,
      String method,
      @Nullable String uri,
      boolean hasBody,
      @Nullable Object value)
      throws IOException, InterruptedException;

  public abstract CompletableFuture<HttpResponse<byte[]>> sendCheckedAsync(
      HttpJsonClient client,
      String method,
      @Nullable String uri,
      boolean hasBody,
      @Nullable Object value);

  /** {@return {@code request} with {@code client}'s default headers and Accept, unsent} */
  public abstract java.net.http.HttpRequest prepared(
      HttpJsonClient client, java.net.http.HttpRequest request);

  /** {@return {@code client}, its calls telling the interceptors {@code route}} */
  public abstract HttpJsonClient routed(HttpJsonClient client, String route);

  public abstract ProblemDetails problem(Map<String, @Nullable Object> members);

  /**
   * {@return the body of a call sending {@code value}: a form or multipart body as it is, any other
   * value as JSON in the charset of {@code mediaType} (the caller's Content-Type) when given}
   */
  public abstract java.net.http.HttpRequest.BodyPublisher content(
      @Nullable Object value, JsonOptions options, @Nullable String mediaType)
      throws JsonWriteException;

  /** {@return the Content-Type of a body {@link #content} made} */
  public abstract String mediaType(java.net.http.HttpRequest.BodyPublisher body);

  public abstract @Nullable String contentEncoding(java.net.http.HttpRequest.BodyPublisher body);

  public abstract JsonSequenceContent inCharsetOf(JsonSequenceContent content, String contentType);

  /** Closes the stream source of {@code content} if no subscriber took it: its call failed. */
  public void abandon(JsonSequenceContent content) {}

  /**
   * {@return the interceptors added to {@code builder} so far, in the order they were added}
   *
   * @throws UnsupportedOperationException unless overridden (the API's implementation does)
   */
  public java.util.List<dev.httpjson.Interceptor> interceptors(HttpJsonClient.Builder builder) {
    throw new UnsupportedOperationException("interceptors");
  }
}

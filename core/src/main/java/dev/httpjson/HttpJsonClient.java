package dev.httpjson;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * An {@link HttpClient} bound to a base URI, options and default headers — what .NET's {@code
 * HttpClient.BaseAddress} and {@code DefaultRequestHeaders} give {@code System.Net.Http.Json}.
 *
 * <pre>{@code
 * HttpJsonClient api = HttpJsonClient.newBuilder(HttpClient.newHttpClient())
 *     .baseUri("https://api.example.com/v1/")
 *     .header("Authorization", "Bearer " + token)
 *     .build();
 * User user = api.getFromJson("users/42", User.class);
 * }</pre>
 *
 * <p>A relative URI is resolved against the base URI ({@link URI#resolve(String)}: keep the base's
 * trailing slash); {@code null} or an empty string means the base URI itself; an absolute URI is
 * used as it is. Behaviour is otherwise that of {@link HttpJson}.
 *
 * <p>Immutable and thread-safe; share one per API.
 */
public final class HttpJsonClient {
  private final HttpClient client;
  private final @Nullable URI baseUri;
  private final JsonOptions options;
  private final String[] headers;

  private HttpJsonClient(Builder b) {
    this.client = b.client;
    this.baseUri = b.baseUri;
    this.options = b.options;
    this.headers = b.headers.toArray(new String[0]);
  }

  /** A builder for a client that sends with {@code client}. */
  public static Builder newBuilder(HttpClient client) {
    return new Builder(Calls.client(client));
  }

  /** The client requests are sent with. */
  public HttpClient client() {
    return client;
  }

  /** The base URI, if one was set. */
  public @Nullable URI baseUri() {
    return baseUri;
  }

  /** The options every call uses. */
  public JsonOptions options() {
    return options;
  }

  URI resolve(@Nullable String uri) {
    if (uri == null || uri.isEmpty()) {
      if (baseUri == null) {
        throw new IllegalArgumentException(
            "uri is " + (uri == null ? "null" : "empty") + " and no base URI is set");
      }
      return baseUri;
    }
    URI parsed = URI.create(uri);
    if (parsed.isAbsolute()) {
      return parsed;
    }
    if (baseUri == null) {
      throw new IllegalArgumentException("uri is relative and no base URI is set: " + uri);
    }
    return baseUri.resolve(parsed);
  }

  /**
   * Sends GET to {@code uri} resolved against the base URI; see {@link
   * HttpJson#getFromJson(HttpClient, URI, Class)}.
   *
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code type}
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public <T> @Nullable T getFromJson(@Nullable String uri, Class<T> type)
      throws IOException, InterruptedException {
    return Calls.receive(client, "GET", resolve(uri), null, Calls.type(type), options, headers);
  }

  /** Asynchronous form of {@link #getFromJson(String, Class)}. */
  public <T> CompletableFuture<@Nullable T> getFromJsonAsync(@Nullable String uri, Class<T> type) {
    return Calls.receiveAsync(
        client, "GET", resolve(uri), null, Calls.type(type), options, headers);
  }

  /**
   * Sends GET to {@code uri} resolved against the base URI; see {@link
   * HttpJson#getFromJson(HttpClient, URI, Class)}.
   *
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code type}
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public <T> @Nullable T getFromJson(@Nullable String uri, TypeRef<T> type)
      throws IOException, InterruptedException {
    return Calls.receive(client, "GET", resolve(uri), null, Calls.type(type), options, headers);
  }

  /** Asynchronous form of {@link #getFromJson(String, TypeRef)}. */
  public <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      @Nullable String uri, TypeRef<T> type) {
    return Calls.receiveAsync(
        client, "GET", resolve(uri), null, Calls.type(type), options, headers);
  }

  /**
   * Sends DELETE to {@code uri} resolved against the base URI; see {@link
   * HttpJson#deleteFromJson(HttpClient, URI, Class)}.
   *
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code type}
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public <T> @Nullable T deleteFromJson(@Nullable String uri, Class<T> type)
      throws IOException, InterruptedException {
    return Calls.receive(client, "DELETE", resolve(uri), null, Calls.type(type), options, headers);
  }

  /** Asynchronous form of {@link #deleteFromJson(String, Class)}. */
  public <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      @Nullable String uri, Class<T> type) {
    return Calls.receiveAsync(
        client, "DELETE", resolve(uri), null, Calls.type(type), options, headers);
  }

  /**
   * Sends DELETE to {@code uri} resolved against the base URI; see {@link
   * HttpJson#deleteFromJson(HttpClient, URI, Class)}.
   *
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code type}
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public <T> @Nullable T deleteFromJson(@Nullable String uri, TypeRef<T> type)
      throws IOException, InterruptedException {
    return Calls.receive(client, "DELETE", resolve(uri), null, Calls.type(type), options, headers);
  }

  /** Asynchronous form of {@link #deleteFromJson(String, TypeRef)}. */
  public <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      @Nullable String uri, TypeRef<T> type) {
    return Calls.receiveAsync(
        client, "DELETE", resolve(uri), null, Calls.type(type), options, headers);
  }

  /**
   * Sends {@code value} as JSON with POST; returns the response unchecked. See {@link
   * HttpJson#postAsJson(HttpClient, URI, Object)}.
   *
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public HttpResponse<byte[]> postAsJson(@Nullable String uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return Calls.sendValue(client, "POST", resolve(uri), value, options, headers);
  }

  /** Asynchronous form of {@link #postAsJson(String, Object)}. */
  public CompletableFuture<HttpResponse<byte[]>> postAsJsonAsync(
      @Nullable String uri, @Nullable Object value) {
    return Calls.sendValueAsync(client, "POST", resolve(uri), value, options, headers);
  }

  /**
   * Sends {@code value} as JSON with POST and reads the response as {@code responseType}; see
   * {@link HttpJson#postAsJson(HttpClient, URI, Object, Class)}.
   *
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code responseType}
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public <R> @Nullable R postAsJson(
      @Nullable String uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return Calls.exchangeValue(
        client, "POST", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /** Asynchronous form of {@link #postAsJson(String, Object, Class)}. */
  public <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      @Nullable String uri, @Nullable Object value, Class<R> responseType) {
    return Calls.exchangeValueAsync(
        client, "POST", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /**
   * Sends {@code value} as JSON with POST and reads the response as {@code responseType}; see
   * {@link HttpJson#postAsJson(HttpClient, URI, Object, TypeRef)}.
   *
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code responseType}
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public <R> @Nullable R postAsJson(
      @Nullable String uri, @Nullable Object value, TypeRef<R> responseType)
      throws IOException, InterruptedException {
    return Calls.exchangeValue(
        client, "POST", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /** Asynchronous form of {@link #postAsJson(String, Object, TypeRef)}. */
  public <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      @Nullable String uri, @Nullable Object value, TypeRef<R> responseType) {
    return Calls.exchangeValueAsync(
        client, "POST", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /**
   * Sends {@code value} as JSON with PUT; returns the response unchecked. See {@link
   * HttpJson#putAsJson(HttpClient, URI, Object)}.
   *
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public HttpResponse<byte[]> putAsJson(@Nullable String uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return Calls.sendValue(client, "PUT", resolve(uri), value, options, headers);
  }

  /** Asynchronous form of {@link #putAsJson(String, Object)}. */
  public CompletableFuture<HttpResponse<byte[]>> putAsJsonAsync(
      @Nullable String uri, @Nullable Object value) {
    return Calls.sendValueAsync(client, "PUT", resolve(uri), value, options, headers);
  }

  /**
   * Sends {@code value} as JSON with PUT and reads the response as {@code responseType}; see {@link
   * HttpJson#putAsJson(HttpClient, URI, Object, Class)}.
   *
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code responseType}
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public <R> @Nullable R putAsJson(
      @Nullable String uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return Calls.exchangeValue(
        client, "PUT", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /** Asynchronous form of {@link #putAsJson(String, Object, Class)}. */
  public <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      @Nullable String uri, @Nullable Object value, Class<R> responseType) {
    return Calls.exchangeValueAsync(
        client, "PUT", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /**
   * Sends {@code value} as JSON with PUT and reads the response as {@code responseType}; see {@link
   * HttpJson#putAsJson(HttpClient, URI, Object, TypeRef)}.
   *
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code responseType}
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public <R> @Nullable R putAsJson(
      @Nullable String uri, @Nullable Object value, TypeRef<R> responseType)
      throws IOException, InterruptedException {
    return Calls.exchangeValue(
        client, "PUT", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /** Asynchronous form of {@link #putAsJson(String, Object, TypeRef)}. */
  public <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      @Nullable String uri, @Nullable Object value, TypeRef<R> responseType) {
    return Calls.exchangeValueAsync(
        client, "PUT", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /**
   * Sends {@code value} as JSON with PATCH; returns the response unchecked. See {@link
   * HttpJson#patchAsJson(HttpClient, URI, Object)}.
   *
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public HttpResponse<byte[]> patchAsJson(@Nullable String uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return Calls.sendValue(client, "PATCH", resolve(uri), value, options, headers);
  }

  /** Asynchronous form of {@link #patchAsJson(String, Object)}. */
  public CompletableFuture<HttpResponse<byte[]>> patchAsJsonAsync(
      @Nullable String uri, @Nullable Object value) {
    return Calls.sendValueAsync(client, "PATCH", resolve(uri), value, options, headers);
  }

  /**
   * Sends {@code value} as JSON with PATCH and reads the response as {@code responseType}; see
   * {@link HttpJson#patchAsJson(HttpClient, URI, Object, Class)}.
   *
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code responseType}
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public <R> @Nullable R patchAsJson(
      @Nullable String uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return Calls.exchangeValue(
        client, "PATCH", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /** Asynchronous form of {@link #patchAsJson(String, Object, Class)}. */
  public <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      @Nullable String uri, @Nullable Object value, Class<R> responseType) {
    return Calls.exchangeValueAsync(
        client, "PATCH", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /**
   * Sends {@code value} as JSON with PATCH and reads the response as {@code responseType}; see
   * {@link HttpJson#patchAsJson(HttpClient, URI, Object, TypeRef)}.
   *
   * @throws JsonWriteException if the value cannot be serialized (nothing is sent)
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws JsonReadException if the body is not JSON of {@code responseType}
   * @throws IOException on any other I/O failure
   * @throws InterruptedException if interrupted while waiting
   */
  public <R> @Nullable R patchAsJson(
      @Nullable String uri, @Nullable Object value, TypeRef<R> responseType)
      throws IOException, InterruptedException {
    return Calls.exchangeValue(
        client, "PATCH", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /** Asynchronous form of {@link #patchAsJson(String, Object, TypeRef)}. */
  public <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      @Nullable String uri, @Nullable Object value, TypeRef<R> responseType) {
    return Calls.exchangeValueAsync(
        client, "PATCH", resolve(uri), value, Calls.type(responseType), options, headers);
  }

  /**
   * Streams the elements of a JSON array or NDJSON body lazily; see {@link
   * HttpJson#getFromJsonAsStream(HttpClient, URI, Class)}. Close the stream.
   *
   * @throws HttpJsonStatusException on a status outside 200–299
   * @throws IOException on any other I/O failure before the body
   * @throws InterruptedException if interrupted while waiting for the headers
   */
  public <T> Stream<T> getFromJsonAsStream(@Nullable String uri, Class<T> elementType)
      throws IOException, InterruptedException {
    return Calls.stream(
        client,
        resolve(uri),
        Calls.type(elementType),
        options,
        Responses.StreamFormat.AUTO,
        headers);
  }

  /** Asynchronous form of {@link #getFromJsonAsStream(String, Class)}. */
  public <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      @Nullable String uri, Class<T> elementType) {
    return Calls.streamAsync(
        client,
        resolve(uri),
        Calls.type(elementType),
        options,
        Responses.StreamFormat.AUTO,
        headers);
  }

  /** Builds {@link HttpJsonClient}. Not thread-safe. */
  public static final class Builder {
    private final HttpClient client;
    private @Nullable URI baseUri;
    private JsonOptions options = JsonOptions.web();
    private final List<String> headers = new ArrayList<>();

    Builder(HttpClient client) {
      this.client = client;
    }

    /** Sets the absolute base URI relative URIs are resolved against. */
    public Builder baseUri(URI baseUri) {
      this.baseUri = Calls.absolute(baseUri);
      return this;
    }

    /** Sets the absolute base URI relative URIs are resolved against. */
    public Builder baseUri(String baseUri) {
      return baseUri(URI.create(Objects.requireNonNull(baseUri, "baseUri == null")));
    }

    /** Sets the options every call uses. Default: {@link JsonOptions#web()}. */
    public Builder options(JsonOptions options) {
      this.options = Calls.options(options);
      return this;
    }

    /**
     * Adds a header sent with every request to the base URI's origin (see the class description for
     * other origins). Like {@link java.net.http.HttpRequest.Builder#header}, this adds: every value
     * added for a name is sent. A value for {@code Accept} or {@code Content-Type} (names are
     * case-insensitive) replaces httpjson's own value of that header instead of being sent
     * alongside it.
     *
     * @throws IllegalArgumentException if {@code java.net.http} would reject the header: a
     *     restricted name it sets itself ({@code Connection}, {@code Content-Length}, {@code
     *     Expect}, {@code Host}, {@code Upgrade}), an invalid name, or a value with a character a
     *     header cannot carry (such as CR or LF; the message names the header, not the value)
     */
    public Builder header(String name, String value) {
      Objects.requireNonNull(name, "name == null");
      Objects.requireNonNull(value, "value == null");
      checkHeader(name, value);
      headers.add(name);
      headers.add(value);
      return this;
    }

    /** Fails now what {@code java.net.http} would otherwise reject on every call. */
    private static void checkHeader(String name, String value) {
      try {
        HttpRequest.newBuilder().header(name, "v");
      } catch (IllegalArgumentException e) {
        if (String.valueOf(e.getMessage()).startsWith("restricted")) {
          throw new IllegalArgumentException(
              "header "
                  + name
                  + " is restricted: java.net.http sets it itself and rejects it in a request",
              e);
        }
        throw e; // "invalid header name: ..." names it
      }
      try {
        HttpRequest.newBuilder().header(name, value);
      } catch (IllegalArgumentException e) {
        // The JDK's message quotes the value, which may be a credential.
        StringBuilder message =
            new StringBuilder("header ").append(name).append(" has an invalid value");
        for (int i = 0; i < value.length(); i++) {
          char c = value.charAt(i);
          if (c > 0xff || c == 0x7f || (c < 0x20 && c != '\t')) {
            message.append(String.format(": character 0x%02x at index %d", (int) c, i));
            break;
          }
        }
        throw new IllegalArgumentException(message.append(" (the value is not shown)").toString());
      }
    }

    /** Returns the client. */
    public HttpJsonClient build() {
      return new HttpJsonClient(this);
    }
  }
}

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
 * <p><b>URIs.</b> A relative URI is resolved against the base URI as RFC 3986 says ({@link
 * URI#resolve(URI)}); the base URI's path therefore ends in {@code /} (see {@link
 * Builder#baseUri(URI)}). {@code null} or an empty string means the base URI itself; an absolute
 * URI is used as it is. Behaviour is otherwise that of {@link HttpJson}.
 *
 * <p><b>Default headers go only to the base URI's origin</b> (scheme, host and port, the default
 * port filled in). A URI that resolves to another origin — an absolute URI such as {@code
 * https://cdn.example.com/file}, or a network-path reference such as {@code //other.host/x}, which
 * looks relative but names its own host — is sent <em>without</em> the default headers, with
 * httpjson's own {@code Accept} and {@code Content-Type} only. Default headers usually carry a
 * credential ({@code Authorization}, an API key) that belongs to the API the base URI names; it
 * must never reach a host the caller did not configure, whether the URI came from a link in a
 * response or from a string such as {@code "/" + id} where {@code id} starts with {@code /}. The
 * call itself still goes where the URI says, as it would in a browser, which sends no credentials
 * across origins either: following a link to a download server or a pre-signed URL keeps working.
 * Without a base URI, every URI is absolute and chosen by the caller, and the default headers go
 * with every request.
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
    URI parsed = Calls.parse(uri);
    if (parsed.isAbsolute()) {
      return parsed;
    }
    if (baseUri == null) {
      throw new IllegalArgumentException(
          "uri is relative and no base URI is set: " + Uris.redact(parsed));
    }
    return baseUri.resolve(parsed);
  }

  /** The default headers when {@code target} is on the base URI's origin, or none. */
  private String[] headersFor(URI target) {
    return baseUri == null || Uris.sameOrigin(baseUri, target) ? headers : Calls.noHeaders();
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
    URI target = resolve(uri);
    return Calls.receive(
        client, "GET", target, null, Calls.type(type), options, headersFor(target));
  }

  /** Asynchronous form of {@link #getFromJson(String, Class)}. */
  public <T> CompletableFuture<@Nullable T> getFromJsonAsync(@Nullable String uri, Class<T> type) {
    URI target = resolve(uri);
    return Calls.receiveAsync(
        client, "GET", target, null, Calls.type(type), options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.receive(
        client, "GET", target, null, Calls.type(type), options, headersFor(target));
  }

  /** Asynchronous form of {@link #getFromJson(String, TypeRef)}. */
  public <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      @Nullable String uri, TypeRef<T> type) {
    URI target = resolve(uri);
    return Calls.receiveAsync(
        client, "GET", target, null, Calls.type(type), options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.receive(
        client, "DELETE", target, null, Calls.type(type), options, headersFor(target));
  }

  /** Asynchronous form of {@link #deleteFromJson(String, Class)}. */
  public <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      @Nullable String uri, Class<T> type) {
    URI target = resolve(uri);
    return Calls.receiveAsync(
        client, "DELETE", target, null, Calls.type(type), options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.receive(
        client, "DELETE", target, null, Calls.type(type), options, headersFor(target));
  }

  /** Asynchronous form of {@link #deleteFromJson(String, TypeRef)}. */
  public <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      @Nullable String uri, TypeRef<T> type) {
    URI target = resolve(uri);
    return Calls.receiveAsync(
        client, "DELETE", target, null, Calls.type(type), options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.sendValue(client, "POST", target, value, options, headersFor(target));
  }

  /** Asynchronous form of {@link #postAsJson(String, Object)}. */
  public CompletableFuture<HttpResponse<byte[]>> postAsJsonAsync(
      @Nullable String uri, @Nullable Object value) {
    URI target = resolve(uri);
    return Calls.sendValueAsync(client, "POST", target, value, options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.exchangeValue(
        client, "POST", target, value, Calls.type(responseType), options, headersFor(target));
  }

  /** Asynchronous form of {@link #postAsJson(String, Object, Class)}. */
  public <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      @Nullable String uri, @Nullable Object value, Class<R> responseType) {
    URI target = resolve(uri);
    return Calls.exchangeValueAsync(
        client, "POST", target, value, Calls.type(responseType), options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.exchangeValue(
        client, "POST", target, value, Calls.type(responseType), options, headersFor(target));
  }

  /** Asynchronous form of {@link #postAsJson(String, Object, TypeRef)}. */
  public <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      @Nullable String uri, @Nullable Object value, TypeRef<R> responseType) {
    URI target = resolve(uri);
    return Calls.exchangeValueAsync(
        client, "POST", target, value, Calls.type(responseType), options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.sendValue(client, "PUT", target, value, options, headersFor(target));
  }

  /** Asynchronous form of {@link #putAsJson(String, Object)}. */
  public CompletableFuture<HttpResponse<byte[]>> putAsJsonAsync(
      @Nullable String uri, @Nullable Object value) {
    URI target = resolve(uri);
    return Calls.sendValueAsync(client, "PUT", target, value, options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.exchangeValue(
        client, "PUT", target, value, Calls.type(responseType), options, headersFor(target));
  }

  /** Asynchronous form of {@link #putAsJson(String, Object, Class)}. */
  public <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      @Nullable String uri, @Nullable Object value, Class<R> responseType) {
    URI target = resolve(uri);
    return Calls.exchangeValueAsync(
        client, "PUT", target, value, Calls.type(responseType), options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.exchangeValue(
        client, "PUT", target, value, Calls.type(responseType), options, headersFor(target));
  }

  /** Asynchronous form of {@link #putAsJson(String, Object, TypeRef)}. */
  public <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      @Nullable String uri, @Nullable Object value, TypeRef<R> responseType) {
    URI target = resolve(uri);
    return Calls.exchangeValueAsync(
        client, "PUT", target, value, Calls.type(responseType), options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.sendValue(client, "PATCH", target, value, options, headersFor(target));
  }

  /** Asynchronous form of {@link #patchAsJson(String, Object)}. */
  public CompletableFuture<HttpResponse<byte[]>> patchAsJsonAsync(
      @Nullable String uri, @Nullable Object value) {
    URI target = resolve(uri);
    return Calls.sendValueAsync(client, "PATCH", target, value, options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.exchangeValue(
        client, "PATCH", target, value, Calls.type(responseType), options, headersFor(target));
  }

  /** Asynchronous form of {@link #patchAsJson(String, Object, Class)}. */
  public <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      @Nullable String uri, @Nullable Object value, Class<R> responseType) {
    URI target = resolve(uri);
    return Calls.exchangeValueAsync(
        client, "PATCH", target, value, Calls.type(responseType), options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.exchangeValue(
        client, "PATCH", target, value, Calls.type(responseType), options, headersFor(target));
  }

  /** Asynchronous form of {@link #patchAsJson(String, Object, TypeRef)}. */
  public <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      @Nullable String uri, @Nullable Object value, TypeRef<R> responseType) {
    URI target = resolve(uri);
    return Calls.exchangeValueAsync(
        client, "PATCH", target, value, Calls.type(responseType), options, headersFor(target));
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
    URI target = resolve(uri);
    return Calls.stream(
        client,
        target,
        Calls.type(elementType),
        options,
        Responses.StreamFormat.AUTO,
        headersFor(target));
  }

  /** Asynchronous form of {@link #getFromJsonAsStream(String, Class)}. */
  public <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      @Nullable String uri, Class<T> elementType) {
    URI target = resolve(uri);
    return Calls.streamAsync(
        client,
        target,
        Calls.type(elementType),
        options,
        Responses.StreamFormat.AUTO,
        headersFor(target));
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

    /**
     * Sets the absolute base URI relative URIs are resolved against, and the one origin default
     * headers are sent to.
     *
     * <p>Its path must end in {@code /}: resolution replaces the last segment of the base path, so
     * {@code https://api.example.com/v1} with {@code "users/42"} would request {@code /users/42},
     * silently dropping {@code v1}. Write {@code https://api.example.com/v1/}. An empty path means
     * {@code /}. A query or fragment is refused too, since resolving a relative URI drops them.
     *
     * @throws IllegalArgumentException if {@code baseUri} is relative, its path does not end in
     *     {@code /}, or it has a query or fragment
     */
    public Builder baseUri(URI baseUri) {
      this.baseUri = checkBase(Calls.absolute(Objects.requireNonNull(baseUri, "baseUri == null")));
      return this;
    }

    /**
     * Sets the absolute base URI; see {@link #baseUri(URI)}.
     *
     * @throws IllegalArgumentException if {@code baseUri} is not a URI, is relative, its path does
     *     not end in {@code /}, or it has a query or fragment
     */
    public Builder baseUri(String baseUri) {
      return baseUri(Calls.parse(Objects.requireNonNull(baseUri, "baseUri == null")));
    }

    private static URI checkBase(URI base) {
      if (base.getRawQuery() != null) {
        throw new IllegalArgumentException(
            "baseUri must not have a query: "
                + Uris.redact(base)
                + " (a relative URI resolved against it drops it)");
      }
      if (base.getRawFragment() != null) {
        throw new IllegalArgumentException(
            "baseUri must not have a fragment: "
                + Uris.redact(base)
                + " (a relative URI resolved against it drops it)");
      }
      String path = base.getRawPath();
      if (path != null && path.isEmpty() && base.getRawAuthority() != null) {
        base = base.resolve("/");
        path = "/";
      }
      if (path == null || !path.endsWith("/")) {
        throw new IllegalArgumentException(
            "baseUri must end in /: "
                + Uris.redact(base)
                + " (a relative URI such as \"users/42\" would replace its last segment)");
      }
      return base;
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

package dev.httpjson;

import dev.httpjson.internal.Apis;
import dev.httpjson.internal.CachedBinding;
import dev.httpjson.internal.CachedBinding.BoundedCache;
import dev.httpjson.internal.CallLimit;
import dev.httpjson.internal.Calls;
import dev.httpjson.internal.EventCalls;
import dev.httpjson.internal.InterceptingClient;
import dev.httpjson.internal.JsonRequestBuilder;
import dev.httpjson.internal.MediaTypes;
import dev.httpjson.internal.Pages;
import dev.httpjson.internal.Redirects;
import dev.httpjson.internal.Responses;
import dev.httpjson.internal.Uris;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpClient.Redirect;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
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
 * <p><b>URIs.</b> A relative URI is resolved against the base URI as RFC 3986 section 5.2 says; the
 * base URI's path therefore ends in {@code /} (see {@link Builder#baseUri(URI)}). Dot segments are
 * removed (section 5.2.4), so no {@code ..} reaches the server: {@code "../v2/users"} against
 * {@code https://api.example.com/v1/} requests {@code /v2/users}, and {@code "../../../x"} requests
 * {@code /x}, never {@code /../../x} (which {@link URI#resolve(URI)}, following RFC 2396, would
 * keep). A relative URI may thus leave the base path, as {@code "/x"} does (the default headers go
 * by origin, below, not by path). {@code null} or an empty string means the base URI itself; an
 * absolute URI is used as it is, its dot segments removed. Behaviour is otherwise that of {@link
 * HttpJson}: its class description says how calls fail, which threads run what, and how a returned
 * future behaves.
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
 * with every request the caller names; a URI the server names — a redirect's {@code Location}, a
 * paged stream's next link — gets them only on the origin of the call's first request. Redirects:
 * an {@link HttpClient} that follows redirects itself would copy the headers to every hop, before
 * httpjson could check it, so {@link Builder#build()} refuses one when there are default headers
 * (other than {@code Accept} and {@code Content-Type}), with or without a base URI, and fails a
 * call (with {@link IllegalStateException}, before anything is sent) whose interceptors put {@code
 * Authorization}, {@code Proxy-Authorization}, {@code Cookie} or an API-key or token header ({@code
 * X-Api-Key}, {@code X-Auth-Token}, the headers {@link LoggingInterceptor} always hides) on its
 * request; {@link Builder#followRedirects(Redirect)} has httpjson follow them instead, checking
 * every hop.
 *
 * <p><b>Around the call.</b> {@link Builder#interceptor(Interceptor)} adds auth, retries ({@link
 * RetryInterceptor}), logging ({@link LoggingInterceptor}) or anything else to every call; {@link
 * Builder#header(String, java.util.function.Supplier)} a header whose value is asked per request.
 *
 * <p><b>Per call.</b> {@link #withHeader(String, String)} and {@link #withTimeout(Duration)} return
 * a client for one call (or a few) that shares everything else, so a header of its own — an
 * idempotency key, a request id — or a remaining deadline keeps the one-line calls:
 *
 * <pre>{@code
 * Receipt receipt = api.withHeader("Idempotency-Key", key)
 *     .withTimeout(Duration.ofSeconds(2))
 *     .postAsJson("orders", order, Receipt.class);
 * }</pre>
 *
 * <p>A header added that way goes with the call whatever its origin (the caller chose it for that
 * call), and with its redirect hops and later pages, except that {@code Authorization}, {@code
 * Proxy-Authorization}, {@code Cookie} and API-key and token headers ({@code X-Api-Key}, ...) never
 * go on to another origin than the one the caller named: a {@code Location} or a next link is the
 * server's choice (the JDK's own redirect following drops {@code Authorization} there too). A value
 * for {@code Accept} or {@code Content-Type} replaces httpjson's own. Building such a client costs
 * a few small objects and never touches the serializer caches.
 *
 * <p><b>Calls.</b> Each call is the {@link HttpJson} call of the same name with a URI string,
 * resolved against the base URI as above, in place of the client and the URI (a malformed URI, a
 * relative one with no base URI set, or one whose scheme is neither HTTP's nor the base URI's —
 * {@code "isbn:123/reviews"} is the scheme {@code isbn}, write {@code "./isbn:123/reviews"} —
 * throws {@link IllegalArgumentException}); its description is one sentence linking the method
 * whose contract it shares. Types are given as a {@link Class} or a {@link JsonType}; a class, and
 * a {@code JsonType} made without options, use this client's {@link #options()} (so does a value
 * sent without a type); a {@code JsonType} made with options its own (with this client's {@link
 * #withTimeout(Duration) per-call timeout}, if one was set). A {@link FormContent} or {@link
 * MultipartContent} value is sent as it is, with its own Content-Type.
 *
 * <p>Immutable and thread-safe; share one per API.
 */
public final class HttpJsonClient {
  /** The client as given. */
  private final HttpClient given;

  /** What calls are sent with: {@link #given} behind the chain, or itself without one. */
  private final HttpClient client;

  /**
   * What a later page on an origin the default headers do not go to is sent with: without a base
   * URI, {@link #client} would add the supplied headers to it, and its redirects would take its
   * origin for the trusted one; this chain does neither. Else {@link #client} itself.
   */
  private final HttpClient foreign;

  private final @Nullable URI baseUri;

  /** The base URI's {@code scheme://authority}, when it has an authority; else null. */
  private final @Nullable String origin;

  /** The base URI as a string (it ends in {@code /}), when {@link #origin} is set. */
  private final @Nullable String directory;

  /**
   * Plain paths resolved lately, direct-mapped by their hash (a newer path takes its slot), shared
   * with the clients derived from this one: a repeated path costs a lookup, a new one a parse. Racy
   * by design: an entry is immutable, and a lost write costs one more parse.
   */
  private final Resolved[] resolved;

  private static final int RESOLVED_SLOTS = 64;

  /** A path and the URI it resolves to. */
  private static final class Resolved {
    final String path;
    final URI uri;

    Resolved(String path, URI uri) {
      this.path = path;
      this.uri = uri;
    }
  }

  /** The types {@link #typeOf} made, shared with the clients derived from this one. */
  private final BoundedCache<Class<?>, JsonType<?>> classTypes;

  private static final int CLASS_TYPES = 256;

  private final JsonOptions options;
  private final String[] headers;
  private final String[] callHeaders;

  /** Whether {@link #withTimeout} set the timeout in {@link #options} for every type. */
  private final boolean callTimeout;

  private HttpJsonClient(Builder b) {
    this.given = b.client;
    this.baseUri = b.baseUri;
    URI base = b.baseUri;
    if (base != null && base.getRawAuthority() != null && !base.isOpaque()) {
      this.origin = base.getScheme() + "://" + base.getRawAuthority();
      this.directory = origin + base.getRawPath();
    } else {
      this.origin = null;
      this.directory = null;
    }
    this.resolved = new Resolved[RESOLVED_SLOTS];
    this.classTypes = new BoundedCache<>(CLASS_TYPES);
    this.options = b.options;
    this.headers = b.headers.toArray(new String[0]);
    CallLimit limit = b.maxConcurrentCalls == 0 ? null : new CallLimit(b.maxConcurrentCalls);
    this.client = b.sender(headers, false, limit);
    this.foreign =
        base == null && (b.redirects != Redirect.NEVER || !b.suppliedNames.isEmpty())
            ? b.sender(headers, true, limit)
            : client;
    this.callHeaders = Calls.noHeaders();
    this.callTimeout = false;
  }

  private HttpJsonClient(
      HttpJsonClient from, JsonOptions options, String[] callHeaders, boolean callTimeout) {
    this(from, options, callHeaders, callTimeout, from.client, from.foreign);
  }

  private HttpJsonClient(
      HttpJsonClient from,
      JsonOptions options,
      String[] callHeaders,
      boolean callTimeout,
      HttpClient client,
      HttpClient foreign) {
    this.given = from.given;
    this.client = client;
    this.foreign = foreign;
    this.baseUri = from.baseUri;
    this.origin = from.origin;
    this.directory = from.directory;
    this.resolved = from.resolved;
    this.classTypes = from.classTypes;
    this.options = options;
    this.headers = from.headers;
    this.callHeaders = callHeaders;
    this.callTimeout = callTimeout;
  }

  /**
   * A builder for a client that sends with {@code client}.
   *
   * @param client the client requests are sent with
   */
  public static Builder newBuilder(HttpClient client) {
    return new Builder(Calls.client(client));
  }

  /**
   * The client requests are sent with, as given to {@link #newBuilder(HttpClient)}: without this
   * client's interceptors (wrap it with {@link Interceptor#decorate} for those).
   */
  public HttpClient client() {
    return given;
  }

  /** {@return the base URI, or {@code null} if none was set} */
  public @Nullable URI baseUri() {
    return baseUri;
  }

  /**
   * {@return the options calls with a {@link Class}, or a {@link JsonType} made without options,
   * use, with the per-call timeout if one was set}
   */
  public JsonOptions options() {
    return options;
  }

  /**
   * A client like this one that also sends the header {@code name: value} (see "Per call" in the
   * class description). Like {@link java.net.http.HttpRequest.Builder#header}, this adds: every
   * value added for a name is sent. {@code Authorization}, {@code Proxy-Authorization}, {@code
   * Cookie} and API-key and token headers ({@code X-Api-Key}, ...) are refused when the {@link
   * HttpClient} follows redirects itself, which would send them to whatever origin a redirect
   * names: use {@link Builder#followRedirects(Redirect)} instead. This client is unchanged.
   *
   * @throws IllegalArgumentException if {@code java.net.http} would reject the header (see {@link
   *     Builder#header(String, String)})
   * @throws IllegalStateException if the header carries a credential and the {@link HttpClient}
   *     follows redirects itself
   */
  public HttpJsonClient withHeader(String name, String value) {
    Objects.requireNonNull(name, "name == null");
    Objects.requireNonNull(value, "value == null");
    Builder.checkHeader(name, value);
    Redirect own = given.followRedirects();
    if (own != Redirect.NEVER
        && Redirects.CREDENTIALS.contains(name.toLowerCase(java.util.Locale.ROOT))) {
      throw new IllegalStateException(
          "header "
              + name
              + " carries a credential, and the HttpClient follows redirects (followRedirects() is "
              + own
              + "): it would send it to whatever origin a redirect names. Build the HttpClient"
              + Builder.ownRedirects(own, "credentials"));
    }
    String[] more = Arrays.copyOf(callHeaders, callHeaders.length + 2);
    more[callHeaders.length] = name;
    more[callHeaders.length + 1] = value;
    return new HttpJsonClient(this, options, more, callTimeout);
  }

  /**
   * A client like this one whose calls have the whole-call timeout {@code timeout} (see {@link
   * JsonOptions.Builder#timeout(Duration)} for what it covers), also for a prepared {@link
   * JsonType} with options of its own: for a remaining deadline passed per call, or {@code
   * Duration.ZERO} for a call with no timeout at all. The serializer caches are not touched: a
   * timeout is a call setting.
   *
   * <p>This client is unchanged.
   *
   * @param timeout the whole-call timeout; {@code Duration.ZERO} or {@code null} for none
   * @throws IllegalArgumentException if {@code timeout} is negative
   */
  public HttpJsonClient withTimeout(@Nullable Duration timeout) {
    JsonOptions timed = options.toBuilder().timeout(timeout).build();
    return new HttpJsonClient(this, timed, callHeaders, true);
  }

  /**
   * This client, its calls telling the interceptors {@code route} ({@link
   * Interceptor.Chain#route()}).
   */
  HttpJsonClient routed(String route) {
    HttpClient routed = InterceptingClient.routed(client, route);
    if (routed == client) {
      return this; // no interceptor would read it
    }
    HttpClient other = foreign == client ? routed : InterceptingClient.routed(foreign, route);
    return new HttpJsonClient(this, options, callHeaders, callTimeout, routed, other);
  }

  URI resolve(@Nullable String uri) {
    if (uri == null || uri.isEmpty()) {
      if (baseUri == null) {
        throw new IllegalArgumentException(
            "uri is " + (uri == null ? "null" : "empty") + " and no base URI is set");
      }
      return baseUri;
    }
    if (origin != null && directory != null) { // both set, or neither
      // A path with nothing to resolve but its start: one parse instead of two, none when the
      // same path was resolved a moment ago.
      Resolved[] cache = resolved;
      int slot = uri.hashCode() & (cache.length - 1);
      Resolved hit = cache[slot];
      if (hit != null && hit.path.equals(uri)) {
        return hit.uri;
      }
      if (plainPath(uri)) {
        try {
          URI target = new URI((uri.charAt(0) == '/' ? origin : directory).concat(uri));
          cache[slot] = new Resolved(uri, target);
          return target;
        } catch (URISyntaxException e) {
          // Resolved below, for the message.
        }
      }
    }
    URI parsed = Calls.parse(uri);
    if (parsed.isAbsolute()) {
      String scheme = parsed.getScheme();
      if (baseUri != null
          && !scheme.equalsIgnoreCase(baseUri.getScheme())
          && !scheme.equalsIgnoreCase("http")
          && !scheme.equalsIgnoreCase("https")) {
        // RFC 3986 section 4.2: "users:42/x" is the scheme "users"; the caller meant a path.
        throw new IllegalArgumentException(
            "uri has the scheme \""
                + scheme
                + "\", where the base URI's is \""
                + baseUri.getScheme()
                + "\": a relative path whose first segment holds ':' reads as a scheme; write it"
                + " after \"./\" to mean a path: "
                + Uris.redact(parsed));
      }
      return Uris.resolve(parsed, parsed); // an absolute reference: only its dot segments go
    }
    if (baseUri == null) {
      throw new IllegalArgumentException(
          "uri is relative and no base URI is set: " + Uris.redact(parsed));
    }
    return Uris.resolve(baseUri, parsed);
  }

  /**
   * Whether {@code uri} is a path (with or without a query) whose resolution against the base URI
   * is a concatenation: no scheme (no colon at all), no authority, no dot segment (no {@code .} at
   * the start of a segment, no {@code %2e} anywhere), no fragment, not only a query.
   */
  private static boolean plainPath(String uri) {
    char first = uri.charAt(0);
    if (first == '.' || first == '?' || uri.startsWith("//")) {
      return false;
    }
    for (int i = 0, n = uri.length(); i < n; i++) {
      char c = uri.charAt(i);
      if (c == ':' || c == '#' || (c == '.' && uri.charAt(i - 1) == '/')) {
        return false;
      }
      if (c == '%' && i + 2 < n && uri.charAt(i + 1) == '2' && (uri.charAt(i + 2) | 0x20) == 'e') {
        return false; // %2e, a dot
      }
    }
    return true;
  }

  /** The default headers when {@code target} is on the base URI's origin, and the call's own. */
  private String[] headersFor(URI target) {
    return headersFor(target, target);
  }

  /**
   * The headers of a request to {@code target} in a call that began at {@code first} (a later
   * page): the default headers when {@code target} is on the trusted origin — the base URI's, or
   * without one the first request's —, and the call's own, but for its credentials ({@link
   * Redirects#CREDENTIALS}) when {@code target} is on another origin than {@code first}.
   */
  private String[] headersFor(URI target, URI first) {
    if (headers.length == 0 && callHeaders.length == 0) {
      return headers;
    }
    String[] defaults =
        Uris.sameOrigin(baseUri != null ? baseUri : first, target) ? headers : Calls.noHeaders();
    String[] own = callHeaders;
    if (own.length > 0 && target != first && !Uris.sameOrigin(first, target)) {
      List<String> kept = new ArrayList<>(own.length);
      for (int i = 0; i < own.length; i += 2) {
        if (!Redirects.CREDENTIALS.contains(own[i].toLowerCase(java.util.Locale.ROOT))) {
          kept.add(own[i]);
          kept.add(own[i + 1]);
        }
      }
      own = kept.toArray(new String[0]);
    }
    if (own.length == 0) {
      return defaults;
    }
    String[] all = Arrays.copyOf(defaults, defaults.length + own.length);
    System.arraycopy(own, 0, all, defaults.length, own.length);
    return all;
  }

  /**
   * {@code JsonType.of(type)} with this client's options, kept per client so that a {@code Class}
   * call, which the {@code JsonType} form then serves, allocates no type of its own once warm. A
   * class from a loader httpjson's loader cannot see is not kept, so a client never holds on to
   * another application's classes.
   */
  private <T> JsonType<T> typeOf(Class<T> type) {
    @SuppressWarnings("unchecked")
    JsonType<T> kept =
        (JsonType<T>) classTypes.getIfPresent(Objects.requireNonNull(type, "type == null"));
    if (kept != null) {
      return kept;
    }
    if (CachedBinding.foreignAnchor(type) != null) {
      return JsonType.of(type);
    }
    @SuppressWarnings("unchecked")
    JsonType<T> made = (JsonType<T>) classTypes.get(type, c -> JsonType.of(c).orOptions(options));
    return made;
  }

  /** The handler of {@code given} bound to this client's options: what a call reads with. */
  private <T> Responses.JsonHandler<T> type(JsonType<T> given) {
    return bound(given).handler();
  }

  private <T> JsonType<T> bound(JsonType<T> given) {
    JsonType<T> type = Calls.type(given).orOptions(options);
    Duration timeout = options.timeout();
    if (!callTimeout || Objects.equals(timeout, type.options().timeout())) {
      return type;
    }
    return JsonType.resolve(type.type(), type.options().toBuilder().timeout(timeout).build());
  }

  /**
   * The request as this client hands it to its interceptors and transport: its default headers and
   * {@code Accept} added where absent. What an API interface method returning {@code HttpRequest}
   * returns.
   */
  HttpRequest prepared(HttpRequest request) {
    HttpRequest r = withHeaders(request);
    if (r.headers().firstValue("Accept").isPresent()) {
      return r;
    }
    return HttpRequest.newBuilder(r, (name, value) -> true)
        .header("Accept", MediaTypes.ACCEPT_JSON)
        .build();
  }

  /** The request with the headers this client adds that it does not already carry. */
  private HttpRequest withHeaders(HttpRequest request) {
    Objects.requireNonNull(request, "request == null");
    String[] add = headersFor(request.uri());
    if (add.length == 0) {
      return request;
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(request, (name, value) -> true);
    for (int i = 0; i < add.length; i += 2) {
      if (request.headers().firstValue(add[i]).isEmpty()) {
        b.header(add[i], add[i + 1]);
      }
    }
    return b.build();
  }

  // ---- GET ----------------------------------------------------------------------------------

  /** As {@link HttpJson#getFromJson(HttpClient, URI, Class)}, for {@code uri}. */
  public <T> @Nullable T getFromJson(@Nullable String uri, Class<T> type)
      throws IOException, InterruptedException {
    return getFromJson(uri, typeOf(type));
  }

  /** {@return a future of what {@link #getFromJson(String, Class)} returns} */
  public <T> CompletableFuture<@Nullable T> getFromJsonAsync(@Nullable String uri, Class<T> type) {
    return getFromJsonAsync(uri, typeOf(type));
  }

  /** As {@link #getFromJson(String, Class)}, reading the prepared {@code type}. */
  public <T> @Nullable T getFromJson(@Nullable String uri, JsonType<T> type)
      throws IOException, InterruptedException {
    return receive("GET", uri, type);
  }

  /** {@return a future of what {@link #getFromJson(String, JsonType)} returns} */
  public <T> CompletableFuture<@Nullable T> getFromJsonAsync(
      @Nullable String uri, JsonType<T> type) {
    return receiveAsync("GET", uri, type);
  }

  // ---- DELETE -------------------------------------------------------------------------------

  /**
   * As {@link HttpJson#deleteFromJson(HttpClient, URI)}, for {@code uri}: the status checked, the
   * response returned with its body buffered as bytes, for a 204 or a body you do not need.
   */
  public HttpResponse<byte[]> deleteFromJson(@Nullable String uri)
      throws IOException, InterruptedException {
    return sendChecked("DELETE", uri, false, null);
  }

  /** {@return a future of what {@link #deleteFromJson(String)} returns} */
  public CompletableFuture<HttpResponse<byte[]>> deleteFromJsonAsync(@Nullable String uri) {
    return sendCheckedAsync("DELETE", uri, false, null);
  }

  /** As {@link HttpJson#deleteFromJson(HttpClient, URI, Class)}, for {@code uri}. */
  public <T> @Nullable T deleteFromJson(@Nullable String uri, Class<T> type)
      throws IOException, InterruptedException {
    return deleteFromJson(uri, typeOf(type));
  }

  /** {@return a future of what {@link #deleteFromJson(String, Class)} returns} */
  public <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      @Nullable String uri, Class<T> type) {
    return deleteFromJsonAsync(uri, typeOf(type));
  }

  /** As {@link #deleteFromJson(String, Class)}, reading the prepared {@code type}. */
  public <T> @Nullable T deleteFromJson(@Nullable String uri, JsonType<T> type)
      throws IOException, InterruptedException {
    return receive("DELETE", uri, type);
  }

  /** {@return a future of what {@link #deleteFromJson(String, JsonType)} returns} */
  public <T> CompletableFuture<@Nullable T> deleteFromJsonAsync(
      @Nullable String uri, JsonType<T> type) {
    return receiveAsync("DELETE", uri, type);
  }

  // ---- POST ---------------------------------------------------------------------------------

  /** As {@link HttpJson#postAsJson(HttpClient, URI, Object)}, to {@code uri}. */
  public HttpResponse<byte[]> postAsJson(@Nullable String uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return sendValue("POST", uri, value);
  }

  /** {@return a future of what {@link #postAsJson(String, Object)} returns} */
  public CompletableFuture<HttpResponse<byte[]>> postAsJsonAsync(
      @Nullable String uri, @Nullable Object value) {
    return sendValueAsync("POST", uri, value);
  }

  /** As {@link HttpJson#postAsJson(HttpClient, URI, Object, Class)}, to {@code uri}. */
  public <R> @Nullable R postAsJson(
      @Nullable String uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return postAsJson(uri, value, typeOf(responseType));
  }

  /** {@return a future of what {@link #postAsJson(String, Object, Class)} returns} */
  public <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      @Nullable String uri, @Nullable Object value, Class<R> responseType) {
    return postAsJsonAsync(uri, value, typeOf(responseType));
  }

  /** As {@link #postAsJson(String, Object, Class)}, reading the prepared type. */
  public <R> @Nullable R postAsJson(
      @Nullable String uri, @Nullable Object value, JsonType<R> responseType)
      throws IOException, InterruptedException {
    return exchangeValue("POST", uri, value, responseType);
  }

  /** {@return a future of what {@link #postAsJson(String, Object, JsonType)} returns} */
  public <R> CompletableFuture<@Nullable R> postAsJsonAsync(
      @Nullable String uri, @Nullable Object value, JsonType<R> responseType) {
    return exchangeValueAsync("POST", uri, value, responseType);
  }

  // ---- QUERY --------------------------------------------------------------------------------

  /**
   * As {@link HttpJson#queryAsJson(HttpClient, URI, Object, Class)}, to {@code uri}: QUERY is safe
   * and idempotent, and a {@link RetryInterceptor} retries it as it retries a GET.
   *
   * <pre>{@code
   * List<Order> late = api.queryAsJson("orders",
   *     Map.of("status", "late", "limit", 50), JsonType.listOf(Order.class));
   * }</pre>
   */
  public <R> @Nullable R queryAsJson(
      @Nullable String uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return queryAsJson(uri, value, typeOf(responseType));
  }

  /** {@return a future of what {@link #queryAsJson(String, Object, Class)} returns} */
  public <R> CompletableFuture<@Nullable R> queryAsJsonAsync(
      @Nullable String uri, @Nullable Object value, Class<R> responseType) {
    return queryAsJsonAsync(uri, value, typeOf(responseType));
  }

  /** As {@link #queryAsJson(String, Object, Class)}, reading the prepared type. */
  public <R> @Nullable R queryAsJson(
      @Nullable String uri, @Nullable Object value, JsonType<R> responseType)
      throws IOException, InterruptedException {
    return exchangeValue("QUERY", uri, value, responseType);
  }

  /** {@return a future of what {@link #queryAsJson(String, Object, JsonType)} returns} */
  public <R> CompletableFuture<@Nullable R> queryAsJsonAsync(
      @Nullable String uri, @Nullable Object value, JsonType<R> responseType) {
    return exchangeValueAsync("QUERY", uri, value, responseType);
  }

  // ---- PUT ----------------------------------------------------------------------------------

  /** As {@link HttpJson#putAsJson(HttpClient, URI, Object)}, to {@code uri}. */
  public HttpResponse<byte[]> putAsJson(@Nullable String uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return sendValue("PUT", uri, value);
  }

  /** {@return a future of what {@link #putAsJson(String, Object)} returns} */
  public CompletableFuture<HttpResponse<byte[]>> putAsJsonAsync(
      @Nullable String uri, @Nullable Object value) {
    return sendValueAsync("PUT", uri, value);
  }

  /** As {@link HttpJson#putAsJson(HttpClient, URI, Object, Class)}, to {@code uri}. */
  public <R> @Nullable R putAsJson(
      @Nullable String uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return putAsJson(uri, value, typeOf(responseType));
  }

  /** {@return a future of what {@link #putAsJson(String, Object, Class)} returns} */
  public <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      @Nullable String uri, @Nullable Object value, Class<R> responseType) {
    return putAsJsonAsync(uri, value, typeOf(responseType));
  }

  /** As {@link #putAsJson(String, Object, Class)}, reading the prepared type. */
  public <R> @Nullable R putAsJson(
      @Nullable String uri, @Nullable Object value, JsonType<R> responseType)
      throws IOException, InterruptedException {
    return exchangeValue("PUT", uri, value, responseType);
  }

  /** {@return a future of what {@link #putAsJson(String, Object, JsonType)} returns} */
  public <R> CompletableFuture<@Nullable R> putAsJsonAsync(
      @Nullable String uri, @Nullable Object value, JsonType<R> responseType) {
    return exchangeValueAsync("PUT", uri, value, responseType);
  }

  // ---- PATCH --------------------------------------------------------------------------------

  /** As {@link HttpJson#patchAsJson(HttpClient, URI, Object)}, to {@code uri}. */
  public HttpResponse<byte[]> patchAsJson(@Nullable String uri, @Nullable Object value)
      throws IOException, InterruptedException {
    return sendValue("PATCH", uri, value);
  }

  /** {@return a future of what {@link #patchAsJson(String, Object)} returns} */
  public CompletableFuture<HttpResponse<byte[]>> patchAsJsonAsync(
      @Nullable String uri, @Nullable Object value) {
    return sendValueAsync("PATCH", uri, value);
  }

  /** As {@link HttpJson#patchAsJson(HttpClient, URI, Object, Class)}, to {@code uri}. */
  public <R> @Nullable R patchAsJson(
      @Nullable String uri, @Nullable Object value, Class<R> responseType)
      throws IOException, InterruptedException {
    return patchAsJson(uri, value, typeOf(responseType));
  }

  /** {@return a future of what {@link #patchAsJson(String, Object, Class)} returns} */
  public <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      @Nullable String uri, @Nullable Object value, Class<R> responseType) {
    return patchAsJsonAsync(uri, value, typeOf(responseType));
  }

  /** As {@link #patchAsJson(String, Object, Class)}, reading the prepared type. */
  public <R> @Nullable R patchAsJson(
      @Nullable String uri, @Nullable Object value, JsonType<R> responseType)
      throws IOException, InterruptedException {
    return exchangeValue("PATCH", uri, value, responseType);
  }

  /** {@return a future of what {@link #patchAsJson(String, Object, JsonType)} returns} */
  public <R> CompletableFuture<@Nullable R> patchAsJsonAsync(
      @Nullable String uri, @Nullable Object value, JsonType<R> responseType) {
    return exchangeValueAsync("PATCH", uri, value, responseType);
  }

  // ---- the one-liners' shapes: a value read, a value sent and one read, a value sent ---------

  private <T> @Nullable T receive(String method, @Nullable String uri, JsonType<T> type)
      throws IOException, InterruptedException {
    URI target = resolve(uri);
    return Calls.receive(client, method, target, null, type(type), headersFor(target));
  }

  private <T> CompletableFuture<@Nullable T> receiveAsync(
      String method, @Nullable String uri, JsonType<T> type) {
    URI target = resolve(uri);
    return Calls.receiveAsync(client, method, target, null, type(type), headersFor(target));
  }

  private HttpResponse<byte[]> sendValue(
      String method, @Nullable String uri, @Nullable Object value)
      throws IOException, InterruptedException {
    URI target = resolve(uri);
    return Calls.sendValue(client, method, target, true, value, options, headersFor(target), false);
  }

  private CompletableFuture<HttpResponse<byte[]>> sendValueAsync(
      String method, @Nullable String uri, @Nullable Object value) {
    URI target = resolve(uri);
    return Calls.sendValueAsync(
        client, method, target, true, value, options, headersFor(target), false);
  }

  private <R> @Nullable R exchangeValue(
      String method, @Nullable String uri, @Nullable Object value, JsonType<R> type)
      throws IOException, InterruptedException {
    URI target = resolve(uri);
    return Calls.exchangeValue(client, method, target, value, type(type), headersFor(target));
  }

  private <R> CompletableFuture<@Nullable R> exchangeValueAsync(
      String method, @Nullable String uri, @Nullable Object value, JsonType<R> type) {
    URI target = resolve(uri);
    return Calls.exchangeValueAsync(client, method, target, value, type(type), headersFor(target));
  }

  /**
   * Sends {@code method} to {@code uri} resolved against the base URI, with {@code value} as JSON
   * when {@code hasBody} (as {@link #postAsJson(String, Object)} sends it), and checks the status:
   * the response with its bytes, which a {@code void} method of an API interface drops.
   */
  HttpResponse<byte[]> sendChecked(
      String method, @Nullable String uri, boolean hasBody, @Nullable Object value)
      throws IOException, InterruptedException {
    URI target = resolve(uri);
    return Calls.sendValue(
        client, method, target, hasBody, value, options, headersFor(target), true);
  }

  CompletableFuture<HttpResponse<byte[]>> sendCheckedAsync(
      String method, @Nullable String uri, boolean hasBody, @Nullable Object value) {
    URI target = resolve(uri);
    return Calls.sendValueAsync(
        client, method, target, hasBody, value, options, headersFor(target), true);
  }

  // ---- a request of your own ----------------------------------------------------------------

  /**
   * Resolves {@code uri} against the base URI as this client's calls do, for a request of your own
   * that {@link #exchange(HttpRequest, Class)} then sends with this client's headers, options and
   * interceptors:
   *
   * <pre>{@code
   * HttpResponse<Repo> repo = api.exchange(
   *     HttpRequest.newBuilder(api.uri("repos/acme/widgets")).header("If-None-Match", etag).build(),
   *     Repo.class);
   * }</pre>
   *
   * @return the absolute URI
   * @throws IllegalArgumentException if {@code uri} is malformed, relative with no base URI set, or
   *     of a scheme neither HTTP's nor the base URI's
   */
  public URI uri(@Nullable String uri) {
    return resolve(uri);
  }

  /**
   * As {@link HttpJson#exchange(HttpClient, HttpRequest, Class)}, adding this client's headers the
   * request does not carry (the default headers only to the base URI's origin) and its per-call
   * timeout: the whole response, its status checked, its body read as {@code type}. Build the
   * request's URI with {@link #uri(String)}.
   *
   * <pre>{@code
   * HttpResponse<Issue> created = api.exchange(
   *     JsonContent.of(draft).requestBuilder("POST", api.uri("repos/acme/widgets/issues")).build(),
   *     Issue.class);
   * String location = created.headers().firstValue("Location").orElseThrow();
   * }</pre>
   */
  public <T> HttpResponse<@Nullable T> exchange(HttpRequest request, Class<T> type)
      throws IOException, InterruptedException {
    return exchange(request, typeOf(type));
  }

  /** {@return a future of what {@link #exchange(HttpRequest, Class)} returns} */
  public <T> CompletableFuture<HttpResponse<@Nullable T>> exchangeAsync(
      HttpRequest request, Class<T> type) {
    return exchangeAsync(request, typeOf(type));
  }

  /** As {@link #exchange(HttpRequest, Class)}, reading the prepared {@code type}. */
  public <T> HttpResponse<@Nullable T> exchange(HttpRequest request, JsonType<T> type)
      throws IOException, InterruptedException {
    return Calls.exchange(client, withHeaders(request), type(type));
  }

  /** {@return a future of what {@link #exchange(HttpRequest, JsonType)} returns} */
  public <T> CompletableFuture<HttpResponse<@Nullable T>> exchangeAsync(
      HttpRequest request, JsonType<T> type) {
    return Calls.exchangeAsync(client, withHeaders(request), type(type));
  }

  // ---- streams ------------------------------------------------------------------------------

  /** As {@link HttpJson#getFromJsonAsStream(HttpClient, URI, Class)}, for {@code uri}: close it. */
  public <T> Stream<T> getFromJsonAsStream(@Nullable String uri, Class<T> elementType)
      throws IOException, InterruptedException {
    return getFromJsonAsStream(uri, typeOf(elementType));
  }

  /** {@return a future of what {@link #getFromJsonAsStream(String, Class)} returns} */
  public <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      @Nullable String uri, Class<T> elementType) {
    return getFromJsonAsStreamAsync(uri, typeOf(elementType));
  }

  /** As {@link #getFromJsonAsStream(String, Class)}, reading the prepared type. */
  public <T> Stream<T> getFromJsonAsStream(@Nullable String uri, JsonType<T> elementType)
      throws IOException, InterruptedException {
    URI target = resolve(uri);
    return Calls.stream(client, target, type(elementType), headersFor(target));
  }

  /** {@return a future of what {@link #getFromJsonAsStream(String, JsonType)} returns} */
  public <T> CompletableFuture<Stream<T>> getFromJsonAsStreamAsync(
      @Nullable String uri, JsonType<T> elementType) {
    URI target = resolve(uri);
    return Calls.streamAsync(client, target, type(elementType), headersFor(target));
  }

  /**
   * Reads a paginated collection as one lazy stream of its elements: GETs {@code uri}, reads its
   * body as a JSON array of {@code elementType}, and when the stream is pulled past the last
   * element fetches the page the response's {@code Link: <…>; rel="next"} header names (RFC 8288:
   * quoted or bare relation types, several links per header, a relative target resolved against the
   * page's URI) — until a page has no {@code next}.
   *
   * <pre>{@code
   * try (Stream<Issue> issues = api.getFromJsonAsPagedStream("repos/acme/widgets/issues?per_page=100", Issue.class)) {
   *   issues.filter(i -> i.labels().contains("bug")).limit(20).forEach(System.out::println);
   * } // closing stops fetching pages
   * }</pre>
   *
   * <p>Every page is a call of its own, with this client's headers (a next link is a URI the server
   * names: see the class description), options, size limit, whole-call timeout per page,
   * interceptors and status check; one page is held in memory at a time. The first page is read
   * before this method returns, so its failures are thrown here; a later page's failure is thrown
   * from the stream as an {@link UncheckedHttpJsonException} (an {@link
   * java.io.UncheckedIOException}) whose cause is the exception the call would throw ({@link
   * HttpJsonStatusException}, {@link JsonReadException}, …), and which gives its {@linkplain
   * UncheckedHttpJsonException#statusCode() status} and {@linkplain
   * UncheckedHttpJsonException#problem() Problem Details}: catch it around the iteration as you
   * catch {@link IOException} around the call. A {@code next} link back to a page already read
   * fails the same way (an {@link HttpJsonException} naming both pages) instead of looping: at once
   * when the loop is shorter than 64 pages, before its third round when longer (what the check
   * keeps does not grow with the pages read); and so does a next link after 100 pages in a row
   * without elements (else one {@code hasNext()} would fetch for as long as the server makes up new
   * pages). The stream is not thread-safe; close it (or read it to the end) when done.
   */
  public <T> Stream<T> getFromJsonAsPagedStream(@Nullable String uri, Class<T> elementType)
      throws IOException, InterruptedException {
    return getFromJsonAsPagedStream(uri, typeOf(elementType));
  }

  /** As {@link #getFromJsonAsPagedStream(String, Class)}, reading the prepared type. */
  public <T> Stream<T> getFromJsonAsPagedStream(@Nullable String uri, JsonType<T> elementType)
      throws IOException, InterruptedException {
    return pages(resolve(uri), bound(elementType));
  }

  /**
   * Reads a paginated collection whose pages name the next one in their body — a cursor, a {@code
   * has_more} flag — as one lazy stream of its elements: GETs {@code uri}, reads its body as {@code
   * paging}'s page type, streams the page's elements, and when the stream is pulled past the last
   * one fetches the page {@code paging} names from the page just read (its body, headers and URI) —
   * until it names none. See {@link Paging} for Stripe's, Google's and Slack's lists: the cursor
   * set on the page's URI, every other query parameter kept.
   *
   * <p>Pages, headers, loops, failures and closing are as for {@link
   * #getFromJsonAsPagedStream(String, Class)}; a page with an empty body is the last, and an
   * exception of {@code paging}'s functions is thrown as it is (from this method for the first
   * page, from the stream for a later one).
   */
  public <P, T> Stream<T> getFromJsonAsPagedStream(@Nullable String uri, Paging<P, T> paging)
      throws IOException, InterruptedException {
    Objects.requireNonNull(paging, "paging == null");
    return paging.open(resolve(uri), bound(paging.type()), this::fetcher);
  }

  private <T> Stream<T> pages(URI first, JsonType<T> elementType)
      throws IOException, InterruptedException {
    JsonType<List<T>> page =
        JsonType.resolve(JsonType.listType(elementType.type()), elementType.options());
    return Pages.open(
        first,
        fetcher(first, page.handler()),
        Pages.links(),
        "the Link rel=\"next\"",
        page.options().shownQueryParameters());
  }

  /**
   * Each page a call; the first page's origin is the one credentials go to. Every page runs with
   * what the interceptors take from the thread that opens the stream ({@link
   * Interceptor#snapshot()}), whichever thread reads it.
   */
  private <P> Pages.Fetcher<P> fetcher(URI first, Responses.JsonHandler<P> page) {
    InterceptingClient.Opener opener = InterceptingClient.opener(client);
    return target ->
        opener.run(
            () ->
                Calls.exchange(
                    baseUri == null && !Uris.sameOrigin(first, target) ? foreign : client,
                    Calls.request("GET", target, null, page.options(), headersFor(target, first)),
                    page));
  }

  // ---- Server-Sent Events -------------------------------------------------------------------

  /** As {@link HttpJson#getFromJsonAsEvents(HttpClient, URI, Class)}, for {@code uri}: close it. */
  public <T> Stream<ServerSentEvent<T>> getFromJsonAsEvents(@Nullable String uri, Class<T> type)
      throws IOException, InterruptedException {
    return getFromJsonAsEvents(uri, typeOf(type));
  }

  /** As {@link #getFromJsonAsEvents(String, Class)}, reading the prepared {@code type}. */
  public <T> Stream<ServerSentEvent<T>> getFromJsonAsEvents(@Nullable String uri, JsonType<T> type)
      throws IOException, InterruptedException {
    return getFromJsonAsEvents(uri, type, EventStreamOptions.defaults());
  }

  /**
   * As {@link HttpJson#getFromJsonAsEvents(HttpClient, URI, JsonType, EventStreamOptions)}, for
   * {@code uri}, the stream reopened as {@code events} say; a reconnection carries this client's
   * headers too.
   */
  public <T> Stream<ServerSentEvent<T>> getFromJsonAsEvents(
      @Nullable String uri, JsonType<T> type, EventStreamOptions events)
      throws IOException, InterruptedException {
    URI target = resolve(uri);
    return EventCalls.get(
        client, target, bound(type), EventCalls.options(events), headersFor(target));
  }

  /**
   * Sends {@code value} as JSON with POST to {@code uri} resolved against the base URI, with {@code
   * Accept: text/event-stream, application/problem+json}, and returns the answer's Server-Sent
   * Events: the shape of LLM APIs that stream their answer. The status is checked before the stream
   * is returned; the events are read as {@link HttpJson#getFromJsonAsEvents(HttpClient, URI,
   * Class)} reads them, so the stream ends at an event whose data is {@code [DONE]} (unless {@code
   * type} is {@code String}). A POST stream is never reopened. Close the stream.
   *
   * <pre>{@code
   * try (Stream<ServerSentEvent<Chunk>> chunks =
   *     api.postAsJsonForEvents("chat/completions", request, Chunk.class)) {
   *   chunks.forEach(e -> System.out.print(e.data().text()));
   * }
   * }</pre>
   */
  public <T> Stream<ServerSentEvent<T>> postAsJsonForEvents(
      @Nullable String uri, @Nullable Object value, Class<T> type)
      throws IOException, InterruptedException {
    return postAsJsonForEvents(uri, value, typeOf(type));
  }

  /** As {@link #postAsJsonForEvents(String, Object, Class)}, reading the prepared {@code type}. */
  public <T> Stream<ServerSentEvent<T>> postAsJsonForEvents(
      @Nullable String uri, @Nullable Object value, JsonType<T> type)
      throws IOException, InterruptedException {
    URI target = resolve(uri);
    return EventCalls.post(
        client, target, value, bound(type), EventStreamOptions.defaults(), headersFor(target));
  }

  // ---- generated API interfaces ---------------------------------------------------------------

  /**
   * The implementation of an API interface that httpjson-interfaces' annotation processor generated
   * at compile time, bound to this client: each method call goes through this client (its base URI,
   * headers, options, timeout, interceptors and listeners). The implementation is immutable and
   * thread-safe; each method's types are prepared here, once, never per call.
   *
   * <pre>{@code
   * interface GitHub { // compiled with httpjson-interfaces on the processor path
   *   Stream<Issue> issues(@Path("owner") String owner, @Path("repo") String repo) // @GET(...), @Paged
   *       throws IOException, InterruptedException;
   * }
   *
   * GitHub github = HttpJsonClient.newBuilder(HttpClient.newHttpClient())
   *     .baseUri("https://api.github.com/")
   *     .build()
   *     .create(GitHub.class);
   * }</pre>
   *
   * <p>The generated class is found through {@code api}'s class loader, on the class path and on
   * the module path alike: the interface's package need not be exported or open to httpjson.
   *
   * @param api the annotated interface
   * @return its generated implementation, bound to this client
   * @throws IllegalArgumentException if {@code api} is not an interface, is generic (a base that an
   *     interface naming its types extends), or no implementation was generated for it (the message
   *     says what to add to the build)
   */
  public <T> T create(Class<T> api) {
    return Apis.create(api, this);
  }

  /** Adds the supplied default headers, per request, to requests for the base URI's origin. */
  private static final class SuppliedHeaders implements UnaryOperator<HttpRequest> {
    private final @Nullable URI base;
    private final String[] names;
    private final Supplier<?>[] values;

    SuppliedHeaders(@Nullable URI base, List<String> names, List<Supplier<String>> values) {
      this.base = base;
      this.names = names.toArray(new String[0]);
      this.values = values.toArray(new Supplier<?>[0]);
    }

    @Override
    public HttpRequest apply(HttpRequest request) {
      if (base != null && !Uris.sameOrigin(base, request.uri())) {
        return request;
      }
      HttpRequest.Builder b = null;
      for (int i = 0; i < names.length; i++) {
        if (request.headers().firstValue(names[i]).isPresent()) {
          continue;
        }
        Object value = values[i].get();
        if (value == null) {
          throw new IllegalStateException("the supplier of header " + names[i] + " gave null");
        }
        Builder.checkHeader(names[i], value.toString());
        if (b == null) {
          b = HttpRequest.newBuilder(request, (name, v) -> true);
        }
        b.header(names[i], value.toString());
      }
      return b == null ? request : b.build();
    }
  }

  /** Builds {@link HttpJsonClient}; each setter returns this builder. Not thread-safe. */
  public static final class Builder {
    private final HttpClient client;
    private @Nullable URI baseUri;
    private JsonOptions options = JsonOptions.web();
    private final List<String> headers = new ArrayList<>();
    private final List<String> suppliedNames = new ArrayList<>();
    private final List<Supplier<String>> suppliedValues = new ArrayList<>();
    private final List<Interceptor> interceptors = new ArrayList<>();
    private final List<CallListener> listeners = new ArrayList<>();
    private int maxConcurrentCalls;
    private Redirect redirects = Redirect.NEVER;
    private @Nullable HttpCache cache;

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
     * {@code /}. A query or fragment is refused too, since resolving a relative URI drops them, and
     * so is user info ({@code https://user:secret@api.example.com/}): send credentials in a header
     * such as {@code Authorization}, which goes to the base URI's origin only.
     *
     * @throws IllegalArgumentException if {@code baseUri} is relative, its scheme is not {@code
     *     http} or {@code https}, it has user info, its path does not end in {@code /}, or it has a
     *     query or fragment (the message never shows the user info or a query's values)
     */
    public Builder baseUri(URI baseUri) {
      this.baseUri = checkBase(Calls.absolute(Objects.requireNonNull(baseUri, "baseUri == null")));
      return this;
    }

    /** As {@link #baseUri(URI)}; a string that is not a URI is refused as well. */
    public Builder baseUri(String baseUri) {
      return baseUri(Calls.parse(Objects.requireNonNull(baseUri, "baseUri == null")));
    }

    private static URI checkBase(URI base) {
      String scheme = base.getScheme();
      if (!scheme.equalsIgnoreCase("http") && !scheme.equalsIgnoreCase("https")) {
        throw new IllegalArgumentException(
            "baseUri must be an http or https URI: " + Uris.redact(base));
      }
      if (base.getRawUserInfo() != null) {
        throw new IllegalArgumentException(
            "baseUri must not have user info: "
                + Uris.redact(base)
                + " (send credentials in a header, such as Authorization)");
      }
      if (base.getRawQuery() != null || base.getRawFragment() != null) {
        throw new IllegalArgumentException(
            "baseUri must not have a "
                + (base.getRawQuery() != null ? "query: " : "fragment: ")
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

    /**
     * Sets the options every call with a {@link Class}, or a {@link JsonType} made without options,
     * uses. Default: {@link JsonOptions#web()}.
     */
    public Builder options(JsonOptions options) {
      this.options = Calls.options(options);
      return this;
    }

    /**
     * Adds a header sent with every request to the base URI's origin (see the class description for
     * other origins). Like {@link java.net.http.HttpRequest.Builder#header}, this adds: every value
     * added for a name is sent. A value for {@code Accept} or {@code Content-Type} (names are
     * case-insensitive) replaces httpjson's own value of that header instead of being sent
     * alongside it; a {@link FormContent} or {@link MultipartContent} body is still sent with its
     * own Content-Type, which says how it is encoded (a multipart body's, its boundary).
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

    /**
     * Adds a header sent with every request to the base URI's origin, like {@link #header(String,
     * String)}, whose value {@code value} gives for each request: a token that rotates. The
     * supplier runs on the thread that sends (see {@link Interceptor} on threads), before this
     * client's interceptors, and again for each redirect hop to the base URI's origin (without a
     * base URI, the first request's); a request that already carries the header (such as one from
     * {@link HttpJsonClient#withHeader}) keeps its own. What the supplier throws, the call fails
     * with.
     *
     * <pre>{@code
     * HttpJsonClient api = HttpJsonClient.newBuilder(http)
     *     .baseUri("https://api.example.com/v1/")
     *     .header("Authorization", () -> "Bearer " + tokens.current())
     *     .build();
     * }</pre>
     *
     * @param value gives the header value per request; must be thread-safe and return non-null
     * @throws IllegalArgumentException if {@code java.net.http} would reject the name, or the name
     *     is {@code Accept} or {@code Content-Type} (give those as a fixed value)
     */
    public Builder header(String name, Supplier<String> value) {
      Objects.requireNonNull(name, "name == null");
      Objects.requireNonNull(value, "value == null");
      checkHeader(name, "v");
      if (JsonRequestBuilder.isAccept(name) || JsonRequestBuilder.isContentType(name)) {
        throw new IllegalArgumentException(
            "header " + name + " cannot be supplied per request: give it a fixed value");
      }
      suppliedNames.add(name);
      suppliedValues.add(value);
      return this;
    }

    /**
     * Adds an interceptor every call of the client runs through: the one-liners, {@code send} and
     * streams, blocking and asynchronous. Interceptors run in the order they were added, the first
     * one outermost; the default headers are on the request each sees.
     *
     * @param interceptor the interceptor, for example a {@link RetryInterceptor} or a {@link
     *     LoggingInterceptor}
     */
    public Builder interceptor(Interceptor interceptor) {
      interceptors.add(Objects.requireNonNull(interceptor, "interceptor == null"));
      return this;
    }

    /** The interceptors added so far, in order: for the Spring Boot starter's test stub. */
    List<Interceptor> interceptors() {
      return List.copyOf(interceptors);
    }

    /**
     * Adds a listener that sees every call of the client, phase by phase: start, request body,
     * response headers, body read, decoded, retries and redirects, end or failure (see {@link
     * CallListener}). Listeners are called in the order they were added; one that throws is logged
     * and the call goes on.
     */
    public Builder listener(CallListener listener) {
      listeners.add(Objects.requireNonNull(listener, "listener == null"));
      return this;
    }

    /**
     * Limits how many of this client's calls are in flight at once; {@code java.net.http} itself
     * has no such limit (OkHttp's {@code Dispatcher.maxRequestsPerHost}), so without one, 500
     * virtual threads calling through one client open as many exchanges as the server allows. Over
     * HTTP/2 the JDK's client (17 to 25 at least) fails a request at once ("too many concurrent
     * streams") when its connection to the origin has as many streams open as the server allows
     * (its {@code SETTINGS_MAX_CONCURRENT_STREAMS}, 100 or 128 on most servers); a limit no higher
     * than that lets every call through, the others waiting for a permit. Default: no limit. The
     * limit is client-wide, shared by every call of this client and of the clients derived from it
     * ({@link HttpJsonClient#withHeader}, {@link HttpJsonClient#withTimeout}).
     *
     * <ul>
     *   <li>A call takes a permit before its request is sent (before the interceptors run) and
     *       gives it back when it ends: when it returns or fails, and for a call that returns a
     *       stream, when the stream is closed, read to its end, or fails. A stream left open holds
     *       its permit: close it (try-with-resources).
     *   <li>A call that finds no free permit waits, first come first served, within its whole-call
     *       timeout ({@link JsonOptions.Builder#timeout(Duration)}): a call that gets no permit
     *       before it elapses fails with its {@link CallTimeoutException}, whose message names this
     *       limit. Time spent waiting counts toward the call's timeout.
     *   <li>An asynchronous call waits without holding a thread: it is queued, and started when a
     *       permit comes back. Cancelling its future (or completing it in any other way) while it
     *       waits gives its place up; its request is never sent.
     * </ul>
     *
     * <p>Each call is one permit, whatever the interceptors do inside it: a {@link
     * RetryInterceptor}'s attempts and the hops of {@link #followRedirects(Redirect)} run under the
     * permit of their call. Event streams ({@link HttpJsonClient#getFromJsonAsEvents(String,
     * Class)}) are not limited.
     *
     * <pre>{@code
     * HttpJsonClient api = HttpJsonClient.newBuilder(HttpClient.newHttpClient())
     *     .baseUri("https://api.example.com/v1/")
     *     .maxConcurrentCalls(32) // 500 virtual threads, at most 32 exchanges
     *     .build();
     * }</pre>
     *
     * @param max the most calls in flight at once, at least 1
     * @throws IllegalArgumentException if {@code max} is less than 1
     */
    public Builder maxConcurrentCalls(int max) {
      if (max < 1) {
        throw new IllegalArgumentException("maxConcurrentCalls < 1: " + max);
      }
      this.maxConcurrentCalls = max;
      return this;
    }

    /**
     * Makes the client follow redirects itself, checking every hop's headers as the class
     * description says: the credentials of a request given to {@code exchange} too are taken off a
     * hop to another origin, and not put back; {@code Accept} and {@code Content-Type} stay as the
     * first request had them. Default: {@link Redirect#NEVER}, a redirect is the response. Needs an
     * {@link HttpClient} whose {@link HttpClient#followRedirects()} is {@code NEVER} (for OkHttp,
     * {@code followRedirects(false)}).
     *
     * <p>{@link Redirect#NORMAL} follows all but HTTPS to HTTP, {@link Redirect#ALWAYS} all, at
     * most {@value Redirects#MAX_HOPS} hops; 301 and 302 turn a POST into a GET, 303 anything but
     * HEAD, as browsers and the JDK do; 307 and 308 send the body again. Each hop runs through the
     * interceptors.
     */
    public Builder followRedirects(Redirect policy) {
      this.redirects = Objects.requireNonNull(policy, "policy == null");
      return this;
    }

    /**
     * Answers the client's calls from {@code cache} where RFC 9111 allows, and keeps their
     * responses in it: the one-liners, {@code send}, streams and pages. The cache sits under the
     * interceptors, as if it were part of the transport: an interceptor sees the response the cache
     * answers with (a {@code 304} that validated a stored response arrives as that response, with
     * its status and the updated headers), and a retry or redirect hop is answered from the cache
     * too. Default: no cache.
     *
     * @param cache the cache; one cache may serve several clients
     * @return this builder
     */
    public Builder cache(HttpCache cache) {
      this.cache = Objects.requireNonNull(cache, "cache == null");
      return this;
    }

    /**
     * The chain calls run through; a {@code foreign} one, for requests the default headers must not
     * reach, adds no supplied header and has its redirects add no default header.
     */
    HttpClient sender(String[] fixed, boolean foreign, @Nullable CallLimit limit) {
      // With or without a base URI: such a client copies every header to a hop before httpjson
      // sees it, and cannot be told not to per request. Accept and Content-Type carry nothing.
      String carried = names();
      Redirect own = client.followRedirects();
      if (own != Redirect.NEVER && !carried.isEmpty()) {
        throw new IllegalStateException(
            "the HttpClient follows redirects (followRedirects() is "
                + own
                + ") and would send this client's default headers ("
                + carried
                + ") to whatever origin a redirect names: build the HttpClient"
                + ownRedirects(own, "headers"));
      }
      if (own != Redirect.NEVER && redirects != Redirect.NEVER) {
        throw new IllegalStateException(
            "followRedirects("
                + redirects
                + ") needs an HttpClient that does not follow redirects itself; this one's"
                + " followRedirects() is "
                + own);
      }
      List<Interceptor> chain = new ArrayList<>();
      SuppliedHeaders supplied =
          suppliedNames.isEmpty() || foreign
              ? null
              : new SuppliedHeaders(baseUri, suppliedNames, suppliedValues);
      if (supplied != null) {
        chain.add(Interceptor.request(supplied)); // Redirects asks again for each trusted hop
      }
      if (redirects != Redirect.NEVER) {
        // Accept and Content-Type describe the exchange: a hop keeps the first request's.
        java.util.Set<String> stripped = new java.util.HashSet<>();
        List<String> defaults = new ArrayList<>();
        for (int i = 0; i < (foreign ? 0 : fixed.length); i += 2) {
          if (!JsonRequestBuilder.isAccept(fixed[i])
              && !JsonRequestBuilder.isContentType(fixed[i])) {
            defaults.add(fixed[i]);
            defaults.add(fixed[i + 1]);
            stripped.add(fixed[i].toLowerCase(java.util.Locale.ROOT));
          }
        }
        for (String name : foreign ? List.<String>of() : suppliedNames) {
          stripped.add(name.toLowerCase(java.util.Locale.ROOT));
        }
        chain.add(
            new Redirects(
                redirects,
                baseUri,
                defaults.toArray(new String[0]),
                stripped,
                supplied == null ? r -> r : supplied::apply));
      }
      chain.addAll(interceptors);
      HttpCache c = cache;
      return InterceptingClient.of(
          c == null ? client : c.decorate(client), chain, listeners, limit);
    }

    /** How to have redirects followed with the {@code checked} headers checked on every hop. */
    static String ownRedirects(Redirect own, String checked) {
      return " with followRedirects(Redirect.NEVER) (for OkHttp: followRedirects(false)), and call"
          + " followRedirects("
          + (own == Redirect.ALWAYS ? "Redirect.ALWAYS" : "Redirect.NORMAL")
          + ") on HttpJsonClient.Builder to have redirects followed with the "
          + checked
          + " checked on every hop";
    }

    /** The default headers' names, but Accept and Content-Type; empty when there are none. */
    private String names() {
      java.util.Set<String> names = new java.util.LinkedHashSet<>(suppliedNames);
      for (int i = 0; i < headers.size(); i += 2) {
        String name = headers.get(i);
        if (!JsonRequestBuilder.isAccept(name) && !JsonRequestBuilder.isContentType(name)) {
          names.add(name);
        }
      }
      return String.join(", ", names);
    }

    /** Fails now what {@code java.net.http} would otherwise reject on every call. */
    static void checkHeader(String name, String value) {
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

    /**
     * Returns the client.
     *
     * @throws IllegalStateException if there are default headers (other than {@code Accept} and
     *     {@code Content-Type}) and the {@link HttpClient} follows redirects itself (see {@link
     *     #followRedirects(Redirect)})
     */
    public HttpJsonClient build() {
      return new HttpJsonClient(this);
    }
  }
}

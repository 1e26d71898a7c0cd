package dev.httpjson.spi;

import dev.httpjson.FormContent;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.JsonContent;
import dev.httpjson.MultipartContent;
import dev.httpjson.internal.ApiAccess;
import dev.httpjson.internal.Apis;
import dev.httpjson.internal.BufferedResponse;
import dev.httpjson.internal.Uris;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What the code that httpjson-interfaces generates for an API interface calls besides httpjson's
 * API: its registration, found by {@link HttpJsonClient#create(Class)}, and the encoding of path
 * and query values. Users do not call it.
 */
public final class GeneratedApi {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private GeneratedApi() {}

  /**
   * Registers the factory of a generated implementation; called from the generated class's static
   * initializer, which {@link HttpJsonClient#create(Class)} runs. Only the generated class of
   * {@code api} can register, with its own lookup; a second registration is ignored.
   *
   * @param generated the generated class's own {@code MethodHandles.lookup()}
   * @param api the interface it implements
   * @param factory makes an implementation bound to a client
   * @throws IllegalArgumentException if {@code generated} is not the full-privilege lookup of the
   *     class generated for {@code api}
   */
  public static <T> void register(
      MethodHandles.Lookup generated, Class<T> api, Function<HttpJsonClient, ? extends T> factory) {
    Apis.register(generated, api, factory);
  }

  /**
   * Sends {@code method} to {@code uri} through {@code client} (its base URI, headers, timeout,
   * interceptors and listeners), with {@code body} as JSON when {@code hasBody} as {@link
   * HttpJsonClient#postAsJson(String, Object)} sends it, and checks the status; the response body
   * is read within {@link dev.httpjson.JsonOptions#maxResponseSize()} and dropped, never parsed:
   * what a {@code void} method, and one returning {@code HttpResponse<Void>}, does.
   *
   * @param client the client of the call
   * @param uri the URI, resolved against the client's base URI
   * @param hasBody whether to send {@code body}
   * @param body the value sent as JSON
   * @return the response (its status and headers), its body {@code null}
   * @throws dev.httpjson.HttpJsonStatusException on a status outside 200–299
   * @throws dev.httpjson.JsonWriteException if the body cannot be serialized (nothing is sent)
   * @throws IOException on any other I/O failure, a timeout or a response too large
   * @throws InterruptedException if interrupted while waiting (the exchange is aborted)
   */
  public static HttpResponse<@Nullable Void> send(
      HttpJsonClient client,
      String method,
      @Nullable String uri,
      boolean hasBody,
      @Nullable Object body)
      throws IOException, InterruptedException {
    return withoutBody(ApiAccess.get().sendChecked(client, method, uri, hasBody, body));
  }

  /**
   * {@return a future of what {@link #send} returns, or of its failure}: what a method returning
   * {@code CompletableFuture<HttpResponse<Void>>} does.
   */
  public static CompletableFuture<HttpResponse<@Nullable Void>> sendAsync(
      HttpJsonClient client,
      String method,
      @Nullable String uri,
      boolean hasBody,
      @Nullable Object body) {
    CompletableFuture<HttpResponse<byte[]>> call =
        ApiAccess.get().sendCheckedAsync(client, method, uri, hasBody, body);
    return dependent(call, call.thenApply(GeneratedApi::withoutBody));
  }

  /**
   * {@return a future completed with {@code null} when {@code future} completes normally, or with
   * its failure}: what a method returning {@code CompletableFuture<Void>} returns. Completing it
   * first (a cancel, a timeout) completes {@code future} too, which aborts its exchange.
   *
   * @param future the future of the call
   */
  public static CompletableFuture<@Nullable Void> completion(CompletableFuture<?> future) {
    return dependent(future, future.thenApply(r -> null));
  }

  /**
   * {@code mapped}, which a caller completing first (cancelling it, or a timeout) makes cancel
   * {@code source} too, so that the exchange behind it is aborted as it is for a one-liner's
   * future; once {@code source} is done, the cancel does nothing.
   */
  private static <T> CompletableFuture<T> dependent(
      CompletableFuture<?> source, CompletableFuture<T> mapped) {
    mapped.whenComplete((value, failure) -> source.cancel(true));
    return mapped;
  }

  // The type argument is @Nullable: NullAway's standard mode takes every type variable for
  // non-null.
  @SuppressWarnings("NullAway")
  private static HttpResponse<@Nullable Void> withoutBody(HttpResponse<byte[]> response) {
    return new BufferedResponse<@Nullable Void>(response, null, null);
  }

  /**
   * What a generated implementation's {@code toString()} returns: {@code "<api> bound to <base
   * URI>"}, the base URI without its userinfo (as httpjson's messages show a URI), so that logging
   * an implementation never prints a password.
   *
   * @param api the interface's simple name
   * @param client the client the implementation is bound to
   */
  public static String describe(String api, HttpJsonClient client) {
    return api + " bound to " + Uris.redact(client.baseUri());
  }

  /**
   * {@return {@code client}, its calls telling its interceptors the path template {@code template}
   * ({@link dev.httpjson.Interceptor.Chain#route()})}, resolved against the client's base URI: a
   * template starting with {@code /} or a scheme is taken as it is, any other one is put after the
   * base URI's path; then shown as httpjson's messages show a URI ({@link
   * dev.httpjson.JsonOptions#redact(String)} with the client's options): a literal query's values
   * hidden, userinfo and a fragment left out. Called once per interface method, when an
   * implementation is made, so that a call pays nothing for it.
   *
   * @param client the client the method's calls are made with
   * @param template the method's template, as its annotation gives it
   */
  public static HttpJsonClient route(HttpJsonClient client, String template) {
    Objects.requireNonNull(template, "template == null");
    String route = template;
    java.net.URI base = client.baseUri();
    if (!template.startsWith("/") && !template.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")) {
      String path = base == null || base.getRawPath() == null ? "" : base.getRawPath();
      route = path.substring(0, path.lastIndexOf('/') + 1) + template;
      if (!route.startsWith("/")) {
        route = "/" + route;
      }
    }
    // A tag or a span name is kept and shown for long: no literal query value (a key) in it.
    return ApiAccess.get().routed(client, client.options().redact(route));
  }

  /**
   * The value of a path placeholder, percent-encoded as one path segment: every character but the
   * unreserved ones of RFC 3986 ({@code A–Z a–z 0–9 - . _ ~}) is encoded as its UTF-8 bytes, so a
   * {@code /}, {@code ?} or {@code :} in a value never makes a segment, a query or a scheme.
   *
   * @param name the placeholder, for the message
   * @param value the value, turned to text with {@code toString()}
   * @return the encoded segment; the value itself when nothing needed encoding
   * @throws IllegalArgumentException if the value is null, empty, {@code .} or {@code ..} (which
   *     would change the path's shape), or has an unpaired surrogate (no UTF-8 for it)
   */
  public static String pathSegment(String name, @Nullable Object value) {
    if (value == null) {
      throw new IllegalArgumentException("path parameter " + name + " is null");
    }
    String text = value.toString();
    if (text.isEmpty() || text.equals(".") || text.equals("..")) {
      throw new IllegalArgumentException(
          "path parameter " + name + " is \"" + text + "\": it would change the path's segments");
    }
    return encode(text, "path", name);
  }

  /**
   * The request an API interface method returning {@code HttpRequest} returns: {@code request} as
   * {@code client} would send it — its default headers and {@code Accept} added where absent —
   * without sending it.
   *
   * @param client the client the method runs on, its headers applied
   * @param request the request the method built
   * @return the request, unsent
   */
  public static HttpRequest request(HttpJsonClient client, HttpRequest request) {
    return ApiAccess.get()
        .prepared(
            Objects.requireNonNull(client, "client == null"),
            Objects.requireNonNull(request, "request == null"));
  }

  /**
   * Appends the query parameter {@code name=value} to {@code uri}, both percent-encoded as query
   * components (as {@link #pathSegment} encodes), after {@code ?} or {@code &} as {@code uri}
   * needs: nothing for a null value or an empty {@link Optional}, the value of a present one, and
   * the parameter once per non-null element of an {@link Iterable}.
   *
   * @param uri the URI being built
   * @param name the parameter's name
   * @param value its value, turned to text with {@code toString()}
   * @throws IllegalArgumentException if the name or a value has an unpaired surrogate (no UTF-8 for
   *     it)
   */
  public static void query(StringBuilder uri, String name, @Nullable Object value) {
    Objects.requireNonNull(uri, "uri == null");
    if (value instanceof Optional) {
      value = ((Optional<?>) value).orElse(null);
    }
    if (value instanceof Iterable) {
      for (Object element : (Iterable<?>) value) {
        query(uri, name, element);
      }
      return;
    }
    if (value == null) {
      return;
    }
    uri.append(uri.indexOf("?") < 0 ? '?' : '&')
        .append(encode(name, "query", name))
        .append('=')
        .append(encode(value.toString(), "query", name));
  }

  /**
   * Adds the form field {@code name=value} to {@code form}: nothing for a null value or an empty
   * {@link Optional}, the value of a present one, and the field once per non-null element of an
   * {@link Iterable}; a value is turned to text with {@code toString()}.
   *
   * @param form the form being built
   * @param name the field's name
   * @param value its value
   */
  public static void field(FormContent.Builder form, String name, @Nullable Object value) {
    if (value instanceof Optional) {
      value = ((Optional<?>) value).orElse(null);
    }
    if (value instanceof Iterable && !(value instanceof java.nio.file.Path)) {
      for (Object element : (Iterable<?>) value) {
        field(form, name, element);
      }
      return;
    }
    if (value != null) {
      form.add(name, value.toString());
    }
  }

  /**
   * Adds the part {@code name} to {@code parts}: a {@code String} as a text field, a {@link
   * java.nio.file.Path} as a file streamed from disk, a {@code byte[]} or an {@link
   * java.io.InputStream} as a file named {@code name}, any other value as JSON written with {@code
   * client}'s options; nothing for a null value or an empty {@link Optional}, a part per non-null
   * element of an {@link Iterable}.
   *
   * @param parts the body being built
   * @param client the client whose options write a JSON part
   * @param name the part's name
   * @param value its value
   * @throws IOException if a file does not exist or a value cannot be serialized
   */
  public static void part(
      MultipartContent.Builder parts, HttpJsonClient client, String name, @Nullable Object value)
      throws IOException {
    if (value instanceof Optional) {
      value = ((Optional<?>) value).orElse(null);
    }
    if (value instanceof Iterable && !(value instanceof java.nio.file.Path)) { // a Path iterates
      for (Object element : (Iterable<?>) value) {
        part(parts, client, name, element);
      }
      return;
    }
    if (value == null) {
      return;
    }
    if (value instanceof String) {
      parts.field(name, (String) value);
    } else if (value instanceof java.nio.file.Path) {
      parts.file(name, (java.nio.file.Path) value);
    } else if (value instanceof byte[]) {
      parts.file(name, (byte[]) value, name, "application/octet-stream");
    } else if (value instanceof java.io.InputStream) {
      parts.file(name, (java.io.InputStream) value, name, "application/octet-stream");
    } else {
      parts.json(name, JsonContent.of(value, client.options()));
    }
  }

  /**
   * The value of a {@code @Url} parameter, as text, without its fragment: a fragment is never sent,
   * and the query parameters appended after it would be lost in it.
   *
   * @param parameter the parameter's name, for the message
   * @param url a {@code String} or a {@code URI}
   * @return the URL as text, up to its {@code #}
   * @throws NullPointerException if {@code url} is null
   */
  public static String url(String parameter, @Nullable Object url) {
    if (url == null) {
      throw new NullPointerException("@Url parameter " + parameter + " is null");
    }
    String text = url.toString();
    int fragment = text.indexOf('#');
    return fragment < 0 ? text : text.substring(0, fragment);
  }

  /**
   * {@return {@code client} with the header {@code name: value} when {@code uri} resolves to the
   * origin of its base URI (or it has none), else {@code client} as it is}: how a {@code @Url}
   * method sends a credential ({@code Authorization}, {@code Proxy-Authorization}, {@code Cookie})
   * its interface's {@code @Headers} name, which a URL on another origin — a link a server handed
   * out — does not get, as it does not get the client's default headers.
   *
   * @param client the call's client
   * @param uri the call's URI, resolved against the client's base URI
   * @param name the header's name
   * @param value its value
   */
  public static HttpJsonClient originHeader(
      HttpJsonClient client, String uri, String name, String value) {
    java.net.URI base = client.baseUri();
    return base == null || Uris.sameOrigin(base, client.uri(uri))
        ? client.withHeader(name, value)
        : client;
  }

  /**
   * Appends a query parameter per entry of {@code map} to {@code uri}, as {@link #query} does.
   *
   * @param uri the URI being built
   * @param parameter the parameter's name, for the message
   * @param map the parameters
   * @throws NullPointerException if the map, a key or a value is null
   */
  public static void queryMap(StringBuilder uri, String parameter, @Nullable Map<?, ?> map) {
    for (Map.Entry<?, ?> e : entries(parameter, "@QueryMap", map)) {
      query(uri, (String) e.getKey(), e.getValue());
    }
  }

  /**
   * {@return {@code client} with a header per entry of {@code map}}
   *
   * @param client the call's client
   * @param parameter the parameter's name, for the message
   * @param map the headers
   * @throws NullPointerException if the map, a key or a value is null
   */
  public static HttpJsonClient headerMap(
      HttpJsonClient client, String parameter, @Nullable Map<?, ?> map) {
    HttpJsonClient c = client;
    for (Map.Entry<?, ?> e : entries(parameter, "@HeaderMap", map)) {
      c = c.withHeader((String) e.getKey(), (String) e.getValue());
    }
    return c;
  }

  private static Iterable<? extends Map.Entry<?, ?>> entries(
      String parameter, String kind, @Nullable Map<?, ?> map) {
    if (map == null) {
      throw new NullPointerException(kind + " parameter " + parameter + " is null");
    }
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (e.getKey() == null) {
        throw new NullPointerException(kind + " parameter " + parameter + " has a null key");
      }
      if (e.getValue() == null) {
        throw new NullPointerException(
            kind + " parameter " + parameter + " has a null value for key " + e.getKey());
      }
    }
    return map.entrySet();
  }

  private static String encode(String text, String kind, String name) {
    int i = 0;
    int n = text.length();
    while (i < n && unreserved(text.charAt(i))) {
      i++;
    }
    if (i == n) {
      return text;
    }
    for (int j = i; j < n; j++) {
      char c = text.charAt(j);
      if (Character.isHighSurrogate(c)
          && j + 1 < n
          && Character.isLowSurrogate(text.charAt(j + 1))) {
        j++;
      } else if (Character.isSurrogate(c)) {
        // String.getBytes would send it as '?', silently another value; the value itself is not
        // shown, as a query value may be a secret.
        throw new IllegalArgumentException(
            String.format(
                "%s parameter %s is not valid Unicode: an unpaired surrogate U+%04X at index %d",
                kind, name, (int) c, j));
      }
    }
    StringBuilder b = new StringBuilder(n + 16).append(text, 0, i);
    byte[] bytes = text.substring(i).getBytes(StandardCharsets.UTF_8);
    for (byte x : bytes) {
      char c = (char) (x & 0xff);
      if (c < 0x80 && unreserved(c)) {
        b.append(c);
      } else {
        b.append('%').append(HEX[(x >> 4) & 0xf]).append(HEX[x & 0xf]);
      }
    }
    return b.toString();
  }

  private static boolean unreserved(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
  }
}

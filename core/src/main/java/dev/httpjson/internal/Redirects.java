package dev.httpjson.internal;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient.Redirect;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * Follows redirects for an {@link HttpJsonClient}, so that every hop is checked: the default
 * headers go to a hop on the trusted origin (the base URI's, or without one the first request's)
 * and are taken off a hop anywhere else; credentials of the request itself ({@link #CREDENTIALS})
 * are taken off a hop to another origin than the first request's.
 */
public final class Redirects implements Interceptor {
  /** As many as the JDK client follows by default ({@code jdk.httpclient.redirects.retrylimit}). */
  public static final int MAX_HOPS = 5;

  /**
   * Headers that carry a credential whoever set them ({@link SecretHeaders}: {@code Authorization},
   * cookies, API keys and tokens): never sent on a hop to another origin than the first request's,
   * as browsers and the JDK's own redirect following do for {@code Authorization}.
   */
  public static final Set<String> CREDENTIALS = SecretHeaders.NAMES;

  /**
   * The headers that describe a request's content, which a hop turned into a GET goes without (RFC
   * 9110 section 15.4).
   */
  private static final Set<String> CONTENT =
      Set.of(
          "content-type",
          "content-length",
          "content-encoding",
          "content-language",
          "content-location",
          "content-digest",
          "digest",
          "last-modified");

  private final Redirect policy;
  private final @Nullable URI base;
  private final String[] defaults; // name, value pairs, neither Accept nor Content-Type
  private final Set<String> names;
  private final UnaryOperator<HttpRequest> supplied;

  /** A stage that follows redirects as {@code policy} says. */
  public Redirects(
      Redirect policy,
      @Nullable URI base,
      String[] defaults,
      Set<String> names,
      UnaryOperator<HttpRequest> supplied) {
    this.policy = policy;
    this.base = base;
    this.defaults = defaults;
    this.names = names;
    this.supplied = supplied;
  }

  /** Where the response said to go, when this stage follows it. */
  private static final class Hop {
    public volatile @Nullable URI target;
  }

  private <T> Chain<T> watching(Chain<T> chain, HttpRequest request, Hop hop) {
    BodyHandler<T> handler = chain.bodyHandler();
    return chain.withBodyHandler(
        info -> {
          URI target = target(request.uri(), info.statusCode(), info.headers());
          if (target == null) {
            return handler.apply(info);
          }
          hop.target = target;
          return chain.discard(info); // read and dropped: the connection is reused
        });
  }

  private @Nullable URI target(URI from, int status, java.net.http.HttpHeaders headers) {
    if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308) {
      return null;
    }
    String location = headers.firstValue("Location").orElse(null);
    if (location == null) {
      return null;
    }
    URI target;
    try {
      target = Uris.resolve(from, new URI(location.trim()));
    } catch (java.net.URISyntaxException | IllegalArgumentException e) {
      return null; // the response goes to the caller as it is
    }
    String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      return null;
    }
    if (policy == Redirect.NORMAL
        && "https".equalsIgnoreCase(from.getScheme())
        && scheme.equals("http")) {
      return null;
    }
    return target;
  }

  /**
   * The request for the next hop: method and body as browsers do, default headers re-checked
   * against the trusted origin, the request's own credentials against the first request's origin.
   */
  HttpRequest next(HttpRequest first, HttpRequest previous, URI target, int status) {
    String method = previous.method();
    boolean toGet =
        (status == 303 && !method.equals("HEAD"))
            || ((status == 301 || status == 302) && method.equals("POST"));
    boolean trusted = Uris.sameOrigin(base != null ? base : first.uri(), target);
    boolean home = Uris.sameOrigin(first.uri(), target);
    HttpRequest.Builder b =
        HttpRequest.newBuilder(
            previous,
            (name, value) -> {
              String lower = name.toLowerCase(Locale.ROOT);
              if (toGet && CONTENT.contains(lower)) {
                return false;
              }
              return !names.contains(lower) && (home || !CREDENTIALS.contains(lower));
            });
    b.uri(target);
    if (toGet) {
      b.GET();
    } else {
      b.method(method, previous.bodyPublisher().orElse(HttpRequest.BodyPublishers.noBody()));
    }
    if (!trusted) {
      return b.build();
    }
    for (int i = 0; i < defaults.length; i += 2) {
      b.header(defaults[i], defaults[i + 1]);
    }
    return supplied.apply(b.build());
  }

  /**
   * The request for the hop {@code response} names, or {@code null} when it names none this stage
   * follows; {@code hops} were made before it.
   */
  private @Nullable HttpRequest follow(
      HttpRequest first, HttpRequest current, Chain<?> chain, Hop hop, int status, int hops)
      throws IOException {
    URI target = hop.target;
    if (target == null) {
      return null;
    }
    if (hops == MAX_HOPS) {
      JsonOptions options = chain.options().orElse(null);
      throw new IOException(
          "Too many redirects (more than "
              + MAX_HOPS
              + ") from "
              + first.method()
              + " "
              + Uris.redact(
                  first.uri(), options == null ? Set.of() : options.shownQueryParameters()));
    }
    CallTrace trace = InterceptingClient.trace(chain);
    if (trace != null) {
      trace.redirect(status, target);
    }
    return next(first, current, target, status);
  }

  @Override
  public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
      throws IOException, InterruptedException {
    HttpRequest current = request;
    for (int hops = 0; ; hops++) {
      Hop hop = new Hop();
      HttpResponse<T> response = watching(chain, current, hop).forward(current);
      HttpRequest next = follow(request, current, chain, hop, response.statusCode(), hops);
      if (next == null) {
        return response;
      }
      current = next;
    }
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
      HttpRequest request, Chain<T> chain) {
    CompletableFuture<HttpResponse<T>> result = new CompletableFuture<>();
    hopAsync(request, request, chain, 0, result);
    return result;
  }

  private <T> void hopAsync(
      HttpRequest first,
      HttpRequest current,
      Chain<T> chain,
      int hops,
      CompletableFuture<HttpResponse<T>> result) {
    Hop hop = new Hop();
    CompletableFuture<HttpResponse<T>> exchange =
        watching(chain, current, hop).forwardAsync(current);
    result.whenComplete(
        (r, e) -> {
          if (result.isCancelled() || e != null) {
            exchange.cancel(true);
          }
        });
    exchange.whenComplete(
        (response, failure) -> {
          if (failure != null) {
            result.completeExceptionally(failure);
            return;
          }
          HttpRequest next;
          try {
            next = follow(first, current, chain, hop, response.statusCode(), hops);
          } catch (IOException | RuntimeException e) {
            result.completeExceptionally(e);
            return;
          }
          if (next == null) {
            if (!result.complete(response)) {
              CallRunner.closeQuietly(response.body()); // the caller gave up on the call
            }
          } else if (!result.isDone()) {
            hopAsync(first, next, chain, hops + 1, result);
          }
        });
  }
}

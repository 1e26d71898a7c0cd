package dev.httpjson.micrometer;

import dev.httpjson.HttpCache;
import dev.httpjson.JsonOptions;
import io.micrometer.observation.transport.Propagator;
import io.micrometer.observation.transport.RequestReplySenderContext;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.ResponseInfo;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What an {@link HttpJsonObservationConvention} reads of one exchange: the request as it reached
 * the interceptor, the path template of the interface method the call was made through, the
 * response's status line and headers once they arrived ({@link #getResponse()}), and the exception
 * the caller got ({@link #getError()}).
 *
 * <p>The {@linkplain #getCarrier() carrier} is a builder of the request: a tracing handler
 * (Micrometer Tracing's {@code PropagatingSenderTracingObservationHandler}) sets its headers on it
 * through the {@linkplain #getSetter() setter} when the observation starts ({@code traceparent}
 * with the W3C propagator), and the request sent is the one it builds. The builder is made the
 * first time it is asked for: a request no handler adds a header to is sent as it is.
 *
 * <p>Made by httpjson for each exchange it observes; not thread-safe, like any {@code
 * Observation.Context}: the observation's handlers see it on the thread that starts or stops it.
 */
public final class HttpJsonObservationContext
    extends RequestReplySenderContext<HttpRequest.Builder, ResponseInfo> {

  private static final Propagator.Setter<HttpRequest.Builder> SETTER =
      (carrier, name, value) -> {
        if (carrier != null) {
          carrier.setHeader(name, value);
        }
      };

  private final HttpRequest request;
  private final @Nullable String uriTemplate;
  private final JsonOptions options;
  private @Nullable String url;
  private HttpCache.@Nullable Outcome cacheOutcome;

  HttpJsonObservationContext(
      HttpRequest request, @Nullable String uriTemplate, JsonOptions options) {
    super(SETTER);
    this.request = request;
    this.uriTemplate = uriTemplate;
    this.options = options;
  }

  /**
   * The request as it reached the interceptor: its method, URI and headers. The request sent also
   * carries what the observation's handlers added to the {@linkplain #getCarrier() carrier}.
   *
   * @return the request
   */
  public HttpRequest getRequest() {
    return request;
  }

  /**
   * The path template of the API interface method the call was made through, resolved against the
   * client's base URI ({@code /v1/repos/{owner}/{repo}}), as {@link
   * dev.httpjson.Interceptor.Chain#route()} gives it.
   *
   * @return the template, or {@code null} for a call made otherwise (a one-liner, {@code exchange},
   *     a method with a {@code @Url} parameter, a plain {@code send} on a decorated client)
   */
  public @Nullable String getUriTemplate() {
    return uriTemplate;
  }

  /**
   * The request's URI as httpjson's exception messages show it ({@link
   * dev.httpjson.JsonOptions#redact(String)}): without its fragment, its userinfo hidden, the value
   * of every query parameter but those the call's options show replaced by {@code ***}.
   *
   * @return the URI, safe to record
   */
  public String getUrl() {
    String shown = url;
    if (shown == null) {
      URI uri = request.uri();
      // Nothing to hide: the URI's own text, without parsing it again.
      shown =
          uri.getRawUserInfo() == null && uri.getRawQuery() == null && uri.getRawFragment() == null
              ? uri.toString()
              : options.redact(uri.toString());
      url = shown;
    }
    return shown;
  }

  /**
   * How an {@link HttpCache} under the interceptor answered, when one took part: {@code HIT}
   * (nothing sent), {@code REVALIDATED} (a 304 confirmed the stored response) or {@code MISS}.
   *
   * @return the outcome, also for a call that failed on a response the cache gave (a stored 404);
   *     empty where no cache took part, and before the exchange ended
   */
  public Optional<HttpCache.Outcome> getCacheOutcome() {
    return Optional.ofNullable(cacheOutcome);
  }

  void setCacheOutcome(HttpCache.@Nullable Outcome outcome) {
    this.cacheOutcome = outcome;
  }

  /**
   * {@inheritDoc}
   *
   * <p>A builder of {@link #getRequest()}, made on the first call; the request sent is built from
   * it.
   */
  @Override
  public HttpRequest.Builder getCarrier() {
    HttpRequest.Builder builder = super.getCarrier();
    if (builder == null) {
      builder = HttpRequest.newBuilder(request, (name, value) -> true);
      super.setCarrier(builder);
    }
    return builder;
  }

  /** The request to send: what the carrier builds once it was made, else {@link #getRequest()}. */
  HttpRequest toSend() {
    HttpRequest.Builder builder = super.getCarrier();
    return builder == null ? request : builder.build();
  }
}

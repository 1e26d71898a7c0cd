package dev.httpjson.micrometer;

import dev.httpjson.internal.observe.Routes;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import java.net.http.HttpResponse.ResponseInfo;
import java.util.Locale;
import java.util.Objects;

/**
 * The convention httpjson's observations follow by default: the one of Spring's HTTP client
 * observations ({@code DefaultClientRequestObservationConvention}), so that httpjson's calls and a
 * {@code RestClient}'s land in the same {@code http.client.requests} meter with the same tags.
 *
 * <p>Low-cardinality key values (tags of the timer):
 *
 * <ul>
 *   <li>{@code client.name}: the request URI's host; {@code none} without one.
 *   <li>{@code exception}: the simple class name of the exception the caller got ({@code
 *       HttpJsonStatusException}, {@code ConnectException}, {@code CallTimeoutException}, …);
 *       {@code none} when the call succeeded.
 *   <li>{@code method}: the request method ({@code GET}).
 *   <li>{@code outcome}: {@code INFORMATIONAL}, {@code SUCCESS}, {@code REDIRECTION}, {@code
 *       CLIENT_ERROR} or {@code SERVER_ERROR} after the status's class; {@code UNKNOWN} when no
 *       response arrived or its status is outside 100–599.
 *   <li>{@code status}: the response's status code; {@code CLIENT_ERROR} when no response arrived
 *       (the connection failed, the call timed out or was cancelled first).
 *   <li>{@code uri}: the path template of the interface method the call was made through ({@code
 *       /v1/repos/{owner}/{repo}}; a literal query's values hidden, {@code /v1/search?type=***}),
 *       never the URI sent; {@code none} for a call without one (the one-liners, {@code exchange},
 *       a method with a {@code @Url} parameter).
 * </ul>
 *
 * <p>High-cardinality key values (span tags, never meter tags): {@code http.url}, the URI as
 * httpjson's messages show it ({@link HttpJsonObservationContext#getUrl()}: no userinfo, no query
 * value but those the call's options show), and, where an {@link dev.httpjson.HttpCache} took part,
 * {@code httpjson.cache.outcome} ({@code hit}, {@code revalidated} or {@code miss}). The cache's
 * outcome is not a tag: a meter registry such as Prometheus's wants every meter of a name to have
 * the same tag keys, and Spring's clients write the same meter without it.
 *
 * <p>The contextual name (a span's name) is {@code http get}, after the method.
 *
 * <p>Immutable and thread-safe; extend it and override a method to change one key value.
 */
public class DefaultHttpJsonObservationConvention implements HttpJsonObservationConvention {
  private static final String DEFAULT_NAME = "http.client.requests";

  private static final KeyValue URI_NONE = KeyValue.of("uri", KeyValue.NONE_VALUE);
  private static final KeyValue STATUS_CLIENT_ERROR = KeyValue.of("status", "CLIENT_ERROR");
  private static final KeyValue EXCEPTION_NONE = KeyValue.of("exception", KeyValue.NONE_VALUE);
  private static final KeyValue CLIENT_NAME_NONE = KeyValue.of("client.name", KeyValue.NONE_VALUE);
  private static final KeyValue OUTCOME_UNKNOWN = KeyValue.of("outcome", "UNKNOWN");
  private static final KeyValue[] OUTCOMES = {
    KeyValue.of("outcome", "INFORMATIONAL"),
    KeyValue.of("outcome", "SUCCESS"),
    KeyValue.of("outcome", "REDIRECTION"),
    KeyValue.of("outcome", "CLIENT_ERROR"),
    KeyValue.of("outcome", "SERVER_ERROR")
  };

  private final String name;

  /** The convention with the name {@code http.client.requests}. */
  public DefaultHttpJsonObservationConvention() {
    this(DEFAULT_NAME);
  }

  /**
   * The convention with another name.
   *
   * @param name the observation's name, and so the timer's
   */
  public DefaultHttpJsonObservationConvention(String name) {
    this.name = Objects.requireNonNull(name, "name == null");
  }

  /** {@return the observation's name: {@code http.client.requests} unless given} */
  @Override
  public String getName() {
    return name;
  }

  /** {@return {@code http} and the method in lower case: {@code http get}} */
  @Override
  public String getContextualName(HttpJsonObservationContext context) {
    return "http " + context.getRequest().method().toLowerCase(Locale.ROOT);
  }

  /**
   * {@return {@code client.name}, {@code exception}, {@code method}, {@code outcome}, {@code
   * status} and {@code uri}, sorted by name}
   */
  @Override
  public KeyValues getLowCardinalityKeyValues(HttpJsonObservationContext context) {
    return KeyValues.of(
        clientName(context),
        exception(context),
        method(context),
        outcome(context),
        status(context),
        uri(context));
  }

  /** {@return {@code http.url}, and {@code httpjson.cache.outcome} where a cache took part} */
  @Override
  public KeyValues getHighCardinalityKeyValues(HttpJsonObservationContext context) {
    KeyValues values = KeyValues.of(requestUri(context));
    return context
        .getCacheOutcome()
        .map(
            o ->
                values.and(
                    KeyValue.of("httpjson.cache.outcome", o.name().toLowerCase(Locale.ROOT))))
        .orElse(values);
  }

  /**
   * {@return the {@code uri} key value: the path template without a leading {@code scheme://host},
   * or {@code none}}
   *
   * @param context the exchange
   */
  protected KeyValue uri(HttpJsonObservationContext context) {
    String template = context.getUriTemplate();
    if (template == null) {
      return URI_NONE;
    }
    return KeyValue.of("uri", Routes.path(template));
  }

  /**
   * {@return the {@code method} key value}
   *
   * @param context the exchange
   */
  protected KeyValue method(HttpJsonObservationContext context) {
    return KeyValue.of("method", context.getRequest().method());
  }

  /**
   * {@return the {@code status} key value: the status code, or {@code CLIENT_ERROR} without a
   * response}
   *
   * @param context the exchange
   */
  protected KeyValue status(HttpJsonObservationContext context) {
    ResponseInfo response = context.getResponse();
    return response == null
        ? STATUS_CLIENT_ERROR
        : KeyValue.of("status", Integer.toString(response.statusCode()));
  }

  /**
   * {@return the {@code exception} key value: the simple name of the exception's class (its name
   * for an anonymous class), or {@code none}}
   *
   * @param context the exchange
   */
  protected KeyValue exception(HttpJsonObservationContext context) {
    Throwable error = context.getError();
    if (error == null) {
      return EXCEPTION_NONE;
    }
    String simple = error.getClass().getSimpleName();
    return KeyValue.of("exception", simple.isEmpty() ? error.getClass().getName() : simple);
  }

  /**
   * {@return the {@code outcome} key value, after the status's class}
   *
   * @param context the exchange
   */
  protected KeyValue outcome(HttpJsonObservationContext context) {
    ResponseInfo response = context.getResponse();
    int series = response == null ? 0 : response.statusCode() / 100;
    return series >= 1 && series <= 5 ? OUTCOMES[series - 1] : OUTCOME_UNKNOWN;
  }

  /**
   * {@return the {@code client.name} key value: the URI's host, or {@code none}}
   *
   * @param context the exchange
   */
  protected KeyValue clientName(HttpJsonObservationContext context) {
    String host = context.getRequest().uri().getHost();
    return host == null ? CLIENT_NAME_NONE : KeyValue.of("client.name", host);
  }

  /**
   * {@return the {@code http.url} key value: the URI as httpjson's messages show it}
   *
   * @param context the exchange
   */
  protected KeyValue requestUri(HttpJsonObservationContext context) {
    return KeyValue.of("http.url", context.getUrl());
  }

  @Override
  public String toString() {
    return "DefaultHttpJsonObservationConvention{name=" + name + "}";
  }
}

/**
 * OpenTelemetry for httpjson: a span per exchange, W3C trace context on the outgoing request and
 * the {@code http.client.request.duration} histogram, after the OpenTelemetry HTTP client semantic
 * conventions. Start with {@link dev.httpjson.opentelemetry.HttpJsonTelemetry}.
 */
module dev.httpjson.opentelemetry {
  requires transitive dev.httpjson;
  requires transitive io.opentelemetry.api;
  requires transitive io.opentelemetry.context;
  requires static org.jspecify;

  exports dev.httpjson.opentelemetry;
}

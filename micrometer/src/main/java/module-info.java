/**
 * Micrometer for httpjson: each exchange as a Micrometer {@code Observation} named {@code
 * http.client.requests}, with the key values of Spring's HTTP client observations and the path
 * template of an API interface's method as its {@code uri}. Start with {@link
 * dev.httpjson.micrometer.HttpJsonObservations}.
 */
module dev.httpjson.micrometer {
  requires transitive dev.httpjson;
  requires transitive micrometer.observation;
  requires transitive micrometer.commons;
  requires static org.jspecify;

  exports dev.httpjson.micrometer;
}

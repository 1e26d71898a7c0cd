package dev.httpjson.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * The name and key values of httpjson's observations, as Spring's {@code
 * ClientRequestObservationConvention} is for its HTTP clients. Extend {@link
 * DefaultHttpJsonObservationConvention} to add a key value or change one, and pass it to {@link
 * HttpJsonObservations#withConvention(HttpJsonObservationConvention)}, or register it in the
 * registry's {@code observationConfig()} as a {@code GlobalObservationConvention}.
 */
public interface HttpJsonObservationConvention
    extends ObservationConvention<HttpJsonObservationContext> {

  /** {@return whether {@code context} is an {@link HttpJsonObservationContext}} */
  @Override
  default boolean supportsContext(Observation.Context context) {
    return context instanceof HttpJsonObservationContext;
  }
}

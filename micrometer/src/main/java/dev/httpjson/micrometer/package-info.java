/**
 * httpjson calls seen through Micrometer: {@link
 * dev.httpjson.micrometer.HttpJsonObservations#create(io.micrometer.observation.ObservationRegistry)}
 * gives the {@link dev.httpjson.Interceptor} that observes them.
 */
@NullMarked
package dev.httpjson.micrometer;

import org.jspecify.annotations.NullMarked;

/**
 * What the observing interceptors of the OpenTelemetry and Micrometer modules share: not an API,
 * exported to those two modules only.
 */
@NullMarked
package dev.httpjson.internal.observe;

import org.jspecify.annotations.NullMarked;

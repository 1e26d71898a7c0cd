/**
 * httpjson calls seen through OpenTelemetry: {@link
 * dev.httpjson.opentelemetry.HttpJsonTelemetry#create(io.opentelemetry.api.OpenTelemetry)} gives
 * the {@link dev.httpjson.Interceptor} that traces and measures them.
 */
@NullMarked
package dev.httpjson.opentelemetry;

import org.jspecify.annotations.NullMarked;

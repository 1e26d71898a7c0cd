package dev.httpjson.internal;

import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * What a call does with its response and what it returns: an immutable value, made by the factories
 * below (a prepared type keeps its own, {@link Responses.JsonHandler#plan()}).
 */
@FunctionalInterface
public interface Plan<R> {
  /** {@return the state of one run of this plan, sending {@code request}} */
  CallState<R> start(HttpRequest request);

  /** The value {@code type} reads from the body, a status outside 200–299 failing the call. */
  static <T> Plan<@Nullable T> value(Responses.JsonHandler<T> type) {
    return CallState.Value.plan(type, false);
  }

  /** As {@link #value}, the response carrying the value. */
  static <T> Plan<HttpResponse<@Nullable T>> response(Responses.JsonHandler<T> type) {
    return CallState.Value.plan(type, true);
  }

  /** The body as bytes, within the size limit; with {@code checked}, the status checked too. */
  static Plan<HttpResponse<byte[]>> bytes(JsonOptions options, boolean checked) {
    return request -> new CallState.Bytes(options, request, checked);
  }

  /** The elements of a top-level array or NDJSON body, status checked before it is returned. */
  static <T> Plan<Stream<T>> elements(JsonType<T> type) {
    return request -> new CallState.Elements<>(type, request.method(), request.uri());
  }

  /** An event stream's exchange: the first and each reconnection, all of one call's state. */
  static Plan<HttpResponse<InputStream>> events(CallState.Events call) {
    return request -> call;
  }
}

package dev.httpjson.internal;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * {@link HttpJson}'s front door: checks the caller's arguments eagerly (before anything is sent,
 * also for the async forms) and hands them to {@link Calls}. One method per shape, so that every
 * public overload is one line.
 */
public final class Checked {
  private Checked() {}

  public static <T> JsonType<T> of(Class<T> type, JsonOptions options) {
    return ApiAccess.get().resolve(Calls.type(type), Calls.options(options));
  }

  public static <T> JsonType<T> of(JsonType<T> type) {
    return Calls.type(type);
  }

  public static <T> @Nullable T receive(HttpClient client, String method, URI uri, JsonType<T> type)
      throws IOException, InterruptedException {
    return Calls.receive(
        Calls.client(client), method, Calls.absolute(uri), null, type, Calls.noHeaders());
  }

  public static <T> CompletableFuture<@Nullable T> receiveAsync(
      HttpClient client, String method, URI uri, JsonType<T> type) {
    return Calls.receiveAsync(
        Calls.client(client), method, Calls.absolute(uri), null, type, Calls.noHeaders());
  }

  public static HttpResponse<byte[]> send(
      HttpClient client, String method, URI uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return Calls.sendValue(
        Calls.client(client),
        method,
        Calls.absolute(uri),
        value,
        Calls.options(options),
        Calls.noHeaders());
  }

  public static CompletableFuture<HttpResponse<byte[]>> sendAsync(
      HttpClient client, String method, URI uri, @Nullable Object value, JsonOptions options) {
    return Calls.sendValueAsync(
        Calls.client(client),
        method,
        Calls.absolute(uri),
        value,
        Calls.options(options),
        Calls.noHeaders());
  }

  public static <R> @Nullable R exchange(
      HttpClient client, String method, URI uri, @Nullable Object value, JsonType<R> type)
      throws IOException, InterruptedException {
    return Calls.exchangeValue(
        Calls.client(client), method, Calls.absolute(uri), value, type, Calls.noHeaders());
  }

  public static <R> CompletableFuture<@Nullable R> exchangeAsync(
      HttpClient client, String method, URI uri, @Nullable Object value, JsonType<R> type) {
    return Calls.exchangeValueAsync(
        Calls.client(client), method, Calls.absolute(uri), value, type, Calls.noHeaders());
  }

  public static <T> HttpResponse<@Nullable T> exchange(
      HttpClient client, HttpRequest request, JsonType<T> type)
      throws IOException, InterruptedException {
    return Calls.exchangeResponse(Calls.client(client), request, type);
  }

  public static <T> CompletableFuture<HttpResponse<@Nullable T>> exchangeAsync(
      HttpClient client, HttpRequest request, JsonType<T> type) {
    return Calls.exchangeResponseAsync(Calls.client(client), request, type);
  }

  public static <T> Stream<T> stream(HttpClient client, URI uri, JsonType<T> type)
      throws IOException, InterruptedException {
    return Calls.stream(
        Calls.client(client),
        Calls.absolute(uri),
        type,
        Responses.StreamFormat.AUTO,
        Calls.noHeaders());
  }

  public static <T> CompletableFuture<Stream<T>> streamAsync(
      HttpClient client, URI uri, JsonType<T> type) {
    return Calls.streamAsync(
        Calls.client(client),
        Calls.absolute(uri),
        type,
        Responses.StreamFormat.AUTO,
        Calls.noHeaders());
  }
}

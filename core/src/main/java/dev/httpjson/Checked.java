package dev.httpjson;

import java.io.IOException;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * {@link HttpJson}'s front door: checks the caller's arguments eagerly (before anything is sent,
 * also for the async forms) and hands them to {@link Calls}. One method per shape, so that every
 * public overload is one line.
 */
final class Checked {
  private Checked() {}

  static <T> @Nullable T receive(
      HttpClient client, String method, URI uri, Type type, JsonOptions options)
      throws IOException, InterruptedException {
    return Calls.receive(
        Calls.client(client),
        method,
        Calls.absolute(uri),
        null,
        Calls.type(type),
        Calls.options(options),
        Calls.noHeaders());
  }

  static <T> @Nullable T receive(
      HttpClient client, String method, String uri, Type type, JsonOptions options)
      throws IOException, InterruptedException {
    return receive(client, method, Calls.uri(uri), type, options);
  }

  static <T> CompletableFuture<@Nullable T> receiveAsync(
      HttpClient client, String method, URI uri, Type type, JsonOptions options) {
    return Calls.receiveAsync(
        Calls.client(client),
        method,
        Calls.absolute(uri),
        null,
        Calls.type(type),
        Calls.options(options),
        Calls.noHeaders());
  }

  static <T> CompletableFuture<@Nullable T> receiveAsync(
      HttpClient client, String method, String uri, Type type, JsonOptions options) {
    return receiveAsync(client, method, Calls.uri(uri), type, options);
  }

  static HttpResponse<byte[]> send(
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

  static HttpResponse<byte[]> send(
      HttpClient client, String method, String uri, @Nullable Object value, JsonOptions options)
      throws IOException, InterruptedException {
    return send(client, method, Calls.uri(uri), value, options);
  }

  static CompletableFuture<HttpResponse<byte[]>> sendAsync(
      HttpClient client, String method, URI uri, @Nullable Object value, JsonOptions options) {
    return Calls.sendValueAsync(
        Calls.client(client),
        method,
        Calls.absolute(uri),
        value,
        Calls.options(options),
        Calls.noHeaders());
  }

  static CompletableFuture<HttpResponse<byte[]>> sendAsync(
      HttpClient client, String method, String uri, @Nullable Object value, JsonOptions options) {
    return sendAsync(client, method, Calls.uri(uri), value, options);
  }

  static <R> @Nullable R exchange(
      HttpClient client,
      String method,
      URI uri,
      @Nullable Object value,
      Type type,
      JsonOptions options)
      throws IOException, InterruptedException {
    return Calls.exchangeValue(
        Calls.client(client),
        method,
        Calls.absolute(uri),
        value,
        Calls.type(type),
        Calls.options(options),
        Calls.noHeaders());
  }

  static <R> @Nullable R exchange(
      HttpClient client,
      String method,
      String uri,
      @Nullable Object value,
      Type type,
      JsonOptions options)
      throws IOException, InterruptedException {
    return exchange(client, method, Calls.uri(uri), value, type, options);
  }

  static <R> CompletableFuture<@Nullable R> exchangeAsync(
      HttpClient client,
      String method,
      URI uri,
      @Nullable Object value,
      Type type,
      JsonOptions options) {
    return Calls.exchangeValueAsync(
        Calls.client(client),
        method,
        Calls.absolute(uri),
        value,
        Calls.type(type),
        Calls.options(options),
        Calls.noHeaders());
  }

  static <R> CompletableFuture<@Nullable R> exchangeAsync(
      HttpClient client,
      String method,
      String uri,
      @Nullable Object value,
      Type type,
      JsonOptions options) {
    return exchangeAsync(client, method, Calls.uri(uri), value, type, options);
  }

  static <T> Stream<T> stream(HttpClient client, URI uri, Type type, JsonOptions options)
      throws IOException, InterruptedException {
    return Calls.stream(
        Calls.client(client),
        Calls.absolute(uri),
        Calls.type(type),
        Calls.options(options),
        Responses.StreamFormat.AUTO,
        Calls.noHeaders());
  }

  static <T> Stream<T> stream(HttpClient client, String uri, Type type, JsonOptions options)
      throws IOException, InterruptedException {
    return stream(client, Calls.uri(uri), type, options);
  }

  static <T> CompletableFuture<Stream<T>> streamAsync(
      HttpClient client, URI uri, Type type, JsonOptions options) {
    return Calls.streamAsync(
        Calls.client(client),
        Calls.absolute(uri),
        Calls.type(type),
        Calls.options(options),
        Responses.StreamFormat.AUTO,
        Calls.noHeaders());
  }

  static <T> CompletableFuture<Stream<T>> streamAsync(
      HttpClient client, String uri, Type type, JsonOptions options) {
    return streamAsync(client, Calls.uri(uri), type, options);
  }
}

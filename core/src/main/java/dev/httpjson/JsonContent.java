package dev.httpjson;

import dev.httpjson.internal.ArrayPublisher;
import dev.httpjson.internal.Calls;
import dev.httpjson.internal.Gzip;
import dev.httpjson.internal.JsonEncoding;
import dev.httpjson.internal.JsonRequestBuilder;
import dev.httpjson.internal.MediaTypes;
import dev.httpjson.spi.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * A request body holding a value serialized as JSON, sent with a Content-Length.
 *
 * <p>The value is serialized when the content is created, so a failure ({@link JsonWriteException})
 * comes before any connection. The media type is {@code application/json; charset=utf-8} unless one
 * is given, whose {@code charset} then decides the encoding (a character it cannot encode is
 * written as a JSON escape). {@link #requestBuilder(String, URI)} gives a request builder carrying
 * this content with its Content-Type and Accept:
 *
 * <pre>{@code
 * HttpRequest request = JsonContent.of(new Order("42", 3))
 *     .requestBuilder("POST", URI.create("https://api.example.com/orders"))
 *     .header("Authorization", "Bearer " + token)
 *     .build();
 * Receipt receipt = client.send(request, JsonBodyHandlers.of(Receipt.class)).body();
 * }</pre>
 *
 * <p>Immutable and thread-safe; one instance can be sent any number of times.
 */
public final class JsonContent implements BodyPublisher {
  private final @Nullable Object value;
  private final Type objectType;
  private final String mediaType;
  private final JsonOptions options;
  private final byte[] bytes;
  private final boolean gzip;

  private JsonContent(
      @Nullable Object value,
      Type objectType,
      JsonOptions options,
      String mediaType,
      byte[] bytes,
      boolean gzip) {
    this.value = value;
    this.objectType = objectType;
    this.options = options;
    this.mediaType = mediaType;
    this.bytes = bytes;
    this.gzip = gzip;
  }

  /**
   * Serializes {@code value} with the {@link JsonOptions#web()} options, as its runtime class.
   *
   * @param value the value; {@code null} is sent as {@code null}
   * @throws IllegalArgumentException if {@code value} is a {@link BodyPublisher}: a body of your
   *     own goes in a request you build ({@link HttpJson#exchange(java.net.http.HttpClient,
   *     HttpRequest, Class)})
   */
  public static JsonContent of(@Nullable Object value) throws JsonWriteException {
    return of(value, JsonOptions.web());
  }

  /** Serializes {@code value} with {@code options}, as its runtime class. */
  public static JsonContent of(@Nullable Object value, JsonOptions options)
      throws JsonWriteException {
    return create(value, runtimeType(value), options, MediaTypes.APPLICATION_JSON_UTF8);
  }

  /**
   * Serializes {@code value} as the prepared {@code type}, with its options and writer.
   *
   * @param type the prepared type to write the value as
   */
  public static <T> JsonContent of(@Nullable T value, JsonType<T> type) throws JsonWriteException {
    Calls.type(type);
    return create(value, type.type(), type.options(), MediaTypes.APPLICATION_JSON_UTF8, type);
  }

  /**
   * Returns this value sent as {@code mediaType} (used verbatim as the Content-Type; its charset
   * decides the encoding).
   *
   * @param mediaType the Content-Type
   * @return content with that media type; this one if it is the same
   */
  public JsonContent withMediaType(String mediaType) throws JsonWriteException {
    Objects.requireNonNull(mediaType, "mediaType == null");
    if (mediaType.equals(this.mediaType)) {
      return this;
    }
    if (MediaTypes.encodingCharset(mediaType).equals(MediaTypes.encodingCharset(this.mediaType))) {
      return new JsonContent(value, objectType, options, mediaType, bytes, gzip);
    }
    return create(value, objectType, options, mediaType);
  }

  /**
   * As {@link #of(Object, JsonOptions)}, sent as {@code mediaType} when not {@code null} (the
   * Content-Type a caller set, whose charset the body must be in).
   */
  static JsonContent of(@Nullable Object value, JsonOptions options, @Nullable String mediaType)
      throws JsonWriteException {
    return create(
        value,
        runtimeType(value),
        options,
        mediaType == null ? MediaTypes.APPLICATION_JSON_UTF8 : mediaType);
  }

  static Type runtimeType(@Nullable Object value) {
    return value == null ? Object.class : value.getClass();
  }

  private static JsonContent create(
      @Nullable Object value, Type type, JsonOptions options, String mediaType)
      throws JsonWriteException {
    return create(value, type, options, mediaType, null);
  }

  @SuppressWarnings("unchecked")
  private static JsonContent create(
      @Nullable Object value,
      Type type,
      JsonOptions options,
      String mediaType,
      @Nullable JsonType<?> prepared)
      throws JsonWriteException {
    Objects.requireNonNull(options, "options == null");
    Objects.requireNonNull(mediaType, "mediaType == null");
    if (value instanceof BodyPublisher) {
      // Written as JSON, a publisher is an object without properties: {} sent for its bytes.
      throw new IllegalArgumentException(
          "the value is a BodyPublisher ("
              + value.getClass().getName()
              + "), not a value to write as JSON; send it as the body of a request you build"
              + " (HttpJson.exchange, HttpJsonClient.exchange): only JsonContent,"
              + " JsonSequenceContent, FormContent and MultipartContent are sent as they are");
    }
    Charset charset = MediaTypes.encodingCharset(mediaType);
    JsonWriter<Object> writer =
        prepared != null ? (JsonWriter<Object>) prepared.writer() : options.binding().writer(type);
    byte[] bytes;
    try {
      if (charset.equals(StandardCharsets.UTF_8)) {
        bytes = writer.writeBytes(value);
      } else {
        StringWriter text = new StringWriter();
        writer.write(value, text);
        bytes = JsonEncoding.encode(text.getBuffer(), charset);
      }
    } catch (JsonWriteException e) {
      throw e;
    } catch (IOException e) {
      throw new JsonWriteException(
          "Cannot write " + type.getTypeName() + ": " + e.getMessage(), "$", e);
    }
    boolean gzip = options.requestCompression();
    return new JsonContent(
        value, type, options, mediaType, gzip ? Gzip.compress(bytes) : bytes, gzip);
  }

  /**
   * {@return the value this content was created from, or {@code null} (.NET's {@code
   * JsonContent.Value})}
   */
  public @Nullable Object value() {
    return value;
  }

  /**
   * {@return the type the value was serialized as: the declared type, or the value's runtime class
   * (.NET's {@code JsonContent.ObjectType})}
   */
  public Type objectType() {
    return objectType;
  }

  /**
   * {@return the media type sent as Content-Type, such as {@code application/json; charset=utf-8}}
   */
  public String mediaType() {
    return mediaType;
  }

  /**
   * A request builder for {@code method} and {@code uri} with this content as the body, its media
   * type as Content-Type, and {@code Accept: application/json, application/problem+json}; either
   * header set on the builder replaces httpjson's.
   *
   * @param method the request method, such as {@code POST}
   * @param uri the absolute request URI
   * @return a request builder with this body and its headers
   */
  public HttpRequest.Builder requestBuilder(String method, URI uri) {
    return requestBuilder(method, uri, this, mediaType);
  }

  static HttpRequest.Builder requestBuilder(
      String method, URI uri, BodyPublisher body, String mediaType) {
    Objects.requireNonNull(method, "method == null");
    Objects.requireNonNull(uri, "uri == null");
    return new JsonRequestBuilder(method, uri, body, mediaType);
  }

  /** {@return the length of the serialized value in bytes, sent as Content-Length} */
  @Override
  public long contentLength() {
    return bytes.length;
  }

  /** The serialized bytes, not copied: never modify them. */
  byte[] bytes() {
    return bytes;
  }

  /** {@code gzip} when {@link #bytes()} are compressed, else {@code null}. */
  @Nullable String contentEncoding() {
    return gzip ? Gzip.CODING : null;
  }

  @Override
  public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
    ArrayPublisher.subscribe(bytes, subscriber);
  }

  @Override
  public String toString() {
    return "JsonContent{"
        + objectType.getTypeName()
        + ", "
        + mediaType
        + ", "
        + bytes.length
        + " bytes}";
  }
}

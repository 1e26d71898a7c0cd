package dev.httpjson;

import dev.httpjson.internal.ArrayPublisher;
import dev.httpjson.internal.FormEncoding;
import dev.httpjson.internal.Uris;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * A request body of form fields, {@code application/x-www-form-urlencoded}, sent with a
 * Content-Length: what OAuth2 token endpoints and many APIs (Stripe's, Twilio's) take.
 *
 * <p>Fields are sent in the order they were added, a name may repeat, and names and values are
 * encoded as UTF-8 and percent-encoded as the WHATWG URL standard's form serializer does (a space
 * as {@code +}; only ASCII letters, digits and {@code *-._} left as they are). It is a body value
 * like any other: pass it where a call takes the value to send, and it is sent as it is, with its
 * Content-Type, instead of as JSON.
 *
 * <pre>{@code
 * FormContent form = FormContent.newBuilder()
 *     .add("grant_type", "client_credentials")
 *     .add("scope", "read write")
 *     .build();
 * Token token = HttpJson.postAsJson(client, tokenUri, form, Token.class);
 * }</pre>
 *
 * <p>Immutable and thread-safe; one instance can be sent any number of times.
 */
public final class FormContent implements BodyPublisher {
  private static final String MEDIA_TYPE = "application/x-www-form-urlencoded";

  private final byte[] bytes;

  private FormContent(byte[] bytes) {
    this.bytes = bytes;
  }

  /** {@return a builder of a form with no field yet} */
  public static Builder newBuilder() {
    return new Builder();
  }

  /** {@return the media type sent as Content-Type: {@code application/x-www-form-urlencoded}} */
  public String mediaType() {
    return MEDIA_TYPE;
  }

  /**
   * A request builder for {@code method} and {@code uri} with this form as the body, its media type
   * as Content-Type and {@code Accept: application/json, application/problem+json}; a header of
   * either name set on the builder replaces httpjson's, as {@link
   * JsonContent#requestBuilder(String, URI)} does.
   *
   * @param method the request method, such as {@code POST}
   * @param uri the absolute request URI
   * @return a request builder with this body and its headers
   */
  public HttpRequest.Builder requestBuilder(String method, URI uri) {
    return JsonContent.requestBuilder(method, uri, this, MEDIA_TYPE);
  }

  /** {@return the length of the encoded form in bytes, sent as Content-Length} */
  @Override
  public long contentLength() {
    return bytes.length;
  }

  @Override
  public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
    ArrayPublisher.subscribe(bytes, subscriber);
  }

  /**
   * {@return the field names and the length, each value hidden: forms carry passwords and client
   * secrets}
   */
  @Override
  public String toString() {
    return "FormContent{"
        + Uris.redactQuery(new String(bytes, StandardCharsets.US_ASCII))
        + ", "
        + bytes.length
        + " bytes}";
  }

  /** Collects the fields of a form, in order. Not thread-safe; {@link #build()} copies. */
  public static final class Builder {
    private final StringBuilder encoded = new StringBuilder();

    private Builder() {}

    /**
     * Adds a field; a name added before is sent again (repeated), after the earlier ones.
     *
     * @param name the field's name
     * @param value its value; {@code null} leaves the field out, as Retrofit's {@code @Field} does
     * @return this builder
     * @throws NullPointerException if {@code name} is null
     */
    public Builder add(String name, @Nullable String value) {
      Objects.requireNonNull(name, "name == null");
      if (value == null) {
        return this;
      }
      if (encoded.length() > 0) {
        encoded.append('&');
      }
      FormEncoding.encode(name, encoded);
      encoded.append('=');
      FormEncoding.encode(value, encoded);
      return this;
    }

    /** {@return the form with the fields added so far} */
    public FormContent build() {
      return new FormContent(encoded.toString().getBytes(StandardCharsets.US_ASCII));
    }
  }
}

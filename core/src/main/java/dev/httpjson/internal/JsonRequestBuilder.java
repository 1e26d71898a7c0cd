package dev.httpjson.internal;

import dev.httpjson.FormContent;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonSequenceContent;
import dev.httpjson.JsonWriteException;
import dev.httpjson.MultipartContent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request builder of {@code requestBuilder(method, uri)}: httpjson's {@code Accept} and {@code
 * Content-Type} are added at {@link #build()} only when the caller set no header of that name, so a
 * caller's {@code header("Accept", …)} replaces httpjson's value instead of adding a second one
 * (the JDK's {@code header} adds). The body's {@code Content-Encoding} and Content-Type are those
 * of the body set last: one of httpjson's brings its own, a caller's publisher no coding.
 */
public final class JsonRequestBuilder implements HttpRequest.Builder {
  private final HttpRequest.Builder delegate;
  private @Nullable String contentType; // httpjson's, of the body set last
  private @Nullable String coding; // the Content-Encoding of the body set last
  private boolean acceptSet;
  private boolean contentTypeSet;

  public JsonRequestBuilder(
      String method, URI uri, BodyPublisher body, @Nullable String contentType) {
    this(HttpRequest.newBuilder(uri).method(method, body), contentType, false, false);
    this.coding = ApiAccess.get().contentEncoding(body);
  }

  /** The body set on this builder replaced: httpjson's headers are now the new body's. */
  private void bodySet(@Nullable BodyPublisher body) {
    coding = body == null ? null : ApiAccess.get().contentEncoding(body);
    if (body == null) {
      contentType = null;
    } else if (body instanceof JsonContent
        || body instanceof JsonSequenceContent
        || body instanceof FormContent
        || body instanceof MultipartContent) {
      contentType = ApiAccess.get().mediaType(body);
    } // else a caller's publisher: the type httpjson had, its content unknown
  }

  private JsonRequestBuilder(
      HttpRequest.Builder delegate,
      @Nullable String contentType,
      boolean acceptSet,
      boolean contentTypeSet) {
    this.delegate = delegate;
    this.contentType = contentType;
    this.acceptSet = acceptSet;
    this.contentTypeSet = contentTypeSet;
  }

  public static boolean isAccept(String name) {
    return name.equalsIgnoreCase("Accept");
  }

  public static boolean isContentType(String name) {
    return name.equalsIgnoreCase("Content-Type");
  }

  private void noteSet(String name) {
    if (isAccept(name)) {
      acceptSet = true;
    } else if (isContentType(name)) {
      contentTypeSet = true;
    }
  }

  /**
   * Whether a caller's header is the body's own {@code Content-Encoding} again (dropped: one on the
   * wire); another coding for a body httpjson compressed is refused, never sent beside it.
   */
  private boolean isTheBodysCoding(String name, String value) {
    String own = coding;
    if (own == null || !name.equalsIgnoreCase(Calls.CONTENT_ENCODING)) {
      return false;
    }
    if (value.trim().equalsIgnoreCase(own)) {
      return true;
    }
    throw new IllegalArgumentException(
        "Content-Encoding: "
            + value
            + " on a body httpjson writes "
            + own
            + "-compressed (JsonOptions requestCompression): the request carries Content-Encoding: "
            + own
            + " already; turn requestCompression off to send the body otherwise");
  }

  @Override
  public HttpRequest.Builder header(String name, String value) {
    if (!isTheBodysCoding(name, value)) {
      delegate.header(name, value);
      noteSet(name);
    }
    return this;
  }

  @Override
  public HttpRequest.Builder setHeader(String name, String value) {
    if (!isTheBodysCoding(name, value)) {
      delegate.setHeader(name, value);
      noteSet(name);
    }
    return this;
  }

  @Override
  public HttpRequest.Builder headers(String... headers) {
    Objects.requireNonNull(headers, "headers == null");
    if (headers.length % 2 != 0) {
      throw new IllegalArgumentException(
          "headers must be name, value pairs: " + headers.length + " strings");
    }
    for (int i = 0; i < headers.length; i += 2) {
      header(headers[i], headers[i + 1]);
    }
    return this;
  }

  @Override
  public HttpRequest.Builder uri(URI uri) {
    delegate.uri(uri);
    return this;
  }

  @Override
  public HttpRequest.Builder expectContinue(boolean enable) {
    delegate.expectContinue(enable);
    return this;
  }

  @Override
  public HttpRequest.Builder version(HttpClient.Version version) {
    delegate.version(version);
    return this;
  }

  @Override
  public HttpRequest.Builder timeout(Duration duration) {
    delegate.timeout(duration);
    return this;
  }

  @Override
  public HttpRequest.Builder GET() {
    delegate.GET();
    bodySet(null);
    return this;
  }

  @Override
  public HttpRequest.Builder POST(BodyPublisher bodyPublisher) {
    delegate.POST(bodyPublisher);
    bodySet(bodyPublisher);
    return this;
  }

  @Override
  public HttpRequest.Builder PUT(BodyPublisher bodyPublisher) {
    delegate.PUT(bodyPublisher);
    bodySet(bodyPublisher);
    return this;
  }

  @Override
  public HttpRequest.Builder DELETE() {
    delegate.DELETE();
    bodySet(null);
    return this;
  }

  @Override
  public HttpRequest.Builder method(String method, BodyPublisher bodyPublisher) {
    delegate.method(method, bodyPublisher);
    bodySet(bodyPublisher);
    return this;
  }

  /** Builds a request with httpjson's headers added where the caller set none; repeatable. */
  @Override
  public HttpRequest build() {
    HttpRequest.Builder b = null;
    String c = coding;
    if (contentTypeSet) {
      HttpRequest built = delegate.build();
      BodyPublisher body = built.bodyPublisher().orElse(null);
      String callers = built.headers().firstValue("Content-Type").orElse(null);
      BodyPublisher encoded = callers == null ? body : inCharsetOf(body, callers);
      if (encoded != body) {
        b = delegate.copy().method(built.method(), encoded);
        c = encoded == null ? null : ApiAccess.get().contentEncoding(encoded);
      }
    }
    boolean type = !contentTypeSet && contentType != null;
    if (b == null) {
      if (acceptSet && !type && c == null) {
        return delegate.build();
      }
      b = delegate.copy();
    }
    if (!acceptSet) {
      b.header("Accept", MediaTypes.ACCEPT_JSON);
    }
    if (type) {
      b.header("Content-Type", contentType);
    }
    if (c != null) {
      b.header(Calls.CONTENT_ENCODING, c); // the body's own: it is written compressed
    }
    return b.build();
  }

  /**
   * {@code body} encoded in the charset of the caller's {@code contentType}, which replaces
   * httpjson's: the body must be in the charset its Content-Type names.
   */
  private static @Nullable BodyPublisher inCharsetOf(
      @Nullable BodyPublisher body, String contentType) {
    if (body instanceof JsonContent) {
      try {
        return ((JsonContent) body).withMediaType(contentType);
      } catch (JsonWriteException e) {
        throw new IllegalArgumentException(
            "Cannot encode the body in the charset of Content-Type '"
                + contentType
                + "': "
                + e.getMessage(),
            e);
      }
    }
    if (body instanceof JsonSequenceContent) {
      return ApiAccess.get().inCharsetOf((JsonSequenceContent) body, contentType);
    }
    return body;
  }

  @Override
  public HttpRequest.Builder copy() {
    JsonRequestBuilder copy =
        new JsonRequestBuilder(delegate.copy(), contentType, acceptSet, contentTypeSet);
    copy.coding = coding;
    return copy;
  }
}

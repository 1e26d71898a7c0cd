package dev.httpjson;

import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.CharArrayReader;
import java.io.IOException;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Reading response bodies: status checks, limits, charsets and decoding. */
final class Responses {
  private static final Type PROBLEM_MEMBERS = TypeRef.mapOf(Object.class).type();

  private Responses() {}

  static boolean isSuccess(int status) {
    return status >= 200 && status <= 299;
  }

  static @Nullable String contentType(HttpHeaders headers) {
    return headers.firstValue("Content-Type").orElse(null);
  }

  /** The declared Content-Length, or -1 when absent or not a number. */
  static long declaredLength(HttpHeaders headers) {
    String value = headers.firstValue("Content-Length").orElse(null);
    if (value == null) {
      return -1;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * A failure for a compressed body: the JDK client does not decompress, and httpjson never asks
   * for compression, so such a body is bytes no JSON parser can read.
   */
  static @Nullable JsonReadException unsupportedEncoding(HttpHeaders headers, Type type) {
    String encoding = headers.firstValue("Content-Encoding").orElse(null);
    if (encoding == null || encoding.isBlank() || encoding.trim().equalsIgnoreCase("identity")) {
      return null;
    }
    return new JsonReadException(
            "Unsupported Content-Encoding '"
                + encoding.trim()
                + "': the response is compressed although the request did not ask for it",
            -1,
            -1,
            "$",
            null)
        .withContext(type, contentType(headers));
  }

  /** Decodes a buffered body; an empty body is {@code null}. */
  static <T> @Nullable T decode(
      JsonReader<T> reader, byte[] bytes, int length, @Nullable String contentType, Type type)
      throws IOException {
    if (length == 0) {
      return null;
    }
    try {
      Charset charset = MediaTypes.decodingCharset(contentType);
      if (charset == null) {
        return reader.read(bytes, 0, length);
      }
      return reader.read(new CharArrayReader(transcode(bytes, length, charset, contentType)));
    } catch (JsonReadException e) {
      throw e.withContext(type, contentType);
    } catch (IOException e) {
      // The bytes are all in memory: an I/O failure here is the decoder's (an encoding the parser
      // sniffed and could not decode), so it is bad input like any other.
      throw malformed(e).withContext(type, contentType);
    }
  }

  static JsonReadException malformed(IOException e) {
    String message = e.getMessage();
    return new JsonReadException(
        "Malformed input: " + (message != null ? message : e.getClass().getName()), -1, -1, "$", e);
  }

  private static char[] transcode(
      byte[] bytes, int length, Charset charset, @Nullable String contentType)
      throws JsonReadException {
    CharBuffer chars;
    try {
      chars =
          charset
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes, 0, length));
    } catch (CharacterCodingException e) {
      throw new JsonReadException(
          "Malformed " + charset.name() + " input (Content-Type '" + contentType + "')",
          -1,
          -1,
          "$",
          e);
    }
    int start = chars.position();
    if (chars.remaining() > 0 && chars.get(start) == '\uFEFF') {
      start++;
    }
    char[] out = new char[chars.limit() - start];
    chars.position(start);
    chars.get(out);
    return out;
  }

  /** A handler that fails non-2xx responses with {@link HttpJsonStatusException}. */
  static <T> BodySubscriber<T> statusFailure(
      ResponseInfo info, @Nullable String method, @Nullable URI uri, CachedBinding binding) {
    int status = info.statusCode();
    HttpHeaders headers = info.headers();
    return new BufferingSubscriber<T>(
        HttpJsonStatusException.MAX_BODY_PREFIX_BYTES, declaredLength(headers)) {
      @Override
      @Nullable T finish(byte[] bytes, int length) throws IOException {
        throw statusException(status, headers, method, uri, bytes, length, false, binding);
      }

      @Override
      @Nullable T overflow(byte[] bytes, int length, long received) throws IOException {
        throw statusException(status, headers, method, uri, bytes, length, true, binding);
      }
    };
  }

  static HttpJsonStatusException statusException(
      int status,
      HttpHeaders headers,
      @Nullable String method,
      @Nullable URI uri,
      byte[] bytes,
      int length,
      boolean truncated,
      CachedBinding binding) {
    String contentType = contentType(headers);
    Charset charset = StandardCharsets.UTF_8;
    try {
      Charset named = MediaTypes.decodingCharset(contentType);
      if (named != null) {
        charset = named;
      }
    } catch (JsonReadException e) {
      // Unknown charset: show the bytes as UTF-8 rather than lose the status.
    }
    String body = new String(bytes, 0, length, charset);
    ProblemDetails problem = null;
    if (!truncated
        && length > 0
        && MediaTypes.essence(contentType).equals(MediaTypes.PROBLEM_JSON)) {
      try {
        Map<String, @Nullable Object> members =
            decode(binding.reader(PROBLEM_MEMBERS), bytes, length, contentType, PROBLEM_MEMBERS);
        if (members != null) {
          problem = ProblemDetails.fromMap(members);
        }
      } catch (IOException | RuntimeException e) {
        // A malformed problem body must not hide the status; the raw body is kept.
      }
    }
    return new HttpJsonStatusException(status, headers, method, uri, body, truncated, problem);
  }

  /** Reads a JSON body into a value, optionally failing non-2xx statuses first. */
  static final class JsonHandler<T> implements BodyHandler<T> {
    private final CachedBinding binding;
    private final JsonReader<T> reader;
    private final Type type;
    private final long limit;
    private final boolean checkStatus;
    private final @Nullable String method;
    private final @Nullable URI uri;

    JsonHandler(
        JsonOptions options,
        Type type,
        boolean checkStatus,
        @Nullable String method,
        @Nullable URI uri) {
      this.binding = options.binding();
      this.reader = binding.reader(type);
      this.type = type;
      this.limit = options.maxResponseSize();
      this.checkStatus = checkStatus;
      this.method = method;
      this.uri = uri;
    }

    @Override
    public BodySubscriber<T> apply(ResponseInfo info) {
      if (checkStatus && !isSuccess(info.statusCode())) {
        return statusFailure(info, method, uri, binding);
      }
      HttpHeaders headers = info.headers();
      JsonReadException encoding = unsupportedEncoding(headers, type);
      if (encoding != null) {
        return new FailedSubscriber<>(encoding);
      }
      long declared = declaredLength(headers);
      if (declared > limit) {
        return new FailedSubscriber<>(new ResponseTooLargeException(limit, declared, true));
      }
      String contentType = contentType(headers);
      return new BufferingSubscriber<T>(limit, declared) {
        @Override
        @Nullable T finish(byte[] bytes, int length) throws IOException {
          return decode(reader, bytes, length, contentType, type);
        }

        @Override
        @Nullable T overflow(byte[] bytes, int length, long received) throws IOException {
          throw new ResponseTooLargeException(limit, received, false);
        }
      };
    }
  }

  /** Buffers a body as bytes, within the size limit, without checking the status. */
  static final class BytesHandler implements BodyHandler<byte[]> {
    private final long limit;

    BytesHandler(long limit) {
      this.limit = limit;
    }

    @Override
    public BodySubscriber<byte[]> apply(ResponseInfo info) {
      long declared = declaredLength(info.headers());
      if (declared > limit) {
        return new FailedSubscriber<>(new ResponseTooLargeException(limit, declared, true));
      }
      return new BufferingSubscriber<byte[]>(limit, declared) {
        @Override
        byte[] finish(byte[] bytes, int length) {
          return bytes.length == length ? bytes : java.util.Arrays.copyOf(bytes, length);
        }

        @Override
        byte @Nullable [] overflow(byte[] bytes, int length, long received) throws IOException {
          throw new ResponseTooLargeException(limit, received, false);
        }
      };
    }
  }

  /** How a streamed body is split into elements. */
  enum StreamFormat {
    /** NDJSON when the Content-Type says so, else a top-level array. */
    AUTO,
    ARRAY,
    NDJSON
  }

  static boolean isNdjson(@Nullable String contentType) {
    String essence = MediaTypes.essence(contentType);
    return essence.equals(MediaTypes.NDJSON)
        || essence.equals("application/jsonl")
        || essence.equals("application/x-jsonlines");
  }

  /** Streams a top-level array or NDJSON body element by element, status checked first. */
  static final class StreamHandler<T> implements BodyHandler<ElementStream<T>> {
    private final CachedBinding binding;
    private final JsonSequenceReader<T> reader;
    private final Type elementType;
    private final long elementLimit;
    private final StreamFormat format;
    private final @Nullable String method;
    private final @Nullable URI uri;

    StreamHandler(
        JsonOptions options,
        Type elementType,
        StreamFormat format,
        @Nullable String method,
        @Nullable URI uri) {
      this.binding = options.binding();
      this.reader = binding.sequenceReader(elementType);
      this.elementType = elementType;
      this.elementLimit = options.maxResponseSize();
      this.format = format;
      this.method = method;
      this.uri = uri;
    }

    @Override
    public BodySubscriber<ElementStream<T>> apply(ResponseInfo info) {
      if (!isSuccess(info.statusCode())) {
        return statusFailure(info, method, uri, binding);
      }
      JsonReadException encoding = unsupportedEncoding(info.headers(), elementType);
      if (encoding != null) {
        return new FailedSubscriber<>(encoding);
      }
      String contentType = contentType(info.headers());
      Charset charset;
      try {
        charset = MediaTypes.decodingCharset(contentType);
      } catch (JsonReadException e) {
        return new FailedSubscriber<>(e.withContext(elementType, contentType));
      }
      boolean ndjson =
          format == StreamFormat.NDJSON || (format == StreamFormat.AUTO && isNdjson(contentType));
      return BodySubscribers.mapping(
          BodySubscribers.ofInputStream(),
          in ->
              new ElementStream<>(
                  in, elementLimit, charset, reader, ndjson, elementType, contentType));
    }
  }
}

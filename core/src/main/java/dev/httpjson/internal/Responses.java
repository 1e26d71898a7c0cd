package dev.httpjson.internal;

import dev.httpjson.HttpJsonException;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.ProblemDetails;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.internal.transport.HeaderLookup;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import java.io.CharArrayReader;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.net.ProtocolException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** Reading response bodies: status checks, limits, charsets and decoding. */
public final class Responses {
  private static final Type PROBLEM_MEMBERS =
      new JsonType<java.util.Map<String, Object>>() {}.type();

  private Responses() {}

  public static boolean isSuccess(int status) {
    return status >= 200 && status <= 299;
  }

  /**
   * Whether the JDK's own client reads the body {@code info} describes (also under httpjson's
   * cache): then the JDK's own subscribers take it on the thread that reads it, with no hand-off.
   */
  static boolean fromJdkClient(ResponseInfo info) {
    ResponseInfo network = info instanceof ForwardedInfo f ? f.network() : info;
    return network.getClass().getModule() == HttpClient.class.getModule();
  }

  public static @Nullable String contentType(HttpHeaders headers) {
    return first(headers, "Content-Type");
  }

  /**
   * {@code headers.firstValue(name).orElse(null)} without the stream the JDK builds for it on every
   * look-up: a response's headers are looked up several times per call.
   */
  static @Nullable String first(HttpHeaders headers, String name) {
    List<String> values = headers.allValues(name);
    return values.isEmpty() ? null : values.get(0);
  }

  /**
   * The first value of the header {@code name} of {@code info}: found in a transport's own header
   * lines when it has them ({@link HeaderLookup}), so that its {@link HttpHeaders} are not made for
   * a look-up, else in its headers.
   */
  static @Nullable String first(ResponseInfo info, String name) {
    return info instanceof HeaderLookup
        ? ((HeaderLookup) info).firstValue(name)
        : first(info.headers(), name);
  }

  public static @Nullable String contentType(ResponseInfo info) {
    return first(info, "Content-Type");
  }

  /** The declared Content-Length, or -1 when absent or not a number. */
  public static long declaredLength(HttpHeaders headers) {
    return length(first(headers, "Content-Length"));
  }

  /** The declared Content-Length of {@code info}, or -1 when absent or not a number. */
  public static long declaredLength(ResponseInfo info) {
    return length(first(info, "Content-Length"));
  }

  /** A Content-Length header's value as a length, or -1 when absent or not a number. */
  private static long length(@Nullable String value) {
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
   * The length the body must have, or -1 for none to check. On HTTP/2 the length is only a header
   * the JDK does not compare with the data, so httpjson does.
   */
  public static long exactLength(ResponseInfo info, @Nullable String method) {
    if (info.version() != HttpClient.Version.HTTP_2) {
      return -1;
    }
    int status = info.statusCode();
    if (status < 200 || status == 204 || status == 304 || "HEAD".equalsIgnoreCase(method)) {
      return -1;
    }
    return declaredLength(info);
  }

  public static ProtocolException longerThanDeclared(long declared, long received) {
    return new ProtocolException(
        "HTTP/2 response body is longer than its Content-Length "
            + declared
            + " (at least "
            + received
            + " bytes received); stopped reading");
  }

  public static ProtocolException shorterThanDeclared(long declared, long received) {
    return new ProtocolException(
        "HTTP/2 response body ended after "
            + received
            + " bytes, short of its Content-Length "
            + declared);
  }

  /**
   * The coding a response's body must be decoded from ({@code "gzip"} or {@code "deflate"}), or
   * {@code null} for none; a {@link JsonReadException} naming an encoding httpjson cannot decode.
   */
  public static @Nullable String coding(HttpHeaders headers, Type type) throws JsonReadException {
    if (first(headers, "Content-Encoding") == null) {
      return null; // the fast path: no parsing, no decoder
    }
    try {
      return ContentDecoder.coding(headers);
    } catch (JsonReadException e) {
      throw ApiAccess.get().withContext(e, type, contentType(headers));
    }
  }

  /**
   * Fails a response whose body is not to be read (an encoding httpjson cannot decode) with {@code
   * failure}, at its first body byte or at its end: it aborts the exchange from {@code onNext},
   * which closes the connection.
   */
  public static <T> BodySubscriber<T> rejecting(JsonReadException failure) {
    return new BufferingSubscriber<T>(0, -1, -1) {
      @Override
      public @Nullable T finish(byte[] bytes, int length) throws IOException {
        throw failure;
      }

      @Override
      public @Nullable T overflow(byte[] bytes, int length, long received) throws IOException {
        throw failure;
      }
    };
  }

  /** The decoder for a response's body, or {@code null} when it is not encoded or not decodable. */
  public static @Nullable ContentDecoder decoderOrNull(HttpHeaders headers) {
    String coding = decodableCoding(headers);
    return coding == null ? null : ContentDecoder.of(coding);
  }

  /** The coding of a body httpjson decodes, or {@code null} (none, or one it cannot decode). */
  public static @Nullable String decodableCoding(HttpHeaders headers) {
    if (first(headers, "Content-Encoding") == null) {
      return null;
    }
    try {
      return ContentDecoder.coding(headers);
    } catch (JsonReadException e) {
      return null;
    }
  }

  /**
   * The whole of a buffered compressed body, decoded, at most {@code limit} bytes: the decoded
   * body, or {@code bytes} when the headers name no coding.
   */
  public static byte[] decodeAll(HttpHeaders headers, byte[] bytes, long limit, Type type)
      throws JsonReadException, ResponseTooLargeException {
    return decodeAll(headers, bytes, limit, type, false);
  }

  /** As above; with {@code prefix}, a body decoding to more than the limit is cut there. */
  public static byte[] decodeAll(
      HttpHeaders headers, byte[] bytes, long limit, Type type, boolean prefix)
      throws JsonReadException, ResponseTooLargeException {
    String coding = coding(headers, type);
    if (coding == null) {
      return bytes;
    }
    ContentDecoder decoder = ContentDecoder.of(coding);
    try {
      decoder.feed(ByteBuffer.wrap(bytes));
      long cap = Math.min(limit, BufferingSubscriber.MAX_ARRAY);
      BufferingSubscriber.Inflated out =
          new BufferingSubscriber.Inflated(
              new byte[(int) Math.min(Math.max(1024, bytes.length * 4L), cap + 1)], 0);
      if (!out.take(decoder, cap)) {
        if (prefix) {
          return Arrays.copyOf(out.bytes, (int) cap);
        }
        throw ApiAccess.get().tooLarge(limit, out.size, false);
      }
      decoder.finish();
      return Arrays.copyOf(out.bytes, out.size);
    } catch (JsonReadException e) {
      throw ApiAccess.get().withContext(e, type, contentType(headers));
    } finally {
      decoder.end();
    }
  }

  /** Decodes a buffered body; an empty body is {@code null}. */
  public static <T> @Nullable T decode(
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
      charset = MediaTypes.byteOrder(charset, bytes, 0, length);
      return reader.read(new CharArrayReader(transcode(bytes, length, charset, contentType)));
    } catch (JsonReadException e) {
      if (length >= 2 && bytes[0] == (byte) 0x1f && bytes[1] == (byte) 0x8b) {
        JsonReadException gzip =
            new JsonReadException(
                "The body is not JSON but still gzip data: compressed twice, or sent compressed"
                    + " without a Content-Encoding",
                -1,
                -1,
                "$",
                e);
        throw ApiAccess.get().withContext(gzip, type, contentType);
      }
      throw ApiAccess.get().withContext(e, type, contentType);
    } catch (HttpJsonException e) {
      throw e; // not the body's fault: a codec that cannot reach the type (module path)
    } catch (IOException e) {
      // The bytes are all in memory: an I/O failure here is the decoder's (an encoding the parser
      // sniffed and could not decode), so it is bad input like any other.
      throw ApiAccess.get().withContext(malformed(e), type, contentType);
    }
  }

  public static JsonReadException malformed(IOException e) {
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
  public static <T> BodySubscriber<T> statusFailure(
      ResponseInfo info, @Nullable String method, @Nullable URI uri, JsonOptions options) {
    return statusFailure(info, method, uri, options, null);
  }

  /** As above, reporting the error body it read (up to the prefix kept) to {@code trace}. */
  public static <T> BodySubscriber<T> statusFailure(
      ResponseInfo info,
      @Nullable String method,
      @Nullable URI uri,
      JsonOptions options,
      @Nullable CallTrace trace) {
    int status = info.statusCode();
    HttpHeaders received = info.headers();
    // A compressed error body is decoded for the message (an undecodable one is shown as sent).
    ContentDecoder decoder = decoderOrNull(received);
    HttpHeaders headers = decoder == null ? received : ContentDecoder.decodedHeaders(received);
    // Only a prefix is kept, for the message; the status is the failure, whatever the length.
    return new BufferingSubscriber<T>(
        HttpJsonStatusException.MAX_BODY_PREFIX_BYTES,
        decoder == null ? declaredLength(received) : -1,
        -1,
        decoder,
        trace) {
      @Override
      public @Nullable T finish(byte[] bytes, int length) throws IOException {
        throw statusException(status, headers, method, uri, bytes, length, false, options);
      }

      @Override
      public @Nullable T overflow(byte[] bytes, int length, long received) throws IOException {
        throw statusException(status, headers, method, uri, bytes, length, true, options);
      }

      @Override
      @Nullable T undecodable(byte[] bytes, int length, JsonReadException failure)
          throws IOException {
        return undecodable(bytes, length, failure, false);
      }

      @Override
      @Nullable T undecodable(byte[] bytes, int length, JsonReadException failure, boolean whole)
          throws IOException {
        HttpJsonStatusException e =
            statusException(status, headers, method, uri, bytes, length, !whole, options);
        e.addSuppressed(failure);
        throw e;
      }

      // The connection broke inside the error body: the status is still the failure.
      @Override
      Throwable broken(byte[] bytes, int length, Throwable failure) {
        HttpJsonStatusException e =
            statusException(status, headers, method, uri, bytes, length, true, options);
        e.addSuppressed(failure);
        return e;
      }
    };
  }

  public static HttpJsonStatusException statusException(
      int status,
      HttpHeaders headers,
      @Nullable String method,
      @Nullable URI uri,
      byte[] bytes,
      int length,
      boolean truncated,
      JsonOptions options) {
    String contentType = contentType(headers);
    Charset charset = StandardCharsets.UTF_8;
    try {
      Charset named = MediaTypes.decodingCharset(contentType);
      if (named != null) {
        charset = MediaTypes.byteOrder(named, bytes, 0, length);
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
            decode(
                ApiAccess.get().binding(options).reader(PROBLEM_MEMBERS),
                bytes,
                length,
                contentType,
                PROBLEM_MEMBERS);
        if (members != null) {
          problem = ApiAccess.get().problem(members);
        }
      } catch (IOException | RuntimeException e) {
        // A malformed problem body must not hide the status; the raw body is kept.
      }
    }
    return ApiAccess.get()
        .statusException(
            new StatusResponse(
                status,
                headers,
                method,
                uri,
                body,
                truncated,
                problem,
                Arrays.copyOf(bytes, length),
                contentType,
                options));
  }

  /**
   * {@code e} naming the response it was raised on ({@code status}) and the call that response
   * answered ({@code method}, {@code uri} without the query values {@code options} do not show),
   * when it is a body the call could not read ({@link JsonReadException}, {@link
   * ResponseTooLargeException}); else {@code e} itself, as also when the call is not known.
   */
  public static <E extends IOException> E answering(
      E e, int status, @Nullable String method, @Nullable URI uri, JsonOptions options) {
    return answering(e, answer(status, method, uri, options));
  }

  /** As above, with the {@link #answer} made before ({@code null}: {@code e} itself). */
  @SuppressWarnings("unchecked")
  public static <E extends IOException> E answering(E e, @Nullable String answer) {
    if (answer == null) {
      return e;
    }
    if (e instanceof JsonReadException) {
      return (E) ApiAccess.get().withAnswer((JsonReadException) e, answer);
    }
    if (e instanceof ResponseTooLargeException) {
      return (E) ApiAccess.get().withAnswer((ResponseTooLargeException) e, answer);
    }
    return e;
  }

  /**
   * The response and the call it answered, as a failure to read its body names them ({@code "HTTP
   * 200 from GET https://api.example.com/x?token=***"}), or {@code null} when the call is not
   * known.
   */
  public static @Nullable String answer(
      int status, @Nullable String method, @Nullable URI uri, JsonOptions options) {
    if (method == null || uri == null) {
      return null;
    }
    return "HTTP "
        + status
        + " from "
        + method
        + " "
        + Uris.redact(uri, options.shownQueryParameters());
  }

  /**
   * {@code failure} naming {@code request} when it is a status failure raised by a body handler
   * that did not know the request ({@code JsonBodyHandlers}), else {@code failure} itself.
   */
  public static <E extends Throwable> E naming(E failure, HttpRequest request) {
    if (failure instanceof HttpJsonStatusException
        && ((HttpJsonStatusException) failure).method() == null) {
      @SuppressWarnings("unchecked")
      E named =
          (E)
              ApiAccess.get()
                  .withRequest((HttpJsonStatusException) failure, request.method(), request.uri());
      return named;
    }
    return failure;
  }

  /** As {@link #naming}, for a future's failure: the failure itself, or the one it wraps. */
  public static Throwable namingCause(Throwable failure, HttpRequest request) {
    Throwable cause =
        failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    Throwable named = naming(cause, request);
    return named == cause ? failure : named;
  }

  /**
   * How the bodies of one {@link JsonType} are read: its reader, resolved once and held by the type
   * ({@code JsonType.handler()}), so that a call with a type it read before looks nothing up.
   */
  public static final class JsonHandler<T> implements BodyHandler<T> {
    private final JsonType<T> jsonType;
    private final Supplier<JsonReader<T>> resolve;
    private final Type type;
    private final long limit;
    private final Plan<@Nullable T> plan = Plan.value(this);
    private volatile @Nullable JsonReader<T> reader;

    /**
     * The handler of {@code jsonType}, the type's own, made once: it reads with what {@code
     * resolve} gives, asked for when the first call with the type is planned ({@link #reader()}),
     * so that a bad argument is named before the codec is looked for.
     */
    public JsonHandler(JsonType<T> jsonType, Supplier<JsonReader<T>> resolve) {
      this.jsonType = jsonType;
      this.resolve = resolve;
      this.type = jsonType.type();
      this.limit = jsonType.options().maxResponseSize();
    }

    /** The reader, resolved on first use. */
    JsonReader<T> reader() {
      JsonReader<T> r = reader;
      if (r == null) {
        reader = r = resolve.get();
      }
      return r;
    }

    /**
     * The subscriber for a response that is not to be read as JSON — an error status (named as an
     * answer to {@code method} {@code uri}), an undecodable coding, a declared length over the
     * limit — or {@code null} when it is; {@code encoding} (its Content-Encoding) and {@code
     * declared} (its Content-Length) looked up by the caller, which needs them too.
     */
    <S> @Nullable BodySubscriber<S> reject(
        ResponseInfo info,
        @Nullable String method,
        @Nullable URI uri,
        @Nullable CallTrace trace,
        @Nullable String encoding,
        long declared) {
      if (!isSuccess(info.statusCode())) {
        return statusFailure(info, method, uri, options(), trace);
      }
      String coding = null;
      if (encoding != null) {
        try {
          coding = coding(info.headers(), type);
        } catch (JsonReadException e) {
          return rejecting(answering(e, info.statusCode(), method, uri, options()));
        }
      }
      // The limit is on decoded bytes: a compressed body's length is not compared with it.
      if (coding == null && declared > limit) {
        ResponseTooLargeException e = ApiAccess.get().tooLarge(limit, declared, true);
        return new FailedSubscriber<>(
            answering(e, info.statusCode(), method, uri, options()), info);
      }
      return null;
    }

    /** The body read as JSON, reporting how long it took to {@code trace}. */
    @Nullable T decode(
        byte[] bytes, int length, @Nullable String contentType, @Nullable CallTrace trace)
        throws IOException {
      if (trace == null) {
        return Responses.decode(reader(), bytes, length, contentType, type);
      }
      long start = System.nanoTime();
      T value = Responses.decode(reader(), bytes, length, contentType, type);
      trace.decoded(System.nanoTime() - start);
      return value;
    }

    /** The plan of a call that reads this type: made once, with the handler. */
    Plan<@Nullable T> plan() {
      return plan;
    }

    /** The type this handler reads, with its options. */
    public JsonType<T> jsonType() {
      return jsonType;
    }

    public Type type() {
      return type;
    }

    public long limit() {
      return limit;
    }

    public JsonOptions options() {
      return jsonType.options();
    }

    /** For {@code JsonBodyHandlers}: the body read and decoded by the subscriber itself. */
    @Override
    public BodySubscriber<T> apply(ResponseInfo info) {
      String encoding = first(info, "Content-Encoding");
      long length = declaredLength(info);
      BodySubscriber<T> rejected = reject(info, null, null, null, encoding, length);
      if (rejected != null) {
        return rejected;
      }
      String contentType = contentType(info);
      ContentDecoder decoder = encoding == null ? null : decoderOrNull(info.headers());
      long declared = decoder == null ? length : -1;
      return new BufferingSubscriber<T>(limit, declared, exactLength(info, null), decoder, null) {
        @Override
        public @Nullable T finish(byte[] bytes, int length) throws IOException {
          return decode(bytes, length, contentType, null);
        }

        @Override
        public @Nullable T overflow(byte[] bytes, int length, long received) throws IOException {
          throw ApiAccess.get().tooLarge(limit, received, false);
        }
      };
    }
  }

  public static boolean isNdjson(@Nullable String contentType) {
    String essence = MediaTypes.essence(contentType);
    return essence.equals(MediaTypes.NDJSON)
        || essence.equals("application/jsonl")
        || essence.equals("application/x-jsonlines");
  }

  /** Streams a top-level array or NDJSON body element by element, status checked first. */
  public static final class StreamHandler<T> implements BodyHandler<ElementStream<T>> {
    private final JsonOptions options;
    private final JsonSequenceReader<T> reader;
    private final Type elementType;
    private final long elementLimit;
    private final JsonOptions.StreamFormat format;
    private final @Nullable String method;
    private final @Nullable URI uri;

    public StreamHandler(
        JsonType<T> elementType,
        JsonOptions.StreamFormat format,
        @Nullable String method,
        @Nullable URI uri) {
      this.options = elementType.options();
      this.reader = ApiAccess.get().sequenceReader(elementType);
      this.elementType = elementType.type();
      this.elementLimit = options.maxResponseSize();
      this.format = format;
      this.method = method;
      this.uri = uri;
    }

    public JsonOptions options() {
      return options;
    }

    public Type elementType() {
      return elementType;
    }

    /**
     * As {@link JsonHandler#reject}: the subscriber for a response not to stream, or null; the
     * status is reported to {@code t}.
     */
    <S> @Nullable BodySubscriber<S> reject(ResponseInfo info, @Nullable CallTrace t) {
      if (t != null) {
        t.headers(info.statusCode());
      }
      if (!isSuccess(info.statusCode())) {
        return statusFailure(info, method, uri, options, t);
      }
      int status = info.statusCode();
      try {
        coding(info.headers(), elementType);
      } catch (JsonReadException e) {
        return rejecting(answering(e, status, method, uri, options));
      }
      String contentType = contentType(info.headers());
      try {
        MediaTypes.decodingCharset(contentType);
      } catch (JsonReadException e) {
        JsonReadException named = ApiAccess.get().withContext(e, elementType, contentType);
        return new FailedSubscriber<>(answering(named, status, method, uri, options), info);
      }
      return null;
    }

    /**
     * The elements of a body that {@link #reject} accepted (of a response with {@code status}), for
     * the call {@code plan} (its trace {@code trace}) when there is one.
     */
    ElementStream<T> open(
        InputStream in,
        HttpHeaders headers,
        int status,
        @Nullable CallTrace trace,
        @Nullable CallState<?> plan) {
      String contentType = contentType(headers);
      Charset charset;
      try {
        charset = MediaTypes.decodingCharset(contentType);
      } catch (JsonReadException e) {
        throw new IllegalStateException("rejected before", e);
      }
      boolean ndjson =
          format == JsonOptions.StreamFormat.NDJSON
              || (format == JsonOptions.StreamFormat.AUTO && isNdjson(contentType));
      ContentDecoder decoder = decoderOrNull(headers);
      InputStream body = decoder == null ? in : new DecodingInputStream(in, decoder);
      ElementStream<T> elements =
          new ElementStream<>(
              body,
              TimedInputStream.of(body, in, options, method, uri, plan),
              elementLimit,
              charset,
              reader,
              ndjson,
              elementType,
              contentType,
              answer(status, method, uri, options),
              trace,
              plan);
      StreamingSubscriber.held(in, elements); // the caller holds it, the transport the body
      return elements;
    }

    /** For {@code JsonBodyHandlers}: the elements, the status checked first. */
    @Override
    public BodySubscriber<ElementStream<T>> apply(ResponseInfo info) {
      BodySubscriber<ElementStream<T>> rejected = reject(info, null);
      if (rejected != null) {
        return rejected;
      }
      HttpHeaders headers = info.headers();
      int status = info.statusCode();
      return BodySubscribers.mapping(
          new StreamingSubscriber(), in -> open(in, headers, status, null, null));
    }
  }
}

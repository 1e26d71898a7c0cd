package dev.httpjson;

import dev.httpjson.internal.BufferingSubscriber;
import dev.httpjson.internal.CachedBinding;
import dev.httpjson.internal.CodecSettings;
import dev.httpjson.internal.Uris;
import dev.httpjson.spi.JsonCodec;
import java.time.Duration;
import java.util.Collections;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * How httpjson reads and writes JSON: naming, leniency, limits, timeout and the codec.
 *
 * <p>{@link #web()} is the default everywhere, with the "web" defaults of .NET's {@code
 * System.Net.Http.Json}; options a caller passes are used as given, never merged with it. <b>Codec
 * settings</b> (codec, naming, leniency, nulls, indentation, parser limits) key the bounded caches
 * of readers and writers by value; <b>call settings</b> ({@link #maxResponseSize()}, the timeouts,
 * compression, the stream format, {@link #shownQueryParameters()}) never reach the codec, so
 * options built per call with a remaining deadline cost no new serializer.
 *
 * <pre>{@code
 * JsonOptions strict = JsonOptions.web().toBuilder()
 *     .ignoreUnknownProperties(false)
 *     .maxResponseSize(1 << 20)
 *     .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class JsonOptions {

  /** How Java property names map to JSON names. */
  public enum Naming {
    /** The Java name unchanged: {@code firstName} → {@code firstName}. */
    AS_DECLARED,
    /** Lower camel case: {@code FirstName} → {@code firstName}, {@code URL} → {@code url}. */
    CAMEL_CASE,
    /**
     * Lower snake case, as .NET's {@code SnakeCaseLower}: {@code firstName} → {@code first_name},
     * {@code HTTPServer} → {@code http_server}, {@code userID} → {@code user_id}.
     */
    SNAKE_CASE,
    /**
     * Lower kebab case, as .NET's {@code KebabCaseLower}: {@code firstName} → {@code first-name},
     * {@code HTTPServer} → {@code http-server}.
     */
    KEBAB_CASE
  }

  /**
   * How a streamed body is split into elements: by {@code getFromJsonAsStream} on {@link HttpJson}
   * and {@link HttpJsonClient}, and by {@link JsonBodyHandlers#ofStream(JsonType)}. Other calls
   * read one value and ignore it.
   */
  public enum StreamFormat {
    /**
     * By the response's {@code Content-Type}: newline-delimited values for {@code
     * application/x-ndjson}, {@code application/jsonl} and {@code application/x-jsonlines}, else a
     * top-level JSON array. The default.
     */
    AUTO,
    /** A top-level JSON array, whatever the {@code Content-Type} says. */
    ARRAY,
    /**
     * Top-level JSON values one after another, one per line as NDJSON and JSON Lines write them
     * (blank lines skipped; a second value on a line fails the stream there), whatever the {@code
     * Content-Type} says: a Kubernetes watch, for one, sends them as {@code application/json}.
     */
    NDJSON
  }

  /** Default {@link #maxResponseSize()}: 16 MiB. */
  public static final long DEFAULT_MAX_RESPONSE_SIZE = 16L * 1024 * 1024;

  /** Default {@link #timeout()}: 100 seconds, as .NET's {@code HttpClient.Timeout}. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(100);

  static {
    Access.ensureRegistered();
  }

  /** Timeouts this long or longer mean none ({@code ChronoUnit.FOREVER} overflows nanoseconds). */
  private static final Duration FOREVER = Duration.ofDays(36_500);

  /** Default {@link #maxNestingDepth()}: 500. */
  public static final int DEFAULT_MAX_NESTING_DEPTH = 500;

  /** Default {@link #maxNumberLength()}: 1000 characters. */
  public static final int DEFAULT_MAX_NUMBER_LENGTH = 1000;

  /** Default {@link #maxStringLength()}: 20,000,000 characters. */
  public static final int DEFAULT_MAX_STRING_LENGTH = 20_000_000;

  private static final JsonOptions WEB = new Builder().build();

  private final CodecSettings settings;
  private final long maxResponseSize;
  private final @Nullable Duration timeout;
  private final @Nullable Duration idleTimeout;
  private final boolean compression;
  private final StreamFormat streamFormat;
  private final boolean requestCompression;
  private final SortedSet<String> shownQuery;
  private final int hashCode;

  private JsonOptions(
      CodecSettings settings,
      long maxResponseSize,
      @Nullable Duration timeout,
      @Nullable Duration idleTimeout,
      boolean compression,
      StreamFormat streamFormat,
      boolean requestCompression,
      SortedSet<String> shownQuery) {
    this.settings = settings;
    this.maxResponseSize = maxResponseSize;
    this.timeout = timeout;
    this.idleTimeout = idleTimeout;
    this.compression = compression;
    this.streamFormat = streamFormat;
    this.requestCompression = requestCompression;
    this.shownQuery = shownQuery;
    int h = settings.hashCode();
    h = 31 * h + Long.hashCode(maxResponseSize);
    h = 31 * h + Objects.hashCode(timeout);
    h = 31 * h + Objects.hashCode(idleTimeout);
    h = 31 * h + Boolean.hashCode(compression);
    h = 31 * h + streamFormat.hashCode();
    h = 31 * h + Boolean.hashCode(requestCompression);
    h = 31 * h + shownQuery.hashCode();
    this.hashCode = h;
  }

  static JsonOptions ofSettings(CodecSettings settings) {
    return new JsonOptions(
        settings,
        DEFAULT_MAX_RESPONSE_SIZE,
        DEFAULT_TIMEOUT,
        null,
        true,
        StreamFormat.AUTO,
        false,
        Collections.emptySortedSet());
  }

  /**
   * {@return the default options, one shared instance} camelCase names, case-insensitive matching,
   * numbers from strings, unknown properties ignored, lenient records, nulls written, no
   * indentation, a 16 MiB response limit, a 100-second timeout, compression on, {@link
   * StreamFormat#AUTO}, and the codec found by {@link java.util.ServiceLoader}.
   */
  public static JsonOptions web() {
    return WEB;
  }

  /** {@return a new builder that starts from the {@link #web()} defaults} */
  public static Builder newBuilder() {
    return new Builder();
  }

  /** {@return a new builder that starts from these options; these options do not change} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * The codec: the one set on the builder, or else the one chosen from those {@link
   * java.util.ServiceLoader} finds (see {@link Builder#codec(JsonCodec)} for the rule).
   *
   * @return the codec that reads and writes with these options
   * @throws IllegalStateException if none was set and none is on the class or module path, or
   *     several are and the system property {@code dev.httpjson.codec} does not name one of them
   */
  public JsonCodec codec() {
    return settings.codec();
  }

  /** {@return how property names are mapped} */
  public Naming naming() {
    return settings.naming;
  }

  /** {@return whether JSON property names match Java properties regardless of case on read} */
  public boolean caseInsensitiveProperties() {
    return settings.caseInsensitiveProperties;
  }

  /**
   * {@return whether numeric properties accept numbers written as JSON strings ({@code "42"}) on
   * read}
   */
  public boolean numbersFromStrings() {
    return settings.numbersFromStrings;
  }

  /** {@return whether JSON properties with no Java counterpart are skipped on read} */
  public boolean ignoreUnknownProperties() {
    return settings.ignoreUnknownProperties;
  }

  /** {@return whether records are read strictly} See {@link Builder#strictRecords(boolean)}. */
  public boolean strictRecords() {
    return settings.strictRecords;
  }

  /** {@return whether null-valued properties are written (else omitted)} */
  public boolean writeNulls() {
    return settings.writeNulls;
  }

  /** {@return whether written JSON is indented} */
  public boolean indent() {
    return settings.indent;
  }

  /**
   * {@return the largest response body httpjson buffers, in decoded bytes} Streams apply it to each
   * element.
   */
  public long maxResponseSize() {
    return maxResponseSize;
  }

  /** {@return the deepest nesting of arrays and objects the parser accepts} */
  public int maxNestingDepth() {
    return settings.maxNestingDepth;
  }

  /** {@return the longest number, in characters, the parser accepts} */
  public int maxNumberLength() {
    return settings.maxNumberLength;
  }

  /** {@return the longest string, in characters, the parser accepts} */
  public int maxStringLength() {
    return settings.maxStringLength;
  }

  /** {@return the whole-call timeout, or {@code null} for none} See {@link Builder#timeout}. */
  public @Nullable Duration timeout() {
    return timeout;
  }

  /** {@return the idle timeout of streamed bodies, or {@code null} for none (the default)} */
  public @Nullable Duration idleTimeout() {
    return idleTimeout;
  }

  /** {@return whether httpjson's calls ask for compressed responses (the default)} */
  public boolean compression() {
    return compression;
  }

  /** {@return how a stream of elements reads its body} */
  public StreamFormat streamFormat() {
    return streamFormat;
  }

  /** {@return whether the JSON bodies httpjson writes are sent gzip-compressed (not by default)} */
  public boolean requestCompression() {
    return requestCompression;
  }

  /** {@return the query parameters whose values httpjson shows unredacted, sorted} */
  public Set<String> shownQueryParameters() {
    return shownQuery;
  }

  /**
   * {@code uri} as httpjson shows it in messages and log lines: userinfo and the fragment dropped,
   * each query value but the {@linkplain #shownQueryParameters() shown ones} replaced by {@code
   * ***}, and each parameter without {@code =} that is not shown by name.
   *
   * @param uri a URI, or a string that does not parse as one (a header's value, say)
   * @return the URI without what may be a secret
   */
  public String redact(String uri) {
    return Uris.redact(Objects.requireNonNull(uri, "uri == null"), shownQuery);
  }

  CachedBinding binding() {
    return settings.binding();
  }

  CodecSettings settings() {
    return settings;
  }

  @Override
  public boolean equals(@Nullable Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof JsonOptions)) {
      return false;
    }
    JsonOptions that = (JsonOptions) o;
    return hashCode == that.hashCode
        && settings.equals(that.settings)
        && maxResponseSize == that.maxResponseSize
        && Objects.equals(timeout, that.timeout)
        && Objects.equals(idleTimeout, that.idleTimeout)
        && compression == that.compression
        && streamFormat == that.streamFormat
        && requestCompression == that.requestCompression
        && shownQuery.equals(that.shownQuery);
  }

  @Override
  public int hashCode() {
    return hashCode;
  }

  @Override
  public String toString() {
    return String.format(
        "JsonOptions{codec=%s, naming=%s, caseInsensitiveProperties=%s, numbersFromStrings=%s,"
            + " ignoreUnknownProperties=%s, strictRecords=%s, writeNulls=%s, indent=%s,"
            + " maxResponseSize=%s, maxNestingDepth=%s, maxNumberLength=%s, maxStringLength=%s,"
            + " timeout=%s, idleTimeout=%s, compression=%s, streamFormat=%s,"
            + " requestCompression=%s, shownQueryParameters=%s}",
        settings.codec == null ? "default" : settings.codec.name(),
        settings.naming,
        settings.caseInsensitiveProperties,
        settings.numbersFromStrings,
        settings.ignoreUnknownProperties,
        settings.strictRecords,
        settings.writeNulls,
        settings.indent,
        maxResponseSize,
        settings.maxNestingDepth,
        settings.maxNumberLength,
        settings.maxStringLength,
        timeout,
        idleTimeout,
        compression,
        streamFormat,
        requestCompression,
        shownQuery);
  }

  /**
   * Builds {@link JsonOptions}; each setter returns this builder. Not thread-safe; {@link #build()}
   * may be called repeatedly.
   */
  public static final class Builder {
    private @Nullable JsonCodec codec;
    private Naming naming = Naming.CAMEL_CASE;
    private boolean caseInsensitiveProperties = true;
    private boolean numbersFromStrings = true;
    private boolean ignoreUnknownProperties = true;
    private boolean strictRecords;
    private boolean writeNulls = true;
    private boolean indent;
    private long maxResponseSize = DEFAULT_MAX_RESPONSE_SIZE;
    private int maxNestingDepth = DEFAULT_MAX_NESTING_DEPTH;
    private int maxNumberLength = DEFAULT_MAX_NUMBER_LENGTH;
    private int maxStringLength = DEFAULT_MAX_STRING_LENGTH;
    private @Nullable Duration timeout = DEFAULT_TIMEOUT;
    private @Nullable Duration idleTimeout;
    private boolean compression = true;
    private StreamFormat streamFormat = StreamFormat.AUTO;
    private boolean requestCompression;
    private final TreeSet<String> shownQuery = new TreeSet<>();

    /** The settings this builder started from; reused by {@link #build()} while unchanged. */
    private final @Nullable CodecSettings base;

    Builder() {
      this.base = WEB == null ? null : WEB.settings;
    }

    Builder(JsonOptions o) {
      CodecSettings s = o.settings;
      this.base = s;
      this.codec = s.codec;
      this.naming = s.naming;
      this.caseInsensitiveProperties = s.caseInsensitiveProperties;
      this.numbersFromStrings = s.numbersFromStrings;
      this.ignoreUnknownProperties = s.ignoreUnknownProperties;
      this.strictRecords = s.strictRecords;
      this.writeNulls = s.writeNulls;
      this.indent = s.indent;
      this.maxNestingDepth = s.maxNestingDepth;
      this.maxNumberLength = s.maxNumberLength;
      this.maxStringLength = s.maxStringLength;
      this.maxResponseSize = o.maxResponseSize;
      this.timeout = o.timeout;
      this.idleTimeout = o.idleTimeout;
      this.compression = o.compression;
      this.streamFormat = o.streamFormat;
      this.requestCompression = o.requestCompression;
      this.shownQuery.addAll(o.shownQuery);
    }

    /**
     * Sets the codec; create a configured codec once, not per call. When none is set, httpjson
     * takes the one the system property {@code dev.httpjson.codec} names ({@link JsonCodec#name()}
     * or class name; a name that matches none is an error), else the one {@link
     * java.util.ServiceLoader} finds where httpjson is (its class loader, never the calling
     * thread's context class loader) if exactly one is; otherwise the first call that needs it
     * fails with an {@link IllegalStateException} listing the codecs found or naming the artifact
     * to add. Never by class-path order.
     *
     * @param codec the codec, or {@code null} for the one chosen from the class or module path
     */
    public Builder codec(@Nullable JsonCodec codec) {
      this.codec = codec;
      return this;
    }

    /**
     * Sets how property names are mapped. Default: {@link Naming#CAMEL_CASE}.
     *
     * @param naming the mapping from Java property names to JSON names
     * @throws NullPointerException if {@code naming} is null
     */
    public Builder naming(Naming naming) {
      this.naming = Objects.requireNonNull(naming, "naming == null");
      return this;
    }

    /**
     * Sets case-insensitive property matching on read. Default: {@code true}.
     *
     * @param enabled whether {@code "FIRSTNAME"} fills {@code firstName}
     */
    public Builder caseInsensitiveProperties(boolean enabled) {
      this.caseInsensitiveProperties = enabled;
      return this;
    }

    /**
     * Sets whether numbers are accepted from JSON strings on read. Default: {@code true}.
     *
     * @param enabled whether {@code "42"} reads into a numeric property
     */
    public Builder numbersFromStrings(boolean enabled) {
      this.numbersFromStrings = enabled;
      return this;
    }

    /**
     * Sets whether unknown JSON properties are skipped on read. Default: {@code true}.
     *
     * @param enabled {@code true} to skip them, {@code false} to fail the read with a {@link
     *     JsonReadException}
     */
    public Builder ignoreUnknownProperties(boolean enabled) {
      this.ignoreUnknownProperties = enabled;
      return this;
    }

    /**
     * Sets whether records are read strictly. Default: {@code false}, as in .NET. When on, a record
     * component (at any depth) missing from the JSON fails unless it is {@code @Nullable} or an
     * {@code Optional} (read as empty), and a JSON null fails for a primitive component or one that
     * is not nullable ({@code @NullMarked} and not {@code @Nullable}, or {@code @NonNull}); any
     * annotation named {@code Nullable} counts. The {@link JsonReadException} names the component,
     * the record and the path. Classes with setters or fields keep Jackson-style leniency.
     *
     * @param enabled {@code true} to fail on missing or null non-nullable record components
     */
    public Builder strictRecords(boolean enabled) {
      this.strictRecords = enabled;
      return this;
    }

    /**
     * Sets whether null-valued properties are written. Default: {@code true}.
     *
     * @param enabled {@code true} to write {@code "name":null}, {@code false} to omit the property
     */
    public Builder writeNulls(boolean enabled) {
      this.writeNulls = enabled;
      return this;
    }

    /**
     * Sets whether written JSON is indented. Default: {@code false}.
     *
     * @param enabled whether to indent request bodies (larger, for humans)
     */
    public Builder indent(boolean enabled) {
      this.indent = enabled;
      return this;
    }

    /**
     * Sets the largest response body, in bytes, that is buffered. Default: {@value
     * #DEFAULT_MAX_RESPONSE_SIZE}. A declared Content-Length over it fails before the body is read;
     * a value above the largest array ({@code Integer.MAX_VALUE - 8}) is clamped to it.
     *
     * @param bytes the limit; a larger body fails with {@link ResponseTooLargeException}
     * @throws IllegalArgumentException if {@code bytes} is negative
     */
    public Builder maxResponseSize(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("maxResponseSize < 0: " + bytes);
      }
      this.maxResponseSize = Math.min(bytes, BufferingSubscriber.MAX_ARRAY);
      return this;
    }

    /**
     * Sets the deepest nesting of arrays and objects accepted. Default: {@value
     * #DEFAULT_MAX_NESTING_DEPTH}.
     *
     * @param depth the limit; deeper input fails with {@link JsonReadException}
     * @throws IllegalArgumentException if {@code depth} is less than 1
     */
    public Builder maxNestingDepth(int depth) {
      this.maxNestingDepth = atLeastOne("maxNestingDepth", depth);
      return this;
    }

    /**
     * Sets the longest number accepted, in characters. Default: {@value
     * #DEFAULT_MAX_NUMBER_LENGTH}.
     *
     * @param length the limit; a longer number fails with {@link JsonReadException}
     * @throws IllegalArgumentException if {@code length} is less than 1
     */
    public Builder maxNumberLength(int length) {
      this.maxNumberLength = atLeastOne("maxNumberLength", length);
      return this;
    }

    /**
     * Sets the longest string accepted, in characters. Default: {@value
     * #DEFAULT_MAX_STRING_LENGTH}.
     *
     * @param length the limit; a longer string fails with {@link JsonReadException}
     * @throws IllegalArgumentException if {@code length} is less than 1
     */
    public Builder maxStringLength(int length) {
      this.maxStringLength = atLeastOne("maxStringLength", length);
      return this;
    }

    /**
     * Sets the whole-call timeout, a call setting. Default: {@link #DEFAULT_TIMEOUT}. On expiry the
     * exchange is aborted and the call fails with {@link CallTimeoutException}. A one-shot call
     * must complete within it, body included; a stream is bounded in the time spent waiting for the
     * network (connecting, headers, reads blocked on body bytes), never the consumer's pace. For a
     * long-lived stream set none and an {@link #idleTimeout(Duration) idle timeout}. A century or
     * more ({@code ChronoUnit.FOREVER}) means none.
     *
     * @param timeout the timeout; {@code Duration.ZERO} or {@code null} for none
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public Builder timeout(@Nullable Duration timeout) {
      this.timeout = checkTimeout("timeout", timeout);
      return this;
    }

    /**
     * Sets the idle timeout of streamed bodies: the longest a read waits for the next body bytes,
     * whatever the whole-call timeout. Default: none. A server silent longer fails the stream with
     * a {@link CallTimeoutException} and the connection is released; the consumer's own pace is not
     * counted.
     *
     * @param idleTimeout the timeout; {@code Duration.ZERO} or {@code null} for none
     * @throws IllegalArgumentException if {@code idleTimeout} is negative
     */
    public Builder idleTimeout(@Nullable Duration idleTimeout) {
      this.idleTimeout = checkTimeout("idleTimeout", idleTimeout);
      return this;
    }

    private static int atLeastOne(String name, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(name + " < 1: " + value);
      }
      return value;
    }

    private static @Nullable Duration checkTimeout(String name, @Nullable Duration timeout) {
      if (timeout == null) {
        return null;
      }
      if (timeout.isNegative()) {
        throw new IllegalArgumentException(name + " < 0: " + timeout);
      }
      return timeout.isZero() || timeout.compareTo(FOREVER) >= 0 ? null : timeout;
    }

    /**
     * Sets whether httpjson's calls send {@code Accept-Encoding: gzip, deflate} (unless the request
     * names its own). Default: on. A {@code gzip} or {@code deflate} body is decoded either way;
     * {@link #maxResponseSize(long)} limits the decoded bytes.
     *
     * @param enabled false to send no {@code Accept-Encoding}
     */
    public Builder compression(boolean enabled) {
      this.compression = enabled;
      return this;
    }

    /**
     * Sets how a stream of elements reads its body. Default: {@link StreamFormat#AUTO}, by the
     * response's {@code Content-Type}; name the format for a server that labels it wrongly.
     *
     * @param format the format of streamed bodies
     */
    public Builder streamFormat(StreamFormat format) {
      this.streamFormat = Objects.requireNonNull(format, "format == null");
      return this;
    }

    /**
     * Sets whether the JSON bodies httpjson writes are sent gzip-compressed with {@code
     * Content-Encoding: gzip}, for APIs that accept it (bulk and ingest endpoints). Default: off. A
     * value is compressed once, when its body is created, so a retry or redirect sends the same
     * bytes; {@link JsonSequenceContent} compresses each chunk. A caller's own {@code
     * BodyPublisher} is sent as it is.
     *
     * @param enabled true to send request bodies gzip-compressed
     */
    public Builder requestCompression(boolean enabled) {
      this.requestCompression = enabled;
      return this;
    }

    /**
     * Shows the value of the query parameter {@code name} wherever httpjson shows a URI of a call
     * (exception messages, {@link CallListener}s, {@link LoggingInterceptor} lines); every other
     * query value stays {@code ***}, and so does a parameter without {@code =} ({@code ?abcdef123},
     * which may be a key itself) unless it is named here ({@code ?debug}). Name only harmless
     * parameters (a page, a cursor). Names are compared exactly, as written (encoded).
     *
     * @param name the parameter name
     * @throws IllegalArgumentException if {@code name} is empty or contains {@code =} or {@code &}
     */
    public Builder showQueryParameter(String name) {
      shownQuery.add(Uris.checkQueryName(name));
      return this;
    }

    /** {@return immutable options with this builder's settings; the builder can be reused} */
    public JsonOptions build() {
      return new JsonOptions(
          settings(),
          maxResponseSize,
          timeout,
          idleTimeout,
          compression,
          streamFormat,
          requestCompression,
          shownQuery.isEmpty()
              ? Collections.emptySortedSet()
              : Collections.unmodifiableSortedSet(new TreeSet<>(shownQuery)));
    }

    /**
     * The codec settings, reusing the starting ones when nothing a codec reads changed: options
     * that differ only in call settings then share one binding without even a cache lookup.
     */
    private CodecSettings settings() {
      CodecSettings s =
          new CodecSettings(
              codec,
              naming,
              caseInsensitiveProperties,
              numbersFromStrings,
              ignoreUnknownProperties,
              strictRecords,
              writeNulls,
              indent,
              maxNestingDepth,
              maxNumberLength,
              maxStringLength);
      return s.equals(base)
          ? Objects.requireNonNull(base)
          : WEB != null && s.equals(WEB.settings) ? WEB.settings : s;
    }
  }
}

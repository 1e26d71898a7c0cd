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
 * <p>{@link #web()} is the default everywhere: one statically cached instance with the "web"
 * defaults of .NET's {@code System.Net.Http.Json} — camelCase property names, case-insensitive
 * property matching on read, numbers accepted from JSON strings on read, unknown properties
 * ignored. Options a caller passes are used as given, never merged with {@code web()}.
 *
 * <p>Two kinds of setting live here. <b>Codec settings</b> — the codec, naming, case-insensitivity,
 * numbers from strings, unknown properties, strict records, nulls, indentation and the parser
 * limits — are what a codec reads; readers and writers are cached per codec-settings
 * <em>value</em>, so options built anew for every call share one cache with the options they equal.
 * <b>Call settings</b> — {@link #maxResponseSize()}, {@link #timeout()}, {@link #idleTimeout()},
 * compression, the stream format and {@link #shownQueryParameters()} — act on one call only and
 * never reach the codec: any number of options that differ only in them share one set of readers
 * and writers, so passing a remaining deadline per call costs nothing. (The mistake this rules out
 * — new serializer options per call — cost .NET's first version 4× its throughput.) The caches are
 * bounded and keep the most recently used entries.
 *
 * <pre>{@code
 * // A remaining deadline per call: no new serializer, no cache miss.
 * JsonOptions call = JsonOptions.newBuilder().timeout(Duration.between(Instant.now(), deadline)).build();
 * }</pre>
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
    /** Lower snake case: {@code firstName} → {@code first_name}. */
    SNAKE_CASE,
    /** Lower kebab case: {@code firstName} → {@code first-name}. */
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
     * (blank lines skipped), whatever the {@code Content-Type} says: a Kubernetes watch, for one,
     * sends them as {@code application/json}.
     */
    NDJSON
  }

  /** Default {@link #maxResponseSize()}: 16 MiB. */
  public static final long DEFAULT_MAX_RESPONSE_SIZE = 16L * 1024 * 1024;

  /**
   * Default {@link #timeout()}: 100 seconds, as .NET's {@code HttpClient.Timeout}. A call to a
   * server that stalls fails with {@link CallTimeoutException} instead of hanging forever; set
   * {@link Builder#timeout(Duration) timeout(Duration.ZERO)} for none.
   */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(100);

  /**
   * Timeouts this long or longer mean none: no call lasts a century, and {@code ChronoUnit.FOREVER}
   * cannot even be counted in nanoseconds.
   */
  static {
    Access.ensureRegistered();
  }

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
   * The default options, one statically cached instance: camelCase names, case-insensitive
   * matching, numbers from strings, unknown properties ignored, lenient records (see {@link
   * Builder#strictRecords(boolean)}), nulls written, no indentation, {@value
   * #DEFAULT_MAX_RESPONSE_SIZE}-byte response limit (of decoded bytes), a {@linkplain
   * #DEFAULT_TIMEOUT 100-second} whole-call timeout, no idle timeout, compression on, streams read
   * by their Content-Type ({@link StreamFormat#AUTO}), and the codec found by {@link
   * java.util.ServiceLoader}.
   *
   * @return the shared default options; every call returns the same instance
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

  /**
   * {@return whether JSON properties with no Java counterpart are skipped on read} When not, such a
   * property fails the read with a {@link JsonReadException}.
   */
  public boolean ignoreUnknownProperties() {
    return settings.ignoreUnknownProperties;
  }

  /**
   * {@return whether records are read strictly} A record component missing from the JSON, or null
   * where the component is not nullable, then fails the read instead of becoming {@code null} or
   * zero. See {@link Builder#strictRecords(boolean)}.
   */
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
   * {@return the largest response body httpjson buffers, in bytes} A declared Content-Length over
   * it fails before any body byte is read; a body without one fails as soon as the bytes received
   * cross it. Streaming reads ({@code getFromJsonAsStream}) apply it to each element instead.
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

  /**
   * {@return the whole-call timeout, or {@code null} for none} Default: {@link #DEFAULT_TIMEOUT}.
   * See {@link Builder#timeout(Duration)} for what it covers; the client's and the request's own
   * timeouts still apply.
   */
  public @Nullable Duration timeout() {
    return timeout;
  }

  /**
   * {@return the idle timeout of streamed bodies, the longest wait for their next bytes, or {@code
   * null} for none (the default)} See {@link Builder#idleTimeout(Duration)}.
   */
  public @Nullable Duration idleTimeout() {
    return idleTimeout;
  }

  /**
   * {@return whether httpjson's calls ask for compressed responses (the default)} They send {@code
   * Accept-Encoding: gzip, deflate} unless the request names its own {@code Accept-Encoding}. See
   * {@link Builder#compression(boolean)}.
   */
  public boolean compression() {
    return compression;
  }

  /**
   * {@return how a stream of elements reads its body} {@link StreamFormat#AUTO} (the default)
   * chooses by the response's {@code Content-Type}. See {@link Builder#streamFormat(StreamFormat)}.
   */
  public StreamFormat streamFormat() {
    return streamFormat;
  }

  /**
   * {@return whether the JSON bodies httpjson writes with these options are sent gzip-compressed,
   * with {@code Content-Encoding: gzip} (not by default)} See {@link
   * Builder#requestCompression(boolean)}.
   */
  public boolean requestCompression() {
    return requestCompression;
  }

  /**
   * {@return the query parameters whose values the messages of httpjson's exceptions show as they
   * are, sorted} Every other query value is shown as {@code ***}; empty (the default) when every
   * value is hidden. See {@link Builder#showQueryParameter(String)}.
   */
  public Set<String> shownQueryParameters() {
    return shownQuery;
  }

  /**
   * {@code uri} as httpjson shows a URI of a call with these options, in its exception messages and
   * a {@link LoggingInterceptor}'s lines: userinfo and the fragment dropped, each query value
   * replaced by {@code ***} but those of the {@linkplain #shownQueryParameters() shown parameters}
   * ({@code https://api.example.com/items?page=2&token=***}). For an interceptor that logs or
   * traces the request ({@code
   * chain.options().orElse(JsonOptions.web()).redact(request.uri().toString())}).
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
    return "JsonOptions{codec="
        + (settings.codec == null ? "default" : settings.codec.name())
        + ", naming="
        + settings.naming
        + ", caseInsensitiveProperties="
        + settings.caseInsensitiveProperties
        + ", numbersFromStrings="
        + settings.numbersFromStrings
        + ", ignoreUnknownProperties="
        + settings.ignoreUnknownProperties
        + ", strictRecords="
        + settings.strictRecords
        + ", writeNulls="
        + settings.writeNulls
        + ", indent="
        + settings.indent
        + ", maxResponseSize="
        + maxResponseSize
        + ", maxNestingDepth="
        + settings.maxNestingDepth
        + ", maxNumberLength="
        + settings.maxNumberLength
        + ", maxStringLength="
        + settings.maxStringLength
        + ", timeout="
        + timeout
        + ", idleTimeout="
        + idleTimeout
        + ", compression="
        + compression
        + ", streamFormat="
        + streamFormat
        + ", requestCompression="
        + requestCompression
        + ", shownQueryParameters="
        + shownQuery
        + '}';
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
     * Sets the codec. Options with equal codecs share cached readers and writers, so create a
     * configured codec once rather than per call.
     *
     * <p><b>Which codec, when none is set.</b> httpjson asks {@link java.util.ServiceLoader} once
     * for every {@link JsonCodec} on the class or module path ({@code httpjson-jackson}, {@code
     * httpjson-jackson2}, {@code httpjson-gson}, {@code httpjson-avaje-jsonb}, or your own) and
     * chooses, never by class-path order:
     *
     * <ol>
     *   <li>the codec named by the system property {@code dev.httpjson.codec} — a codec's {@link
     *       JsonCodec#name()} ({@code jackson}, {@code jackson2}, {@code gson}, {@code
     *       avaje-jsonb}) or class name — read once, at the first call that needs the default
     *       codec; a name that matches none is an error listing the codecs found;
     *   <li>else the codec found, if exactly one is;
     *   <li>else an {@link IllegalStateException} at the first call that needs it, listing the
     *       codecs found (several) or naming the artifact to add (none).
     * </ol>
     *
     * <pre>{@code
     * // with httpjson-jackson and httpjson-gson both on the class path:
     * JsonOptions gson = JsonOptions.newBuilder().codec(new GsonCodec()).build();
     * // or, for every call without a codec of its own: java -Ddev.httpjson.codec=gson ...
     * }</pre>
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
     * Sets whether records are read strictly. Default: {@code false}, as in .NET.
     *
     * <p>When on, reading a record (at any depth) checks each of its components against the JSON:
     *
     * <ul>
     *   <li>a component <b>missing</b> from the JSON object fails, unless it is {@code @Nullable}
     *       or an {@code Optional} ({@code Optional}, {@code OptionalInt}, {@code OptionalLong},
     *       {@code OptionalDouble}; a missing one reads as empty);
     *   <li>a JSON <b>null</b> fails for a primitive component, and for a reference component that
     *       is not nullable: one in {@code @NullMarked} code (the record, an enclosing class, its
     *       package or its module; JSpecify) that is not {@code @Nullable}, or one marked
     *       {@code @NonNull}. In code that is not null-marked an unannotated component accepts
     *       null.
     * </ul>
     *
     * <p>Any annotation named {@code Nullable} counts ({@code org.jspecify.annotations.Nullable},
     * {@code jakarta.annotation.Nullable}, …), on the component or on its type. The failure is a
     * {@link JsonReadException} naming the component, the record and the path:
     *
     * <pre>{@code
     * Missing required property 'temperatureC' of record WeatherForecast
     *     at line 1 column 61 path $[2] (reading java.util.List<WeatherForecast> from application/json)
     * }</pre>
     *
     * <p>Without it a misspelt property or the wrong endpoint reads as zeros and nulls without an
     * error: turn it on for records you own, {@code JsonOptions.newBuilder().strictRecords(true)}.
     * Its cost is within the noise of a decode (docs/codecs.md, "Strict records", has the figures);
     * it is off by default because the web defaults follow .NET's, where the counterparts {@code
     * RespectRequiredConstructorParameters} and {@code RespectNullableAnnotations} are off, and
     * because APIs commonly omit properties their clients model (a partial object must keep reading
     * as it does in every other JSON client). It acts on records only; classes with setters or
     * fields keep Jackson-style leniency.
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
     * #DEFAULT_MAX_RESPONSE_SIZE}.
     *
     * <p>A buffered body is held in one byte array, so a value above the largest array the JVM
     * allocates, {@code Integer.MAX_VALUE - 8} (2,147,483,639 bytes), is clamped to it: {@code
     * maxResponseSize(Long.MAX_VALUE)} means "as large as memory allows", and a body that declares
     * or reaches more fails with {@link ResponseTooLargeException} naming that limit.
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
     * Sets the whole-call timeout, a call setting. Default: {@link #DEFAULT_TIMEOUT} (100 s, as in
     * .NET). On expiry the exchange is aborted and the call fails with {@link
     * CallTimeoutException}.
     *
     * <ul>
     *   <li>A <b>one-shot call</b> ({@code getFromJson}, {@code postAsJson}, {@code exchange}, …)
     *       must complete within it: connecting, sending, the headers and the whole body.
     *   <li>A <b>stream</b> ({@code getFromJsonAsStream}, {@code readFromJsonAsStream}, their async
     *       forms, the stream handlers of {@link JsonBodyHandlers}) is bounded in the time spent
     *       waiting for the network: connecting, the headers, and the time its reads are blocked
     *       waiting for body bytes, added up. The time the consumer takes between elements is never
     *       counted: a slow consumer of a body that has arrived does not time out. For a long-lived
     *       stream (a change feed, Server-Sent Events) set no timeout and an {@link
     *       #idleTimeout(Duration) idle timeout} instead.
     * </ul>
     *
     * <p><b>No timeout</b> is {@code Duration.ZERO} ({@code null} too). A timeout too long to
     * matter — a century or more, such as {@code ChronoUnit.FOREVER.getDuration()} — also means
     * none. So a remaining deadline computed per call, {@code Duration.between(Instant.now(),
     * deadline)}, must be checked by the caller before it reaches zero. If you bound async calls
     * yourself with {@code orTimeout}, the shorter of the two applies.
     *
     * @param timeout the timeout; {@code Duration.ZERO} or {@code null} for none
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public Builder timeout(@Nullable Duration timeout) {
      this.timeout = checkTimeout("timeout", timeout);
      return this;
    }

    /**
     * Sets the idle timeout of streamed bodies: the longest a read waits for the next body bytes.
     * Default: none. It applies to every streamed read of a body — {@code getFromJsonAsStream},
     * {@code readFromJsonAsStream}, their async forms and the stream handlers of {@link
     * JsonBodyHandlers} — whatever the whole-call timeout; a server that stalls longer fails the
     * stream with a {@link CallTimeoutException} naming the idle timeout, and the connection is
     * released. The time the consumer takes between elements is not counted. Meant for long-lived
     * streams that may wait any time in all but never long for each next piece:
     *
     * <pre>{@code
     * JsonOptions feed = JsonOptions.newBuilder()
     *     .timeout(Duration.ZERO)               // no bound on the feed's whole life
     *     .idleTimeout(Duration.ofSeconds(30))  // but a server silent for 30 s is gone
     *     .build();
     * }</pre>
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
     * Sets whether httpjson's calls ask for compressed responses. Default: on. When on, every call
     * httpjson sends — the one-liners, {@code send}, streams, {@link HttpJsonClient}'s calls —
     * carries {@code Accept-Encoding: gzip, deflate} unless the request names its own {@code
     * Accept-Encoding}, and the body is decoded as it arrives; {@link #maxResponseSize(long)} then
     * limits the decoded bytes. Off, calls send no {@code Accept-Encoding}.
     *
     * <p>Either way, a {@code gzip} or {@code deflate} body that arrives is decoded (the request
     * asked for it, or the server sent it regardless), also by {@link JsonBodyHandlers} used with
     * {@code client.send}.
     *
     * @param enabled false to send no {@code Accept-Encoding}
     */
    public Builder compression(boolean enabled) {
      this.compression = enabled;
      return this;
    }

    /**
     * Sets how a stream of elements reads its body. Default: {@link StreamFormat#AUTO}, by the
     * response's {@code Content-Type}. A server that labels its format wrongly is read by naming
     * it:
     *
     * <pre>{@code
     * JsonType<WatchEvent> events = JsonType.of(WatchEvent.class,
     *     api.options().toBuilder().streamFormat(JsonOptions.StreamFormat.NDJSON).build());
     * try (Stream<WatchEvent> watch = api.getFromJsonAsStream("api/v1/pods?watch=true", events)) {
     *   watch.forEach(System.out::println);
     * }
     * }</pre>
     *
     * @param format the format of streamed bodies
     */
    public Builder streamFormat(StreamFormat format) {
      this.streamFormat = Objects.requireNonNull(format, "format == null");
      return this;
    }

    /**
     * Sets whether the JSON bodies httpjson writes are sent gzip-compressed, for APIs that accept
     * {@code Content-Encoding: gzip} request bodies (bulk and ingest endpoints such as
     * Elasticsearch's {@code _bulk}, log and metrics intake). Default: off, since a server that
     * does not accept it answers 415 or misreads the body. When on:
     *
     * <ul>
     *   <li>the one-liners that send a value ({@code postAsJson}, {@code putAsJson}, {@code
     *       patchAsJson}, {@code queryAsJson}, {@link HttpJsonClient}'s too) and {@link
     *       JsonContent} compress the serialized body once, when it is created, and send it with
     *       its compressed {@code Content-Length}; every send of the request (a retry, a 307 or 308
     *       redirect) sends those same bytes;
     *   <li>{@link JsonSequenceContent} compresses each chunk as it is written, never holding the
     *       whole body, and is sent chunked;
     *   <li>the request carries {@code Content-Encoding: gzip}; {@code Content-Type} stays the JSON
     *       media type.
     * </ul>
     *
     * <pre>{@code
     * JsonOptions gzip = JsonOptions.newBuilder().requestCompression(true).build();
     * HttpJsonClient search = HttpJsonClient.newBuilder(http)
     *     .baseUri("https://search.example.com/")
     *     .options(gzip)
     *     .build();
     * }</pre>
     *
     * <p>Bodies httpjson does not write (a {@code BodyPublisher} of the caller's) are sent as they
     * are.
     *
     * @param enabled true to send request bodies gzip-compressed
     */
    public Builder requestCompression(boolean enabled) {
      this.requestCompression = enabled;
      return this;
    }

    /**
     * Shows the value of the query parameter {@code name} as it is wherever httpjson shows a URI of
     * a call with these options: the messages of its exceptions ({@link HttpJsonStatusException},
     * {@link CallTimeoutException}), the URIs {@link CallListener}s are given, and the lines of a
     * {@link LoggingInterceptor} (besides the parameters it shows itself). Every other query value
     * stays {@code ***}, since a query may carry a credential ({@code ?api_key=…}); name only
     * harmless parameters — a page, a cursor, a limit — so that a failure says which page failed:
     *
     * <pre>{@code
     * JsonOptions options = JsonOptions.newBuilder().showQueryParameter("page").build();
     * // HTTP 503 from GET https://api.example.com/v1/items?page=7&api_key=***: ...
     * }</pre>
     *
     * <p>Names are compared exactly, as they are written in the URI (encoded). {@link
     * HttpJsonStatusException#uri()} and {@link CallTimeoutException#uri()} give the URI whole
     * either way.
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

package dev.httpjson;

import dev.httpjson.spi.JsonCodec;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How httpjson reads and writes JSON: naming, leniency, limits, timeout and the codec.
 *
 * <p>{@link #web()} is the default everywhere: one statically cached instance with the "web"
 * defaults of .NET's {@code System.Net.Http.Json} — camelCase property names, case-insensitive
 * property matching on read, numbers accepted from JSON strings on read, unknown properties
 * ignored. Options a caller passes are used as given, never merged with {@code web()}.
 *
 * <p>Readers and writers are cached per options <em>value</em>: equal options share one cache, so
 * building options anew for every call costs a hash lookup, not a new serializer. (That mistake —
 * new serializer options per call — cost .NET's first version 4× its throughput.) The cache is
 * bounded.
 *
 * <pre>{@code
 * JsonOptions strict = JsonOptions.web().newBuilder()
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

  /** Default {@link #maxResponseSize()}: 16 MiB. */
  public static final long DEFAULT_MAX_RESPONSE_SIZE = 16L * 1024 * 1024;

  /** Default {@link #maxNestingDepth()}: 500. */
  public static final int DEFAULT_MAX_NESTING_DEPTH = 500;

  /** Default {@link #maxNumberLength()}: 1000 characters. */
  public static final int DEFAULT_MAX_NUMBER_LENGTH = 1000;

  /** Default {@link #maxStringLength()}: 20,000,000 characters. */
  public static final int DEFAULT_MAX_STRING_LENGTH = 20_000_000;

  private static final JsonOptions WEB = new Builder().build();

  private final @Nullable JsonCodec codec;
  private final Naming naming;
  private final boolean caseInsensitiveProperties;
  private final boolean numbersFromStrings;
  private final boolean ignoreUnknownProperties;
  private final boolean writeNulls;
  private final boolean indent;
  private final long maxResponseSize;
  private final int maxNestingDepth;
  private final int maxNumberLength;
  private final int maxStringLength;
  private final @Nullable Duration timeout;
  private final int hashCode;

  /** Set once by {@link Bindings}; equal options end up holding the same binding. */
  private volatile @Nullable CachedBinding binding;

  private JsonOptions(Builder b) {
    this.codec = b.codec;
    this.naming = b.naming;
    this.caseInsensitiveProperties = b.caseInsensitiveProperties;
    this.numbersFromStrings = b.numbersFromStrings;
    this.ignoreUnknownProperties = b.ignoreUnknownProperties;
    this.writeNulls = b.writeNulls;
    this.indent = b.indent;
    this.maxResponseSize = b.maxResponseSize;
    this.maxNestingDepth = b.maxNestingDepth;
    this.maxNumberLength = b.maxNumberLength;
    this.maxStringLength = b.maxStringLength;
    this.timeout = b.timeout;
    // By hand rather than Objects.hash: no boxing, as options may be built for every call.
    int h = Objects.hashCode(codec);
    h = 31 * h + naming.hashCode();
    h = 31 * h + Boolean.hashCode(caseInsensitiveProperties);
    h = 31 * h + Boolean.hashCode(numbersFromStrings);
    h = 31 * h + Boolean.hashCode(ignoreUnknownProperties);
    h = 31 * h + Boolean.hashCode(writeNulls);
    h = 31 * h + Boolean.hashCode(indent);
    h = 31 * h + Long.hashCode(maxResponseSize);
    h = 31 * h + maxNestingDepth;
    h = 31 * h + maxNumberLength;
    h = 31 * h + maxStringLength;
    h = 31 * h + Objects.hashCode(timeout);
    this.hashCode = h;
  }

  /**
   * The default options, one statically cached instance: camelCase names, case-insensitive
   * matching, numbers from strings, unknown properties ignored, nulls written, no indentation,
   * {@value #DEFAULT_MAX_RESPONSE_SIZE}-byte response limit, no whole-call timeout, and the codec
   * found by {@link java.util.ServiceLoader}.
   */
  public static JsonOptions web() {
    return WEB;
  }

  /** A builder that starts from the {@link #web()} defaults. */
  public static Builder newBuilder() {
    return new Builder();
  }

  /** A builder that starts from these options. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * The codec: the one set on the builder, or else the one {@link java.util.ServiceLoader} finds.
   *
   * @throws IllegalStateException if none was set and none is on the class or module path
   */
  public JsonCodec codec() {
    return codec != null ? codec : DefaultCodec.get();
  }

  /** How property names are mapped. */
  public Naming naming() {
    return naming;
  }

  /** Whether JSON property names match Java properties regardless of case on read. */
  public boolean caseInsensitiveProperties() {
    return caseInsensitiveProperties;
  }

  /** Whether numeric properties accept numbers written as JSON strings ({@code "42"}) on read. */
  public boolean numbersFromStrings() {
    return numbersFromStrings;
  }

  /** Whether JSON properties with no Java counterpart are skipped on read (else an error). */
  public boolean ignoreUnknownProperties() {
    return ignoreUnknownProperties;
  }

  /** Whether null-valued properties are written (else omitted). */
  public boolean writeNulls() {
    return writeNulls;
  }

  /** Whether written JSON is indented. */
  public boolean indent() {
    return indent;
  }

  /**
   * The largest response body httpjson buffers, in bytes. A declared Content-Length over it fails
   * before any body byte is read; a body without one fails as soon as the bytes received cross it.
   * Streaming reads ({@code getFromJsonAsStream}) apply it to each element instead.
   */
  public long maxResponseSize() {
    return maxResponseSize;
  }

  /** The deepest nesting of arrays and objects the parser accepts. */
  public int maxNestingDepth() {
    return maxNestingDepth;
  }

  /** The longest number, in characters, the parser accepts. */
  public int maxNumberLength() {
    return maxNumberLength;
  }

  /** The longest string, in characters, the parser accepts. */
  public int maxStringLength() {
    return maxStringLength;
  }

  /**
   * The whole-call timeout: connecting, sending, the headers and reading the body, or {@code null}
   * for none (the client's and request's own timeouts still apply).
   */
  public @Nullable Duration timeout() {
    return timeout;
  }

  CachedBinding binding() {
    CachedBinding b = binding;
    if (b == null) {
      binding = b = Bindings.forOptions(this);
    }
    return b;
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
        && Objects.equals(codec, that.codec)
        && naming == that.naming
        && caseInsensitiveProperties == that.caseInsensitiveProperties
        && numbersFromStrings == that.numbersFromStrings
        && ignoreUnknownProperties == that.ignoreUnknownProperties
        && writeNulls == that.writeNulls
        && indent == that.indent
        && maxResponseSize == that.maxResponseSize
        && maxNestingDepth == that.maxNestingDepth
        && maxNumberLength == that.maxNumberLength
        && maxStringLength == that.maxStringLength
        && Objects.equals(timeout, that.timeout);
  }

  @Override
  public int hashCode() {
    return hashCode;
  }

  @Override
  public String toString() {
    return "JsonOptions{codec="
        + (codec == null ? "default" : codec.name())
        + ", naming="
        + naming
        + ", caseInsensitiveProperties="
        + caseInsensitiveProperties
        + ", numbersFromStrings="
        + numbersFromStrings
        + ", ignoreUnknownProperties="
        + ignoreUnknownProperties
        + ", writeNulls="
        + writeNulls
        + ", indent="
        + indent
        + ", maxResponseSize="
        + maxResponseSize
        + ", maxNestingDepth="
        + maxNestingDepth
        + ", maxNumberLength="
        + maxNumberLength
        + ", maxStringLength="
        + maxStringLength
        + ", timeout="
        + timeout
        + '}';
  }

  /** Builds {@link JsonOptions}. Not thread-safe; {@link #build()} may be called repeatedly. */
  public static final class Builder {
    private @Nullable JsonCodec codec;
    private Naming naming = Naming.CAMEL_CASE;
    private boolean caseInsensitiveProperties = true;
    private boolean numbersFromStrings = true;
    private boolean ignoreUnknownProperties = true;
    private boolean writeNulls = true;
    private boolean indent;
    private long maxResponseSize = DEFAULT_MAX_RESPONSE_SIZE;
    private int maxNestingDepth = DEFAULT_MAX_NESTING_DEPTH;
    private int maxNumberLength = DEFAULT_MAX_NUMBER_LENGTH;
    private int maxStringLength = DEFAULT_MAX_STRING_LENGTH;
    private @Nullable Duration timeout;

    Builder() {}

    Builder(JsonOptions o) {
      this.codec = o.codec;
      this.naming = o.naming;
      this.caseInsensitiveProperties = o.caseInsensitiveProperties;
      this.numbersFromStrings = o.numbersFromStrings;
      this.ignoreUnknownProperties = o.ignoreUnknownProperties;
      this.writeNulls = o.writeNulls;
      this.indent = o.indent;
      this.maxResponseSize = o.maxResponseSize;
      this.maxNestingDepth = o.maxNestingDepth;
      this.maxNumberLength = o.maxNumberLength;
      this.maxStringLength = o.maxStringLength;
      this.timeout = o.timeout;
    }

    /** Sets the codec; {@code null} means the one {@link java.util.ServiceLoader} finds. */
    public Builder codec(@Nullable JsonCodec codec) {
      this.codec = codec;
      return this;
    }

    /** Sets how property names are mapped. Default: {@link Naming#CAMEL_CASE}. */
    public Builder naming(Naming naming) {
      this.naming = Objects.requireNonNull(naming, "naming == null");
      return this;
    }

    /** Sets case-insensitive property matching on read. Default: {@code true}. */
    public Builder caseInsensitiveProperties(boolean enabled) {
      this.caseInsensitiveProperties = enabled;
      return this;
    }

    /** Sets whether numbers are accepted from JSON strings on read. Default: {@code true}. */
    public Builder numbersFromStrings(boolean enabled) {
      this.numbersFromStrings = enabled;
      return this;
    }

    /** Sets whether unknown JSON properties are skipped on read. Default: {@code true}. */
    public Builder ignoreUnknownProperties(boolean enabled) {
      this.ignoreUnknownProperties = enabled;
      return this;
    }

    /** Sets whether null-valued properties are written. Default: {@code true}. */
    public Builder writeNulls(boolean enabled) {
      this.writeNulls = enabled;
      return this;
    }

    /** Sets whether written JSON is indented. Default: {@code false}. */
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
     * @throws IllegalArgumentException if {@code bytes} is negative
     */
    public Builder maxResponseSize(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("maxResponseSize < 0: " + bytes);
      }
      this.maxResponseSize = Math.min(bytes, BufferingSubscriber.MAX_ARRAY);
      return this;
    }

    /** Sets the deepest nesting accepted. Default: {@value #DEFAULT_MAX_NESTING_DEPTH}. */
    public Builder maxNestingDepth(int depth) {
      if (depth < 1) {
        throw new IllegalArgumentException("maxNestingDepth < 1: " + depth);
      }
      this.maxNestingDepth = depth;
      return this;
    }

    /** Sets the longest number accepted. Default: {@value #DEFAULT_MAX_NUMBER_LENGTH}. */
    public Builder maxNumberLength(int length) {
      if (length < 1) {
        throw new IllegalArgumentException("maxNumberLength < 1: " + length);
      }
      this.maxNumberLength = length;
      return this;
    }

    /** Sets the longest string accepted. Default: {@value #DEFAULT_MAX_STRING_LENGTH}. */
    public Builder maxStringLength(int length) {
      if (length < 1) {
        throw new IllegalArgumentException("maxStringLength < 1: " + length);
      }
      this.maxStringLength = length;
      return this;
    }

    /**
     * Sets the whole-call timeout (connect, send, headers and body), or {@code null} for none.
     * Default: none.
     */
    public Builder timeout(@Nullable Duration timeout) {
      if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
        throw new IllegalArgumentException("timeout <= 0: " + timeout);
      }
      this.timeout = timeout;
      return this;
    }

    /** Returns the options. */
    public JsonOptions build() {
      return new JsonOptions(this);
    }
  }
}

package dev.httpjson.internal;

import dev.httpjson.JsonOptions;
import dev.httpjson.spi.JsonCodec;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The part of {@link JsonOptions} a codec reads, and nothing else: the key of the binding cache.
 * Call settings (size limit, timeout) live on {@link JsonOptions} only, so options built per call
 * with a remaining deadline share one binding with every other call.
 *
 * <p>Holds its binding once resolved, so options built from the same settings object (every {@code
 * newBuilder()} or {@code toBuilder()} that changes only call settings) skip the cache lookup too.
 */
public final class CodecSettings {
  public final @Nullable JsonCodec codec;
  public final JsonOptions.Naming naming;
  public final boolean caseInsensitiveProperties;
  public final boolean numbersFromStrings;
  public final boolean ignoreUnknownProperties;
  public final boolean strictRecords;
  public final boolean writeNulls;
  public final boolean indent;
  public final int maxNestingDepth;
  public final int maxNumberLength;
  public final int maxStringLength;
  private final int hashCode;

  private volatile @Nullable CachedBinding binding;

  public CodecSettings(
      @Nullable JsonCodec codec,
      JsonOptions.Naming naming,
      boolean caseInsensitiveProperties,
      boolean numbersFromStrings,
      boolean ignoreUnknownProperties,
      boolean strictRecords,
      boolean writeNulls,
      boolean indent,
      int maxNestingDepth,
      int maxNumberLength,
      int maxStringLength) {
    this.codec = codec;
    this.naming = naming;
    this.caseInsensitiveProperties = caseInsensitiveProperties;
    this.numbersFromStrings = numbersFromStrings;
    this.ignoreUnknownProperties = ignoreUnknownProperties;
    this.strictRecords = strictRecords;
    this.writeNulls = writeNulls;
    this.indent = indent;
    this.maxNestingDepth = maxNestingDepth;
    this.maxNumberLength = maxNumberLength;
    this.maxStringLength = maxStringLength;
    // By hand rather than Objects.hash: no boxing.
    int h = Objects.hashCode(codec);
    h = 31 * h + naming.hashCode();
    h = 31 * h + Boolean.hashCode(caseInsensitiveProperties);
    h = 31 * h + Boolean.hashCode(numbersFromStrings);
    h = 31 * h + Boolean.hashCode(ignoreUnknownProperties);
    h = 31 * h + Boolean.hashCode(strictRecords);
    h = 31 * h + Boolean.hashCode(writeNulls);
    h = 31 * h + Boolean.hashCode(indent);
    h = 31 * h + maxNestingDepth;
    h = 31 * h + maxNumberLength;
    h = 31 * h + maxStringLength;
    this.hashCode = h;
  }

  public JsonCodec codec() {
    return codec != null ? codec : DefaultCodec.get();
  }

  public CachedBinding binding() {
    CachedBinding b = binding;
    if (b == null) {
      binding = b = CachedBinding.forSettings(this);
    }
    return b;
  }

  /**
   * Options with these settings and every call setting at its default: what {@link JsonCodec#bind}
   * is given, so that no codec can read a call setting into its binding.
   */
  public JsonOptions toOptions() {
    return ApiAccess.get().ofSettings(this);
  }

  @Override
  public boolean equals(@Nullable Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof CodecSettings)) {
      return false;
    }
    CodecSettings that = (CodecSettings) o;
    return hashCode == that.hashCode
        && Objects.equals(codec, that.codec)
        && naming == that.naming
        && caseInsensitiveProperties == that.caseInsensitiveProperties
        && numbersFromStrings == that.numbersFromStrings
        && ignoreUnknownProperties == that.ignoreUnknownProperties
        && strictRecords == that.strictRecords
        && writeNulls == that.writeNulls
        && indent == that.indent
        && maxNestingDepth == that.maxNestingDepth
        && maxNumberLength == that.maxNumberLength
        && maxStringLength == that.maxStringLength;
  }

  @Override
  public int hashCode() {
    return hashCode;
  }
}

package dev.httpjson.internal;

import dev.httpjson.JsonOptions;
import dev.httpjson.spi.JsonCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The part of {@link JsonOptions} a codec reads, and nothing else: the key of the binding cache.
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

  /**
   * The codec of options that name none, chosen once, never by class-path order: the codec named by
   * the system property {@value #PROPERTY}, else the only codec {@link ServiceLoader} finds where
   * httpjson is. One for the whole JVM, so never one that only the calling thread's context class
   * loader sees: with httpjson shared by several applications, that would be the first one's codec
   * for all of them, and would keep the first one's class loader for good.
   */
  public static final class DefaultCodec {
    /** The system property naming the codec to use when several are found. */
    public static final String PROPERTY = "dev.httpjson.codec";

    private static final List<JsonCodec> FOUND = loadAll();
    private static final Choice CHOICE =
        choose(FOUND, System.getProperty(PROPERTY), "the system property " + PROPERTY);

    private DefaultCodec() {}

    public static JsonCodec get() {
      JsonCodec codec = CHOICE.codec();
      if (codec != null) {
        return codec;
      }
      throw new IllegalStateException(CHOICE.error() + (FOUND.isEmpty() ? onlyInContext() : ""));
    }

    private static List<JsonCodec> loadAll() {
      List<JsonCodec> found = new ArrayList<>();
      ServiceLoader.load(JsonCodec.class, DefaultCodec.class.getClassLoader()).forEach(found::add);
      return found;
    }

    /**
     * The codecs the calling thread's context class loader sees and httpjson's own does not, for
     * the error: where an application server shares httpjson and the codec is in the application.
     */
    private static String onlyInContext() {
      ClassLoader context = Thread.currentThread().getContextClassLoader();
      if (context == null || context == DefaultCodec.class.getClassLoader()) {
        return "";
      }
      List<String> seen = new ArrayList<>();
      try {
        for (JsonCodec c : ServiceLoader.load(JsonCodec.class, context)) {
          seen.add(c.name() + " (" + c.getClass().getName() + ")");
        }
      } catch (ServiceConfigurationError | RuntimeException e) {
        return "";
      }
      if (seen.isEmpty()) {
        return "";
      }
      return ". Only the thread's context class loader sees "
          + seen.stream().distinct().sorted().collect(Collectors.joining(", "))
          + ", which httpjson does not take as the default of every application (its class loader"
          + " cannot see it): pass it with JsonOptions.newBuilder().codec(...), or put the codec's"
          + " artifact where httpjson-core is";
    }

    /** The selection rule, apart from where its inputs come from. */
    public static Choice choose(List<JsonCodec> found, @Nullable String wanted, String source) {
      // The same provider can be found twice (module and class path, two loaders): count it once.
      Map<String, JsonCodec> byClass = new LinkedHashMap<>();
      for (JsonCodec c : found) {
        byClass.putIfAbsent(c.getClass().getName(), c);
      }
      List<JsonCodec> codecs = new ArrayList<>(byClass.values());
      String listed =
          codecs.stream()
              .map(c -> c.name() + " (" + c.getClass().getName() + ")")
              .sorted()
              .collect(Collectors.joining(", "));
      if (wanted != null && !wanted.isBlank()) {
        String w = wanted.trim();
        for (JsonCodec c : codecs) {
          if (c.name().equals(w) || c.getClass().getName().equals(w)) {
            return new Choice(c, null);
          }
        }
        return new Choice(
            null,
            "No JSON codec named '"
                + w
                + "' (from "
                + source
                + "): ServiceLoader found "
                + (codecs.isEmpty() ? "none" : listed)
                + ". Set it to one of these names, add the codec's artifact, or pass a codec with"
                + " JsonOptions.newBuilder().codec(...)");
      }
      if (codecs.size() == 1) {
        return new Choice(codecs.get(0), null);
      }
      if (codecs.isEmpty()) {
        return new Choice(
            null,
            "No JSON codec found: ServiceLoader found no dev.httpjson.spi.JsonCodec on the class or"
                + " module path. Add the dependency dev.httpjson:httpjson-jackson (or"
                + " httpjson-jackson2, httpjson-gson, httpjson-avaje-jsonb), or pass one with"
                + " JsonOptions.newBuilder().codec(...)");
      }
      return new Choice(
          null,
          "Several JSON codecs found: "
              + listed
              + ". Choose one with "
              + source
              + " (for example -D"
              + PROPERTY
              + "="
              + codecs.stream().map(JsonCodec::name).sorted().findFirst().orElse("")
              + "), pass one with JsonOptions.newBuilder().codec(...), or keep only one codec"
              + " artifact on the path");
    }

    /** A codec, or why there is none. */
    public record Choice(@Nullable JsonCodec codec, @Nullable String error) {
      public JsonCodec get() {
        if (codec == null) {
          throw new IllegalStateException(error);
        }
        return codec;
      }
    }
  }
}

package dev.httpjson.bench;

import dev.httpjson.spi.JsonCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * The codecs the per-codec benchmarks compare, each beside a hand-written client on the same JSON
 * library: <b>the one place to add a codec</b>. Every entry gives
 *
 * <ul>
 *   <li>the variant {@code httpjson-<name>}: httpjson's one-call API with {@code
 *       JsonOptions.newBuilder().codec(<the codec>).build()}, built once;
 *   <li>its baseline: a hand-written client ({@link HandWrittenJson}: one static instance of the
 *       library) on the same JDK client;
 *   <li>what the cold-start child puts on its class path for each (only what the variant needs).
 * </ul>
 *
 * <p>{@code ./bench --codecs}, {@code ./bench --ab --variants httpjson-<name>,<baseline>}, {@code
 * ./bench --cold} and the {@code Report} and {@code AbBench} pair ratios read this list. JMH needs
 * its parameter values in an annotation, so a new codec's name also goes into {@code @Param} in
 * {@code jmh.CodecBench.PerCodec}.
 */
public final class Codecs {
  private Codecs() {}

  /**
   * The system property (and its value) that picks Jackson 3 for options naming no codec: every
   * codec is on the benchmarks' class path, and core refuses to guess among several. Given to every
   * JVM the benchmarks start that runs a variant with the default options.
   */
  public static final String DEFAULT_CODEC_FLAG = "-Ddev.httpjson.codec=jackson";

  /** One codec and its hand-written baseline. */
  public static final class Codec {
    /** The codec's {@code JsonCodec.name()}; the httpjson variant is {@code httpjson-<name>}. */
    public final String name;

    /** The hand-written variant's name, e.g. {@code gson-static}. */
    public final String baseline;

    /** The {@link JsonCodec} class; built with its public no-argument constructor. */
    public final String codecClass;

    /** The {@link HandWrittenJson} class (public no-argument constructor). */
    public final String handWrittenClass;

    /** The codec's artifact, {@code groupId:artifactId}. */
    public final String codecArtifact;

    /**
     * What the JSON library needs at run time, {@code groupId:artifactId}: the hand-written
     * client's class path; the httpjson variant's adds the codec artifact, httpjson-core,
     * httpjson-codec-support and jspecify (the codec module's runtime dependencies, {@code mvn
     * dependency:tree}).
     */
    public final List<String> libraryArtifacts;

    Codec(
        String name,
        String baseline,
        String codecClass,
        String handWrittenClass,
        String codecArtifact,
        String... libraryArtifacts) {
      this.name = name;
      this.baseline = baseline;
      this.codecClass = codecClass;
      this.handWrittenClass = handWrittenClass;
      this.codecArtifact = codecArtifact;
      this.libraryArtifacts = List.of(libraryArtifacts);
    }

    /** {@code httpjson-<name>}. */
    public String httpjsonVariant() {
      return "httpjson-" + name;
    }

    /** A new instance of the codec. */
    public JsonCodec newCodec() {
      return (JsonCodec) newInstance(codecClass);
    }

    /** A new hand-written client's JSON side (its library instance is static). */
    public HandWrittenJson newHandWritten() {
      return (HandWrittenJson) newInstance(handWrittenClass);
    }

    /**
     * The httpjson variant's run-time artifacts: core, the codecs' shared support, the codec, its
     * library, jspecify.
     */
    public List<String> httpjsonArtifacts() {
      List<String> out = new ArrayList<>();
      out.add("dev.httpjson:httpjson-core");
      out.add("dev.httpjson:httpjson-codec-support");
      out.add(codecArtifact);
      out.addAll(libraryArtifacts);
      out.add("org.jspecify:jspecify");
      return out;
    }
  }

  /** Every codec, in table order. Add a codec here (and to the benchmarks' pom). */
  public static final List<Codec> ALL =
      List.of(
          new Codec(
              "jackson",
              "jackson-static",
              "dev.httpjson.jackson.JacksonCodec",
              "dev.httpjson.bench.JacksonStatic",
              "dev.httpjson:httpjson-jackson",
              "tools.jackson.core:jackson-databind",
              "tools.jackson.core:jackson-core",
              "com.fasterxml.jackson.core:jackson-annotations"),
          new Codec(
              "jackson2",
              "jackson2-static",
              "dev.httpjson.jackson2.Jackson2Codec",
              "dev.httpjson.bench.Jackson2Static",
              "dev.httpjson:httpjson-jackson2",
              "com.fasterxml.jackson.core:jackson-databind",
              "com.fasterxml.jackson.core:jackson-core",
              "com.fasterxml.jackson.core:jackson-annotations",
              "com.fasterxml.jackson.datatype:jackson-datatype-jsr310",
              "com.fasterxml.jackson.datatype:jackson-datatype-jdk8"),
          new Codec(
              "gson",
              "gson-static",
              "dev.httpjson.gson.GsonCodec",
              "dev.httpjson.bench.GsonStatic",
              "dev.httpjson:httpjson-gson",
              "com.google.code.gson:gson",
              "com.google.errorprone:error_prone_annotations"),
          new Codec(
              "avaje-jsonb",
              "avaje-jsonb-static",
              "dev.httpjson.avaje.AvajeCodec",
              "dev.httpjson.bench.AvajeJsonbStatic",
              "dev.httpjson:httpjson-avaje-jsonb",
              "io.avaje:avaje-jsonb",
              "io.avaje:avaje-json-core"));

  /** The codec named {@code name}. */
  public static Codec named(String name) {
    for (Codec c : ALL) {
      if (c.name.equals(name)) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown codec: " + name + " (" + names() + ")");
  }

  /** The codec whose httpjson variant or baseline is {@code variant}, or null. */
  public static Codec ofVariant(String variant) {
    for (Codec c : ALL) {
      if (c.httpjsonVariant().equals(variant) || c.baseline.equals(variant)) {
        return c;
      }
    }
    return null;
  }

  static List<String> names() {
    List<String> out = new ArrayList<>();
    for (Codec c : ALL) {
      out.add(c.name);
    }
    return out;
  }

  /** The set {@code codecs}: each codec's pair in turn ({@code httpjson-<name>}, baseline). */
  static List<String> pairVariants() {
    List<String> out = new ArrayList<>();
    for (Codec c : ALL) {
      out.add(c.httpjsonVariant());
      out.add(c.baseline);
    }
    return out;
  }

  static Object newInstance(String className) {
    try {
      return Class.forName(className).getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot build " + className, e);
    }
  }
}

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
 *       library) on the same JDK client.
 * </ul>
 *
 * <p>{@code ./bench --codecs}, {@code ./bench --ab --variants httpjson-<name>,<baseline>} and the
 * {@code Report} and {@code AbBench} pair ratios read this list.
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

    Codec(String name, String baseline, String codecClass, String handWrittenClass) {
      this.name = name;
      this.baseline = baseline;
      this.codecClass = codecClass;
      this.handWrittenClass = handWrittenClass;
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
  }

  /** Every codec, in table order. Add a codec here (and to the benchmarks' pom). */
  public static final List<Codec> ALL =
      List.of(
          new Codec(
              "jackson",
              "jackson-static",
              "dev.httpjson.jackson.JacksonCodec",
              "dev.httpjson.bench.JacksonStatic"),
          new Codec(
              "jackson2",
              "jackson2-static",
              "dev.httpjson.jackson2.Jackson2Codec",
              "dev.httpjson.bench.Jackson2Static"),
          new Codec(
              "gson",
              "gson-static",
              "dev.httpjson.gson.GsonCodec",
              "dev.httpjson.bench.GsonStatic"));

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

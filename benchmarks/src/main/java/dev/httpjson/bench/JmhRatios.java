package dev.httpjson.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Reads a JMH JSON result ({@code -rf json}) of {@code CodecBench} run with {@code -prof gc} and
 * prints, as markdown, each benchmark's time and bytes per operation and the ratios the targets are
 * about, and per codec ({@code CodecBench.PerCodec}) httpjson on the codec ÷ the hand-written
 * client on the same library, for the decode step and the read. A parameterized benchmark's row is
 * named with its parameter values, e.g. {@code codecDecodeHttpjson[gson]}. A time ratio's range is
 * conservative: the numerator's JMH 99.9% interval over the denominator's, ends crossed. Bytes per
 * operation are nearly deterministic and get no range.
 *
 * <p>Usage: {@code JmhRatios <result.json>}
 */
public final class JmhRatios {
  private JmhRatios() {}

  /** numerator, denominator, allocation target (NaN: reported). */
  private static final List<String[]> PAIRS =
      List.of(
          new String[] {"decodeHttpjson", "decodeStaticMapper", ""},
          new String[] {"decodeHttpjson", "decodePlainMapper", ""},
          new String[] {"decodeHttpjsonPerCallTimeout", "decodeHttpjson", "1.1"},
          new String[] {"readHttpjson", "readStaticMapper", ""},
          new String[] {"readHttpjsonPerCallTimeout", "readHttpjson", "1.1"},
          new String[] {"readHttpjsonPerCallOptions", "readHttpjson", "1.1"},
          new String[] {"writeHttpjson", "writeStaticMapper", ""});

  private static final class Result {
    double score;
    double low;
    double high;
    String unit;
    double bytes = Double.NaN;
  }

  /** JMH writes NaN (too few iterations for an interval) as the string "NaN". */
  private static double number(JsonNode node) {
    if (node.isNumber()) {
      return node.asDouble();
    }
    try {
      return Double.parseDouble(node.asString());
    } catch (RuntimeException e) {
      return Double.NaN;
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: JmhRatios <jmh-result.json>");
      System.exit(64);
    }
    Path file = Paths.get(args[0]);
    JsonNode root = Jackson3.MAPPER.readTree(Files.readString(file));
    Map<String, Result> results = new LinkedHashMap<>();
    String jdk = "?";
    for (JsonNode b : root) {
      String name = b.path("benchmark").asString();
      name = name.substring(name.lastIndexOf('.') + 1);
      // A parameterized benchmark is one row per parameter value: codecDecodeHttpjson[gson].
      List<String> params = new ArrayList<>();
      for (JsonNode p : b.path("params")) {
        params.add(p.asString());
      }
      if (!params.isEmpty()) {
        name += "[" + String.join(",", params) + "]";
      }
      jdk = b.path("vmName").asString() + " " + b.path("vmVersion").asString();
      JsonNode primary = b.path("primaryMetric");
      Result r = new Result();
      r.score = number(primary.path("score"));
      r.low = number(primary.path("scoreConfidence").path(0));
      r.high = number(primary.path("scoreConfidence").path(1));
      r.unit = primary.path("scoreUnit").asString();
      JsonNode norm = b.path("secondaryMetrics").path("gc.alloc.rate.norm");
      if (!norm.isMissingNode()) {
        r.bytes = number(norm.path("score"));
      }
      results.put(name, r);
    }
    StringBuilder sb = new StringBuilder();
    sb.append("## JMH ").append(file.getFileName()).append("\n\n");
    sb.append("- JDK: ").append(jdk).append('\n');
    sb.append("- machine: nproc=")
        .append(Runtime.getRuntime().availableProcessors())
        .append(", CPU: ")
        .append(Harness.cpuModel())
        .append("\n\n");
    sb.append("| benchmark | time | 99.9% interval | bytes/op |\n|---|---:|---|---:|\n");
    for (Map.Entry<String, Result> e : results.entrySet()) {
      Result r = e.getValue();
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %.0f %s | %.0f–%.0f | %s |%n",
              e.getKey(),
              r.score,
              r.unit,
              r.low,
              r.high,
              Double.isNaN(r.bytes) ? "–" : String.format(Locale.ROOT, "%.0f", r.bytes)));
    }
    sb.append("\n| ratio | time | conservative range | bytes/op | bytes target |\n");
    sb.append("|---|---:|---|---:|---|\n");
    List<String[]> pairs = new ArrayList<>(PAIRS);
    // Per codec (CodecBench.PerCodec): httpjson on the codec ÷ the hand-written client.
    for (String key : results.keySet()) {
      for (String step : List.of("Decode", "Read")) {
        String prefix = "codec" + step + "Httpjson[";
        if (key.startsWith(prefix)) {
          String codec = key.substring(prefix.length(), key.length() - 1);
          pairs.add(new String[] {key, "codec" + step + "HandWritten[" + codec + "]", ""});
        }
      }
    }
    for (String[] p : pairs) {
      Result a = results.get(p[0]);
      Result b = results.get(p[1]);
      if (a == null || b == null) {
        continue;
      }
      double bytes = a.bytes / b.bytes;
      String target = "reported";
      if (!p[2].isEmpty()) {
        double t = Double.parseDouble(p[2]);
        target = (bytes <= t ? "met" : "**MISSED**") + " (≤ " + p[2] + ")";
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s ÷ %s | %.3f | %.3f–%.3f | %.3f | %s |%n",
              p[0],
              p[1],
              a.score / b.score,
              a.low / b.high,
              a.high / b.low,
              bytes,
              target));
    }
    System.out.print(sb);
  }
}

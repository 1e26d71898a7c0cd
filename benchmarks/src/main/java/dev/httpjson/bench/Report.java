package dev.httpjson.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The markdown report (table of medians and ratios, targets) and the SVG chart. */
final class Report {
  private Report() {}

  static String markdown(
      Bench.Options o,
      Map<String, Map<String, List<Double>>> rates,
      String stamp,
      List<String> raw) {
    StringBuilder sb = new StringBuilder();
    sb.append("## ")
        .append(stamp)
        .append(" — ")
        .append(String.join(", ", o.scenarios))
        .append('\n');
    sb.append('\n');
    sb.append("- command: `").append(o.command).append("`\n");
    sb.append("- JDK: ")
        .append(System.getProperty("java.vm.name"))
        .append(' ')
        .append(System.getProperty("java.runtime.version"))
        .append(" (")
        .append(System.getProperty("java.vendor"))
        .append(")\n");
    sb.append("- machine: nproc=")
        .append(Runtime.getRuntime().availableProcessors())
        .append(", CPU: ")
        .append(cpuModel())
        .append(", ")
        .append(System.getProperty("os.name"))
        .append(' ')
        .append(System.getProperty("os.version"))
        .append('\n');
    sb.append("- flags: warm-up ")
        .append(Bench.fmt(o.warmup))
        .append(" s, measured ")
        .append(Bench.fmt(o.duration))
        .append(" s, ")
        .append(o.rounds)
        .append(" rounds interleaved; server `")
        .append(o.serverKind)
        .append("` (JVM ")
        .append(String.join(" ", Bench.SERVER_JVM))
        .append("); client JVM ")
        .append(String.join(" ", Bench.CLIENT_JVM));
    if (!o.jvmArgs.isEmpty()) {
      sb.append(' ').append(String.join(" ", o.jvmArgs));
    }
    sb.append("\n\n");
    for (Map.Entry<String, Map<String, List<Double>>> e : rates.entrySet()) {
      sb.append(table(e.getKey(), e.getValue())).append('\n');
    }
    String targets = targets(rates);
    if (!targets.isEmpty()) {
      sb.append("Targets (ratios of medians in this run):\n\n").append(targets).append('\n');
    }
    sb.append("<details><summary>raw runs</summary>\n\n```\n");
    for (String line : raw) {
      sb.append(line).append('\n');
    }
    sb.append("```\n</details>\n");
    return sb.toString();
  }

  static String table(String scenario, Map<String, List<Double>> byVariant) {
    double httpjson = median(byVariant, "httpjson");
    double bytes = median(byVariant, "jdk-bytes");
    StringBuilder sb = new StringBuilder();
    sb.append("### ").append(scenario).append("\n\n");
    sb.append("| variant | median it/s | rounds (it/s) | ÷ httpjson | ÷ jdk-bytes |\n");
    sb.append("|---|---:|---|---:|---:|\n");
    for (Map.Entry<String, List<Double>> v : byVariant.entrySet()) {
      double m = Bench.median(v.getValue());
      List<String> rounds = new ArrayList<>();
      for (double r : v.getValue()) {
        rounds.add(String.format(Locale.ROOT, "%.0f", r));
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s |%n",
              v.getKey(),
              Double.isNaN(m) ? "failed" : String.format(Locale.ROOT, "%.0f", m),
              String.join(" ", rounds),
              ratio(m, httpjson),
              ratio(m, bytes)));
    }
    return sb.toString();
  }

  private static String ratio(double a, double b) {
    return Double.isNaN(a) || Double.isNaN(b) ? "–" : String.format(Locale.ROOT, "%.2f", a / b);
  }

  private static double median(Map<String, List<Double>> byVariant, String variant) {
    List<Double> v = byVariant.get(variant);
    return v == null ? Double.NaN : Bench.median(v);
  }

  static String targets(Map<String, Map<String, List<Double>>> rates) {
    StringBuilder sb = new StringBuilder();
    Map<String, List<Double>> get = rates.get("get.collection");
    if (get != null) {
      double h = median(get, "httpjson");
      target(sb, "get.collection httpjson ÷ jdk-bytes", h / median(get, "jdk-bytes"), 0.97, true);
      String best = null;
      double bestRate = Double.NaN;
      for (String peer : Client.JDK_PEERS) {
        double r = median(get, peer);
        if (!Double.isNaN(r) && (best == null || r > bestRate)) {
          best = peer;
          bestRate = r;
        }
      }
      if (best != null) {
        target(
            sb,
            "get.collection httpjson ÷ best JDK-client peer (" + best + ")",
            h / bestRate,
            1.05,
            true);
      }
      target(
          sb,
          "get.collection httpjson-percall ÷ httpjson",
          median(get, "httpjson-percall") / h,
          0.95,
          true);
      target(
          sb,
          "get.collection jackson-percall ÷ httpjson (the seed's regression, reported)",
          median(get, "jackson-percall") / h,
          Double.NaN,
          true);
    }
    Map<String, List<Double>> post = rates.get("post.collection");
    if (post != null) {
      target(
          sb,
          "post.collection httpjson ÷ jdk-bytes (pre-serialized POST)",
          median(post, "httpjson") / median(post, "jdk-bytes"),
          0.97,
          true);
    }
    return sb.toString();
  }

  private static void target(
      StringBuilder sb, String name, double value, double min, boolean higherIsBetter) {
    if (Double.isNaN(value)) {
      return;
    }
    String verdict;
    if (Double.isNaN(min)) {
      verdict = "reported";
    } else if (higherIsBetter ? value >= min : value <= min) {
      verdict = "met";
    } else {
      verdict = String.format(Locale.ROOT, "MISSED by %.1f%%", (min - value) / min * 100);
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "- %s = %.2f%s: %s%n",
            name,
            value,
            Double.isNaN(min) ? "" : String.format(Locale.ROOT, " (target ≥ %.2f)", min),
            verdict));
  }

  static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return System.getProperty("os.arch");
  }

  /** A horizontal bar chart, one group per scenario, bars scaled to the group's maximum. */
  static String svg(Bench.Options o, Map<String, Map<String, List<Double>>> rates, String stamp) {
    int width = 760;
    int labelWidth = 190;
    int barMax = 440;
    int barHeight = 18;
    int gap = 6;
    int y = 66;
    StringBuilder body = new StringBuilder();
    for (Map.Entry<String, Map<String, List<Double>>> e : rates.entrySet()) {
      Map<String, List<Double>> byVariant = e.getValue();
      double max = 0;
      for (List<Double> v : byVariant.values()) {
        double m = Bench.median(v);
        if (!Double.isNaN(m)) {
          max = Math.max(max, m);
        }
      }
      double httpjson = median(byVariant, "httpjson");
      body.append(
          String.format(
              Locale.ROOT,
              "<text x=\"10\" y=\"%d\" class=\"h\">%s (median iterations/s; ratio to httpjson)</text>%n",
              y,
              escape(e.getKey())));
      y += 12;
      for (Map.Entry<String, List<Double>> v : byVariant.entrySet()) {
        double m = Bench.median(v.getValue());
        int w = Double.isNaN(m) || max == 0 ? 0 : (int) Math.round(m / max * barMax);
        String name = v.getKey();
        String fill =
            name.startsWith("httpjson")
                ? "#2b6cb0"
                : name.endsWith("-bytes")
                    ? "#a0aec0"
                    : name.startsWith("jackson") ? "#dd6b20" : "#718096";
        body.append(
            String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
                labelWidth - 8,
                y + barHeight - 5,
                escape(name)));
        body.append(
            String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>%n",
                labelWidth,
                y,
                w,
                barHeight,
                fill));
        String value =
            Double.isNaN(m)
                ? "failed"
                : String.format(Locale.ROOT, "%.0f", m)
                    + (Double.isNaN(httpjson)
                        ? ""
                        : String.format(Locale.ROOT, " (%.2f)", m / httpjson));
        body.append(
            String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\">%s</text>%n",
                labelWidth + w + 6,
                y + barHeight - 5,
                value));
        y += barHeight + gap;
      }
      y += 24;
    }
    int height = y + 10;
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " font-family=\"sans-serif\" font-size=\"12\">%n",
            width,
            height,
            width,
            height));
    sb.append("<style>.h{font-weight:bold;font-size:13px}</style>\n");
    sb.append(
        String.format(
            Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
    sb.append(
        String.format(
            Locale.ROOT,
            "<text x=\"10\" y=\"20\" class=\"h\">httpjson seed benchmark, %s</text>%n",
            escape(stamp)));
    sb.append(
        String.format(
            Locale.ROOT,
            "<text x=\"10\" y=\"36\">%s rounds, warm-up %s s, measured %s s, server %s, Java %s,"
                + " %d CPUs; one request in flight</text>%n",
            o.rounds,
            Bench.fmt(o.warmup),
            Bench.fmt(o.duration),
            escape(o.serverKind),
            escape(System.getProperty("java.version")),
            Runtime.getRuntime().availableProcessors()));
    sb.append(body);
    sb.append("</svg>\n");
    return sb.toString();
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}

package dev.httpjson.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The markdown report (per scenario: medians, paired ratios with confidence intervals, latency;
 * then the decisive pairs against their targets) and the SVG chart.
 */
final class Report {
  /** The level of every confidence interval in the report. */
  static final double LEVEL = 0.95;

  private Report() {}

  /** A ratio the issue sets a target for (or that is reported without one). */
  private static final class Pair {
    final String numerator;
    final String denominator;
    final double target;
    final List<String> scenarios;

    Pair(String numerator, String denominator, double target, String... scenarios) {
      this.numerator = numerator;
      this.denominator = denominator;
      this.target = target;
      this.scenarios = List.of(scenarios);
    }
  }

  private static final List<Pair> PAIRS = pairs();

  private static List<Pair> pairs() {
    List<Pair> pairs = new ArrayList<>();
    pairs.addAll(
        List.of(
            new Pair("httpjson", "jackson-static", 0.97),
            new Pair("httpjson-percall-timeout", "httpjson", 0.95),
            new Pair("httpjson-percall", "httpjson", 0.95),
            new Pair("httpjson-async", "httpjson", 0.90),
            new Pair("jackson-async", "jackson-static", Double.NaN),
            new Pair("httpjson-async", "jackson-async", Double.NaN),
            new Pair("jackson-percall", "jackson-static", Double.NaN),
            new Pair("httpjson", "jdk-bytes", 0.97, "get.collection", "post.collection")));
    // Each codec beside a hand-written client on the same library (Codecs).
    for (Codecs.Codec c : Codecs.ALL) {
      pairs.add(new Pair(c.httpjsonVariant(), c.baseline, CODEC_TARGET));
    }
    return List.copyOf(pairs);
  }

  /** httpjson on a codec ÷ a hand-written client on the same library. */
  static final double CODEC_TARGET = 0.97;

  static String markdown(
      Bench.Options o, Map<String, Map<String, Bench.Run[]>> runs, String stamp, List<String> raw) {
    StringBuilder sb = new StringBuilder();
    sb.append("## ").append(stamp).append(" — ").append(String.join(", ", o.scenarios));
    if (o.concurrency > 1) {
      sb.append(" (").append(o.concurrency).append(" concurrent callers)");
    }
    sb.append('\n');
    sb.append('\n');
    sb.append("- command: `").append(o.command).append("`\n");
    sb.append("- runner and server JDK: ")
        .append(System.getProperty("java.vm.name"))
        .append(' ')
        .append(System.getProperty("java.runtime.version"))
        .append(" (")
        .append(System.getProperty("java.vendor"))
        .append(")\n");
    Set<String> clientJdks = new LinkedHashSet<>();
    Set<String> threads = new LinkedHashSet<>();
    for (Map<String, Bench.Run[]> byVariant : runs.values()) {
      for (Bench.Run[] rounds : byVariant.values()) {
        for (Bench.Run r : rounds) {
          if (r != null) {
            clientJdks.add(r.stats.getOrDefault("java", "?"));
            threads.add(r.stats.getOrDefault("threads", "?"));
          }
        }
      }
    }
    sb.append("- client JDK: ")
        .append(String.join(", ", clientJdks))
        .append(" (")
        .append(o.clientJava != null ? o.clientJava : "the runner's java")
        .append(")\n");
    sb.append(Harness.machine())
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
        .append(" rounds interleaved (odd rounds forward, even rounds backward); ")
        .append(o.concurrency)
        .append(o.concurrency == 1 ? " caller" : " concurrent callers")
        .append(" per client JVM (threads: ")
        .append(String.join(", ", threads))
        .append("); server `")
        .append(o.serverKind)
        .append("`");
    if (o.serverThreads > 0) {
      sb.append(" with ").append(o.serverThreads).append(" handler threads");
    }
    sb.append(" (JVM ")
        .append(String.join(" ", Harness.SERVER_JVM))
        .append("); client JVM ")
        .append(String.join(" ", Bench.CLIENT_JVM));
    if (!o.jvmArgs.isEmpty()) {
      sb.append(' ').append(String.join(" ", o.jvmArgs));
    }
    sb.append("\n\n");
    sb.append(
        "Paired ratio: the variant's rate divided by the reference's rate in the same round,"
            + " one ratio per round; the table gives their median, a distribution-free 95%"
            + " confidence interval for that median (order statistics; needs 6+ rounds) and their"
            + " min–max. Latencies are the median over rounds of each run's percentile; conns is"
            + " the most TCP connections any round left open after its last call (a run fails"
            + " above 2 x callers + 1).\n\n");
    for (Map.Entry<String, Map<String, Bench.Run[]>> e : runs.entrySet()) {
      sb.append(table(e.getKey(), e.getValue())).append('\n');
      String codecs = codecTable(e.getValue());
      if (!codecs.isEmpty()) {
        sb.append(codecs).append('\n');
      }
    }
    String targets = targets(runs);
    if (!targets.isEmpty()) {
      sb.append(
              "Targets (paired ratios; met = the whole 95% CI at or above the target, missed ="
                  + " the whole CI below it, undecided = the CI straddles it):\n\n")
          .append(targets)
          .append('\n');
    }
    return sb.append(Harness.rawRuns(raw)).toString();
  }

  /** The rates of each round, NaN where the run failed. */
  static double[] rates(Bench.Run[] rounds) {
    double[] out = new double[rounds.length];
    for (int i = 0; i < rounds.length; i++) {
      out[i] = rounds[i] == null ? Double.NaN : rounds[i].rate;
    }
    return out;
  }

  /** One ratio per round in which both ran, NaN elsewhere. */
  static double[] paired(Bench.Run[] numerator, Bench.Run[] denominator) {
    double[] out = new double[numerator.length];
    for (int i = 0; i < out.length; i++) {
      out[i] =
          numerator[i] == null || denominator[i] == null
              ? Double.NaN
              : numerator[i].rate / denominator[i].rate;
    }
    return out;
  }

  private static double medianStat(Bench.Run[] rounds, String key) {
    double[] v = new double[rounds.length];
    for (int i = 0; i < rounds.length; i++) {
      v[i] = rounds[i] == null ? Double.NaN : rounds[i].stat(key);
    }
    return Stats.median(Stats.sorted(v));
  }

  static double medianRate(Map<String, Bench.Run[]> byVariant, String variant) {
    Bench.Run[] r = byVariant.get(variant);
    return r == null ? Double.NaN : Stats.median(Stats.sorted(rates(r)));
  }

  static String table(String scenario, Map<String, Bench.Run[]> byVariant) {
    // The reference column: httpjson, or the first variant of a run without it (--codecs).
    String reference =
        byVariant.containsKey("httpjson") ? "httpjson" : byVariant.keySet().iterator().next();
    Bench.Run[] httpjson = byVariant.get(reference);
    Bench.Run[] bytes = byVariant.get("jdk-bytes");
    StringBuilder sb = new StringBuilder();
    sb.append("### ").append(scenario).append("\n\n");
    sb.append(
        "| variant | median it/s | min–max it/s | ÷ "
            + reference
            + ", paired median | 95% CI | min–max"
            + " | ÷ jdk-bytes, paired median | p50 ms | p99 ms | conns |\n");
    sb.append("|---|---:|---:|---:|---|---|---:|---:|---:|---:|\n");
    for (Map.Entry<String, Bench.Run[]> v : byVariant.entrySet()) {
      double[] sorted = Stats.sorted(rates(v.getValue()));
      double m = Stats.median(sorted);
      String range =
          sorted.length == 0
              ? "–"
              : String.format(Locale.ROOT, "%.0f–%.0f", sorted[0], sorted[sorted.length - 1]);
      String[] vsHttpjson = ratioCells(v.getValue(), httpjson);
      String[] vsBytes = ratioCells(v.getValue(), bytes);
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
              v.getKey(),
              Double.isNaN(m) ? "failed" : String.format(Locale.ROOT, "%.0f", m),
              range,
              vsHttpjson[0],
              vsHttpjson[1],
              vsHttpjson[2],
              vsBytes[0],
              millis(medianStat(v.getValue(), "p50us")),
              millis(medianStat(v.getValue(), "p99us")),
              maxConnections(v.getValue())));
    }
    return sb.toString();
  }

  /**
   * Per codec whose pair ran: httpjson on the codec beside the hand-written client on the same
   * library, and their paired ratio; empty when no pair ran.
   */
  static String codecTable(Map<String, Bench.Run[]> byVariant) {
    StringBuilder sb = new StringBuilder();
    for (Codecs.Codec c : Codecs.ALL) {
      Bench.Run[] httpjson = byVariant.get(c.httpjsonVariant());
      Bench.Run[] baseline = byVariant.get(c.baseline);
      if (httpjson == null || baseline == null) {
        continue;
      }
      String[] ratio = ratioCells(httpjson, baseline);
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s | %s |%n",
              c.name,
              rate(medianRate(byVariant, c.httpjsonVariant())),
              c.baseline,
              rate(medianRate(byVariant, c.baseline)),
              ratio[0],
              ratio[1],
              ratio[2]));
    }
    if (sb.length() == 0) {
      return "";
    }
    return "Per codec: httpjson with the codec chosen explicitly (`httpjson-<codec>`) ÷ a"
        + " hand-written client on the same library (one static instance, `ofByteArray()`),"
        + " paired per round (target ≥ "
        + CODEC_TARGET
        + "):\n\n"
        + "| codec | httpjson-<codec> it/s | hand-written | hand-written it/s | ÷ hand-written,"
        + " paired median | 95% CI | min–max |\n"
        + "|---|---:|---|---:|---:|---|---|\n"
        + sb;
  }

  private static String rate(double r) {
    return Double.isNaN(r) ? "failed" : String.format(Locale.ROOT, "%.0f", r);
  }

  /** The most connections any round left open (at most 2 x callers + 1, or the run failed). */
  private static String maxConnections(Bench.Run[] rounds) {
    int max = -1;
    for (Bench.Run r : rounds) {
      if (r != null && !Double.isNaN(r.stat("sockets"))) {
        max = Math.max(max, (int) r.stat("sockets"));
      }
    }
    return max < 0 ? "–" : Integer.toString(max);
  }

  private static String millis(double micros) {
    return Double.isNaN(micros) ? "–" : String.format(Locale.ROOT, "%.2f", micros / 1e3);
  }

  /** {median, CI, min–max} of the paired ratios, as cells. */
  private static String[] ratioCells(Bench.Run[] numerator, Bench.Run[] denominator) {
    if (denominator == null || numerator == denominator) {
      return new String[] {denominator == null ? "–" : "1.00", "", ""};
    }
    double[] sorted = Stats.sorted(paired(numerator, denominator));
    if (sorted.length == 0) {
      return new String[] {"–", "", ""};
    }
    double[] ci = Stats.medianInterval(sorted, LEVEL);
    return new String[] {
      String.format(Locale.ROOT, "%.3f", Stats.median(sorted)),
      ci == null ? "n<6" : String.format(Locale.ROOT, "%.3f–%.3f", ci[0], ci[1]),
      String.format(Locale.ROOT, "%.3f–%.3f", sorted[0], sorted[sorted.length - 1])
    };
  }

  static String targets(Map<String, Map<String, Bench.Run[]>> runs) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, Map<String, Bench.Run[]>> e : runs.entrySet()) {
      String scenario = e.getKey();
      Map<String, Bench.Run[]> byVariant = e.getValue();
      List<Pair> pairs = new ArrayList<>(PAIRS);
      String best = null;
      double bestRate = Double.NaN;
      for (String peer : Client.JDK_PEERS) {
        double r = medianRate(byVariant, peer);
        if (!Double.isNaN(r) && (best == null || r > bestRate)) {
          best = peer;
          bestRate = r;
        }
      }
      if (best != null) {
        pairs.add(new Pair("httpjson", best, 1.05));
      }
      for (Pair p : pairs) {
        Bench.Run[] num = byVariant.get(p.numerator);
        Bench.Run[] den = byVariant.get(p.denominator);
        if (num == null
            || den == null
            || !(p.scenarios.isEmpty() || p.scenarios.contains(scenario))) {
          continue;
        }
        double[] sorted = Stats.sorted(paired(num, den));
        if (sorted.length == 0) {
          continue;
        }
        double median = Stats.median(sorted);
        double[] ci = Stats.medianInterval(sorted, LEVEL);
        String verdict = verdict(median, ci, p.target);
        sb.append(
            String.format(
                Locale.ROOT,
                "- %s: %s ÷ %s = %.3f, 95%% CI %s, min–max %.3f–%.3f, %d rounds%s: %s%n",
                scenario,
                p.numerator,
                p.denominator,
                median,
                ci == null ? "n/a" : String.format(Locale.ROOT, "%.3f–%.3f", ci[0], ci[1]),
                sorted[0],
                sorted[sorted.length - 1],
                sorted.length,
                Double.isNaN(p.target)
                    ? ""
                    : String.format(Locale.ROOT, " (target ≥ %.2f)", p.target),
                verdict));
      }
    }
    return sb.toString();
  }

  /** met / MISSED / undecided for a paired median and its interval (null: too few values). */
  static String verdict(double median, double[] ci, double target) {
    if (Double.isNaN(target)) {
      return "reported";
    } else if (ci == null) {
      return (median >= target ? "met" : "missed")
          + " by the median only (fewer than 6 paired ratios: no CI, indicative)";
    } else if (ci[0] >= target) {
      return "**met**";
    } else if (ci[1] < target) {
      return String.format(Locale.ROOT, "**MISSED** by %.1f%%", (target - median) / target * 100);
    } else {
      return "undecided (CI straddles the target)";
    }
  }

  /** A horizontal bar chart, one group per scenario, bars scaled to the group's maximum. */
  static String svg(Bench.Options o, Map<String, Map<String, Bench.Run[]>> runs, String stamp) {
    int width = 760;
    int labelWidth = 190;
    int barMax = 440;
    int barHeight = 18;
    int gap = 6;
    int y = 66;
    StringBuilder body = new StringBuilder();
    for (Map.Entry<String, Map<String, Bench.Run[]>> e : runs.entrySet()) {
      Map<String, Bench.Run[]> byVariant = e.getValue();
      double max = 0;
      for (Bench.Run[] v : byVariant.values()) {
        double[] sorted = Stats.sorted(rates(v));
        if (sorted.length > 0) {
          max = Math.max(max, sorted[sorted.length - 1]);
        }
      }
      Bench.Run[] httpjson = byVariant.get("httpjson");
      body.append(
          String.format(
              Locale.ROOT,
              "<text x=\"10\" y=\"%d\" class=\"h\">%s (median iterations/s, line = min–max of"
                  + " rounds; paired ratio to httpjson)</text>%n",
              y,
              escape(e.getKey())));
      y += 12;
      for (Map.Entry<String, Bench.Run[]> v : byVariant.entrySet()) {
        double[] sorted = Stats.sorted(rates(v.getValue()));
        double m = Stats.median(sorted);
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
        if (sorted.length > 1 && max > 0) {
          body.append(
              String.format(
                  Locale.ROOT,
                  "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#1a202c\"/>%n",
                  labelWidth + (int) Math.round(sorted[0] / max * barMax),
                  labelWidth + (int) Math.round(sorted[sorted.length - 1] / max * barMax),
                  y + barHeight / 2,
                  y + barHeight / 2));
        }
        double ratio =
            httpjson == null
                ? Double.NaN
                : Stats.median(Stats.sorted(paired(v.getValue(), httpjson)));
        String value =
            Double.isNaN(m)
                ? "failed"
                : String.format(Locale.ROOT, "%.0f", m)
                    + (Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, " (%.2f)", ratio));
        int end =
            sorted.length > 1 && max > 0
                ? (int) Math.round(sorted[sorted.length - 1] / max * barMax)
                : w;
        body.append(
            String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\">%s</text>%n",
                labelWidth + Math.max(w, end) + 6,
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
            "<text x=\"10\" y=\"36\">%s rounds, warm-up %s s, measured %s s, server %s, runner Java"
                + " %s, %d CPUs; %s</text>%n",
            o.rounds,
            Bench.fmt(o.warmup),
            Bench.fmt(o.duration),
            escape(o.serverKind),
            escape(System.getProperty("java.version")),
            Runtime.getRuntime().availableProcessors(),
            o.concurrency == 1 ? "one request in flight" : o.concurrency + " concurrent callers"));
    sb.append(body);
    sb.append("</svg>\n");
    return sb.toString();
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}

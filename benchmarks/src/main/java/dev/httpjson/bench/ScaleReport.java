package dev.httpjson.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The scale benchmark's arithmetic and report ({@link ScaleBench}): latency percentiles from a
 * sorted sample, the paired ratios with their 95% intervals ({@link Stats}), the bars' verdicts,
 * the markdown tables and the SVG chart. Pure functions of the measured numbers, so that they are
 * tested without a server.
 */
final class ScaleReport {
  /** httpjson ÷ the same transport by hand, paired per pass: the whole 95% CI at or above this. */
  static final double RATE_BAR = 0.98;

  /** httpjson's p99 ÷ the by-hand twin's p99, paired per pass: the median at or below this. */
  static final double P99_BAR = 1.10;

  private ScaleReport() {}

  /**
   * The {@code q} quantile (0 < q <= 1) of {@code sorted} by the nearest rank (the smallest value
   * with at least {@code q} of the sample at or below it), or {@code NaN} for an empty sample.
   */
  static double percentile(long[] sorted, int length, double q) {
    if (length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(q * length);
    return sorted[Math.min(length, Math.max(1, rank)) - 1];
  }

  /**
   * One point of the grid: a protocol, a transport and a number of concurrent callers, with the
   * variants that ran there in alternating slices ({@code names[0]} is httpjson, {@code names[1]}
   * the same transport by hand, then any reference such as Retrofit).
   *
   * @param rates calls per second, [variant][pass]
   * @param p99s the 99th percentile latency in µs, [variant][pass]
   * @param p50 the median latency over every pass's calls, µs, per variant
   * @param p99 the 99th percentile over every pass's calls, µs, per variant
   * @param errors failed calls per variant (a reference's count in its own column, not the verdict)
   * @param allocPerCall bytes allocated in the whole JVM per completed call, per variant (NaN when
   *     the JVM cannot tell)
   * @param pinned {@code jdk.VirtualThreadPinned} events on the variant's callers (-1: not
   *     recorded, e.g. platform threads)
   * @param negotiated the protocol the by-hand client's last response came over
   * @param ceiling the server's own ceiling at this protocol and concurrency, calls/s, from a load
   *     generator (NaN when not measured)
   * @param ceilingTool what measured the ceiling, or why it was not
   */
  record Point(
      String protocol,
      String transport,
      int callers,
      String negotiated,
      List<String> names,
      double[][] rates,
      double[][] p99s,
      double[] p50,
      double[] p99,
      long[] errors,
      double[] allocPerCall,
      long[] pinned,
      double ceiling,
      String ceilingTool,
      String firstError) {

    boolean tls() {
      return protocol.endsWith("-tls");
    }

    double medianRate(int v) {
      return Stats.median(Stats.sorted(rates[v]));
    }

    /** The paired per-pass ratios {@code a[v][p] ÷ a[base][p]}, sorted. */
    static double[] paired(double[][] a, int v, int base) {
      double[] r = new double[a[v].length];
      for (int p = 0; p < r.length; p++) {
        r[p] = a[v][p] / a[base][p];
      }
      return Stats.sorted(r);
    }
  }

  /** {@code median [low–high]} of paired ratios, or the median alone without enough passes. */
  static String ratio(double[] sorted) {
    double median = Stats.median(sorted);
    double[] ci = Stats.medianInterval(sorted, 0.95);
    return ci == null
        ? String.format(Locale.ROOT, "%.3f [n/a]", median)
        : String.format(Locale.ROOT, "%.3f [%.3f–%.3f]", median, ci[0], ci[1]);
  }

  /**
   * The point's verdict on the bars: httpjson ÷ by hand with its whole 95% CI at or above
   * {@link #RATE_BAR}, its p99 ÷ theirs at most {@link #P99_BAR} (paired median), no error, no
   * pinned carrier. {@code met}, or what missed.
   */
  static String verdict(Point p) {
    List<String> missed = new ArrayList<>();
    double[] rate = Point.paired(p.rates(), 0, 1);
    double[] ci = Stats.medianInterval(rate, 0.95);
    if (ci == null) {
      missed.add("too few passes");
    } else if (ci[0] < RATE_BAR) {
      missed.add(ci[1] < RATE_BAR ? "rate below " + RATE_BAR : "rate undecided");
    }
    double p99 = Stats.median(Point.paired(p.p99s(), 0, 1));
    if (p99 > P99_BAR) {
      missed.add(String.format(Locale.ROOT, "p99 %.2f×", p99));
    }
    long errors = p.errors()[0] + p.errors()[1]; // a reference's (Retrofit's) are its own
    if (errors > 0) {
      missed.add(errors + " errors");
    }
    if (p.pinned()[0] > 0) {
      missed.add(p.pinned()[0] + " pinned");
    }
    return missed.isEmpty() ? "met" : String.join(", ", missed);
  }

  /** One table: the points of one family (clear text, or TLS). */
  static String table(List<Point> points) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        "| protocol | transport | callers | negotiated | httpjson calls/s | by hand calls/s |"
            + " httpjson ÷ by hand [95% CI] | p50 µs (httpjson / by hand) | p99 µs (httpjson /"
            + " by hand) | p99 ÷ by hand [95% CI] | errors (httpjson / by hand) | alloc B/call"
            + " (httpjson / by hand) |"
            + " pinned (httpjson / by hand) | Retrofit calls/s, ÷ by hand | server ceiling"
            + " calls/s | by hand ÷ ceiling | verdict |\n");
    sb.append("|---|---|---:|---|---:|---:|---|---|---|---|---:|---|---|---|---:|---:|---|\n");
    for (Point p : points) {
      String retrofit = "";
      if (p.names().size() > 2) {
        retrofit =
            String.format(Locale.ROOT, "%.0f, ", p.medianRate(2))
                + ratio(Point.paired(p.rates(), 2, 1))
                + (p.errors()[2] > 0 ? ", " + p.errors()[2] + " errors" : "");
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %s | %.0f | %.0f | %s | %.0f / %.0f | %.0f / %.0f | %s | %d / %d | %s /"
                  + " %s | %s / %s | %s | %s | %s | %s |%n",
              p.protocol(),
              p.transport(),
              p.callers(),
              p.negotiated(),
              p.medianRate(0),
              p.medianRate(1),
              ratio(Point.paired(p.rates(), 0, 1)),
              p.p50()[0],
              p.p50()[1],
              p.p99()[0],
              p.p99()[1],
              ratio(Point.paired(p.p99s(), 0, 1)),
              p.errors()[0],
              p.errors()[1],
              bytes(p.allocPerCall()[0]),
              bytes(p.allocPerCall()[1]),
              pins(p.pinned()[0]),
              pins(p.pinned()[1]),
              retrofit,
              Double.isNaN(p.ceiling())
                  ? "n/a (" + p.ceilingTool() + ")"
                  : String.format(Locale.ROOT, "%.0f (%s)", p.ceiling(), p.ceilingTool()),
              Double.isNaN(p.ceiling()) || p.ceiling() <= 0
                  ? ""
                  : String.format(Locale.ROOT, "%.2f", p.medianRate(1) / p.ceiling()),
              verdict(p)));
    }
    return sb.toString();
  }

  private static String bytes(double b) {
    return Double.isNaN(b) ? "n/a" : String.format(Locale.ROOT, "%.0f", b);
  }

  private static String pins(long n) {
    return n < 0 ? "n/a" : Long.toString(n);
  }

  /** The errors' first messages, one line per point that had any; empty when none. */
  static String errors(List<Point> points) {
    StringBuilder sb = new StringBuilder();
    for (Point p : points) {
      if (p.firstError() != null) {
        sb.append(
            String.format(
                Locale.ROOT,
                "- %s %s %d callers: %s%n",
                p.protocol(),
                p.transport(),
                p.callers(),
                p.firstError()));
      }
    }
    return sb.toString();
  }

  /**
   * A horizontal bar chart of httpjson ÷ the same transport by hand per point ({@link #bars}), a
   * point that misses a bar drawn hollow.
   */
  static String svg(List<Point> points, String title, String subtitle) {
    List<String> labels = new ArrayList<>();
    List<double[]> ratios = new ArrayList<>();
    List<Boolean> met = new ArrayList<>();
    for (Point p : points) {
      labels.add(p.protocol() + " " + p.transport() + ", " + p.callers() + " callers");
      ratios.add(Point.paired(p.rates(), 0, 1));
      met.add(verdict(p).equals("met"));
    }
    return bars(labels, ratios, met, RATE_BAR, title, subtitle);
  }

  /**
   * A horizontal bar chart of paired ratios: per row, a bar at the median of {@code ratios}
   * (sorted), a whisker over its 95% interval, the figure in text; a line at 1 and a dashed red one
   * at {@code target}; a row whose {@code met} is false is drawn hollow.
   */
  static String bars(
      List<String> labels,
      List<double[]> ratios,
      List<Boolean> met,
      double target,
      String title,
      String subtitle) {
    int rowHeight = 18;
    int top = 56;
    int left = 250;
    int width = 900;
    int plot = width - left - 170;
    double lo = 0.5;
    double hi = 1.5;
    for (double[] r : ratios) {
      if (r.length > 0) {
        lo = Math.min(lo, Math.floor(r[0] * 10) / 10);
        hi = Math.max(hi, Math.ceil(r[r.length - 1] * 10) / 10);
      }
    }
    int rows = labels.size();
    int height = top + rowHeight * rows + 40;
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " font-family=\"sans-serif\" font-size=\"12\">%n",
            width,
            height));
    sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "<text x=\"10\" y=\"20\" font-size=\"15\" font-weight=\"bold\">%s</text>%n",
            escape(title)));
    sb.append(
        String.format(
            Locale.ROOT, "<text x=\"10\" y=\"38\" fill=\"#555\">%s</text>%n", escape(subtitle)));
    double finalLo = lo;
    double finalHi = hi;
    java.util.function.DoubleUnaryOperator x =
        v ->
            left + (Math.max(finalLo, Math.min(finalHi, v)) - finalLo) / (finalHi - finalLo) * plot;
    for (double line : new double[] {target, 1.0}) {
      sb.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"%s/>%n"
                  + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%.2f</text>%n",
              x.applyAsDouble(line),
              top - 6,
              x.applyAsDouble(line),
              top + rowHeight * rows,
              line == 1.0 ? "#333" : "#c33",
              line == 1.0 ? "" : " stroke-dasharray=\"4 3\"",
              x.applyAsDouble(line),
              top + rowHeight * rows + 16,
              line));
    }
    for (int i = 0; i < rows; i++) {
      double[] r = ratios.get(i);
      double median = Stats.median(r);
      double[] ci = Stats.medianInterval(r, 0.95);
      int y = top + i * rowHeight;
      sb.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
              left - 8,
              y + 13,
              escape(labels.get(i))));
      if (Double.isNaN(median)) {
        continue;
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\""
                  + " stroke=\"#2a6ebb\"/>%n",
              left,
              y + 3,
              x.applyAsDouble(median) - left,
              rowHeight - 6,
              met.get(i) ? "#2a6ebb" : "none"));
      if (ci != null) {
        sb.append(
            String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>%n",
                x.applyAsDouble(ci[0]),
                y + rowHeight / 2,
                x.applyAsDouble(ci[1]),
                y + rowHeight / 2));
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\">%s</text>%n",
              left + plot + 8,
              y + 13,
              escape(ratio(r))));
    }
    sb.append("</svg>\n");
    return sb.toString();
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}

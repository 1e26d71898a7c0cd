package dev.httpjson.bench;

import java.util.List;
import java.util.Locale;

/**
 * The main job's chart, drawn from the paired run: per scenario, a bar per variant (median
 * iterations per second) labelled with its paired ratio to the baseline and that ratio's 95%
 * interval; a figure the run's self-checks flagged is drawn hollow and says why.
 */
final class PairedChart {
  private PairedChart() {}

  static String svg(List<AbBench.Result> results, String command, String method) {
    int width = 900;
    int labelWidth = 190;
    int barMax = 380;
    int barHeight = 18;
    int gap = 6;
    int y = 74;
    StringBuilder body = new StringBuilder();
    for (AbBench.Result r : results) {
      List<String> names = r.names();
      int base = r.base();
      double max = 0;
      for (int v = 0; v < names.size(); v++) {
        max = Math.max(max, r.medianRate(v));
      }
      body.append(
          String.format(
              Locale.ROOT,
              "<text x=\"10\" y=\"%d\" class=\"h\">%s — median iterations/s; paired ratio to %s"
                  + " [95%% CI]</text>%n",
              y,
              escape(r.scenario().id()),
              escape(names.get(base))));
      y += 12;
      for (int v = 0; v < names.size(); v++) {
        String name = names.get(v);
        double rate = r.medianRate(v);
        int w = Double.isNaN(rate) || max == 0 ? 0 : (int) Math.round(rate / max * barMax);
        List<String> checks = AbBench.checks(r, v);
        String color =
            name.startsWith("httpjson")
                ? "#2b6cb0"
                : name.endsWith("-bytes")
                    ? "#a0aec0"
                    : name.startsWith("jackson") ? "#dd6b20" : "#718096";
        String fill =
            checks.isEmpty()
                ? "fill=\"" + color + "\""
                : "fill=\"white\" stroke=\"" + color + "\" stroke-dasharray=\"4 2\"";
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
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" %s/>%n",
                labelWidth,
                y,
                Math.max(w, 1),
                barHeight,
                fill));
        String label;
        if (v == base) {
          label = String.format(Locale.ROOT, "%.0f (baseline)", rate);
        } else {
          double[] sorted = r.ratios(v, base);
          double[] ci = Stats.medianInterval(sorted, 0.95);
          label =
              String.format(Locale.ROOT, "%.0f  ×%.2f", rate, Stats.median(sorted))
                  + (ci == null ? "" : String.format(Locale.ROOT, " [%.2f–%.2f]", ci[0], ci[1]));
        }
        if (!checks.isEmpty()) {
          label += "  ⚠ " + String.join("; ", checks);
        }
        body.append(
            String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\"%s>%s</text>%n",
                labelWidth + w + 6,
                y + barHeight - 5,
                checks.isEmpty() ? "" : " fill=\"#c53030\"",
                escape(label)));
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
            "<text x=\"10\" y=\"20\" class=\"h\">httpjson seed benchmark: %s</text>%n",
            escape(command)));
    sb.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"38\">%s</text>%n", escape(method)));
    sb.append(
        "<text x=\"10\" y=\"56\">Hollow bars: figures the run's self-checks flagged"
            + " (CI wider than ±10%, or faster than bytes-only on the same transport).</text>\n");
    sb.append(body);
    sb.append("</svg>\n");
    return sb.toString();
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}

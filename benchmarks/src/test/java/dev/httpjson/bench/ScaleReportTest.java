package dev.httpjson.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The scale and big-body benchmarks' arithmetic, verdicts, tables and charts. */
class ScaleReportTest {
  private static final int PASSES = 10;

  /** A point where httpjson runs at {@code ratio} of its twin in every pass, p99 times p99Ratio. */
  private static ScaleReport.Point point(
      String protocol, int callers, double ratio, double p99Ratio, long errors, long pinned) {
    double[][] rates = new double[2][PASSES];
    double[][] p99s = new double[2][PASSES];
    for (int p = 0; p < PASSES; p++) {
      double twin = 1000 + 10 * p; // the machine drifts; the ratio per pass does not
      rates[1][p] = twin;
      rates[0][p] = twin * ratio * (1 + (p % 3 - 1) * 0.001);
      p99s[1][p] = 500 + p;
      p99s[0][p] = (500 + p) * p99Ratio;
    }
    return new ScaleReport.Point(
        protocol,
        "jdk",
        callers,
        "HTTP_1_1",
        List.of("httpjson", "jdk by hand"),
        rates,
        p99s,
        new double[] {100, 98},
        new double[] {500 * p99Ratio, 500},
        new long[] {errors, 0},
        new double[] {24000, 23000},
        new long[] {pinned, pinned < 0 ? -1 : 0},
        20000,
        "wrk -c " + callers,
        errors > 0 ? "httpjson: java.io.IOException: reset" : null);
  }

  @Test
  void percentilesAreNearestRankOverTheSortedSample() {
    long[] sample = new long[100];
    Arrays.setAll(sample, i -> i + 1L);

    assertThat(ScaleReport.percentile(sample, 100, 0.50)).isEqualTo(50);
    assertThat(ScaleReport.percentile(sample, 100, 0.99)).isEqualTo(99);
    assertThat(ScaleReport.percentile(sample, 100, 1.0)).isEqualTo(100);
    assertThat(ScaleReport.percentile(sample, 100, 0.001)).isEqualTo(1);
    assertThat(ScaleReport.percentile(sample, 3, 0.99)).isEqualTo(3); // only the first 3 count
    assertThat(ScaleReport.percentile(sample, 0, 0.5)).isNaN();
  }

  @Test
  void pairedRatiosCancelTheDriftThatMovesBothVariants() {
    double[] sorted = ScaleReport.Point.paired(point("h1", 1, 0.99, 1, 0, 0).rates(), 0, 1);

    assertThat(sorted).hasSize(PASSES);
    assertThat(Stats.median(sorted)).isCloseTo(0.99, org.assertj.core.data.Offset.offset(0.002));
    assertThat(ScaleReport.ratio(sorted)).matches("0\\.99\\d \\[0\\.98\\d–0\\.99\\d\\]");
  }

  @Test
  void aPointMeetsTheBarsOnlyWithEveryOneOfThem() {
    assertThat(ScaleReport.verdict(point("h1", 16, 1.0, 1.0, 0, 0))).isEqualTo("met");
    assertThat(ScaleReport.verdict(point("h1", 16, 0.90, 1.0, 0, 0))).isEqualTo("rate below 0.98");
    assertThat(ScaleReport.verdict(point("h1", 16, 1.0, 1.5, 0, 0))).isEqualTo("p99 1.50×");
    assertThat(ScaleReport.verdict(point("h1", 16, 1.0, 1.0, 3, 0))).isEqualTo("3 errors");
    assertThat(ScaleReport.verdict(point("h1", 16, 1.0, 1.0, 0, 2))).isEqualTo("2 pinned");
  }

  @Test
  void aReferencesErrorsAreItsOwnNotHttpjsons() {
    ScaleReport.Point p = point("h2c", 256, 1.0, 1.0, 0, 0);
    double[][] rates = {p.rates()[0], p.rates()[1], p.rates()[1]};
    double[][] p99s = {p.p99s()[0], p.p99s()[1], p.p99s()[1]};
    ScaleReport.Point withRetrofit =
        new ScaleReport.Point(
            "h2c",
            "okhttp",
            256,
            "h2_prior_knowledge",
            List.of("httpjson", "okhttp by hand", "retrofit"),
            rates,
            p99s,
            new double[] {100, 98, 120},
            new double[] {500, 500, 600},
            new long[] {0, 0, 7},
            new double[] {1, 1, 1},
            new long[] {0, 0, 0},
            Double.NaN,
            "h2load absent",
            "retrofit: java.net.SocketException: Broken pipe");

    assertThat(ScaleReport.verdict(withRetrofit)).isEqualTo("met");
    assertThat(ScaleReport.table(List.of(withRetrofit)).split("\n")[2])
        .contains("| 0 / 0 |")
        .contains(", 7 errors |")
        .contains("| n/a (h2load absent) |");
  }

  @Test
  void tooFewPassesForAnIntervalIsSaidNotPassed() {
    ScaleReport.Point p = point("h1", 1, 1.0, 1.0, 0, 0);
    double[][] rates = {Arrays.copyOf(p.rates()[0], 4), Arrays.copyOf(p.rates()[1], 4)};
    ScaleReport.Point few =
        new ScaleReport.Point(
            p.protocol(),
            p.transport(),
            p.callers(),
            p.negotiated(),
            p.names(),
            rates,
            p.p99s(),
            p.p50(),
            p.p99(),
            p.errors(),
            p.allocPerCall(),
            p.pinned(),
            p.ceiling(),
            p.ceilingTool(),
            p.firstError());

    assertThat(ScaleReport.verdict(few)).isEqualTo("too few passes");
    assertThat(ScaleReport.ratio(Stats.sorted(rates[0]))).endsWith("[n/a]");
  }

  @Test
  void theTableHasARowPerPointWithTheCeilingAndTheVerdict() {
    String table =
        ScaleReport.table(
            List.of(point("h1", 16, 1.0, 1.0, 0, -1), point("h2c", 256, 0.9, 1.0, 2, -1)));

    String[] lines = table.split("\n");
    assertThat(lines).hasSize(4);
    assertThat(lines[2])
        .startsWith("| h1 | jdk | 16 | HTTP_1_1 |")
        .contains("| 24000 / 23000 |")
        .contains("| n/a / n/a |")
        .contains("20000 (wrk -c 16) | 0.05 |")
        .endsWith("| met |");
    assertThat(lines[3]).contains("| 2 / 0 |").endsWith("| rate below 0.98, 2 errors |");
    assertThat(ScaleReport.errors(List.of(point("h2c", 256, 0.9, 1.0, 2, -1))))
        .isEqualTo("- h2c jdk 256 callers: httpjson: java.io.IOException: reset\n");
  }

  @Test
  void theChartIsWellFormedSvgWithABarPerPointHollowWhenABarIsMissed() throws Exception {
    String svg =
        ScaleReport.svg(
            List.of(point("h1", 1, 1.0, 1.0, 0, 0), point("h1-tls", 16, 0.8, 1.0, 0, 0)),
            "title <&>",
            "subtitle");

    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    var rects = doc.getElementsByTagName("rect");
    assertThat(rects.getLength()).isEqualTo(3); // the background and one bar per point
    assertThat(rects.item(1).getAttributes().getNamedItem("fill").getNodeValue())
        .isEqualTo("#2a6ebb");
    assertThat(rects.item(2).getAttributes().getNamedItem("fill").getNodeValue()).isEqualTo("none");
    assertThat(doc.getDocumentElement().getTextContent())
        .contains("title <&>")
        .contains("h1-tls jdk, 16 callers");
  }

  @Test
  void theBigBodyIsTheLargestWholeArrayOfElementsWithinTheSize() {
    byte[][] elements = {new byte[100], new byte[50], new byte[70]};

    long n = BigBench.count(elements, 1000);
    long length = BigBench.length(elements, n);

    assertThat(length).isLessThanOrEqualTo(1000);
    assertThat(BigBench.length(elements, n + 1)).isGreaterThan(1000);
    // [ + 100 + ,50 + ,70 + ] = 224 for three elements
    assertThat(BigBench.length(elements, 3)).isEqualTo(224);
  }
}

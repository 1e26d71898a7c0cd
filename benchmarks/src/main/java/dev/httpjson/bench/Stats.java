package dev.httpjson.bench;

import java.util.Arrays;

/**
 * Medians and a distribution-free confidence interval for a median. The interval is the
 * order-statistics one: with n values sorted, {@code [x(k), x(n+1-k)]} covers the true median with
 * probability {@code 1 - 2 P(B <= k-1)}, B ~ Binomial(n, 1/2); the largest k whose coverage is at
 * least the level is taken. It assumes only that the values are independent draws of one
 * distribution (here: one paired ratio per interleaved round), and needs n >= 6 for 95%.
 */
final class Stats {
  private Stats() {}

  /** The finite values, sorted. */
  static double[] sorted(double[] values) {
    return Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
  }

  static double median(double[] sorted) {
    int n = sorted.length;
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /**
   * {@code {low, high, coverage}} of the order-statistics interval for the median of {@code sorted}
   * at {@code level} (e.g. 0.95), or {@code null} when there are too few values for it.
   */
  static double[] medianInterval(double[] sorted, double level) {
    int n = sorted.length;
    if (n == 0) {
      return null;
    }
    // cdf[j] = P(B <= j)
    double[] cdf = new double[n + 1];
    double pmf = Math.pow(0.5, n);
    double sum = 0;
    for (int j = 0; j <= n; j++) {
      sum += pmf;
      cdf[j] = sum;
      pmf = pmf * (n - j) / (j + 1);
    }
    int best = 0;
    for (int k = 1; k <= (n + 1) / 2; k++) {
      if (1 - 2 * cdf[k - 1] >= level) {
        best = k;
      } else {
        break;
      }
    }
    if (best == 0) {
      return null;
    }
    return new double[] {sorted[best - 1], sorted[n - best], 1 - 2 * cdf[best - 1]};
  }
}

package dev.httpjson.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The main job's printed report: each "Pairs" table says which scenario it measured. */
class AbBenchReportTest {
  private static final double[][] RATES = {{100, 101, 99, 100}, {98, 99, 97, 98}};

  @Test
  void eachPairsTableNamesItsScenario() {
    List<String> names = List.of("httpjson", "httpjson-percall");

    String collection = AbBench.pairs(Scenario.of("get.collection"), names, RATES);
    String object = AbBench.pairs(Scenario.of("post.object"), names, RATES);

    assertThat(collection)
        .contains("Pairs, get.collection:")
        .contains("httpjson-percall ÷ httpjson")
        .doesNotContain("post.object");
    assertThat(object).contains("Pairs, post.object:").doesNotContain("get.collection");
  }

  @Test
  void noPairThatRanIsNoTable() {
    assertThat(AbBench.pairs(Scenario.of("get.object"), List.of("jdk-bytes"), new double[][] {{1}}))
        .isEmpty();
  }
}

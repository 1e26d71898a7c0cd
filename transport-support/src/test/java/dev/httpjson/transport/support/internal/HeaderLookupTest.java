package dev.httpjson.transport.support.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A transport's response finds a header in its library's lines as its JDK headers would give it,
 * and makes those headers only when asked for, once.
 */
class HeaderLookupTest {
  private static final List<String> NAMES =
      List.of(
          "Content-Type",
          "content-encoding",
          "CONTENT-LENGTH",
          "X-Absent",
          "X-Skipped",
          "x-twice",
          "",
          " ",
          "Vary");

  @Test
  void aHeaderIsFoundInTheLinesAsTheJdkHeadersGiveIt() {
    assertSameAsJdk(
        List.of(
            "Content-Type",
            " text/plain ; charset=utf-8 ",
            "  CONTENT-encoding ",
            "\tgzip",
            "content-length",
            " 12 ",
            "",
            "folded, no name",
            "  ",
            "blank name",
            "X-Skipped",
            "left out",
            "x-SKIPPED",
            "kept",
            "X-Twice",
            "first",
            "x-twice",
            "second",
            "Vary",
            ""));
  }

  @Test
  void aHeaderIsFoundInALongHeadAsTheJdkHeadersGiveIt() {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < HeaderLines.MAX_SCANNED + 8; i++) {
      lines.add("X-Line-" + i);
      lines.add("v" + i);
    }
    lines.addAll(List.of("content-TYPE", " application/json ", "Content-Type", "text/plain"));
    assertSameAsJdk(lines);
  }

  @Test
  void aNameOutsideAsciiIsLookedUpAsTheJdkHeadersGroupIt() {
    // Lower-cased, U+0130 is two characters: the JDK's headers hold "content-encodi̇ng", and the
    // line after it joins that name, ignoring case.
    assertSameAsJdk(
        List.of("Content-Encod\u0130ng", "gzip", "content-encoding", "br", "Content-Type", "a/b"));
  }

  @Test
  void theJdkHeadersAreMadeOnceWhenFirstAskedForAndSharedWithTheBody() {
    Lines lines = new Lines(List.of("Content-Type", "application/json", "X-A", "1"));
    TransportResponse<Void> info =
        TransportResponse.info(
            200,
            lines,
            HttpClient.Version.HTTP_1_1,
            HttpRequest.newBuilder(URI.create("http://localhost/")).build(),
            null,
            null);

    assertThat(info.firstValue("content-type")).isEqualTo("application/json");
    assertThat(lines.made).isZero();

    TransportResponse<String> response = info.with("body");
    HttpHeaders headers = response.headers();
    assertThat(headers.map())
        .isEqualTo(Map.of("content-type", List.of("application/json"), "x-a", List.of("1")));
    assertThat(response.headers()).isSameAs(headers);
    assertThat(lines.made).isEqualTo(1);
    assertThat(info.headers()).isEqualTo(headers);
  }

  @Test
  void aResponseMadeWithJdkHeadersLooksThemUp() {
    HttpHeaders headers =
        HttpHeaders.of(Map.of("Content-Length", List.of("7", "8")), (name, value) -> true);
    TransportResponse<Void> info =
        TransportResponse.info(
            200,
            headers,
            HttpClient.Version.HTTP_2,
            HttpRequest.newBuilder(URI.create("http://localhost/")).build(),
            null,
            null);

    assertThat(info.firstValue("content-length")).isEqualTo("7");
    assertThat(info.firstValue("Content-Type")).isNull();
    assertThat(info.headers()).isSameAs(headers);
  }

  private static void assertSameAsJdk(List<String> namesAndValues) {
    Lines lines = new Lines(namesAndValues);
    HttpHeaders jdk = lines.toJdk();
    for (String name : NAMES) {
      assertThat(lines.firstValue(name))
          .as("%s in %s", name, namesAndValues)
          .isEqualTo(jdk.firstValue(name).orElse(null));
    }
    for (String name : jdk.map().keySet()) {
      assertThat(lines.firstValue(name)).as(name).isEqualTo(jdk.firstValue(name).orElseThrow());
    }
  }

  /** Lines given as name, value, name, value…; a name starting "x-skipped" (any case) left out. */
  private static final class Lines extends HeaderLines {
    private final List<String> namesAndValues;
    int made;

    Lines(List<String> namesAndValues) {
      this.namesAndValues = namesAndValues;
    }

    @Override
    protected int size() {
      return namesAndValues.size() / 2;
    }

    @Override
    protected String name(int i) {
      return namesAndValues.get(2 * i);
    }

    @Override
    protected String value(int i) {
      if (i == size() - 1) {
        made++; // toJdk reads every line's value once; a look-up reads the one it found
      }
      return namesAndValues.get(2 * i + 1);
    }

    @Override
    protected boolean skipped(int i) {
      return name(i).equalsIgnoreCase("x-skipped") && value(i).equals("left out");
    }
  }
}

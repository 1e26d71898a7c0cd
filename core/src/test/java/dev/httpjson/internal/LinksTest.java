package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJsonException;
import dev.httpjson.internal.Pages.Links;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** RFC 8288 {@code Link} headers as real APIs send them. */
class LinksTest {
  private static final URI BASE = URI.create("https://api.example.com/repos/a/b/issues?page=1");

  private static URI next(String... values) throws HttpJsonException {
    return Links.find(
        HttpHeaders.of(Map.of("Link", List.of(values)), (n, v) -> true), "next", BASE);
  }

  @Test
  void readsGitHubsForm() throws Exception {
    assertThat(
            next(
                "<https://api.example.com/repos/a/b/issues?page=2>; rel=\"next\","
                    + " <https://api.example.com/repos/a/b/issues?page=5>; rel=\"last\""))
        .isEqualTo(URI.create("https://api.example.com/repos/a/b/issues?page=2"));
  }

  @Test
  void findsNextAfterOtherLinksAndAcrossHeaderLines() throws Exception {
    assertThat(next("<https://x/1>; rel=\"prev\", <https://x/3>; rel=\"next\""))
        .isEqualTo(URI.create("https://x/3"));
    assertThat(next("<https://x/1>; rel=\"first\"", "<https://x/4>; rel=next"))
        .isEqualTo(URI.create("https://x/4"));
  }

  @Test
  void acceptsBareAndListedRelationTypesAndParametersInAnyOrder() throws Exception {
    assertThat(next("<https://x/2>; title=\"Page, two; really\"; rel=next"))
        .hasToString("https://x/2");
    assertThat(next("<https://x/2>;rel=\"prefetch NEXT\";type=\"application/json\""))
        .hasToString("https://x/2");
    assertThat(next("<https://x/2> ; REL = \"next\"")).hasToString("https://x/2");
  }

  @Test
  void commasInsideTheTargetOrAQuotedValueDoNotSplitLinks() throws Exception {
    assertThat(next("<https://x/a,b>; rel=\"first\", <https://x/c?d=1,2>; rel=\"next\""))
        .hasToString("https://x/c?d=1,2");
    assertThat(next("<https://x/1>; title=\"a, <https://evil/>; rel=next\"; rel=prev")).isNull();
  }

  @Test
  void resolvesARelativeTargetAgainstTheResponsesUri() throws Exception {
    assertThat(next("<?page=2>; rel=\"next\""))
        .isEqualTo(URI.create("https://api.example.com/repos/a/b/issues?page=2"));
    assertThat(next("</repos/a/b/issues?page=2>; rel=\"next\""))
        .isEqualTo(URI.create("https://api.example.com/repos/a/b/issues?page=2"));
  }

  @Test
  void onlyTheFirstRelOfALinkCounts() throws Exception {
    assertThat(next("<https://x/1>; rel=\"prev\"; rel=\"next\"")).isNull();
  }

  @Test
  void noNextIsNull() throws Exception {
    assertThat(next("<https://x/1>; rel=\"last\"")).isNull();
    assertThat(Links.find(HttpHeaders.of(Map.of(), (n, v) -> true), "next", BASE)).isNull();
    assertThat(next("garbage")).isNull();
    assertThat(next("")).isNull();
    assertThat(next("<https://x/1; rel=next")).isNull();
    assertThat(next("<https://x/nexted>; relation=next")).isNull();
  }

  @Test
  void aTargetThatIsNotAUriFailsAndSaysWhere() {
    assertThatThrownBy(() -> next("<https://x/a b?token=s3cret>; rel=\"next\""))
        .isInstanceOf(HttpJsonException.class)
        .hasMessageContaining("rel=\"next\"")
        .hasMessageNotContaining("s3cret");
  }
}

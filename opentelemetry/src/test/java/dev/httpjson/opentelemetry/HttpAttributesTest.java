package dev.httpjson.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonOptions;
import java.net.URI;
import java.net.http.HttpClient;
import org.junit.jupiter.api.Test;

class HttpAttributesTest {
  @Test
  void urlFullReplacesUserinfoAndEveryQueryValue() {
    JsonOptions web = JsonOptions.web();
    assertThat(
            HttpAttributes.redactedUrl(
                URI.create("https://user:pa55@api.example.com:8443/v1/x?sig=abc&page=2&flag#top"),
                web))
        .isEqualTo(
            "https://REDACTED:REDACTED@api.example.com:8443/v1/x?sig=REDACTED&page=REDACTED&REDACTED");
    assertThat(
            HttpAttributes.redactedUrl(
                URI.create(
                    "https://s3.example.com/b?AWSAccessKeyId=AK&Signature=S%2F&X-Goog-Signature=G"),
                web))
        .isEqualTo(
            "https://s3.example.com/b?AWSAccessKeyId=REDACTED&Signature=REDACTED&X-Goog-Signature=REDACTED");
    assertThat(HttpAttributes.redactedUrl(URI.create("http://localhost:8080/a%20b?q="), web))
        .isEqualTo("http://localhost:8080/a%20b?q=REDACTED");
    assertThat(HttpAttributes.redactedUrl(URI.create("http://localhost/"), web))
        .isEqualTo("http://localhost/");
  }

  @Test
  void urlFullKeepsTheValuesOfTheQueryParametersTheCallsOptionsShow() {
    JsonOptions showing =
        JsonOptions.newBuilder().showQueryParameter("page").showQueryParameter("v").build();

    assertThat(
            HttpAttributes.redactedUrl(
                URI.create("https://u:p@api.example.com/x?page=2&sig=a=b&v=***&flag#top"), showing))
        .isEqualTo(
            "https://REDACTED:REDACTED@api.example.com/x?page=2&sig=REDACTED&v=***&REDACTED");
  }

  @Test
  void methodOutsideTheStandardOnesIsOther() {
    assertThat(HttpAttributes.method("PATCH")).isEqualTo("PATCH");
    assertThat(HttpAttributes.method("QUERY")).isEqualTo("_OTHER");
    assertThat(HttpAttributes.method("get")).as("methods are case-sensitive").isEqualTo("_OTHER");
  }

  @Test
  void aConfiguredListOfKnownMethodsReplacesTheDefaultOne() {
    assertThat(HttpAttributes.knownMethods(" QUERY,PROPFIND ,,"))
        .containsExactlyInAnyOrder("QUERY", "PROPFIND");
    assertThat(HttpAttributes.method("GET", HttpAttributes.knownMethods("QUERY")))
        .isEqualTo("_OTHER");
    assertThat(HttpAttributes.knownMethods(null)).isEqualTo(HttpAttributes.KNOWN_METHODS);
    assertThat(HttpAttributes.knownMethods(" , "))
        .as("none listed")
        .isEqualTo(HttpAttributes.KNOWN_METHODS);
  }

  @Test
  void serverPortFallsBackToTheSchemesDefaultAndAddressLosesIpv6Brackets() {
    assertThat(HttpAttributes.serverPort(URI.create("https://example.com/"))).isEqualTo(443);
    assertThat(HttpAttributes.serverPort(URI.create("http://example.com/"))).isEqualTo(80);
    assertThat(HttpAttributes.serverPort(URI.create("http://example.com:8080/"))).isEqualTo(8080);
    assertThat(HttpAttributes.serverAddress(URI.create("http://[::1]:8080/"))).isEqualTo("::1");
    assertThat(HttpAttributes.serverAddress(URI.create("http://Example.com/")))
        .isEqualTo("Example.com");
  }

  @Test
  void protocolVersionIsTheConventionsSpelling() {
    assertThat(HttpAttributes.protocolVersion(HttpClient.Version.HTTP_1_1)).isEqualTo("1.1");
    assertThat(HttpAttributes.protocolVersion(HttpClient.Version.HTTP_2)).isEqualTo("2");
  }
}

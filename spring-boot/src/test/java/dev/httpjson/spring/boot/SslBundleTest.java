package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.LoopbackServer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLException;
import mockwebserver3.MockWebServer;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/**
 * {@code httpjson.clients.<name>.ssl.bundle}: the client's transport trusts (and presents) what a
 * Spring Boot SSL bundle ({@code spring.ssl.bundle.*}) holds, as Spring's own HTTP clients do.
 */
class SslBundleTest {
  private static final HeldCertificate SERVER_CERTIFICATE =
      new HeldCertificate.Builder()
          .commonName("localhost")
          .addSubjectAlternativeName("localhost")
          .addSubjectAlternativeName("127.0.0.1")
          .build();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  SslAutoConfiguration.class,
                  JacksonAutoConfiguration.class,
                  HttpJsonAutoConfiguration.class));

  @TempDir Path dir;
  private MockWebServer server;
  private Path trusted;

  @Configuration(proxyBeanMethods = false)
  @HttpJsonApis(client = "github", types = Repos.class)
  static class GitHubApis {}

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.newServer();
    server.useHttps(
        new HandshakeCertificates.Builder()
            .heldCertificate(SERVER_CERTIFICATE)
            .build()
            .sslSocketFactory());
    server.start(InetAddress.getLoopbackAddress(), 0);
    trusted = dir.resolve("ca.pem");
    Files.writeString(trusted, SERVER_CERTIFICATE.certificatePem(), StandardCharsets.US_ASCII);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private String base() {
    return "httpjson.clients.github.base-uri=" + server.url("/api/").uri();
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdk", "okhttp"})
  void theBundleNamedIsWhatTheTransportTrusts(String transport) {
    server.enqueue(
        LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"acme/widgets\",\"stars\":3}"));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.transport=" + transport,
            "httpjson.clients.github.ssl.bundle=internal",
            "spring.ssl.bundle.pem.internal.truststore.certificate=file:" + trusted)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Repos.class).repo("acme", "widgets"))
                  .isEqualTo(new Repos.Repo(7, "acme/widgets", 3));
            });
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdk", "okhttp"})
  void withoutTheBundleTheServersCertificateIsNotTrusted(String transport) {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.transport=" + transport,
            "spring.ssl.bundle.pem.internal.truststore.certificate=file:" + trusted)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThatThrownBy(() -> context.getBean(Repos.class).repo("acme", "widgets"))
                  .hasRootCauseInstanceOf(java.security.cert.CertPathBuilderException.class)
                  .isInstanceOf(SSLException.class);
            });
  }

  @Test
  void aDefaultBundleIsEveryClients() {
    server.enqueue(
        LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"acme/widgets\",\"stars\":3}"));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.defaults.ssl.bundle=internal",
            "spring.ssl.bundle.pem.internal.truststore.certificate=file:" + trusted)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Repos.class).repo("acme", "widgets").id()).isEqualTo(7L);
            });
  }

  @Test
  void anUnknownBundleFailsTheContextNamingTheProperty() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base(), "httpjson.clients.github.ssl.bundle=missing")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasStackTraceContaining(
                        "Property httpjson.clients.github.ssl.bundle with value 'missing' is"
                            + " invalid: there is no SSL bundle of that name"));
  }

  @Test
  void aBundleWithTheApache5TransportFailsTheContextNamingTheProperty() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.transport=apache5",
            "httpjson.clients.github.ssl.bundle=internal",
            "spring.ssl.bundle.pem.internal.truststore.certificate=file:" + trusted)
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("httpjson.clients.github.ssl.bundle")
                    .hasMessageContaining("apache5"));
  }
}

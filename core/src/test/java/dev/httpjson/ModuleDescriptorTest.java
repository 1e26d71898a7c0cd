package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {
  @Test
  void exportsOnlyTheApiAndTheSpi() throws Exception {
    ModuleDescriptor descriptor;
    try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
      descriptor = ModuleDescriptor.read(in);
    }

    assertThat(descriptor.name()).isEqualTo("dev.httpjson");
    assertThat(
            descriptor.exports().stream()
                .filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactlyInAnyOrder("dev.httpjson", "dev.httpjson.spi");
    // The test kit shares what it must say as httpjson does (URIs redacted in its failures); the
    // codecs' reading rules live in httpjson-codec-support; the transports' support learns which
    // body subscribers run no caller code; the OpenTelemetry and Micrometer interceptors watch an
    // exchange to its end with one helper; the OAuth2 interceptor tells the cache which client a
    // token of the hour stands for.
    assertThat(
            descriptor.exports().stream()
                .filter(ModuleDescriptor.Exports::isQualified)
                .map(e -> e.source() + " to " + new java.util.TreeSet<>(e.targets())))
        .containsExactlyInAnyOrder(
            "dev.httpjson.internal to [dev.httpjson.spring.boot, dev.httpjson.testing]",
            "dev.httpjson.internal.transport to [dev.httpjson.transport.support]",
            "dev.httpjson.internal.auth to [dev.httpjson.oauth2]",
            "dev.httpjson.internal.observe to [dev.httpjson.micrometer, dev.httpjson.opentelemetry]");
    assertThat(descriptor.uses()).containsExactly("dev.httpjson.spi.JsonCodec");
    assertThat(descriptor.requires().stream().map(ModuleDescriptor.Requires::name))
        .doesNotContain(
            "tools.jackson.databind", "com.fasterxml.jackson.databind", "io.opentelemetry.api");
  }
}

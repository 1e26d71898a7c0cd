package dev.httpjson.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {
  @Test
  void exportsOnlyItsPackageWithOnePublicClass() throws Exception {
    ModuleDescriptor descriptor;
    try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
      descriptor = ModuleDescriptor.read(in);
    }

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.opentelemetry");
    assertThat(
            descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactly("dev.httpjson.opentelemetry");
    assertThat(descriptor.requires().stream().map(ModuleDescriptor.Requires::name))
        .contains("dev.httpjson", "io.opentelemetry.api", "io.opentelemetry.context");
    assertThat(Modifier.isPublic(TelemetryInterceptor.class.getModifiers())).isFalse();
    assertThat(Modifier.isPublic(HttpAttributes.class.getModifiers())).isFalse();
  }
}

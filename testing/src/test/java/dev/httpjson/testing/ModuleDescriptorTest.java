package dev.httpjson.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {
  @Test
  void exportsOnlyTheKitPackageAndNeedsJUnitOnlyForItsExtension() throws Exception {
    ModuleDescriptor descriptor;
    try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
      descriptor = ModuleDescriptor.read(in);
    }

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.testing");
    assertThat(
            descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactly("dev.httpjson.testing");
    assertThat(
            descriptor.requires().stream()
                .filter(r -> r.name().equals("org.junit.jupiter.api"))
                .flatMap(r -> r.modifiers().stream()))
        .contains(ModuleDescriptor.Requires.Modifier.STATIC);
    assertThat(descriptor.requires().stream().map(ModuleDescriptor.Requires::name))
        .contains("dev.httpjson", "java.net.http");
    assertThat(java.lang.reflect.Modifier.isPublic(Exchange.class.getModifiers()))
        .as("the exchange stays package-private")
        .isFalse();
  }
}

package dev.httpjson.micrometer;

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
  void exportsOnlyItsPackageAndKeepsTheInterceptorPrivate() throws Exception {
    ModuleDescriptor descriptor;
    try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
      descriptor = ModuleDescriptor.read(in);
    }

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.micrometer");
    assertThat(
            descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactly("dev.httpjson.micrometer");
    assertThat(descriptor.requires().stream().map(ModuleDescriptor.Requires::name))
        .contains("dev.httpjson", "micrometer.observation", "micrometer.commons");
    assertThat(Modifier.isPublic(ObservationInterceptor.class.getModifiers())).isFalse();
  }
}

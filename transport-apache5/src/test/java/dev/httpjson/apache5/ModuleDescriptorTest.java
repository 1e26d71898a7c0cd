package dev.httpjson.apache5;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {
  @Test
  void exportsOnlyTheTransportPackageAndItsOneFactory() throws Exception {
    ModuleDescriptor descriptor;
    try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
      descriptor = ModuleDescriptor.read(in);
    }

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.apache5");
    assertThat(
            descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactly("dev.httpjson.apache5");
    assertThat(descriptor.requires().stream().map(ModuleDescriptor.Requires::name))
        // httpjson's core, for the support code the transports share (its qualified export)
        .contains("org.apache.httpcomponents.client5.httpclient5", "java.net.http", "dev.httpjson");
    assertThat(java.lang.reflect.Modifier.isPublic(Apache5HttpClient.class.getModifiers()))
        .as("the client class stays package-private")
        .isFalse();
  }
}

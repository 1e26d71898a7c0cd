package dev.httpjson.spring.boot;

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
  void exportsOnlyItsPackageAndKeepsTheWiringPackagePrivate() throws Exception {
    ModuleDescriptor descriptor;
    try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
      descriptor = ModuleDescriptor.read(in);
    }

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.spring.boot");
    assertThat(
            descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactly("dev.httpjson.spring.boot");
    for (Class<?> internal :
        new Class<?>[] {
          ClientFactory.class,
          Transports.class,
          ApiBeans.class,
          ApisRegistrar.class,
          ConfiguredClients.class,
          ApplicationMapper.class,
          HttpJsonProperties.class,
          StubConfiguration.class,
          StubSwitch.class,
          StubTestExecutionListener.class
        }) {
      assertThat(Modifier.isPublic(internal.getModifiers())).as(internal.getName()).isFalse();
    }
  }
}

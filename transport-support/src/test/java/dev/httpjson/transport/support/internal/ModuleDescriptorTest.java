package dev.httpjson.transport.support.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {
  @Test
  void exportsItsPackageOnlyToTheTransportsAndTheTestKit() throws Exception {
    ModuleDescriptor descriptor;
    try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
      descriptor = ModuleDescriptor.read(in);
    }

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.transport.support");
    assertThat(descriptor.exports())
        .map(e -> e.source() + " to " + new TreeSet<>(e.targets()))
        .containsExactly(
            "dev.httpjson.transport.support.internal to [dev.httpjson.apache5, dev.httpjson.okhttp,"
                + " dev.httpjson.testing]");
    assertThat(descriptor.requires().stream().map(ModuleDescriptor.Requires::name))
        // core, for the mark of its body subscribers a transport may feed on its I/O threads
        .contains("java.net.http", "dev.httpjson");
  }
}

package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonOptions;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {
  @Test
  void exportsOnlyTheCodecPackageAndProvidesTheCodec() throws Exception {
    ModuleDescriptor descriptor = descriptor();

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.jackson");
    assertThat(
            descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactly("dev.httpjson.jackson");
    assertThat(descriptor.provides())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.service()).isEqualTo("dev.httpjson.spi.JsonCodec");
              assertThat(p.providers()).containsExactly(JacksonCodec.class.getName());
            });
  }

  @Test
  void hasOnePackageWhoseOnlyPublicTypeIsTheCodec() throws Exception {
    assertThat(descriptor().packages()).containsExactly("dev.httpjson.jackson");
    assertThat(publicTypes()).containsExactly(JacksonCodec.class);
  }

  private static ModuleDescriptor descriptor() throws IOException {
    try (InputStream in = Files.newInputStream(Path.of("target/classes/module-info.class"))) {
      return ModuleDescriptor.read(in);
    }
  }

  /** The module's classes that code outside their package can name. */
  private static List<Class<?>> publicTypes() throws IOException, ClassNotFoundException {
    Path classes = Path.of("target/classes");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(f -> f.toString().endsWith(".class")).collect(Collectors.toList());
    }
    List<Class<?>> types = new ArrayList<>();
    for (Path f : files) {
      String name = classes.relativize(f).toString().replace(File.separatorChar, '.');
      name = name.substring(0, name.length() - ".class".length());
      if (name.equals("module-info") || name.endsWith(".package-info")) {
        continue;
      }
      Class<?> type = Class.forName(name, false, ModuleDescriptorTest.class.getClassLoader());
      boolean reachable = true;
      for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
        reachable &= Modifier.isPublic(t.getModifiers());
      }
      if (reachable) {
        types.add(type);
      }
    }
    return types;
  }

  @Test
  void theServiceLoaderFindsThisCodecAsTheDefault() {
    assertThat(JsonOptions.web().codec()).isInstanceOf(JacksonCodec.class);
    assertThat(JsonOptions.web().codec()).isEqualTo(new JacksonCodec());
    assertThat(JacksonCodec.withMapper(JacksonCodec.newMapper(JsonOptions.web())))
        .isNotEqualTo(new JacksonCodec());
  }

  @Test
  void camelCaseFollowsDotNet() {
    JacksonCodec.CamelCase c = JacksonCodec.CamelCase.INSTANCE;
    assertThat(c.translate("FirstName")).isEqualTo("firstName");
    assertThat(c.translate("URLValue")).isEqualTo("urlValue");
    assertThat(c.translate("ID")).isEqualTo("id");
    assertThat(c.translate("temperatureC")).isEqualTo("temperatureC");
    assertThat(c.translate("A")).isEqualTo("a");
  }
}

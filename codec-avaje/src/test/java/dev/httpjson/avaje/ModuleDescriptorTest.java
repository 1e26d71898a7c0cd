package dev.httpjson.avaje;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.JsonOptions;
import io.avaje.jsonb.Jsonb;
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

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.avaje");
    assertThat(
            descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactly("dev.httpjson.avaje");
    assertThat(descriptor.opens()).isEmpty();
    assertThat(descriptor.provides())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.service()).isEqualTo("dev.httpjson.spi.JsonCodec");
              assertThat(p.providers()).containsExactly(AvajeCodec.class.getName());
            });
  }

  @Test
  void hasOnePackageWhoseOnlyPublicTypeIsTheCodec() throws Exception {
    assertThat(descriptor().packages()).containsExactly("dev.httpjson.avaje");
    assertThat(publicTypes()).containsExactly(AvajeCodec.class);
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
    assertThat(JsonOptions.web().codec()).isInstanceOf(AvajeCodec.class);
    assertThat(JsonOptions.web().codec().name()).isEqualTo("avaje-jsonb");
    assertThat(JsonOptions.web().codec()).isEqualTo(new AvajeCodec());
    assertThat(new AvajeCodec()).hasSameHashCodeAs(new AvajeCodec());
  }

  @Test
  void codecsOnAJsonbAreEqualForTheSameInstanceOnly() {
    Jsonb jsonb = Jsonb.builder().build();
    Jsonb other = Jsonb.builder().serializeNulls(true).build();

    assertThat(AvajeCodec.withJsonb(jsonb)).isEqualTo(AvajeCodec.withJsonb(jsonb));
    assertThat(AvajeCodec.withJsonb(jsonb)).hasSameHashCodeAs(AvajeCodec.withJsonb(jsonb));
    assertThat(AvajeCodec.withJsonb(jsonb)).isNotEqualTo(AvajeCodec.withJsonb(other));
    assertThat(AvajeCodec.withJsonb(jsonb)).isNotEqualTo(new AvajeCodec());
    assertThat(AvajeCodec.withJsonb(jsonb).name()).isEqualTo("avaje-jsonb(custom Jsonb)");
  }

  @Test
  void theCodecNamesNoModuleToOpen() {
    assertThat(new AvajeCodec().reflectiveModules()).isEmpty();
  }

  @Test
  void camelCaseFollowsDotNetAndSnakeCaseFollowsJackson() {
    assertThat(dev.httpjson.spi.Names.camelCase("FirstName")).isEqualTo("firstName");
    assertThat(dev.httpjson.spi.Names.camelCase("URLValue")).isEqualTo("urlValue");
    assertThat(dev.httpjson.spi.Names.camelCase("ID")).isEqualTo("id");
    assertThat(dev.httpjson.spi.Names.camelCase("temperatureC")).isEqualTo("temperatureC");
    assertThat(Naming.separated("firstName", '_')).isEqualTo("first_name");
    assertThat(Naming.separated("temperatureC", '-')).isEqualTo("temperature-c");
    assertThat(Naming.separated("URLValue", '_')).isEqualTo("urlvalue");
  }

  /**
   * Jackson 3 is on the test class path for GuardFuzzTest's differential runs only (test scope);
   * the codec's own classes refer to no other JSON library, and Jackson 2 and Gson are absent.
   */
  @Test
  void theCodecsClassesReferToNoOtherJsonLibrary() throws Exception {
    Path classes =
        Path.of(AvajeCodec.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(f -> f.toString().endsWith(".class")).collect(Collectors.toList());
    }
    assertThat(files).isNotEmpty();
    for (Path f : files) {
      String constants =
          new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
      assertThat(constants)
          .as("%s", f)
          .doesNotContain("tools/jackson")
          .doesNotContain("com/fasterxml/jackson")
          .doesNotContain("com/google/gson");
    }
    assertThatThrownBy(() -> Class.forName("com.fasterxml.jackson.databind.ObjectMapper"))
        .isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> Class.forName("com.google.gson.Gson"))
        .isInstanceOf(ClassNotFoundException.class);
  }
}

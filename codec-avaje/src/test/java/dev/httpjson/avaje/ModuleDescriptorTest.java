package dev.httpjson.avaje;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.JsonOptions;
import dev.httpjson.contract.ModuleClasses;
import io.avaje.jsonb.Jsonb;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {
  @Test
  void exportsOnlyTheCodecPackageAndProvidesTheCodec() throws Exception {
    ModuleDescriptor descriptor = ModuleClasses.descriptor();

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
    assertThat(ModuleClasses.descriptor().packages()).containsExactly("dev.httpjson.avaje");
    assertThat(ModuleClasses.publicTypes()).containsExactly(AvajeCodec.class);
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
  void camelSnakeAndKebabCaseFollowDotNet() {
    assertThat(dev.httpjson.spi.Names.camelCase("FirstName")).isEqualTo("firstName");
    assertThat(dev.httpjson.spi.Names.camelCase("URLValue")).isEqualTo("urlValue");
    assertThat(dev.httpjson.spi.Names.camelCase("ID")).isEqualTo("id");
    assertThat(dev.httpjson.spi.Names.camelCase("temperatureC")).isEqualTo("temperatureC");
    assertThat(Naming.apply(JsonOptions.Naming.SNAKE_CASE, "firstName")).isEqualTo("first_name");
    assertThat(Naming.apply(JsonOptions.Naming.KEBAB_CASE, "temperatureC"))
        .isEqualTo("temperature-c");
    assertThat(Naming.apply(JsonOptions.Naming.SNAKE_CASE, "URLValue")).isEqualTo("url_value");
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

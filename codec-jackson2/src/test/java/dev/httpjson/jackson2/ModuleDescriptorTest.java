package dev.httpjson.jackson2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonOptions;
import dev.httpjson.contract.ModuleClasses;
import java.lang.module.ModuleDescriptor;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {
  @Test
  void exportsOnlyTheCodecPackageAndProvidesTheCodec() throws Exception {
    ModuleDescriptor descriptor = ModuleClasses.descriptor();

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.jackson2");
    assertThat(
            descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactly("dev.httpjson.jackson2");
    assertThat(descriptor.provides())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.service()).isEqualTo("dev.httpjson.spi.JsonCodec");
              assertThat(p.providers()).containsExactly(Jackson2Codec.class.getName());
            });
  }

  @Test
  void hasOnePackageWhoseOnlyPublicTypeIsTheCodec() throws Exception {
    assertThat(ModuleClasses.descriptor().packages()).containsExactly("dev.httpjson.jackson2");
    assertThat(ModuleClasses.publicTypes()).containsExactly(Jackson2Codec.class);
  }

  @Test
  void theServiceLoaderFindsThisCodecAsTheDefault() {
    assertThat(JsonOptions.web().codec()).isInstanceOf(Jackson2Codec.class);
    assertThat(JsonOptions.web().codec()).isEqualTo(new Jackson2Codec());
    assertThat(Jackson2Codec.withMapper(Jackson2Codec.newMapper(JsonOptions.web())))
        .isNotEqualTo(new Jackson2Codec());
  }

  @Test
  void camelCaseFollowsDotNet() {
    Jackson2Codec.Renaming c = new Jackson2Codec.Renaming(JsonOptions.Naming.CAMEL_CASE);
    assertThat(c.translate("FirstName")).isEqualTo("firstName");
    assertThat(c.translate("URLValue")).isEqualTo("urlValue");
    assertThat(c.translate("ID")).isEqualTo("id");
    assertThat(c.translate("temperatureC")).isEqualTo("temperatureC");
    assertThat(c.translate("A")).isEqualTo("a");
  }
}

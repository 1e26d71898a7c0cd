package dev.httpjson.jackson;

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
    assertThat(ModuleClasses.descriptor().packages()).containsExactly("dev.httpjson.jackson");
    assertThat(ModuleClasses.publicTypes()).containsExactly(JacksonCodec.class);
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
    JacksonCodec.Renaming c = new JacksonCodec.Renaming(JsonOptions.Naming.CAMEL_CASE);
    assertThat(c.translate("FirstName")).isEqualTo("firstName");
    assertThat(c.translate("URLValue")).isEqualTo("urlValue");
    assertThat(c.translate("ID")).isEqualTo("id");
    assertThat(c.translate("temperatureC")).isEqualTo("temperatureC");
    assertThat(c.translate("A")).isEqualTo("a");
  }
}

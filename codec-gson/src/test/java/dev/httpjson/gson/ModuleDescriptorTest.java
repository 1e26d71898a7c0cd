package dev.httpjson.gson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.Gson;
import dev.httpjson.JsonOptions;
import dev.httpjson.contract.ModuleClasses;
import java.lang.module.ModuleDescriptor;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {
  @Test
  void exportsOnlyTheCodecPackageAndProvidesTheCodec() throws Exception {
    ModuleDescriptor descriptor = ModuleClasses.descriptor();

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.gson");
    assertThat(
            descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactly("dev.httpjson.gson");
    assertThat(descriptor.provides())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.service()).isEqualTo("dev.httpjson.spi.JsonCodec");
              assertThat(p.providers()).containsExactly(GsonCodec.class.getName());
            });
  }

  @Test
  void hasOnePackageWhoseOnlyPublicTypeIsTheCodec() throws Exception {
    assertThat(ModuleClasses.descriptor().packages()).containsExactly("dev.httpjson.gson");
    assertThat(ModuleClasses.publicTypes()).containsExactly(GsonCodec.class);
  }

  @Test
  void theServiceLoaderFindsThisCodecAsTheDefault() {
    assertThat(JsonOptions.web().codec()).isInstanceOf(GsonCodec.class);
    assertThat(JsonOptions.web().codec()).isEqualTo(new GsonCodec());
    Gson gson = new Gson();
    assertThat(GsonCodec.withGson(gson)).isEqualTo(GsonCodec.withGson(gson));
    assertThat(GsonCodec.withGson(gson)).isNotEqualTo(new GsonCodec());
  }

  @Test
  void camelCaseFollowsDotNet() {
    assertThat(dev.httpjson.spi.Names.camelCase("FirstName")).isEqualTo("firstName");
    assertThat(dev.httpjson.spi.Names.camelCase("URLValue")).isEqualTo("urlValue");
    assertThat(dev.httpjson.spi.Names.camelCase("ID")).isEqualTo("id");
    assertThat(dev.httpjson.spi.Names.camelCase("temperatureC")).isEqualTo("temperatureC");
    assertThat(dev.httpjson.spi.Names.camelCase("A")).isEqualTo("a");
  }

  @Test
  void noJacksonIsOnTheTestClassPath() {
    assertThatThrownBy(() -> Class.forName("tools.jackson.databind.ObjectMapper"))
        .isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> Class.forName("com.fasterxml.jackson.databind.ObjectMapper"))
        .isInstanceOf(ClassNotFoundException.class);
  }
}

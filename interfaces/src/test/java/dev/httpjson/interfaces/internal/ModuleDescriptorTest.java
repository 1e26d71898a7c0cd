package dev.httpjson.interfaces.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.ModuleClasses;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ModuleDescriptorTest {
  @Test
  void exportsTheAnnotationsProvidesTheProcessorAndNeedsNothingAtRunTime() throws Exception {
    ModuleDescriptor descriptor = ModuleClasses.descriptor();

    assertThat(descriptor.name()).isEqualTo("dev.httpjson.interfaces");
    assertThat(
            descriptor.exports().stream()
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet()))
        .containsExactly("dev.httpjson.interfaces");
    assertThat(descriptor.provides())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.service()).isEqualTo("javax.annotation.processing.Processor");
              assertThat(p.providers()).containsExactly(ApiProcessor.class.getName());
            });
    assertThat(
            descriptor.requires().stream()
                .filter(r -> r.name().equals("dev.httpjson"))
                .flatMap(r -> r.modifiers().stream()))
        .as("core only at compile time")
        .containsExactly(ModuleDescriptor.Requires.Modifier.STATIC);
    assertThat(
            Files.readString(
                    Path.of(
                        "target/classes/META-INF/services/javax.annotation.processing.Processor"))
                .trim())
        .as("the processor on a class path")
        .isEqualTo(ApiProcessor.class.getName());
  }

  @Test
  void declaresItselfToGradleAsAnIsolatingProcessor() throws Exception {
    // Each generated class is written from one interface (its originating element, passed to the
    // Filer) and what that interface's AST reaches, its superinterfaces; the annotations have CLASS
    // retention: Gradle's incremental compilation then recompiles only what changed.
    assertThat(
            Files.readString(
                    Path.of("target/classes/META-INF/gradle/incremental.annotation.processors"))
                .trim())
        .isEqualTo(ApiProcessor.class.getName() + ",isolating");
  }
}

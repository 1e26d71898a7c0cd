package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.core.type.AnnotationMetadata;

/**
 * {@link AutoConfigureHttpJsonStub} without httpjson-testing on the class path fails with what to
 * add, not with a {@code NoClassDefFoundError} from inside Spring.
 */
class StubImportsTest {
  private static final AnnotationMetadata TEST = AnnotationMetadata.introspect(StubTest.class);

  @Test
  void withoutTheTestKitTheAnnotationSaysWhichDependencyToAdd() {
    StubImports imports = new StubImports();
    imports.setBeanClassLoader(new ClassLoader(null) {}); // the JDK's classes only

    assertThatThrownBy(() -> imports.selectImports(TEST))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("@AutoConfigureHttpJsonStub")
        .hasMessageContaining("dev.httpjson:httpjson-testing")
        .hasMessageContaining("test");
  }

  @Test
  void withTheTestKitItImportsTheStubConfiguration() {
    StubImports imports = new StubImports();
    imports.setBeanClassLoader(StubImportsTest.class.getClassLoader());

    assertThat(imports.selectImports(TEST)).containsExactly(StubConfiguration.class.getName());
  }
}

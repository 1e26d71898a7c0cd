package dev.httpjson.spring.boot;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.context.annotation.ImportSelector;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.util.ClassUtils;

/**
 * What {@link AutoConfigureHttpJsonStub} imports: {@link StubConfiguration} when httpjson's test
 * kit is on the class path, else a failure that names the dependency to add (rather than a {@code
 * NoClassDefFoundError} from the middle of the context's start).
 */
final class StubImports implements ImportSelector, BeanClassLoaderAware {
  private static final String STUB = "dev.httpjson.testing.StubHttpClient";

  private @Nullable ClassLoader loader;

  @Override
  public void setBeanClassLoader(ClassLoader classLoader) {
    this.loader = classLoader;
  }

  @Override
  public String[] selectImports(AnnotationMetadata metadata) {
    if (!ClassUtils.isPresent(STUB, loader)) {
      throw new IllegalStateException(
          "@AutoConfigureHttpJsonStub on "
              + metadata.getClassName()
              + " needs httpjson's test kit: add dev.httpjson:httpjson-testing (scope test) beside"
              + " httpjson-spring-boot ("
              + STUB
              + " is not on the class path)");
    }
    return new String[] {StubConfiguration.class.getName()};
  }
}

package dev.httpjson.spring.boot;

import java.util.Optional;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.support.AbstractTestExecutionListener;
import org.springframework.test.context.support.DependencyInjectionTestExecutionListener;

/**
 * Gives each test method of a class with {@link AutoConfigureHttpJsonStub} a fresh stub, before its
 * test instance (and a {@code @Nested} test's enclosing instance, which shares it) is injected:
 * routes and captured requests of one test never reach the next, though Spring reuses the context.
 * Registered in {@code META-INF/spring.factories}; does nothing for other tests.
 */
final class StubTestExecutionListener extends AbstractTestExecutionListener {
  @Override
  public int getOrder() {
    return DependencyInjectionTestExecutionListener.ORDER - 1;
  }

  @Override
  public void prepareTestInstance(TestContext context) {
    // An enclosing test instance is prepared before its @Nested one, for the same test method:
    // both get the same stub, the one the clients call.
    stub(context).ifPresent(StubSwitch::renewIfUsed);
  }

  @Override
  public void beforeTestMethod(TestContext context) {
    stub(context).ifPresent(StubSwitch::used);
  }

  private static Optional<StubSwitch> stub(TestContext context) {
    if (!TestContextAnnotationUtils.hasAnnotation(
        context.getTestClass(), AutoConfigureHttpJsonStub.class)) {
      return Optional.empty();
    }
    return Optional.ofNullable(
        context.getApplicationContext().getBeanProvider(StubSwitch.class).getIfAvailable());
  }
}

package dev.httpjson.spring.boot;

import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.support.AbstractTestExecutionListener;
import org.springframework.test.context.support.DependencyInjectionTestExecutionListener;

/**
 * Gives each test instance of a class with {@link AutoConfigureHttpJsonStub} a fresh stub, before
 * it is injected: routes and captured requests of one test never reach the next, though Spring
 * reuses the context. Registered in {@code META-INF/spring.factories}; does nothing for other
 * tests.
 */
final class StubTestExecutionListener extends AbstractTestExecutionListener {
  @Override
  public int getOrder() {
    return DependencyInjectionTestExecutionListener.ORDER - 1;
  }

  @Override
  public void prepareTestInstance(TestContext context) {
    if (TestContextAnnotationUtils.hasAnnotation(
        context.getTestClass(), AutoConfigureHttpJsonStub.class)) {
      context
          .getApplicationContext()
          .getBeanProvider(StubSwitch.class)
          .ifAvailable(StubSwitch::renew);
    }
  }
}

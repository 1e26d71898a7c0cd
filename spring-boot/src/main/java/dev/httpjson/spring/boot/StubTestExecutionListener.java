package dev.httpjson.spring.boot;

import dev.httpjson.testing.StubHttpClient;
import java.util.Optional;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.support.AbstractTestExecutionListener;
import org.springframework.test.context.support.DependencyInjectionTestExecutionListener;

/**
 * Gives each test method of a class with {@link AutoConfigureHttpJsonStub} a fresh stub, before its
 * test instance (and a {@code @Nested} test's enclosing instance, which shares it) is injected, or,
 * when the methods share one instance, before it is injected again for the method: routes and
 * captured requests of one test never reach the next, though Spring reuses the context. After a
 * test method that passed, verifies its stub ({@link
 * dev.httpjson.testing.StubHttpClient#verify()}), which fails the test on a request no route
 * answered or a reply left unused. Registered in {@code META-INF/spring.factories}; does nothing
 * for other tests.
 */
final class StubTestExecutionListener extends AbstractTestExecutionListener {
  /** The attribute of a test method's context that holds the stub it runs on. */
  private static final String STUB = StubTestExecutionListener.class.getName() + ".stub";

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
    stub(context)
        .ifPresent(
            stubs -> {
              if (stubs.renewIfUsed()) {
                // No test instance was prepared since the last test method: the methods share one
                // instance (@TestInstance(PER_CLASS)). Its stub fields get the fresh stub from the
                // injection that runs next.
                context.setAttribute(
                    DependencyInjectionTestExecutionListener.REINJECT_DEPENDENCIES_ATTRIBUTE,
                    Boolean.TRUE);
              }
              stubs.used();
              context.setAttribute(STUB, stubs.current());
            });
  }

  /**
   * Verifies the stub the method ran on, kept aside before it: its context may be closed by now
   * ({@code @DirtiesContext} after the method), and asking for the context would start another.
   */
  @Override
  public void afterTestMethod(TestContext context) {
    Object stub = context.removeAttribute(STUB);
    if (stub != null && context.getTestException() == null) { // else its own failure says more
      ((StubHttpClient) stub).verify();
    }
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

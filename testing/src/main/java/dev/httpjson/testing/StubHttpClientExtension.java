package dev.httpjson.testing;

import dev.httpjson.JsonOptions;
import java.util.Objects;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension giving each test a fresh {@link StubHttpClient} as a parameter (of the test
 * method, of a {@code @BeforeEach} method or of the test class's constructor, which get the same
 * stub) and {@linkplain StubHttpClient#verify() verifying} it after a test that passed: a request
 * no route answered, or a reply left unused, fails the test.
 *
 * <pre>{@code
 * @ExtendWith(StubHttpClientExtension.class)
 * class ChatClientTest {
 *   @Test
 *   void answers(StubHttpClient stub) { ... }
 * }
 * }</pre>
 *
 * <p>With options of your own, register an instance: {@code @RegisterExtension static final
 * StubHttpClientExtension stubs = new StubHttpClientExtension(options);}. Immutable and
 * thread-safe.
 */
public final class StubHttpClientExtension implements ParameterResolver, AfterEachCallback {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(StubHttpClientExtension.class);

  private final JsonOptions options;

  /** Stubs with httpjson's default options, as {@link StubHttpClient#create()} makes them. */
  public StubHttpClientExtension() {
    this(JsonOptions.web());
  }

  /**
   * Stubs with {@code options}, as {@link StubHttpClient#create(JsonOptions)} makes them.
   *
   * @param options the options the stubs write and read values with
   */
  public StubHttpClientExtension(JsonOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * Whether the parameter is a {@link StubHttpClient}.
   *
   * @param parameter the parameter
   * @param context the test's context
   * @return whether this extension resolves it
   */
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == StubHttpClient.class;
  }

  /**
   * {@link ExtensionContextScope#TEST_METHOD}: a constructor's stub is the test's own, as the test
   * method's, and verified after it.
   *
   * @param rootContext the root context
   * @return {@link ExtensionContextScope#TEST_METHOD}
   */
  @Override
  public ExtensionContextScope getTestInstantiationExtensionContextScope(
      ExtensionContext rootContext) {
    return ExtensionContextScope.TEST_METHOD;
  }

  /**
   * The current test's stub, made on first use.
   *
   * @param parameter the parameter
   * @param context the test's context
   * @return the stub
   * @throws ParameterResolutionException outside of a test: a {@code @BeforeAll} method, or the
   *     constructor of a class whose tests share one instance, would get a stub no test verifies
   */
  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    if (context.getTestMethod().isEmpty()) {
      throw new ParameterResolutionException(
          "a StubHttpClient is one test's own, verified after it: declare it as a parameter of a"
              + " test, of a @BeforeEach method or of the constructor of a class whose tests each"
              + " get their own instance, not of "
              + parameter.getDeclaringExecutable());
    }
    ExtensionContext.Store store = store(context);
    StubHttpClient stub = store.get(StubHttpClient.class, StubHttpClient.class);
    if (stub == null) {
      stub = StubHttpClient.create(options);
      store.put(StubHttpClient.class, stub);
    }
    return stub;
  }

  /**
   * Verifies the test's stub, unless the test failed already (its own failure says more).
   *
   * @param context the test's context
   */
  @Override
  public void afterEach(ExtensionContext context) {
    StubHttpClient stub = store(context).get(StubHttpClient.class, StubHttpClient.class);
    if (stub != null && context.getExecutionException().isEmpty()) {
      stub.verify();
    }
  }

  private static ExtensionContext.Store store(ExtensionContext context) {
    return context.getStore(NAMESPACE.append(context.getUniqueId()));
  }
}

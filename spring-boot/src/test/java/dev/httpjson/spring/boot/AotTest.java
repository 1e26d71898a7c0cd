package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.internal.Apis;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Spring's ahead-of-time processing, as {@code spring-boot:process-aot} runs it for a native image:
 * the hints name what httpjson loads by name and what the codec reads reflectively.
 */
class AotTest {
  @Configuration(proxyBeanMethods = false)
  @Import(HttpJsonAutoConfiguration.class)
  @HttpJsonApis(client = "github", types = Repos.class)
  static class Application {}

  private static RuntimeHints process(Class<?> application, Map<String, Object> properties) {
    GenericApplicationContext context = new GenericApplicationContext();
    context
        .getEnvironment()
        .getPropertySources()
        .addFirst(new MapPropertySource("test", properties));
    AnnotationConfigUtils.registerAnnotationConfigProcessors(context);
    context.registerBean(application);
    DefaultGenerationContext generation =
        new DefaultGenerationContext(classNames(application), new InMemoryGeneratedFiles());
    new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
    generation.writeGeneratedContent();
    return generation.getRuntimeHints();
  }

  /**
   * A {@code ClassNameGenerator} for the application's classes, made reflectively: its constructor
   * takes Spring's repackaged JavaPoet {@code ClassName}, whose signatures name {@code
   * java.compiler}'s types, which this module does not read.
   */
  private static ClassNameGenerator classNames(Class<?> application) {
    try {
      Object name =
          Class.forName("org.springframework.javapoet.ClassName")
              .getMethod("get", Class.class)
              .invoke(null, application);
      for (java.lang.reflect.Constructor<?> c : ClassNameGenerator.class.getConstructors()) {
        if (c.getParameterCount() == 1) {
          return (ClassNameGenerator) c.newInstance(name);
        }
      }
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no ClassNameGenerator(ClassName)");
  }

  @Test
  void theGeneratedImplementationOfAnAnnotatedInterfaceIsLoadableByName() {
    RuntimeHints hints =
        process(
            Application.class,
            Map.of("httpjson.clients.github.base-uri", "https://api.github.invalid/"));

    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(TypeReference.of(Apis.implementationName(Repos.class))))
        .accepts(hints);
  }

  @Test
  void theGeneratedImplementationOfAConfiguredInterfaceIsLoadableByName() {
    RuntimeHints hints =
        process(
            Config.class,
            Map.of(
                "httpjson.clients.status.base-uri",
                "https://status.invalid/",
                "httpjson.clients.status.apis",
                Statuses.class.getName()));

    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(TypeReference.of(Apis.implementationName(Statuses.class))))
        .accepts(hints);
  }

  @Test
  void theRecordsAnInterfaceReadsAreReadableByTheCodec() {
    RuntimeHints hints =
        process(
            Application.class,
            Map.of("httpjson.clients.github.base-uri", "https://api.github.invalid/"));

    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(Repos.Repo.class)
                .withMemberCategories(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS))
        .accepts(hints);
    assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Repos.Repo.class, "fullName"))
        .accepts(hints);
  }

  @Configuration(proxyBeanMethods = false)
  @Import(HttpJsonAutoConfiguration.class)
  static class Config {}
}

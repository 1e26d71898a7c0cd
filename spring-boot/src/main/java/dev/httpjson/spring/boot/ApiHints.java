package dev.httpjson.spring.boot;

import dev.httpjson.internal.Apis;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;
import org.springframework.beans.factory.aot.BeanRegistrationAotContribution;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.beans.factory.support.RegisteredBean;

/**
 * The hints of a native image for each API interface bean, as Spring's ahead-of-time processing
 * asks them: {@code HttpJsonClient.create} loads the generated implementation by name, and the
 * codec reads and writes the types of the interface's methods reflectively.
 */
final class ApiHints implements BeanRegistrationAotProcessor {
  /** Made by Spring from {@code META-INF/spring/aot.factories}. */
  ApiHints() {}

  @Override
  public @Nullable BeanRegistrationAotContribution processAheadOfTime(RegisteredBean bean) {
    if (!(bean.getMergedBeanDefinition().getAttribute(ApiBeans.API_ATTRIBUTE)
        instanceof Class<?> api)) {
      return null;
    }
    return (generation, code) -> register(generation.getRuntimeHints(), api);
  }

  static void register(RuntimeHints hints, Class<?> api) {
    hints.reflection().registerType(TypeReference.of(Apis.implementationName(api)));
    List<Type> bound = new ArrayList<>();
    for (Method m : api.getMethods()) {
      if (m.isDefault() || java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      bound.add(m.getGenericReturnType());
      bound.addAll(List.of(m.getGenericParameterTypes()));
    }
    new BindingReflectionHintsRegistrar()
        .registerReflectionHints(hints.reflection(), bound.toArray(new Type[0]));
  }
}

package dev.httpjson.spring.boot;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.annotation.AnnotationAttributes;
import org.springframework.core.type.AnnotationMetadata;

/** Registers the beans that {@link HttpJsonApis} annotations name. */
final class ApisRegistrar implements ImportBeanDefinitionRegistrar {
  @Override
  public void registerBeanDefinitions(
      AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
    for (AnnotationAttributes apis :
        metadata.getMergedRepeatableAnnotationAttributes(
            HttpJsonApis.class, HttpJsonApis.List.class, false)) {
      String client = apis.getString("client");
      for (Class<?> type : apis.getClassArray("types")) {
        ApiBeans.registerApi(registry, client, type);
      }
      ApiBeans.registerClient(registry, client);
    }
  }
}

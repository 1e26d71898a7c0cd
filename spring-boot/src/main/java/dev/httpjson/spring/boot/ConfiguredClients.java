package dev.httpjson.spring.boot;

import java.util.Map;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Registers a client bean for each {@code httpjson.clients.<name>} entry, and a bean for each
 * interface its {@code apis} lists: the clients and interfaces of configuration.
 */
final class ConfiguredClients implements BeanDefinitionRegistryPostProcessor {
  private final Environment environment;

  ConfiguredClients(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
    Map<String, HttpJsonProperties.Client> clients =
        Binder.get(environment)
            .bind("httpjson.clients", Bindable.mapOf(String.class, HttpJsonProperties.Client.class))
            .orElse(Map.of());
    for (Map.Entry<String, HttpJsonProperties.Client> e : clients.entrySet()) {
      ApiBeans.registerClient(registry, e.getKey());
      for (Class<?> api : e.getValue().getApis()) {
        ApiBeans.registerApi(registry, e.getKey(), api);
      }
    }
  }
}

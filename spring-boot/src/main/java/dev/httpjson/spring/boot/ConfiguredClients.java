package dev.httpjson.spring.boot;

import java.util.Map;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.ConfigurationPropertyState;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
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
    refuseDefaultOAuth2();
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

  private static final ConfigurationPropertyName DEFAULT_OAUTH2 =
      ConfigurationPropertyName.of("httpjson.defaults.oauth2");

  /**
   * Fails start-up on any {@code httpjson.defaults.oauth2.*} property, which would otherwise bind
   * to nothing: a token is one client's, sent to that client's origin only. The message names the
   * property, never its value (a secret).
   */
  private void refuseDefaultOAuth2() {
    for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
      if (source.containsDescendantOf(DEFAULT_OAUTH2) != ConfigurationPropertyState.PRESENT) {
        continue; // absent, or a source that cannot tell (not enumerable): nothing to name
      }
      String property = DEFAULT_OAUTH2 + ".*";
      if (source instanceof IterableConfigurationPropertySource) {
        property =
            ((IterableConfigurationPropertySource) source)
                .filter(DEFAULT_OAUTH2::isAncestorOf).stream()
                    .findFirst()
                    .map(ConfigurationPropertyName::toString)
                    .orElse(property);
      }
      throw new IllegalStateException(
          property
              + " is set, but oauth2 is a client's own setting, not a default: set"
              + " httpjson.clients.<name>.oauth2.* on each client that sends a token (a token goes"
              + " to its own client's origin only)");
    }
  }
}

package dev.httpjson.spring.boot;

import dev.httpjson.HttpJsonClient;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;

/**
 * The bean definitions of clients and API interfaces, declarative: a client is {@code
 * ClientFactory.client(name)}, an interface {@code HttpJsonClient.create(type)} on its client's
 * bean, so the interface bean is the very object {@code create} returns.
 */
final class ApiBeans {
  /** The attribute of an interface bean's definition: the interface, for {@link ApiHints}. */
  static final String API_ATTRIBUTE = ApiBeans.class.getName() + ".api";

  private ApiBeans() {}

  static String clientBeanName(String client) {
    return "httpjson.client." + client;
  }

  static String apiBeanName(String client, Class<?> api) {
    return "httpjson." + client + "." + api.getName();
  }

  static void registerClient(BeanDefinitionRegistry registry, String client) {
    if (client.isBlank()) {
      throw new IllegalArgumentException("an httpjson client name is blank");
    }
    String name = clientBeanName(client);
    if (registry.containsBeanDefinition(name)) {
      return;
    }
    RootBeanDefinition d = new RootBeanDefinition();
    d.setFactoryBeanName(ClientFactory.BEAN_NAME);
    d.setFactoryMethodName("client");
    d.getConstructorArgumentValues().addIndexedArgumentValue(0, client);
    d.setTargetType(HttpJsonClient.class);
    d.setRole(BeanDefinition.ROLE_APPLICATION);
    registry.registerBeanDefinition(name, d);
  }

  static void registerApi(BeanDefinitionRegistry registry, String client, Class<?> api) {
    if (!api.isInterface() || api.isAnnotation()) {
      throw new IllegalArgumentException(
          "not an interface: "
              + api.getName()
              + " (bound to the httpjson client '"
              + client
              + "'; list API interfaces only)");
    }
    registerClient(registry, client);
    String name = apiBeanName(client, api);
    if (registry.containsBeanDefinition(name)) {
      return;
    }
    RootBeanDefinition d = new RootBeanDefinition();
    d.setFactoryBeanName(clientBeanName(client));
    d.setFactoryMethodName("create");
    d.getConstructorArgumentValues().addIndexedArgumentValue(0, api);
    d.setTargetType(api);
    d.setAttribute(API_ATTRIBUTE, api);
    registry.registerBeanDefinition(name, d);
  }
}

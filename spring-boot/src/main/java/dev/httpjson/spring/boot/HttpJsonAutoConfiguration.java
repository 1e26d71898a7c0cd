package dev.httpjson.spring.boot;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.internal.CachedBinding;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.micrometer.HttpJsonObservationConvention;
import dev.httpjson.micrometer.HttpJsonObservations;
import dev.httpjson.spi.JsonCodec;
import io.micrometer.observation.ObservationRegistry;
import java.util.Arrays;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import tools.jackson.databind.json.JsonMapper;

/**
 * Auto-configuration of httpjson: the clients {@code httpjson.clients.<name>.*} configures, each a
 * bean {@code httpjson.client.<name>}, and the API interfaces bound to them (by {@link
 * HttpJsonApis} or {@code httpjson.clients.<name>.apis}). Every client reads and writes JSON with
 * the application's {@link JsonCodec} bean when there is one, else with its {@link JsonMapper} when
 * there is one, made strict as httpjson reads (see the documentation), is observed by the
 * application's {@code ObservationRegistry} when httpjson-micrometer is on the class path, and runs
 * each {@link HttpJsonClientCustomizer} bean.
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration",
      "org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration"
    })
@ConditionalOnClass(HttpJsonClient.class)
@EnableConfigurationProperties(HttpJsonProperties.class)
public final class HttpJsonAutoConfiguration {
  /** Made by Spring Boot. */
  HttpJsonAutoConfiguration() {}

  @Bean(name = ClientFactory.BEAN_NAME)
  ClientFactory httpJsonClientFactory(
      HttpJsonProperties properties,
      ObjectProvider<HttpJsonClientCustomizer> customizers,
      ObjectProvider<CodecSource> codec,
      ObjectProvider<TransportOverride> transport,
      ObjectProvider<SslBundles> sslBundles) {
    return new ClientFactory(
        properties,
        sslBundles::getIfAvailable,
        () -> customizers.orderedStream().collect(Collectors.toList()),
        () -> {
          CodecSource source = codec.getIfAvailable();
          return source == null ? null : source.codec();
        },
        transport::getIfAvailable);
  }

  @Bean
  static ConfiguredClients httpJsonConfiguredClients(Environment environment) {
    return new ConfiguredClients(environment);
  }

  /**
   * The application's own {@link JsonCodec}, when it has one, as every client's codec: it replaces
   * the codec on the application's mapper. Of several, the {@code @Primary} one; several and none
   * primary fail, rather than every client falling back to httpjson's own codec unseen.
   */
  @Bean
  @ConditionalOnBean(JsonCodec.class)
  CodecSource httpJsonCodec(ObjectProvider<JsonCodec> codecs, ListableBeanFactory beans) {
    return new ContextCodec(() -> primaryOf(codecs, beans, JsonCodec.class, "codec", ""));
  }

  /**
   * The application's Jackson 3 mapper, when it has one, as every client's codec: of several, the
   * {@code @Primary} one; several and none primary fail, as they would for Spring's own converters.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass({JsonMapper.class, JacksonCodec.class})
  static final class ApplicationMapperConfiguration {
    @Bean
    @ConditionalOnMissingBean(JsonCodec.class)
    CodecSource httpJsonApplicationCodec(
        ObjectProvider<JsonMapper> mapper, ListableBeanFactory beans) {
      return new ContextCodec(
          () -> {
            JsonMapper application =
                primaryOf(
                    mapper, beans, JsonMapper.class, "codec", ", or declare a JsonCodec bean");
            return application == null ? null : ApplicationMapper.codec(application);
          });
    }
  }

  /**
   * A codec of the context's, made once and shared by every client; httpjson's process-wide binding
   * cache lets go of it when the context closes, since it may lead to the context (the modules of
   * the application's mapper do): a restart would otherwise leave the closed context in memory.
   */
  static final class ContextCodec implements CodecSource, DisposableBean {
    private final Supplier<@Nullable JsonCodec> make;
    private @Nullable JsonCodec codec; // guarded by this

    ContextCodec(Supplier<@Nullable JsonCodec> make) {
      this.make = make;
    }

    @Override
    public synchronized @Nullable JsonCodec codec() {
      if (codec == null) {
        codec = make.get();
      }
      return codec;
    }

    @Override
    public synchronized void destroy() {
      if (codec != null) {
        CachedBinding.release(codec);
      }
    }
  }

  /**
   * The application's {@link ObservationRegistry}, when it has one and httpjson-micrometer is on
   * the class path, observes every call, with the application's {@link
   * HttpJsonObservationConvention} when it has one (of several, the {@code @Primary} one; several
   * and none primary fail): the interceptor is the outermost, so a call is one observation (its
   * retries inside it) and its failure is the one the caller gets. An {@link HttpJsonObservations}
   * bean of the application's observes every call instead, as it was made (of several, the
   * {@code @Primary} one). The customizer's bean name is not one an application gives its own
   * observations.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass({HttpJsonObservations.class, ObservationRegistry.class})
  static final class ObservationConfiguration {
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    HttpJsonClientCustomizer httpJsonObservationsCustomizer(
        ObjectProvider<HttpJsonObservations> own,
        ObjectProvider<ObservationRegistry> registry,
        ObjectProvider<HttpJsonObservationConvention> convention,
        ListableBeanFactory beans) {
      return (name, builder) -> {
        HttpJsonObservations application =
            primaryOf(own, beans, HttpJsonObservations.class, "observations", "");
        if (application != null) {
          builder.interceptor(application.interceptor());
          return;
        }
        ObservationRegistry r = registry.getIfUnique();
        if (r != null && !r.isNoop()) {
          HttpJsonObservations observations = HttpJsonObservations.create(r);
          HttpJsonObservationConvention c =
              primaryOf(
                  convention,
                  beans,
                  HttpJsonObservationConvention.class,
                  "observation convention",
                  "");
          builder.interceptor(
              (c == null ? observations : observations.withConvention(c)).interceptor());
        }
      };
    }
  }

  /**
   * The one bean of a type, or the {@code @Primary} one of several, or null when there is none;
   * several and none primary fail naming them, rather than every client falling back unseen to
   * httpjson's default for what (the codec, the observation convention).
   */
  static <T> @Nullable T primaryOf(
      ObjectProvider<T> provider,
      ListableBeanFactory beans,
      Class<T> type,
      String what,
      String alternative) {
    T bean = provider.getIfUnique();
    if (bean == null) {
      String[] names = beans.getBeanNamesForType(type);
      if (names.length > 1) {
        throw new IllegalStateException(
            "the httpjson clients' "
                + what
                + ": several "
                + type.getSimpleName()
                + " beans "
                + Arrays.toString(names)
                + " and none of them @Primary; mark the one every client uses @Primary"
                + alternative);
      }
    }
    return bean;
  }

  /** Where the clients' codec comes from; null for httpjson's own. */
  interface CodecSource {
    @Nullable JsonCodec codec();
  }

  /** A transport that replaces every client's: the stub of {@link AutoConfigureHttpJsonStub}. */
  interface TransportOverride {
    java.net.http.HttpClient transport();

    /**
     * Runs {@code reset} each time another transport is put under the clients: what a client keeps
     * beside its transport (cached responses, an OAuth2 token) starts anew with it.
     */
    void onRenew(Runnable reset);
  }
}

package dev.httpjson.spring.boot;

import dev.httpjson.JsonOptions;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.spring.boot.HttpJsonAutoConfiguration.CodecSource;
import dev.httpjson.testing.StubHttpClient;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The beans of {@link AutoConfigureHttpJsonStub}. */
@Configuration(proxyBeanMethods = false)
class StubConfiguration {
  @Bean
  StubSwitch httpJsonStubSwitch(ObjectProvider<CodecSource> codec) {
    return new StubSwitch(
        () -> {
          CodecSource source = codec.getIfAvailable();
          JsonCodec c = source == null ? null : source.codec();
          return c == null
              ? StubHttpClient.create()
              : StubHttpClient.create(JsonOptions.newBuilder().codec(c).build());
        });
  }

  /** The stub of the running test method: what a test injects. */
  @Bean
  FactoryBean<StubHttpClient> httpJsonStub(StubSwitch stubs) {
    return new FactoryBean<>() {
      @Override
      public StubHttpClient getObject() {
        return stubs.current();
      }

      @Override
      public Class<?> getObjectType() {
        return StubHttpClient.class;
      }

      @Override
      public boolean isSingleton() {
        return false;
      }
    };
  }
}

package dev.httpjson.examples.newcomer3;

import dev.httpjson.spring.boot.HttpJsonApis;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.time.Clock;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** A service that syncs the orders API. */
@SpringBootApplication
@HttpJsonApis(client = "orders", types = OrdersApi.class)
public class OrdersSyncApplication {
  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }

  @Bean
  MeterRegistry meterRegistry() {
    return new SimpleMeterRegistry(); // or your backend's registry
  }

  @Bean
  ObservationRegistry observationRegistry(MeterRegistry meters) {
    ObservationRegistry registry = ObservationRegistry.create();
    registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
    return registry;
  }
}

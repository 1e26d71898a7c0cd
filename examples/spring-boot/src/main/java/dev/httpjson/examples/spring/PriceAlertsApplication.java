package dev.httpjson.examples.spring;

import dev.httpjson.spring.boot.HttpJsonApis;
import java.math.BigDecimal;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Profile;

/** A Spring Boot application on two APIs; each interface is a bean bound to its client. */
@SpringBootApplication
@HttpJsonApis(client = "catalog", types = Catalog.class)
@HttpJsonApis(client = "prices", types = PriceFeed.class)
public class PriceAlertsApplication {
  public static void main(String[] args) {
    SpringApplication.run(PriceAlertsApplication.class, args);
  }

  /** {@code --spring.profiles.active=cli}: watch one product, print the alert and stop. */
  @Bean
  @Profile("cli")
  CommandLineRunner watchOnce(PriceAlerts alerts) {
    return args ->
        System.out.println(
            alerts
                .watch("SKU-42", new BigDecimal("99.00"), 100)
                .map(Object::toString)
                .orElse("no drop"));
  }
}

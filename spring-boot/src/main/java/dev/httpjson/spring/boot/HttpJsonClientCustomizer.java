package dev.httpjson.spring.boot;

import dev.httpjson.HttpJsonClient;

/**
 * Customizes the {@link HttpJsonClient.Builder} of each client the auto-configuration builds, after
 * its properties ({@code httpjson.clients.<name>.*}) are applied: adds interceptors, listeners or
 * headers whose value is asked per request. Declare it as a bean; customizers run in their {@link
 * org.springframework.core.annotation.Order order}, and the interceptors they add run outside the
 * retries the properties configure.
 *
 * <pre>{@code
 * @Bean
 * HttpJsonClientCustomizer githubToken(TokenSource tokens) {
 *   return (name, builder) -> {
 *     if (name.equals("github")) {
 *       builder.header("Authorization", () -> "Bearer " + tokens.current());
 *     }
 *   };
 * }
 * }</pre>
 */
@FunctionalInterface
public interface HttpJsonClientCustomizer {
  /**
   * Customizes the builder of the client {@code name}; called once per client, when its first bean
   * is created, on the thread that creates it.
   *
   * @param name the client's name, as in {@code httpjson.clients.<name>}
   * @param builder the builder, with the client's properties applied
   */
  void customize(String name, HttpJsonClient.Builder builder);
}

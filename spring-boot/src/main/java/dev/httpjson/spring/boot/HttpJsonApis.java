package dev.httpjson.spring.boot;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * Registers API interfaces as beans, each the implementation httpjson-interfaces generated, bound
 * to the client {@link #client()}: the {@code HttpJsonClient} that {@code
 * httpjson.clients.<client>.*} configures (base URI, headers, timeouts, transport…), itself a bean
 * named {@code httpjson.client.<client>}.
 *
 * <pre>{@code
 * @SpringBootApplication
 * @HttpJsonApis(client = "github", types = GitHub.class)
 * @HttpJsonApis(client = "weather", types = {Forecasts.class, Alerts.class})
 * class Application {}
 * }</pre>
 *
 * <pre>{@code
 * httpjson:
 *   clients:
 *     github:
 *       base-uri: https://api.github.com/
 *       headers:
 *         Authorization: Bearer ${GITHUB_TOKEN}
 * }</pre>
 *
 * <p>An interface bean is named {@code httpjson.<client>.<interface's binary name>} and injected by
 * its type; an interface bound to two clients is two beans, told apart with {@code @Qualifier} and
 * that name. The client is built when the first of its beans is created; a client with no {@code
 * httpjson.clients.<client>} entry fails the context, naming the clients that are configured.
 * {@code httpjson.clients.<client>.apis} binds interfaces from configuration instead. The
 * annotation imports httpjson's auto-configuration, so that a test slice ({@code @WebMvcTest},
 * {@code @JsonTest}…) of an application that carries it starts with the clients its interfaces
 * need.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(HttpJsonApis.List.class)
@Import(ApisRegistrar.class)
@ImportAutoConfiguration(HttpJsonAutoConfiguration.class)
public @interface HttpJsonApis {
  /**
   * {@return the name of the client the interfaces are bound to: its properties are {@code
   * httpjson.clients.<client>.*}}
   */
  String client();

  /** {@return the API interfaces, each compiled with httpjson-interfaces on the processor path} */
  Class<?>[] types();

  /** Holds repeated {@link HttpJsonApis} annotations; write those instead. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE)
  @Import(ApisRegistrar.class)
  @ImportAutoConfiguration(HttpJsonAutoConfiguration.class)
  @interface List {
    /** {@return the repeated annotations} */
    HttpJsonApis[] value();
  }
}

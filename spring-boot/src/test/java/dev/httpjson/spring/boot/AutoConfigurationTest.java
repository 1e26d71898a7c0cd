package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonReadException;
import dev.httpjson.ResponseTooLargeException;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

class AutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  JacksonAutoConfiguration.class, HttpJsonAutoConfiguration.class));

  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private String base() {
    return "httpjson.clients.github.base-uri=" + server.url("/api/").uri();
  }

  private RecordedRequest take() throws InterruptedException {
    RecordedRequest r = server.takeRequest(10, TimeUnit.SECONDS);
    assertThat(r).as("a request within 10 s").isNotNull();
    return r;
  }

  @Configuration(proxyBeanMethods = false)
  @HttpJsonApis(client = "github", types = Repos.class)
  static class GitHubApis {}

  @Configuration(proxyBeanMethods = false)
  @HttpJsonApis(client = "github", types = Repos.class)
  @HttpJsonApis(client = "status", types = Statuses.class)
  static class TwoClients {}

  @Test
  void anInterfaceOfTheAnnotationIsABeanCallingTheBaseUriWithTheConfiguredHeaders() {
    server.enqueue(
        LoopbackServer.json(200, "{\"id\":7,\"full_name\":\"acme/widgets\",\"stars\":3}"));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "api.token=s3cret",
            "httpjson.clients.github.headers.Authorization=Bearer ${api.token}",
            "httpjson.clients.github.headers.X-GitHub-Api-Version=2022-11-28",
            "spring.jackson.property-naming-strategy=SNAKE_CASE")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              Repos repos = context.getBean(Repos.class);
              assertThat(repos.repo("acme", "widgets"))
                  .isEqualTo(new Repos.Repo(7, "acme/widgets", 3));
              RecordedRequest r = take();
              assertThat(r.getTarget()).isEqualTo("/api/repos/acme/widgets");
              assertThat(r.getHeaders().get("Authorization")).isEqualTo("Bearer s3cret");
              assertThat(r.getHeaders().get("X-GitHub-Api-Version")).isEqualTo("2022-11-28");
            });
  }

  @Test
  void eachClientIsABeanNamedAfterItAndItsInterfacesAreBoundToIt() {
    runner
        .withUserConfiguration(TwoClients.class)
        .withPropertyValues(base(), "httpjson.clients.status.base-uri=https://status.example.com/")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean("httpjson.client.github", HttpJsonClient.class).baseUri())
                  .isEqualTo(server.url("/api/").uri());
              assertThat(context.getBean("httpjson.client.status", HttpJsonClient.class).baseUri())
                  .isEqualTo(URI.create("https://status.example.com/"));
              assertThat(context).hasSingleBean(Repos.class).hasSingleBean(Statuses.class);
              assertThat(context.getBeanNamesForType(Repos.class))
                  .containsExactly("httpjson.github.dev.httpjson.spring.boot.Repos");
            });
  }

  @Test
  void theInterfaceBeanIsTheImplementationCreateReturns() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base())
        .run(
            context -> {
              HttpJsonClient client =
                  context.getBean("httpjson.client.github", HttpJsonClient.class);
              Repos bean = context.getBean(Repos.class);
              assertThat(bean.getClass()).isSameAs(client.create(Repos.class).getClass());
              assertThat(bean.getClass().getName())
                  .isEqualTo("dev.httpjson.spring.boot.HttpJson_Repos");
            });
  }

  @Test
  void clientsAndInterfacesOfConfigurationAreBeansWithoutAnAnnotation() {
    server.enqueue(LoopbackServer.json(200, "{\"state\":\"green\"}"));
    runner
        .withPropertyValues(
            "httpjson.clients.status.base-uri=" + server.url("/").uri(),
            "httpjson.clients.status.apis=dev.httpjson.spring.boot.Statuses",
            "httpjson.clients.plain.base-uri=https://plain.example.com/")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Statuses.class).status())
                  .isEqualTo(new Statuses.Status("green"));
              assertThat(context.getBean("httpjson.client.plain", HttpJsonClient.class).baseUri())
                  .isEqualTo(URI.create("https://plain.example.com/"));
            });
  }

  @Test
  void anInterfaceOfAClientWithoutPropertiesFailsNamingTheClientsConfigured() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues("httpjson.clients.githb.base-uri=https://api.github.com/")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("no properties for the httpjson client 'github'")
                    .hasMessageContaining("[githb]"));
  }

  @Test
  void aBaseUriTheClientRefusesFailsNamingTheProperty() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues("httpjson.clients.github.base-uri=https://api.github.com/v1")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .hasStackTraceContaining(
                        "Property httpjson.clients.github.base-uri with value"
                            + " 'https://api.github.com/v1' is invalid: baseUri must end in /"));
  }

  @Test
  void aRefusedBaseUriWithAKeyInItsQueryOrUserinfoFailsNamingThePropertyNeverTheKey()
      throws Exception {
    String property = "httpjson.clients.github.base-uri";
    for (String[] refused :
        new String[][] {
          {"https://api.github.com/v1/?api_key=s3cret", "https://api.github.com/v1/?api_key=***"},
          {"https://bot:s3cret@api.github.com/v1", "https://api.github.com/v1"}
        }) {
      StandardEnvironment environment = new StandardEnvironment();
      environment
          .getPropertySources()
          .addFirst(new MapPropertySource("application.yaml", Map.of(property, refused[0])));
      runner
          .withUserConfiguration(GitHubApis.class)
          .withPropertyValues(property + "=" + refused[0])
          .run(
              context -> {
                Throwable failure = context.getStartupFailure();
                assertThat(failure).as(refused[0]).isNotNull();
                java.io.StringWriter trace = new java.io.StringWriter();
                failure.printStackTrace(new java.io.PrintWriter(trace));
                assertThat(trace.toString())
                    .as("the failure's trace")
                    .contains(property, refused[1])
                    .doesNotContain("s3cret");
                FailureAnalysis analysis = analyze(environment, failure);
                if (analysis != null) {
                  assertThat(analysis.getDescription() + analysis.getAction())
                      .as("Spring Boot's analysis of the failure")
                      .doesNotContain("s3cret");
                }
              });
    }
  }

  @Test
  void oauth2PropertiesWithoutTheSecretFailNamingWhatIsMissingAndNeverTheValues() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            "httpjson.clients.github.base-uri=https://api.github.com/",
            "httpjson.clients.github.oauth2.token-uri=https://auth.example.com/oauth/token",
            "httpjson.clients.github.oauth2.client-id=sync-client")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("httpjson.clients.github.oauth2.client-secret is not set")
                    .message()
                    .doesNotContain("sync-client"));
  }

  @Test
  void oauth2UnderTheDefaultsFailsStartUpNamingThePropertyAsAClientsOwnSetting() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.defaults.oauth2.token-uri=https://auth.example.com/oauth/token",
            "httpjson.defaults.oauth2.client-secret=s3cret")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasMessageContaining("httpjson.defaults.oauth2.")
                    .hasMessageContaining("httpjson.clients.<name>.oauth2")
                    .message()
                    .doesNotContain("s3cret"));
  }

  @Test
  void aPropertySourceThatCannotListItsNamesDoesNotFailStartUp() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withInitializer(
            context ->
                context
                    .getEnvironment()
                    .getPropertySources()
                    .addFirst(
                        new org.springframework.core.env.PropertySource<Object>("opaque") {
                          @Override
                          public @Nullable Object getProperty(String name) {
                            return null;
                          }
                        }))
        .withPropertyValues(base())
        .run(context -> assertThat(context).hasNotFailed().hasSingleBean(Repos.class));
  }

  /** A customizer that adds OAuth2 client credentials whose token endpoint is {@code server}. */
  @Configuration(proxyBeanMethods = false)
  static class CustomizedOAuth2 {
    @Bean
    HttpJsonClientCustomizer oauth2(Environment environment) {
      return (name, builder) ->
          builder.interceptor(
              dev.httpjson.oauth2.OAuth2.clientCredentials(
                      URI.create(environment.getRequiredProperty("test.token-uri")),
                      "sync-client",
                      "s3cret")
                  .origin(URI.create("https://api.github.invalid/"))
                  .build());
    }
  }

  /**
   * Under the test stub, an OAuth2 interceptor a customizer adds would send its token request, with
   * the client secret, through its own client to the real token endpoint: the context fails
   * instead, naming the endpoint and never the secret, and nothing is sent.
   */
  @Test
  void anOAuth2ACustomizerAddsUnderTheStubFailsStartUpBeforeItsTokenRequestLeaves() {
    runner
        .withUserConfiguration(GitHubApis.class, CustomizedOAuth2.class, StubConfiguration.class)
        .withPropertyValues(
            "httpjson.clients.github.base-uri=https://api.github.invalid/",
            "test.token-uri=" + server.url("/oauth/token").uri())
        .run(
            context -> {
              if (context.getStartupFailure() == null) {
                context
                    .getBean(StubSwitch.class)
                    .current()
                    .on("GET", "/repos/acme/widgets")
                    .reply(200, Map.of("id", 1, "fullName", "acme/widgets", "stars", 0));
                try {
                  context.getBean(Repos.class).repo("acme", "widgets");
                } catch (IOException | RuntimeException e) {
                  // what the token endpoint answered; the request went out all the same
                }
              }
              assertThat(server.getRequestCount()).as("requests to the token endpoint").isZero();
              assertThat(context)
                  .getFailure()
                  .rootCause()
                  .hasMessageContaining(server.url("/oauth/token").uri().toString())
                  .hasMessageContaining("httpjson.clients.github.oauth2")
                  .message()
                  .doesNotContain("s3cret");
            });
  }

  @Test
  void oauth2PropertiesWithoutABaseUriFailSayingWhereTheTokenWouldGo() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            "httpjson.clients.github.oauth2.token-uri=https://auth.example.com/oauth/token",
            "httpjson.clients.github.oauth2.client-id=sync-client",
            "httpjson.clients.github.oauth2.client-secret=s3cret")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining(
                        "httpjson.clients.github.oauth2.token-uri is set without"
                            + " httpjson.clients.github.base-uri")
                    .message()
                    .doesNotContain("s3cret"));
  }

  @Test
  void aRefusedValueIsAnalyzedAsSpringBootAnalyzesAnInvalidProperty() throws Exception {
    String property = "httpjson.clients.github.base-uri";
    String value = "https://api.github.com/v1";
    StandardEnvironment environment = new StandardEnvironment();
    environment
        .getPropertySources()
        .addFirst(new MapPropertySource("application.yaml", Map.of(property, value)));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(property + "=" + value)
        .run(
            context -> {
              FailureAnalysis analysis = analyze(environment, context.getStartupFailure());
              assertThat(analysis).as("Spring Boot's analysis of the failure").isNotNull();
              assertThat(analysis.getDescription())
                  .contains("Invalid value '" + value + "' for configuration property '" + property)
                  .contains("baseUri must end in /");
            });
  }

  /**
   * The analysis Spring Boot prints when a context fails to start with an invalid property (its
   * analyzer is not public: made reflectively, as Spring Boot makes it from spring.factories).
   */
  private static @Nullable FailureAnalysis analyze(Environment environment, Throwable failure)
      throws Exception {
    java.lang.reflect.Constructor<?> make =
        Class.forName(
                "org.springframework.boot.diagnostics.analyzer"
                    + ".InvalidConfigurationPropertyValueFailureAnalyzer")
            .getDeclaredConstructor(Environment.class);
    make.setAccessible(true);
    return ((FailureAnalyzer) make.newInstance(environment)).analyze(failure);
  }

  /** An application mapper with httpjson's strictness rules off, as a web application may have. */
  @Configuration(proxyBeanMethods = false)
  static class LenientMapper {
    @Bean
    JsonMapper jsonMapper() {
      return JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .disable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
          .build();
    }
  }

  @Test
  void theApplicationMapperKeepsItsNamingAndGetsHttpjsonsStrictness() {
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"full_name\":\"a/b\",\"stars\":2}"));
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"full_name\":\"a/b\",\"stars\":1.5}"));
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"full_name\":\"a/b\",\"stars\":1} {}"));
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"full_name\":\"a/b\",\"stars\":null}"));
    runner
        .withUserConfiguration(GitHubApis.class, LenientMapper.class)
        .withPropertyValues(base())
        .run(
            context -> {
              Repos repos = context.getBean(Repos.class);
              assertThat(repos.repo("a", "b")).isEqualTo(new Repos.Repo(7, "a/b", 2));
              assertThatThrownBy(() -> repos.repo("a", "b"))
                  .as("a fraction into an int")
                  .isInstanceOf(JsonReadException.class);
              assertThatThrownBy(() -> repos.repo("a", "b"))
                  .as("content after the value")
                  .isInstanceOf(JsonReadException.class);
              assertThatThrownBy(() -> repos.repo("a", "b"))
                  .as("null for a primitive")
                  .isInstanceOf(JsonReadException.class);
              // The application's own mapper is unchanged.
              assertThat(
                      context
                          .getBean(JsonMapper.class)
                          .readValue(
                              "{\"id\":7,\"full_name\":\"a/b\",\"stars\":1.5} {}",
                              Repos.Repo.class))
                  .isEqualTo(new Repos.Repo(7, "a/b", 1));
            });
  }

  @Test
  void everyClientSharesOneCodecOnTheApplicationMapper() {
    runner
        .withUserConfiguration(TwoClients.class)
        .withPropertyValues(base(), "httpjson.clients.status.base-uri=https://status.example.com/")
        .run(
            context -> {
              var github = context.getBean("httpjson.client.github", HttpJsonClient.class);
              var status = context.getBean("httpjson.client.status", HttpJsonClient.class);
              assertThat(github.options().codec().name()).isEqualTo("jackson(custom mapper)");
              assertThat(github.options().codec()).isSameAs(status.options().codec());
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnCodec {
    static final JsonCodec CODEC = JacksonCodec.withMapper(JsonMapper.builder().build());

    @Bean
    JsonCodec jsonCodec() {
      return CODEC;
    }
  }

  @Test
  void aJsonCodecBeanOfTheApplicationIsEveryClientsCodecRatherThanItsMapper() {
    runner
        .withUserConfiguration(TwoClients.class, OwnCodec.class)
        .withPropertyValues(base(), "httpjson.clients.status.base-uri=https://status.example.com/")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasSingleBean(JsonMapper.class);
              for (String client : new String[] {"github", "status"}) {
                assertThat(
                        context
                            .getBean("httpjson.client." + client, HttpJsonClient.class)
                            .options()
                            .codec())
                    .isSameAs(OwnCodec.CODEC);
              }
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoCodecs {
    @Bean
    JsonCodec jsonCodec() {
      return OwnCodec.CODEC;
    }

    @Bean
    JsonCodec otherCodec() {
      return JacksonCodec.withMapper(JsonMapper.builder().build());
    }
  }

  @Test
  void twoJsonCodecBeansNoneOfThemPrimaryFailTheContextNamingThem() {
    // Rather than every client falling back silently to a third codec, httpjson's own.
    runner
        .withUserConfiguration(GitHubApis.class, TwoCodecs.class)
        .withPropertyValues(base())
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasStackTraceContaining("JsonCodec")
                    .hasStackTraceContaining("jsonCodec")
                    .hasStackTraceContaining("otherCodec")
                    .hasStackTraceContaining("@Primary"));
  }

  @Test
  void ofTwoJsonCodecBeansThePrimaryIsEveryClientsCodec() {
    runner
        .withUserConfiguration(GitHubApis.class, TwoCodecs.class)
        .withBean("primaryCodec", JsonCodec.class, () -> OwnCodec.CODEC, d -> d.setPrimary(true))
        .withPropertyValues(base())
        .run(
            context ->
                assertThat(
                        context
                            .getBean("httpjson.client.github", HttpJsonClient.class)
                            .options()
                            .codec())
                    .isSameAs(OwnCodec.CODEC));
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoMappers {
    @Bean
    JsonMapper jsonMapper() {
      return JsonMapper.builder().build();
    }

    @Bean
    JsonMapper otherMapper() {
      return JsonMapper.builder().build();
    }
  }

  @Test
  void twoJsonMapperBeansNoneOfThemPrimaryFailTheContextNamingThem() {
    // Rather than every client falling back silently to httpjson's own mapper.
    runner
        .withUserConfiguration(GitHubApis.class, TwoMappers.class)
        .withPropertyValues(base())
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasStackTraceContaining("JsonMapper")
                    .hasStackTraceContaining("jsonMapper")
                    .hasStackTraceContaining("otherMapper")
                    .hasStackTraceContaining("@Primary"));
  }

  private static ApplicationContextInitializer<ConfigurableApplicationContext> environmentVariables(
      Map<String, Object> variables) {
    return context ->
        context
            .getEnvironment()
            .getPropertySources()
            .addFirst(
                new SystemEnvironmentPropertySource(
                    "test-" + StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                    variables));
  }

  @Test
  void environmentVariablesBindClientNamesAndHeaderNamesInLowerCaseWithoutDashes()
      throws Exception {
    // What docs/spring-boot.md warns of: a camel-case client name overridden by an environment
    // variable is a second client, and a header name's dashes are lost.
    server.enqueue(LoopbackServer.json(200, "{}"));
    String yaml = server.url("/yaml/").uri().toString();
    String env = server.url("/env/").uri().toString();
    runner
        .withInitializer(
            environmentVariables(
                Map.of(
                    "HTTPJSON_CLIENTS_CATALOGAPI_BASE_URI", env,
                    "HTTPJSON_CLIENTS_CATALOGAPI_HEADERS_XAPIKEY", "secret",
                    "HTTPJSON_CLIENTS_CATALOGAPI_HEADERS_X_API_KEY", "secret2",
                    "HTTPJSON_CLIENTS_CATALOG_API_BASE_URI", env + "u/",
                    "HTTPJSON_CLIENTS_CATALOG_API_HEADERS_XAPIKEY", "secret3")))
        .withPropertyValues(
            "httpjson.clients.catalogApi.base-uri=" + yaml,
            "httpjson.clients.catalog-api.base-uri=" + yaml)
        .run(
            context -> {
              Map<String, HttpJsonClient> clients = context.getBeansOfType(HttpJsonClient.class);
              assertThat(clients)
                  .containsOnlyKeys(
                      "httpjson.client.catalogApi",
                      "httpjson.client.catalogapi",
                      "httpjson.client.catalog-api");
              // The camel-case client is overridden, and a second client is made beside it.
              assertThat(clients.get("httpjson.client.catalogApi").baseUri()).hasToString(env);
              assertThat(clients.get("httpjson.client.catalogapi").baseUri()).hasToString(env);
              // The kebab-case client is overridden by the variable with an underscore for its
              // dash.
              assertThat(clients.get("httpjson.client.catalog-api").baseUri())
                  .hasToString(env + "u/");
              clients.get("httpjson.client.catalogapi").getFromJson("x", Map.class);
              RecordedRequest r = take();
              assertThat(r.getHeaders().get("xapikey")).isEqualTo("secret");
              assertThat(r.getHeaders().get("x.api.key")).isEqualTo("secret2");
              assertThat(r.getHeaders().get("X-Api-Key")).isNull();
            });
  }

  @Test
  void anEnvironmentVariableOverridesAHeaderOfTheSameNameInAnotherCaseRatherThanAddingASecond()
      throws Exception {
    // Spring binds the variable's header name in lower case, beside the file's key: one header.
    server.enqueue(LoopbackServer.json(200, "{}"));
    runner
        .withInitializer(
            environmentVariables(
                Map.of(
                    "HTTPJSON_CLIENTS_GITHUB_HEADERS_AUTHORIZATION", "Bearer production",
                    "HTTPJSON_DEFAULTS_HEADERS_USERAGENT", "acme/2.0")))
        .withPropertyValues(
            base(),
            "httpjson.clients.github.headers.Authorization=Bearer development",
            "httpjson.defaults.headers.UserAgent=acme/1.0")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              context
                  .getBean("httpjson.client.github", HttpJsonClient.class)
                  .getFromJson("x", Map.class);
            });
    RecordedRequest r = take();
    assertThat(r.getHeaders().values("Authorization")).containsExactly("Bearer production");
    assertThat(r.getHeaders().values("UserAgent")).containsExactly("acme/2.0");
  }

  @Test
  void withoutAnApplicationMapperTheClientsUseHttpjsonsOwnCodec() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(HttpJsonAutoConfiguration.class))
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base())
        .run(
            context ->
                assertThat(
                        context
                            .getBean("httpjson.client.github", HttpJsonClient.class)
                            .options()
                            .codec())
                    .isEqualTo(new JacksonCodec()));
  }

  @Test
  void theTimeoutEndsACallThatTakesLonger() {
    server.enqueue(
        new MockResponse.Builder().code(200).body("{}").headersDelay(5, TimeUnit.SECONDS).build());
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base(), "httpjson.clients.github.timeout=300ms")
        .run(
            context -> {
              long start = System.nanoTime();
              assertThatThrownBy(() -> context.getBean(Repos.class).repo("a", "b"))
                  .isInstanceOf(CallTimeoutException.class);
              assertThat(Duration.ofNanos(System.nanoTime() - start))
                  .isLessThan(Duration.ofSeconds(4));
            });
  }

  @Test
  void aResponseLargerThanMaxResponseSizeFails() {
    server.enqueue(
        LoopbackServer.json(
            200, "{\"id\":7,\"fullName\":\"" + "x".repeat(2000) + "\",\"stars\":1}"));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base(), "httpjson.clients.github.max-response-size=1KB")
        .run(
            context ->
                assertThatThrownBy(() -> context.getBean(Repos.class).repo("a", "b"))
                    .isInstanceOf(ResponseTooLargeException.class)
                    .satisfies(
                        e -> assertThat(((ResponseTooLargeException) e).limit()).isEqualTo(1024)));
  }

  @Test
  void retriesFromPropertiesRetryA503() {
    server.enqueue(new MockResponse.Builder().code(503).build());
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}"));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.retry.max-attempts=2",
            "httpjson.clients.github.retry.initial-backoff=1ms",
            "httpjson.clients.github.retry.max-backoff=10ms")
        .run(
            context -> {
              assertThat(context.getBean(Repos.class).repo("a", "b").stars()).isEqualTo(1);
              assertThat(server.getRequestCount()).isEqualTo(2);
            });
  }

  @Test
  void aMaxBackoffBelowTheDefaultInitialBackoffAloneIsTheCap() {
    server.enqueue(new MockResponse.Builder().code(503).build());
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}"));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.retry.max-attempts=2",
            "httpjson.clients.github.retry.max-backoff=10ms")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Repos.class).repo("a", "b").stars()).isEqualTo(1);
              assertThat(server.getRequestCount()).isEqualTo(2);
            });
  }

  @Test
  void anInitialBackoffAboveTheDefaultMaxBackoffAloneRaisesTheCap() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.defaults.retry.max-attempts=2",
            "httpjson.defaults.retry.initial-backoff=1m")
        .run(context -> assertThat(context).hasNotFailed().hasSingleBean(Repos.class));
  }

  @Test
  void anInitialBackoffAboveTheMaxBackoffFailsTheContextNamingBoth() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.retry.max-attempts=2",
            "httpjson.clients.github.retry.initial-backoff=2s",
            "httpjson.defaults.retry.max-backoff=1s")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasMessageContaining("httpjson.clients.github.retry.initial-backoff")
                    .hasMessageContaining("httpjson.defaults.retry.max-backoff"));
  }

  @Test
  void retrySettingsWithoutMaxAttemptsFailTheContext() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base(), "httpjson.clients.github.retry.statuses=502")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("httpjson.clients.github.retry.max-attempts is not set"));
  }

  @Test
  void aRetrySettingTheRetriesRefuseFailsNamingItsProperty() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base(), "httpjson.clients.github.retry.max-attempts=0")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasMessageContaining(
                        "Property httpjson.clients.github.retry.max-attempts with value '0' is invalid: "));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.retry.max-attempts=2",
            "httpjson.clients.github.retry.initial-backoff=-1s")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasMessageContaining(
                        "Property httpjson.clients.github.retry.initial-backoff with value 'PT-1S' is invalid: "));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base(), "httpjson.defaults.retry.max-attempts=0")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasMessageContaining(
                        "Property httpjson.defaults.retry.max-attempts with value '0' is invalid: "));
  }

  @Test
  void compressionOffSendsNoAcceptEncoding() throws Exception {
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}"));
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}"));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base())
        .run(context -> context.getBean(Repos.class).repo("a", "b"));
    assertThat(take().getHeaders().get("Accept-Encoding")).isNotNull();
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base(), "httpjson.clients.github.compression=false")
        .run(context -> context.getBean(Repos.class).repo("a", "b"));
    assertThat(take().getHeaders().get("Accept-Encoding")).isNull();
  }

  @Test
  void anInMemoryCacheAnswersTheSecondCall() {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Cache-Control", "max-age=600")
            .body("{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}")
            .build());
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base(), "httpjson.clients.github.cache.max-size=1MB")
        .run(
            context -> {
              Repos repos = context.getBean(Repos.class);
              assertThat(repos.repo("a", "b")).isEqualTo(repos.repo("a", "b"));
              assertThat(server.getRequestCount()).isEqualTo(1);
            });
  }

  @Test
  void anOnDiskCacheKeepsItsEntriesInTheDirectory(@org.junit.jupiter.api.io.TempDir Path dir) {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Cache-Control", "max-age=600")
            .body("{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}")
            .build());
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.cache.max-size=1MB",
            "httpjson.clients.github.cache.directory=" + dir)
        .run(
            context -> {
              Repos repos = context.getBean(Repos.class);
              repos.repo("a", "b");
              repos.repo("a", "b");
              assertThat(server.getRequestCount()).isEqualTo(1);
              try (var files = Files.walk(dir)) {
                assertThat(files.filter(Files::isRegularFile).count()).isPositive();
              }
            });
  }

  @Test
  void theTransportIsTheOneConfigured() throws Exception {
    for (String[] transport :
        new String[][] {
          {"jdk", "Java-http-client"}, {"okhttp", "okhttp"}, {"apache5", "Apache-HttpClient"}
        }) {
      server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}"));
      runner
          .withUserConfiguration(GitHubApis.class)
          .withPropertyValues(base(), "httpjson.clients.github.transport=" + transport[0])
          .run(
              context -> {
                assertThat(context).hasNotFailed();
                assertThat(context.getBean(Repos.class).repo("a", "b").stars()).isEqualTo(1);
              });
      assertThat(take().getHeaders().get("User-Agent")).as(transport[0]).startsWith(transport[1]);
    }
  }

  @Test
  void closingTheContextClosesTheOkHttpClientsIdleConnections() throws Exception {
    assertClosingTheContextClosesTheIdleConnection("okhttp");
  }

  @Test
  void closingTheContextClosesTheApache5ClientsIdleConnections() throws Exception {
    assertClosingTheContextClosesTheIdleConnection("apache5");
  }

  /** A call on {@code transport}, then the context's close: the idle connection is closed. */
  private void assertClosingTheContextClosesTheIdleConnection(String transport) throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      listener.setSoTimeout(10_000);
      CompletableFuture<Socket> accepted = new CompletableFuture<>();
      Thread serving =
          new Thread(
              () -> {
                try {
                  Socket socket = listener.accept();
                  socket.setSoTimeout(10_000);
                  InputStream in = socket.getInputStream();
                  int matched = 0;
                  while (matched < 4) { // the request's head, up to its blank line
                    int b = in.read();
                    if (b < 0) {
                      throw new IOException("the request ended early");
                    }
                    matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
                  }
                  String body = "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}";
                  socket
                      .getOutputStream()
                      .write(
                          ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                  + body.length()
                                  + "\r\n\r\n"
                                  + body)
                              .getBytes(StandardCharsets.US_ASCII));
                  accepted.complete(socket);
                } catch (IOException e) {
                  accepted.completeExceptionally(e);
                }
              });
      serving.start();
      runner
          .withUserConfiguration(GitHubApis.class)
          .withPropertyValues(
              "httpjson.clients.github.base-uri=http://127.0.0.1:" + listener.getLocalPort() + "/",
              "httpjson.clients.github.transport=" + transport)
          .run(
              context ->
                  assertThat(context.getBean(Repos.class).repo("a", "b").stars()).isEqualTo(1));
      try (Socket socket = accepted.get(10, TimeUnit.SECONDS)) {
        // OkHttp keeps an idle connection for 5 minutes, Apache's pool until the server closes
        // it; the closed context closed it.
        assertThat(socket.getInputStream().read())
            .as("the client closed its connection")
            .isEqualTo(-1);
      }
      serving.join(10_000);
    }
  }

  @Test
  void aConnectTimeoutWithApache5FailsNamingTheProperty() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.transport=apache5",
            "httpjson.clients.github.connect-timeout=2s")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining(
                        "httpjson.clients.github.connect-timeout is not supported"));
  }

  @Test
  void aDefaultTheClientRefusesFailsNamingTheDefault() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(), "httpjson.defaults.transport=apache5", "httpjson.defaults.connect-timeout=2s")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("httpjson.defaults.connect-timeout is not supported"));
  }

  @Test
  void theJdkClientHasTheConnectTimeout() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(base(), "httpjson.clients.github.connect-timeout=2s")
        .run(
            context ->
                assertThat(
                        context
                            .getBean("httpjson.client.github", HttpJsonClient.class)
                            .client()
                            .connectTimeout())
                    .contains(Duration.ofSeconds(2)));
  }

  @Test
  void maxConcurrentCallsLimitsTheCallsInFlight() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .body("{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}")
            .headersDelay(2, TimeUnit.SECONDS)
            .build());
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.max-concurrent-calls=1",
            "httpjson.clients.github.timeout=500ms")
        .run(
            context -> {
              HttpJsonClient client =
                  context.getBean("httpjson.client.github", HttpJsonClient.class);
              var first =
                  client
                      .withTimeout(Duration.ofSeconds(10)) // shares the limit
                      .getFromJsonAsync("repos/a/b", Repos.Repo.class);
              take(); // the first call is in flight
              assertThatThrownBy(() -> client.getFromJson("repos/a/c", Repos.Repo.class))
                  .isInstanceOf(CallTimeoutException.class);
              assertThat(server.getRequestCount())
                  .as("the second call waited for a permit")
                  .isEqualTo(1);
              first.cancel(true);
            });
  }

  @Test
  void followRedirectsMakesHttpjsonFollowThem() {
    server.enqueue(
        new MockResponse.Builder().code(302).addHeader("Location", "/api/repos/a/moved").build());
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/moved\",\"stars\":1}"));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.github.headers.Authorization=Bearer t",
            "httpjson.clients.github.follow-redirects=normal")
        .run(
            context ->
                assertThat(context.getBean(Repos.class).repo("a", "b").fullName())
                    .isEqualTo("a/moved"));
  }

  @Configuration(proxyBeanMethods = false)
  static class Customizers {
    static final AtomicInteger SEEN = new AtomicInteger();

    @Bean
    @Order(2)
    HttpJsonClientCustomizer second() {
      return (name, builder) ->
          builder.interceptor(
              Interceptor.request(
                  r ->
                      java.net.http.HttpRequest.newBuilder(r, (n, v) -> true)
                          .header("X-Order", "second")
                          .build()));
    }

    @Bean
    @Order(1)
    HttpJsonClientCustomizer first() {
      return (name, builder) -> {
        SEEN.incrementAndGet();
        builder.interceptor(
            Interceptor.request(
                r ->
                    java.net.http.HttpRequest.newBuilder(r, (n, v) -> true)
                        .header("X-Client", name)
                        .header("X-Order", "first")
                        .build()));
      };
    }
  }

  @Test
  void customizersRunInOrderForEachClient() throws Exception {
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}"));
    runner
        .withUserConfiguration(GitHubApis.class, Customizers.class)
        .withPropertyValues(base())
        .run(context -> context.getBean(Repos.class).repo("a", "b"));
    RecordedRequest r = take();
    assertThat(r.getHeaders().get("X-Client")).isEqualTo("github");
    assertThat(r.getHeaders().values("X-Order")).containsExactly("first", "second");
  }

  @Test
  void defaultsApplyToEveryClientAndAClientsOwnSettingsOverrideThem() throws Exception {
    server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}"));
    server.enqueue(LoopbackServer.json(200, "{\"state\":\"green\"}"));
    runner
        .withUserConfiguration(TwoClients.class)
        .withPropertyValues(
            base(),
            "httpjson.clients.status.base-uri=" + server.url("/status/").uri(),
            "httpjson.defaults.headers.User-Agent=acme/1.0",
            "httpjson.defaults.headers.X-Team=payments",
            "httpjson.clients.status.headers.x-team=status-page",
            "httpjson.defaults.compression=false",
            "httpjson.defaults.connect-timeout=3s",
            "httpjson.clients.status.connect-timeout=1s")
        .run(
            context -> {
              context.getBean(Repos.class).repo("a", "b");
              context.getBean(Statuses.class).status();
              assertThat(
                      context
                          .getBean("httpjson.client.github", HttpJsonClient.class)
                          .client()
                          .connectTimeout())
                  .contains(Duration.ofSeconds(3));
              assertThat(
                      context
                          .getBean("httpjson.client.status", HttpJsonClient.class)
                          .client()
                          .connectTimeout())
                  .contains(Duration.ofSeconds(1));
            });
    RecordedRequest github = take();
    assertThat(github.getHeaders().get("User-Agent")).isEqualTo("acme/1.0");
    assertThat(github.getHeaders().values("X-Team")).containsExactly("payments");
    assertThat(github.getHeaders().get("Accept-Encoding")).isNull();
    RecordedRequest status = take();
    assertThat(status.getHeaders().get("User-Agent")).isEqualTo("acme/1.0");
    assertThat(status.getHeaders().values("X-Team")).containsExactly("status-page");
  }

  @Test
  void aDefaultCacheDirectoryHoldsOneDirectoryPerClient(
      @org.junit.jupiter.api.io.TempDir Path dir) {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Cache-Control", "max-age=600")
            .body("{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}")
            .build());
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.defaults.cache.max-size=1MB",
            "httpjson.defaults.cache.directory=" + dir)
        .run(
            context -> {
              Repos repos = context.getBean(Repos.class);
              repos.repo("a", "b");
              repos.repo("a", "b");
              assertThat(server.getRequestCount()).isEqualTo(1);
              assertThat(dir.resolve("github")).isDirectory();
            });
  }

  @Test
  void aCacheDirectoryThatIsAFileFailsNamingTheDirectoryNotTheSize(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("cache"), "not a directory");
    for (String prefix : new String[] {"httpjson.clients.github.", "httpjson.defaults."}) {
      Path directory = prefix.startsWith("httpjson.defaults") ? dir : file;
      if (directory == dir) {
        Files.writeString(dir.resolve("github"), "not a directory either");
      }
      runner
          .withUserConfiguration(GitHubApis.class)
          .withPropertyValues(
              base(), prefix + "cache.max-size=1MB", prefix + "cache.directory=" + directory)
          .run(
              context ->
                  assertThat(context)
                      .getFailure()
                      .hasStackTraceContaining(
                          "Property " + prefix + "cache.directory with value '")
                      .hasStackTraceContaining("directory is not a directory")
                      .satisfies(
                          failure ->
                              assertThat(org.assertj.core.util.Throwables.getStackTrace(failure))
                                  .as(prefix)
                                  .doesNotContain("cache.max-size")));
    }
  }

  @Test
  void aDefaultRetryStatusOrMethodTheRetriesRefuseFailsNamingTheDefault() {
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.defaults.retry.max-attempts=3",
            "httpjson.defaults.retry.statuses=503,600")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasMessageContaining(
                        "Property httpjson.defaults.retry.statuses with value '[503, 600]' is"
                            + " invalid: "));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(), "httpjson.defaults.retry.max-attempts=3", "httpjson.defaults.retry.methods=get")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasMessageContaining(
                        "Property httpjson.defaults.retry.methods with value '[get]' is invalid: "));
    runner
        .withUserConfiguration(GitHubApis.class)
        .withPropertyValues(
            base(),
            "httpjson.defaults.retry.max-attempts=3",
            "httpjson.defaults.retry.methods=GET",
            "httpjson.clients.github.retry.methods=get")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .hasMessageContaining(
                        "Property httpjson.clients.github.retry.methods with value '[get]' is"
                            + " invalid: "));
  }

  @Test
  void theMetadataNamesTheClientsProperties() throws Exception {
    String metadata =
        Files.readString(Path.of("target/classes/META-INF/spring-configuration-metadata.json"));
    assertThat(metadata)
        .contains(
            "\"httpjson.clients\"",
            "\"httpjson.defaults.base-uri\"".replace("base-uri", "timeout"),
            "\"httpjson.defaults.retry.max-attempts\"",
            "\"httpjson.defaults.cache.directory\"",
            "\"httpjson.defaults.transport\"");
  }
}

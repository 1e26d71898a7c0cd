package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.internal.Apis;
import dev.httpjson.testing.StubHttpClient;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.GeneratedFiles;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.io.InputStreamSource;

/**
 * Spring's ahead-of-time processing, as {@code spring-boot:process-aot} runs it for a native image:
 * the hints name what httpjson loads by name and what the codec reads reflectively.
 */
class AotTest {
  @Configuration(proxyBeanMethods = false)
  @Import(HttpJsonAutoConfiguration.class)
  @HttpJsonApis(client = "github", types = Repos.class)
  static class Application {}

  private static RuntimeHints process(Class<?> application, Map<String, Object> properties) {
    return generate(application, properties).getRuntimeHints();
  }

  private static DefaultGenerationContext generate(
      Class<?> application, Map<String, Object> properties) {
    GenericApplicationContext context = new GenericApplicationContext();
    context
        .getEnvironment()
        .getPropertySources()
        .addFirst(new MapPropertySource("test", properties));
    AnnotationConfigUtils.registerAnnotationConfigProcessors(context);
    context.registerBean(application);
    DefaultGenerationContext generation =
        new DefaultGenerationContext(classNames(application), new InMemoryGeneratedFiles());
    new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
    generation.writeGeneratedContent();
    return generation;
  }

  @Test
  void theGeneratedInitializerStartsAContextWhoseInterfacesCall(@TempDir Path dir)
      throws Exception {
    try (MockWebServer server = LoopbackServer.start()) {
      server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":3}"));
      Map<String, Object> properties =
          Map.of("httpjson.clients.github.base-uri", server.url("/api/").uri().toString());
      DefaultGenerationContext generation = generate(Application.class, properties);
      Path classes = compile(generation, dir);
      defineOutsideThePackage(classes);

      try (URLClassLoader loader = new ApplicationLoader(classes)) {
        GenericApplicationContext context = new GenericApplicationContext();
        context.setClassLoader(loader);
        context
            .getEnvironment()
            .getPropertySources()
            .addFirst(new MapPropertySource("test", properties));
        @SuppressWarnings("unchecked")
        ApplicationContextInitializer<GenericApplicationContext> initializer =
            (ApplicationContextInitializer<GenericApplicationContext>)
                loader.loadClass(initializer(generation)).getConstructor().newInstance();
        initializer.initialize(context);
        context.refresh();
        try {
          Class<?> repos = loader.loadClass(Repos.class.getName());
          Object api = context.getBean(repos);
          Object repo = repos.getMethod("repo", String.class, String.class).invoke(api, "a", "b");
          assertThat(repo.getClass().getMethod("stars").invoke(repo)).isEqualTo(3);
          assertThat(server.takeRequest(10, TimeUnit.SECONDS).getTarget())
              .isEqualTo("/api/repos/a/b");
        } finally {
          context.close();
        }
      }
    }
  }

  @Test
  void theGeneratedInitializerOfATestWithTheStubStartsAContextOnTheStub(@TempDir Path dir)
      throws Exception {
    Map<String, Object> properties =
        Map.of("httpjson.clients.github.base-uri", "https://api.github.invalid/");
    DefaultGenerationContext generation = generate(SliceTest.StubbedApplication.class, properties);
    Path classes = compile(generation, dir);
    defineOutsideThePackage(classes);

    try (URLClassLoader loader = new ApplicationLoader(classes)) {
      GenericApplicationContext context = new GenericApplicationContext();
      context.setClassLoader(loader);
      context
          .getEnvironment()
          .getPropertySources()
          .addFirst(new MapPropertySource("test", properties));
      @SuppressWarnings("unchecked")
      ApplicationContextInitializer<GenericApplicationContext> initializer =
          (ApplicationContextInitializer<GenericApplicationContext>)
              loader.loadClass(initializer(generation)).getConstructor().newInstance();
      initializer.initialize(context);
      context.refresh();
      try {
        StubHttpClient stub = context.getBean(StubHttpClient.class);
        stub.on("GET", "/repos/{owner}/{repo}")
            .reply(200, Map.of("id", 7, "fullName", "a/b", "stars", 4));
        Class<?> repos = loader.loadClass(Repos.class.getName());
        Object api = context.getBean(repos);
        Object repo = repos.getMethod("repo", String.class, String.class).invoke(api, "a", "b");
        assertThat(repo.getClass().getMethod("stars").invoke(repo)).isEqualTo(4);
      } finally {
        context.close();
      }
    }
  }

  /**
   * Defines the generated classes of Spring's packages (its own post-processors) in their package's
   * loader, as they are when the application's jar holds them: they reach its package-private
   * members.
   */
  private static void defineOutsideThePackage(Path classes) throws Exception {
    List<Path> files;
    try (java.util.stream.Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(f -> f.toString().endsWith(".class")).sorted().toList();
    }
    for (Path f : files) {
      String name = classes.relativize(f).toString().replace(java.io.File.separatorChar, '.');
      name = name.substring(0, name.length() - ".class".length());
      if (!name.startsWith("org.springframework.") || isDefined(name)) {
        continue; // defined by an earlier test: the same code for the same post-processor
      }
      String target = name.substring(0, name.indexOf("__"));
      java.lang.invoke.MethodHandles.privateLookupIn(
              Class.forName(target, false, AotTest.class.getClassLoader()),
              java.lang.invoke.MethodHandles.lookup())
          .defineClass(Files.readAllBytes(f));
    }
  }

  private static boolean isDefined(String name) {
    try {
      Class.forName(name, false, AotTest.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /** The initializer's class, as {@code spring-boot:process-aot} names it to the application. */
  private static String initializer(DefaultGenerationContext generation) {
    InMemoryGeneratedFiles files = (InMemoryGeneratedFiles) generation.getGeneratedFiles();
    List<String> found =
        files.getGeneratedFiles(GeneratedFiles.Kind.SOURCE).keySet().stream()
            .filter(f -> f.endsWith("__ApplicationContextInitializer.java"))
            .map(f -> f.substring(0, f.length() - ".java".length()).replace('/', '.'))
            .toList();
    assertThat(found).hasSize(1);
    return found.get(0);
  }

  /** Compiles the generated sources, with javac as the build runs it. */
  private static Path compile(DefaultGenerationContext generation, Path dir) throws Exception {
    InMemoryGeneratedFiles files = (InMemoryGeneratedFiles) generation.getGeneratedFiles();
    Path sources = Files.createDirectories(dir.resolve("sources"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "javac").toString());
    command.addAll(
        List.of(
            "-proc:none",
            "-nowarn",
            "-d",
            classes.toString(),
            "-cp",
            System.getProperty("java.class.path")));
    for (Map.Entry<String, InputStreamSource> f :
        files.getGeneratedFiles(GeneratedFiles.Kind.SOURCE).entrySet()) {
      Path source = sources.resolve(f.getKey());
      Files.createDirectories(source.getParent());
      try (InputStream in = f.getValue().getInputStream()) {
        Files.copy(in, source);
      }
      command.add(source.toString());
    }
    Process javac =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("javac.log").toFile())
            .start();
    if (!javac.waitFor(120, TimeUnit.SECONDS)) {
      javac.destroyForcibly();
      throw new AssertionError("javac did not finish in 120 s");
    }
    assertThat(javac.exitValue()).as(() -> read(dir.resolve("javac.log"))).isZero();
    return classes;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return e.toString();
    }
  }

  /**
   * The application's loader, as a native image or {@code java -Dspring.aot.enabled=true} runs it:
   * the generated classes with the module's and the tests' in their package, the rest shared (the
   * generated classes of Spring's packages are defined in Spring's loader).
   */
  private static final class ApplicationLoader extends URLClassLoader {
    ApplicationLoader(Path generated) throws Exception {
      super(
          new URL[] {
            generated.toUri().toURL(),
            location(HttpJsonAutoConfiguration.class),
            location(AotTest.class)
          },
          AotTest.class.getClassLoader());
    }

    private static URL location(Class<?> type) {
      return type.getProtectionDomain().getCodeSource().getLocation();
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (!name.startsWith(AotTest.class.getPackageName() + ".")
          && !(name.contains("__") && !name.startsWith("org.springframework."))) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          c = findClass(name);
        }
        if (resolve) {
          resolveClass(c);
        }
        return c;
      }
    }
  }

  /**
   * A {@code ClassNameGenerator} for the application's classes, made reflectively: its constructor
   * takes Spring's repackaged JavaPoet {@code ClassName}, whose signatures name {@code
   * java.compiler}'s types, which this module does not read.
   */
  private static ClassNameGenerator classNames(Class<?> application) {
    try {
      Object name =
          Class.forName("org.springframework.javapoet.ClassName")
              .getMethod("get", Class.class)
              .invoke(null, application);
      for (java.lang.reflect.Constructor<?> c : ClassNameGenerator.class.getConstructors()) {
        if (c.getParameterCount() == 1) {
          return (ClassNameGenerator) c.newInstance(name);
        }
      }
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no ClassNameGenerator(ClassName)");
  }

  @Test
  void theGeneratedImplementationOfAnAnnotatedInterfaceIsLoadableByName() {
    RuntimeHints hints =
        process(
            Application.class,
            Map.of("httpjson.clients.github.base-uri", "https://api.github.invalid/"));

    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(TypeReference.of(Apis.implementationName(Repos.class))))
        .accepts(hints);
  }

  @Test
  void theGeneratedImplementationOfAConfiguredInterfaceIsLoadableByName() {
    RuntimeHints hints =
        process(
            Config.class,
            Map.of(
                "httpjson.clients.status.base-uri",
                "https://status.invalid/",
                "httpjson.clients.status.apis",
                Statuses.class.getName()));

    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(TypeReference.of(Apis.implementationName(Statuses.class))))
        .accepts(hints);
  }

  @Test
  void aConfiguredInterfaceIsLoadableByTheNameItsPropertyGives() {
    // The start binds httpjson.clients.<name>.apis again, loading each interface by name.
    RuntimeHints hints =
        process(
            Config.class,
            Map.of(
                "httpjson.clients.status.base-uri",
                "https://status.invalid/",
                "httpjson.clients.status.apis",
                Statuses.class.getName()));

    assertThat(RuntimeHintsPredicates.reflection().onType(Statuses.class)).accepts(hints);
  }

  @Test
  void theRecordsAnInterfaceReadsAreReadableByTheCodec() {
    RuntimeHints hints =
        process(
            Application.class,
            Map.of("httpjson.clients.github.base-uri", "https://api.github.invalid/"));

    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(Repos.Repo.class)
                .withMemberCategories(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS))
        .accepts(hints);
    assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Repos.Repo.class, "fullName"))
        .accepts(hints);
  }

  @Configuration(proxyBeanMethods = false)
  @Import(HttpJsonAutoConfiguration.class)
  static class Config {}
}

package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.WeakReference;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * A closed context is left to the garbage collector, as a restart (Spring Boot's devtools, a test
 * suite's context cache) needs: nothing of httpjson's keeps the context, its beans or its class
 * loader.
 */
class ClosedContextTest {
  /** A class loader of the application's own, as devtools' restart loader is. */
  private static final class RestartLoader extends URLClassLoader {
    RestartLoader(ClassLoader parent) {
      super(new URL[0], parent);
    }
  }

  @Test
  void aClosedContextWhoseClientsUseTheApplicationMapperIsCollected() throws Exception {
    // Spring Boot's shared BindConverter keeps the context class loader of its first conversion
    // (its ClassEditor's): the first is made here, as an application's start would make it.
    StandardEnvironment first = new StandardEnvironment();
    first
        .getPropertySources()
        .addFirst(
            new MapPropertySource(
                "first", Map.of("first.type", "java.lang.String", "first.uri", "http://a/")));
    Binder.get(first).bind("first.type", Bindable.of(Class.class));
    Binder.get(first).bind("first.uri", Bindable.of(URI.class));
    AtomicReference<WeakReference<ApplicationContext>> context = new AtomicReference<>();
    WeakReference<ClassLoader> loader = run(context);

    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while ((loader.get() != null || context.get().get() != null) && System.nanoTime() < until) {
      System.gc();
      Thread.sleep(50);
    }

    assertThat(context.get().get()).as("the closed context").isNull();
    assertThat(loader.get()).as("its class loader").isNull();
  }

  /** Runs a context whose interface bean binds the application's mapper, and closes it. */
  private static WeakReference<ClassLoader> run(
      AtomicReference<WeakReference<ApplicationContext>> context) {
    ClassLoader restart = new RestartLoader(ClosedContextTest.class.getClassLoader());
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(JacksonAutoConfiguration.class, HttpJsonAutoConfiguration.class))
        .withClassLoader(restart)
        .withPropertyValues(
            "httpjson.clients.github.base-uri=http://127.0.0.1:9/api/",
            // Of configuration rather than @HttpJsonApis: Spring keeps the annotations it reads
            // in soft caches, which a System.gc() leaves alone.
            "httpjson.clients.github.apis=dev.httpjson.spring.boot.Repos",
            // OkHttp starts no thread before a call; a JDK client's selector thread would keep
            // the loader as its context class loader until the client is collected.
            "httpjson.clients.github.transport=okhttp")
        .run(
            c -> {
              assertThat(c).hasNotFailed().hasSingleBean(Repos.class);
              context.set(new WeakReference<>(c.getSourceApplicationContext()));
            });
    return new WeakReference<>(restart);
  }

  /**
   * The application's classes in a loader of their own, as devtools' restart loader holds them: the
   * API interface {@code Statuses}, its generated implementation and its record.
   */
  private static final class ApplicationLoader extends URLClassLoader {
    ApplicationLoader() {
      super(
          new URL[] {ClosedContextTest.class.getProtectionDomain().getCodeSource().getLocation()},
          ClosedContextTest.class.getClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (!name.startsWith("dev.httpjson.spring.boot.Statuses")
          && !name.startsWith("dev.httpjson.spring.boot.HttpJson_Statuses")) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        return c != null ? c : findClass(name);
      }
    }
  }

  @Test
  void anInterfaceOfConfigurationIsTheClassOfTheContextsClassLoaderAfterARestart()
      throws Exception {
    for (int start = 0; start < 2; start++) { // the first start, then a restart
      ClassLoader application = new ApplicationLoader();
      try {
        Class<?> statuses = application.loadClass("dev.httpjson.spring.boot.Statuses");
        assertThat(statuses).isNotEqualTo(Statuses.class);
        new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(HttpJsonAutoConfiguration.class))
            .withClassLoader(application)
            .withPropertyValues(
                "httpjson.clients.status.base-uri=http://127.0.0.1:9/",
                "httpjson.clients.status.apis=dev.httpjson.spring.boot.Statuses")
            .run(
                context -> {
                  assertThat(context).hasNotFailed();
                  assertThat(context.getBean(statuses).getClass().getClassLoader())
                      .isSameAs(application);
                });
      } finally {
        ((URLClassLoader) application).close();
      }
    }
  }
}

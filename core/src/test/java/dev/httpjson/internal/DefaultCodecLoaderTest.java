package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.Javac;
import dev.httpjson.spi.JsonCodec;
import java.lang.ref.WeakReference;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * httpjson shared from a parent class loader (an application server's shared libraries, a plugin
 * host), with a codec only in a web application below it: the default codec is one for the whole
 * JVM, chosen once, so it is never one that only the calling thread's context class loader sees —
 * that would give every application the first one's codec and keep the first one's loader for good.
 */
class DefaultCodecLoaderTest {
  @TempDir Path dir;

  @Test
  void aCodecSeenOnlyThroughTheContextClassLoaderIsNotTheDefaultAndTheErrorSaysWhatToDo()
      throws Exception {
    try (URLClassLoader shared = sharedHttpjson();
        URLClassLoader webapp = webappWithACodec(shared)) {
      Throwable failure = defaultCodecAsSeenFrom(shared, webapp);

      assertThat(failure)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("No JSON codec found")
          .hasMessageContaining(
              "Only the thread's context class loader sees web (webapp.WebCodec), which httpjson"
                  + " does not take as the default of every application")
          .hasMessageContaining("JsonOptions.newBuilder().codec(...)");
    }
  }

  @Test
  void anApplicationWithItsOwnCodecIsCollectedOnceDropped() throws Exception {
    try (URLClassLoader shared = sharedHttpjson()) {
      WeakReference<ClassLoader> loader = askForTheDefaultCodecFromAThrowawayApplication(shared);

      for (int i = 0; i < 100 && loader.get() != null; i++) {
        System.gc();
        Thread.sleep(20);
      }
      assertThat(loader.get()).as("the application's class loader was collected").isNull();
    }
  }

  private WeakReference<ClassLoader> askForTheDefaultCodecFromAThrowawayApplication(
      ClassLoader shared) throws Exception {
    URLClassLoader webapp = webappWithACodec(shared);
    defaultCodecAsSeenFrom(shared, webapp);
    webapp.close();
    return new WeakReference<>(webapp);
  }

  /**
   * What {@code JsonOptions.web().codec()} of httpjson in {@code shared} gives on a thread whose
   * context class loader is {@code webapp}: the codec's name, or the failure.
   */
  private static Throwable defaultCodecAsSeenFrom(ClassLoader shared, ClassLoader webapp)
      throws Exception {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(webapp);
    try {
      Class<?> options = shared.loadClass("dev.httpjson.JsonOptions");
      Object web = options.getMethod("web").invoke(null);
      Object codec = options.getMethod("codec").invoke(web);
      return new AssertionError("the default codec: " + codec.getClass().getName());
    } catch (InvocationTargetException e) {
      return e.getCause();
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  /** httpjson's core classes in a loader of their own, as an application server shares them. */
  private static URLClassLoader sharedHttpjson() throws Exception {
    URL core = JsonCodec.class.getProtectionDomain().getCodeSource().getLocation();
    return new URLClassLoader("shared", new URL[] {core}, ClassLoader.getPlatformClassLoader());
  }

  /** A web application whose only codec, {@code webapp.WebCodec}, it registers as a service. */
  private URLClassLoader webappWithACodec(ClassLoader shared) throws Exception {
    Path classes = dir.resolve("webapp");
    if (!Files.exists(classes)) {
      Path source = dir.resolve("src/webapp/WebCodec.java");
      Files.createDirectories(source.getParent());
      Files.writeString(
          source,
          String.join(
              "\n",
              "package webapp;",
              "public final class WebCodec implements dev.httpjson.spi.JsonCodec {",
              "  public String name() { return \"web\"; }",
              "  public dev.httpjson.spi.JsonBinding bind(dev.httpjson.JsonOptions options) {",
              "    throw new UnsupportedOperationException();",
              "  }",
              "}",
              ""));
      Path core =
          Path.of(JsonCodec.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      Javac.compile(
          List.of(
              "-d",
              classes.toString(),
              "-classpath",
              core.toString(),
              "-proc:none",
              source.toString()));
      Path services = classes.resolve("META-INF/services/dev.httpjson.spi.JsonCodec");
      Files.createDirectories(services.getParent());
      Files.writeString(services, "webapp.WebCodec\n");
    }
    return new URLClassLoader("webapp", new URL[] {classes.toUri().toURL()}, shared);
  }
}

package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ApiDump} over a small module {@code demo}, compiled here by the JDK's compiler. */
class ApiDumpFormatTest {
  private static final Map<String, String> SOURCES =
      Map.of(
          "module-info.java",
          "module demo { exports demo.api; exports demo.internal to java.base; }",
          "demo/api/Base.java",
          """
          package demo.api;
          abstract class Base<T> implements java.util.function.Supplier<T> {
            public static final int LIMIT = 3;
            public T get() { return null; }
            protected abstract void hook(T value);
            public static Base<?> none() { return null; }
            void notApi() {}
          }
          """,
          "demo/api/Thing.java",
          """
          package demo.api;
          import java.util.List;
          public class Thing extends Base<String> implements Comparable<Thing> {
            public final java.util.Map<String, List<Integer>> table = null;
            private final Object anonymous = new Object() {};
            public Thing(String... names) {}
            Thing() {}
            @Override public int compareTo(Thing o) { Runnable r = () -> {}; return 0; }
            @Override protected void hook(String value) {}
            public demo.internal.Impl leak() { return null; }
            public <E extends Exception> void run(List<? super demo.hidden.Secret> l) throws E {}
            public static <K extends Comparable<? super K>> K[][] grid(List<K>[] lists) {
              return null;
            }
            protected static class Nested {}
            public interface Callback { void call(); default void twice() { call(); call(); } }
            private static class Private {}
            public enum Mode { ON, OFF }
            public record Point(int x, int y) {}
            public sealed interface Shape permits Circle {}
            public static final class Circle implements Shape {}
          }
          """,
          "demo/internal/Impl.java",
          "package demo.internal; public class Impl {}",
          "demo/hidden/Secret.java",
          "package demo.hidden; public class Secret {}");

  @TempDir static Path dir;
  private static ApiDump api;

  @BeforeAll
  static void compile() throws Exception {
    Path src = dir.resolve("src");
    Path classes = dir.resolve("classes");
    List<String> javac =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
                "--release",
                "17",
                "-d",
                classes.toString()));
    for (Map.Entry<String, String> source : SOURCES.entrySet()) {
      Path file = src.resolve(source.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, source.getValue());
      javac.add(file.toString());
    }
    Process compile = new ProcessBuilder(javac).redirectErrorStream(true).start();
    String diagnostics =
        new String(compile.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(compile.waitFor(60, TimeUnit.SECONDS)).as("javac finished").isTrue();
    assertThat(compile.exitValue()).as("javac: %s", diagnostics).isZero();
    URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    api = ApiDump.of(classes, loader);
  }

  @Test
  void listsPublicAndProtectedTypesAndMembersWithInheritedOnesResolved() {
    assertThat(api.dump())
        .isEqualTo(
            """
            public class demo.api.Thing implements java.lang.Comparable<demo.api.Thing>, \
            java.util.function.Supplier<java.lang.String> {
              public Thing(java.lang.String...)
              public static final int LIMIT
              public final java.util.Map<java.lang.String, java.util.List<java.lang.Integer>> table
              public int compareTo(demo.api.Thing)
              public java.lang.String get()
              public static <K extends java.lang.Comparable<? super K>> K[][] \
            grid(java.util.List<K>[])
              protected void hook(java.lang.String)
              public demo.internal.Impl leak()
              public static demo.api.Base<?> none()
              public <E extends java.lang.Exception> void \
            run(java.util.List<? super demo.hidden.Secret>) throws E
            }

            public static interface demo.api.Thing.Callback {
              public abstract void call()
              public default void twice()
            }

            public static final class demo.api.Thing.Circle implements demo.api.Thing.Shape {
              public Circle()
            }

            public static final enum demo.api.Thing.Mode {
              public static final demo.api.Thing.Mode OFF
              public static final demo.api.Thing.Mode ON
              public static demo.api.Thing.Mode valueOf(java.lang.String)
              public static demo.api.Thing.Mode[] values()
            }

            protected static class demo.api.Thing.Nested {
              protected Nested()
            }

            public static final record demo.api.Thing.Point {
              public Point(int, int)
              public final boolean equals(java.lang.Object)
              public final int hashCode()
              public final java.lang.String toString()
              public int x()
              public int y()
            }

            public static sealed interface demo.api.Thing.Shape permits demo.api.Thing.Circle {
            }
            """);
  }

  @Test
  void findsTheSignaturesThatNameTypesOutsideTheApi() {
    assertThat(api.hiddenTypeReferences())
        .containsExactly(
            "demo.api.Thing: `public demo.internal.Impl leak()` names demo.internal.Impl, of an"
                + " internal package",
            "demo.api.Thing: `public static demo.api.Base<?> none()` names demo.api.Base, not"
                + " public",
            "demo.api.Thing: `public <E extends java.lang.Exception> void"
                + " run(java.util.List<? super demo.hidden.Secret>) throws E` names"
                + " demo.hidden.Secret, of a package the module does not export");
  }

  @Test
  void showsTheFirstDifferingLinesInTheirType() {
    String committed = api.dump();
    String generated = committed.replace("public int x()", "public long x()");
    assertThat(ApiDump.difference(committed, generated))
        .isEqualTo(
            String.format(
                "in public static final record demo.api.Thing.Point {%n"
                    + "committed (line 39):%n"
                    + "     39    public int x()%n"
                    + "generated (line 39):%n"
                    + "     39    public long x()%n"));
  }

  @Test
  void aQualifiedExportIsNotPublicApi() {
    assertThat(api.exportedPackages()).containsExactly("demo.api");
  }
}

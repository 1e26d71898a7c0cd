package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.spi.JsonCodec;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Proves that a codec works alone: {@link #run} starts a new JVM (this JVM's {@code java}) whose
 * class path is only httpjson's core classes, the codec's classes (with httpjson-codec-support,
 * which httpjson's codecs need), the codec library's jars and {@link CodecAloneMain}; the child
 * checks that given classes cannot be loaded, that {@code ServiceLoader} chose the codec, and does
 * a real GET and POST against a loopback server of its own. A codec module calls it from one test,
 * naming its library's jars and the classes that must be absent.
 */
public final class CodecAlone {
  private static final long TIMEOUT_SECONDS = 60;

  private CodecAlone() {}

  /**
   * A class of httpjson-codec-support, which httpjson's own codecs need at run time, or null when
   * it is not on this JVM's class path (another codec's tests).
   */
  private static @Nullable Class<?> codecSupport() {
    try {
      return Class.forName("dev.httpjson.codec.support.internal.ScalarRules");
    } catch (ClassNotFoundException e) {
      return null;
    }
  }

  /**
   * Runs the child and checks its exit status and output.
   *
   * @param codec the codec, whose classes and {@code name()} the child uses
   * @param libraryJars file names of this JVM's class-path entries that form the codec's library
   * @param absentClasses classes the child must fail to load
   * @return the child's standard output
   */
  public static String run(JsonCodec codec, Pattern libraryJars, String... absentClasses)
      throws Exception {
    Path dir = Files.createTempDirectory("httpjson-alone");
    try {
      List<String> classPath = new ArrayList<>();
      classPath.add(location(HttpJson.class));
      classPath.add(location(codec.getClass()));
      Class<?> support = codecSupport();
      if (support != null) {
        classPath.add(location(support));
      }
      List<String> jars =
          Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
              .filter(e -> !e.isBlank())
              .filter(e -> libraryJars.matcher(Path.of(e).getFileName().toString()).matches())
              .collect(Collectors.toList());
      assertThat(jars)
          .as("jars matching %s on %s", libraryJars, System.getProperty("java.class.path"))
          .isNotEmpty();
      classPath.addAll(jars);
      classPath.add(copyMain(dir.resolve("main")).toString());

      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.add("-cp");
      command.add(String.join(File.pathSeparator, classPath));
      command.add(CodecAloneMain.class.getName());
      command.add(codec.name());
      command.addAll(List.of(absentClasses));
      Path out = dir.resolve("stdout");
      Path err = dir.resolve("stderr");
      Process child =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      boolean exited = child.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (!exited) {
        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      String output = Files.readString(out, StandardCharsets.UTF_8);
      String report =
          String.format(
              "%s%nstdout:%n%s%nstderr:%n%s",
              String.join(" ", command), output, Files.readString(err, StandardCharsets.UTF_8));
      assertThat(exited).as("child ended within %d s: %s", TIMEOUT_SECONDS, report).isTrue();
      assertThat(child.exitValue()).as("child exit status: %s", report).isZero();
      assertThat(output)
          .as(report)
          .contains("codec: " + codec.name())
          .contains(
              "get: Forecast[date=2026-11-30, temperatureC=21, temperatureF=69, summary=Mild]")
          .contains(
              "post: Forecast[date=2026-12-01, temperatureC=5, temperatureF=41, summary=Cool]")
          .contains(
              "sent: application/json; charset=utf-8 {\"date\":\"2026-12-01\",\"temperatureC\":5,"
                  + "\"temperatureF\":41,\"summary\":\"Cool\"}");
      for (String absent : absentClasses) {
        assertThat(output).as(report).contains("absent: " + absent);
      }
      return output;
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** The class-path entry (directory or jar) a class was loaded from. */
  private static String location(Class<?> c) throws URISyntaxException {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }

  /** {@link CodecAloneMain} and its nested classes, alone in a directory of their own. */
  private static Path copyMain(Path root) throws IOException {
    for (Class<?> c : CodecAloneMain.class.getNestMembers()) {
      String resource = c.getName().replace('.', '/') + ".class";
      Path target = root.resolve(resource);
      Files.createDirectories(target.getParent());
      try (InputStream in = CodecAloneMain.class.getClassLoader().getResourceAsStream(resource)) {
        assertThat(in).as(resource).isNotNull();
        Files.copy(in, target);
      }
    }
    return root;
  }
}

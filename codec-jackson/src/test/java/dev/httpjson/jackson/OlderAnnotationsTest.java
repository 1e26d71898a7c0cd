package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.codec.support.internal.ScalarRules;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Jackson 3 keeps its annotations in the Jackson 2 artifact {@code
 * com.fasterxml.jackson.core:jackson-annotations}, so a Jackson 2 BOM older than the version
 * Jackson 3's databind needs downgrades it. The codec says so, naming the artifact, the version
 * found and the one needed, instead of a {@code NoClassDefFoundError} at the first call (2.18) or
 * at the first type read (2.21). Each run puts the codec, Jackson 3 and the older annotations jar
 * (copied to {@code target/older-jackson-annotations} by the build) in a class loader of its own.
 */
class OlderAnnotationsTest {
  private static final Path OLDER = Path.of("target/older-jackson-annotations");

  @ParameterizedTest
  @ValueSource(strings = {"2.18.2", "2.21"})
  void theFirstCallSaysWhichArtifactToUpgrade(String version) throws Exception {
    try (URLClassLoader loader = withAnnotations(version)) {
      Class<?> jsonType = loader.loadClass("dev.httpjson.JsonType");
      Object type = jsonType.getMethod("of", Class.class).invoke(null, Map.class);

      assertThatThrownBy(
              () ->
                  unwrap(
                      () ->
                          jsonType
                              .getMethod("fromJson", byte[].class)
                              .invoke(
                                  type,
                                  (Object) "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8))))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("jackson-annotations " + version + " found")
          .hasMessageContaining("jackson-annotations-" + version + ".jar")
          .hasMessageContaining(
              "needs com.fasterxml.jackson.core:jackson-annotations 2.23 or newer")
          .hasMessageContaining("a Jackson 2 BOM older than 2.23");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"2.21"})
  void aMapperOfTheCallersOwnIsRefusedTooWhereJacksonStillBuildsIt(String version)
      throws Exception {
    try (URLClassLoader loader = withAnnotations(version)) {
      Class<?> mappers = loader.loadClass(JsonMapper.class.getName());
      Object builder = mappers.getMethod("builder").invoke(null);
      Object mapper = builder.getClass().getMethod("build").invoke(builder);
      Class<?> codec = loader.loadClass(JacksonCodec.class.getName());

      assertThatThrownBy(
              () -> unwrap(() -> codec.getMethod("withMapper", mappers).invoke(null, mapper)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("jackson-annotations " + version + " found");
    }
  }

  /** A loader of httpjson, the codec, Jackson 3 and the given jackson-annotations, nothing else. */
  private static URLClassLoader withAnnotations(String version) throws Exception {
    Path older = OLDER.resolve("jackson-annotations-" + version + ".jar");
    assertThat(older).as("copied by the build (maven-dependency-plugin)").exists();
    List<URL> path = new ArrayList<>();
    for (Class<?> c :
        List.of(
            HttpJson.class,
            JacksonCodec.class,
            ScalarRules.class,
            JsonMapper.class,
            JsonFactory.class,
            org.jspecify.annotations.Nullable.class)) {
      path.add(c.getProtectionDomain().getCodeSource().getLocation());
    }
    path.add(older.toUri().toURL());
    assertThat(Files.isRegularFile(older)).isTrue();
    return new URLClassLoader(
        "older-annotations-" + version,
        path.toArray(new URL[0]),
        ClassLoader.getPlatformClassLoader());
  }

  private interface Reflective {
    void run() throws Exception;
  }

  /** Runs a reflective call, throwing what the method threw. */
  private static void unwrap(Reflective call) throws Throwable {
    try {
      call.run();
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}

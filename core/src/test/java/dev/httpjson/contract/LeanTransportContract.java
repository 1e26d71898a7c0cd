package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A transport keeps nothing of one exchange for the next, and knows no class by its name: what it
 * may call on its own threads it learns from httpjson's support package, not from the JDK's
 * internal class names. Read from the transport's compiled classes.
 */
public abstract class LeanTransportContract {
  /** The transport's package, as a folder below {@code target/classes}. */
  protected abstract String packageFolder();

  /** The class that implements {@code HttpClient}: only its configuration in its fields. */
  protected abstract Class<?> clientClass();

  /**
   * Static fields that are not final, as {@code Class.field}: the shared resources the transport
   * starts on demand (a thread), never a cache. None by default.
   */
  protected Set<String> sharedResources() {
    return Set.of();
  }

  @Test
  void noClassIsRecognisedByItsName() throws IOException {
    for (Path file : classFiles()) {
      String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
      assertThat(text)
          .as("%s names a class as a string", file.getFileName())
          .doesNotContain("jdk.internal.")
          .doesNotContain("dev.httpjson.internal.");
    }
  }

  @Test
  void noStaticFieldChangesAfterItIsSet() throws Exception {
    List<String> mutable = new ArrayList<>();
    for (Path file : classFiles()) {
      String name =
          packageFolder().replace('/', '.')
              + '.'
              + file.getFileName().toString().replace(".class", "");
      Class<?> type = Class.forName(name, false, clientClass().getClassLoader());
      for (Field field : type.getDeclaredFields()) {
        int modifiers = field.getModifiers();
        String shown = type.getSimpleName() + "." + field.getName();
        if (Modifier.isStatic(modifiers)
            && !Modifier.isFinal(modifiers)
            && !sharedResources().contains(shown)) {
          mutable.add(shown);
        }
      }
    }
    assertThat(mutable).as("static fields that are not final").isEmpty();
  }

  @Test
  void theClientHoldsOnlyItsConfiguration() {
    for (Field field : clientClass().getDeclaredFields()) {
      assertThat(Modifier.isFinal(field.getModifiers()))
          .as("%s is final: nothing of one exchange is kept for the next", field.getName())
          .isTrue();
    }
  }

  private List<Path> classFiles() throws IOException {
    Path folder = Path.of("target/classes").resolve(packageFolder());
    try (Stream<Path> files = Files.list(folder)) {
      List<Path> all = new ArrayList<>();
      files.filter(f -> f.toString().endsWith(".class")).forEach(all::add);
      assertThat(all).as("compiled classes in %s", folder).isNotEmpty();
      return all;
    }
  }
}

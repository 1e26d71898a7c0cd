package dev.httpjson.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every Java snippet in the README is code that compiles: it appears in an examples class. */
class ReadmeSnippetsTest {
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  @Test
  void everyReadmeJavaSnippetIsInAnExampleClass() throws Exception {
    String readme = Files.readString(Path.of("../README.md"));
    List<String> snippets = new ArrayList<>();
    Matcher m = JAVA_BLOCK.matcher(readme);
    while (m.find()) {
      snippets.add(normalize(m.group(1)));
    }
    String examples;
    try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
      examples =
          files
              .filter(p -> p.toString().endsWith(".java"))
              .map(ReadmeSnippetsTest::read)
              .map(ReadmeSnippetsTest::normalize)
              .collect(Collectors.joining("\n"));
    }

    assertThat(snippets).isNotEmpty();
    for (String snippet : snippets) {
      assertThat(examples).as("README snippet is in examples/").contains(snippet);
    }
  }

  private static String normalize(String code) {
    return code.replaceAll("\\s+", " ").trim();
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}

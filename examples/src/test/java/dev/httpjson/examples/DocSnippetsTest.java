package dev.httpjson.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Java snippet in the README and on the documentation site (docs/) is code that compiles: it
 * appears, whitespace aside, in a class of this module or of the Spring Boot example application
 * (spring-boot/).
 */
class DocSnippetsTest {
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  @Test
  void everyJavaSnippetOfTheReadmeAndTheDocsIsInAnExampleClass() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(Path.of("../README.md"));
    try (Stream<Path> docs = Files.walk(Path.of("../docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    // This module's classes, and the Spring Boot example application's (main and tests: the
    // Spring Boot page shows its tests).
    List<String> sources = new ArrayList<>();
    for (String dir :
        List.of("src/main/java", "spring-boot/src/main/java", "spring-boot/src/test/java")) {
      try (Stream<Path> files = Files.walk(Path.of(dir))) {
        files
            .filter(p -> p.toString().endsWith(".java"))
            .sorted()
            .map(DocSnippetsTest::read)
            .map(DocSnippetsTest::normalize)
            .forEach(sources::add);
      }
    }
    String examples = String.join("\n", sources);

    int count = 0;
    for (Path page : pages) {
      Matcher m = JAVA_BLOCK.matcher(read(page));
      while (m.find()) {
        count++;
        assertThat(examples)
            .as("a Java snippet of %s is in examples/:%n%s", page, m.group(1))
            .contains(normalize(m.group(1)));
      }
    }
    assertThat(count).as("Java snippets found in %s", pages).isGreaterThan(20);
  }

  private static String normalize(String code) {
    return code.replaceAll("\\s+", " ").trim();
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The public API of a published module is written down in {@code api/<artifactId>.api} (see {@link
 * ApiDump}), and a change to it shows in review: this test fails when the compiled classes ({@code
 * target/classes}) give another dump than the committed file. Run with {@code
 * -Dhttpjson.api.update=true}, it writes the file and passes. It also checks that the module
 * exports no internal package to every module, and that no exported signature names a type of an
 * internal package or a type of the module outside its API. A module runs it by subclassing it and
 * naming its artifact.
 */
public abstract class ApiDumpContract {
  private static final Path CLASSES = Path.of("target/classes");
  private static final Path SOURCES = Path.of("src/main/java");

  /**
   * The module's Maven artifact id, which names its API file.
   *
   * @return such as {@code httpjson-core}
   */
  protected abstract String artifactId();

  @Test
  public void theApiMatchesTheCommittedDump() throws Exception {
    Path file = Path.of("api", artifactId() + ".api");
    String generated = ApiDump.of(CLASSES).dump();
    if (Boolean.getBoolean(ApiDump.UPDATE_PROPERTY)) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, generated, StandardCharsets.UTF_8);
      return;
    }
    if (!Files.exists(file)) {
      fail("There is no API dump %s; write it with%n  %s", file.toAbsolutePath(), update());
    }
    String committed = Files.readString(file, StandardCharsets.UTF_8).replace("\r\n", "\n");
    if (!committed.equals(generated)) {
      fail(
          "The public API differs from %s:%n%s%nIf the change is intended, update the file with%n"
              + "  %s%nand commit it with the change.",
          file, ApiDump.difference(committed, generated), update());
    }
  }

  @Test
  public void noInternalPackageIsExported() throws Exception {
    List<String> internal =
        ApiDump.of(CLASSES).exportedPackages().stream()
            .filter(ApiDump::isInternal)
            .collect(Collectors.toList());
    assertThat(internal).as("packages exported to every module").isEmpty();
  }

  @Test
  public void noExportedSignatureNamesAnInternalType() throws Exception {
    List<String> found = ApiDump.of(CLASSES).hiddenTypeReferences();
    if (!found.isEmpty()) {
      fail(
          "%d exported signatures name a type that is not public API:%n%s",
          found.size(), String.join(System.lineSeparator(), found));
    }
  }

  /**
   * Every public or protected type, constructor, method, field and enum constant of an exported
   * package has a javadoc comment (javadoc's doclint leaves out its {@code missing} group, so that
   * an overload may document itself in one sentence and a link to the contract it shares, without
   * repeating the tags; the comment itself stays required). An overriding method inherits its
   * comment.
   */
  @Test
  public void everyPublicMemberOfTheApiHasAComment() throws Exception {
    Set<String> exported = ApiDump.of(CLASSES).exportedPackages();
    List<String> missing = JavadocPresence.missing(SOURCES, exported);
    if (!missing.isEmpty()) {
      fail(
          "%d public members of the API have no javadoc comment:%n%s",
          missing.size(), String.join(System.lineSeparator(), missing));
    }
  }

  /** The command that rewrites this module's API file. */
  private static String update() {
    String module = Path.of("").toAbsolutePath().getFileName().toString();
    return "mvn -B -ntp test -pl "
        + module
        + " -am -Dtest=ApiDumpTest -Dsurefire.failIfNoSpecifiedTests=false -D"
        + ApiDump.UPDATE_PROPERTY
        + "=true";
  }
}

package dev.httpjson.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A codec on the module path, as a named application meets it: a module {@code demo} that reads and
 * writes its own types — a record {@code demo.model.Forecast}, a class {@code demo.model.Station},
 * a record {@code demo.model.Holder} whose components hold {@code demo.other.Wind} — compiled here
 * by the JDK's {@code javac} and run in a forked JVM with {@code --module-path}. Its {@code Main}
 * prints one line per case, {@code <case> ok: <value>} or {@code <case> failed: <exception>}:
 * through the codec SPI ({@code spi-…}: {@code JsonCodec.bind}, {@code JsonBinding.reader}/{@code
 * writer}, where httpjson opens nothing on to the codec) and through {@code JsonType} ({@code
 * jt-…}).
 *
 * <p>When a package is not open, the failure names the class the JDK refused and the {@code opens}
 * to add — never {@code java.util} of {@code java.base}, whose {@code List} or {@code Map} the
 * codec was filling or writing.
 */
public abstract class ModulePathContract {
  @TempDir Path dir;

  /**
   * One class from each module the application runs with: httpjson's core, the codec, its library
   * and what they require.
   *
   * @return the classes
   */
  protected abstract List<Class<?>> modules();

  /**
   * The module of the library that reflects, as {@code opens … to} names it.
   *
   * @return such as {@code com.google.gson}
   */
  protected abstract String libraryModule();

  /**
   * The library as its messages name it.
   *
   * @return such as {@code "Gson"}
   */
  protected abstract String libraryName();

  @Test
  public void aPackageOpenToNoOneFailsNamingTheElementTypeAndTheOpensToAdd() throws Exception {
    String out = run(dir, "", modules());

    String read =
        "failed: dev.httpjson.HttpJsonException: Cannot read demo.model.%s: package demo.model of"
            + " module demo is not open to httpjson; add `opens demo.model to dev.httpjson;` to"
            + " module-info.java of module demo";
    String write =
        "failed: dev.httpjson.JsonWriteException: Cannot write demo.model.Forecast: package"
            + " demo.model of module demo is not open to httpjson; add `opens demo.model to"
            + " dev.httpjson;` to module-info.java of module demo";
    assertThat(line(out, "spi-list")).isEqualTo(String.format(read, "Forecast"));
    assertThat(line(out, "spi-map")).isEqualTo(String.format(read, "Forecast"));
    assertThat(line(out, "spi-class-list")).isEqualTo(String.format(read, "Station"));
    assertThat(line(out, "jt-list")).isEqualTo(String.format(read, "Forecast"));
    assertThat(line(out, "jt-map")).isEqualTo(String.format(read, "Station"));
    assertThat(line(out, "spi-write-list")).startsWith(write);
    assertThat(line(out, "spi-write-map")).startsWith(write);
    assertThat(line(out, "spi-write-object")).startsWith(write);
    assertThat(line(out, "jt-write-list")).startsWith(write);
    assertThat(out).doesNotContain("java.util", "java.base");
  }

  @Test
  public void throughTheCodecSpiAPackageOpenOnlyToHttpjsonNamesTheLibrarysModule()
      throws Exception {
    String out = run(dir, "opens demo.model to dev.httpjson;", modules());

    String notOpen =
        " demo.model.Forecast: package demo.model of module demo is not open to "
            + libraryName()
            + "; add `opens demo.model to "
            + libraryModule()
            + ";` to module-info.java of module demo";
    assertThat(line(out, "spi-list"))
        .isEqualTo("failed: dev.httpjson.HttpJsonException: Cannot read" + notOpen);
    assertThat(line(out, "spi-map"))
        .isEqualTo("failed: dev.httpjson.HttpJsonException: Cannot read" + notOpen);
    assertThat(line(out, "spi-write-object"))
        .startsWith("failed: dev.httpjson.JsonWriteException: Cannot write" + notOpen);
    // Through httpjson, opens to dev.httpjson serves the codec too.
    assertThat(line(out, "jt-list")).startsWith("ok: [Forecast[date=d, temperatureC=1");
    assertThat(line(out, "jt-write-list")).startsWith("ok: [{\"date\":\"d\"");
    assertThat(out).doesNotContain("java.util", "java.base");
  }

  @Test
  public void aComponentInAnotherPackageIsNamedNotTheRecordThatHoldsIt() throws Exception {
    String out = run(dir, "opens demo.model to dev.httpjson;", modules());

    String notOpen =
        " demo.other.Wind: package demo.other of module demo is not open to httpjson; add `opens"
            + " demo.other to dev.httpjson;` to module-info.java of module demo";
    assertThat(line(out, "jt-holder"))
        .isEqualTo("failed: dev.httpjson.HttpJsonException: Cannot read" + notOpen);
    assertThat(line(out, "jt-write-holder"))
        .startsWith("failed: dev.httpjson.JsonWriteException: Cannot write" + notOpen);
  }

  @Test
  public void strictRecordsSeeJSpecifyAnnotationsThatTheApplicationRequiresStatically()
      throws Exception {
    String out = run(dir, "", modules());

    // Note is in a @NullMarked package: its @Nullable component may be absent, a null text fails.
    assertThat(line(out, "jt-strict-absent")).isEqualTo("ok: Note[text=t, by=null]");
    assertThat(line(out, "jt-strict-null"))
        .startsWith(
            "failed: dev.httpjson.JsonReadException: Null for non-null property 'text' of record"
                + " Note");
  }

  /**
   * Compiles and runs the application.
   *
   * @param dir an empty directory to work in
   * @param opens the {@code opens} lines of the application's module-info.java
   * @param modules one class from each module (jar or directory) the application runs with
   * @return the application's output
   * @throws Exception if it cannot be compiled or run
   */
  private static String run(Path dir, String opens, List<Class<?>> modules) throws Exception {
    Path src = dir.resolve("src");
    write(
        src.resolve("module-info.java"),
        "module demo {\n  requires dev.httpjson;\n  requires static org.jspecify;\n"
            + "  opens demo.strict to dev.httpjson;\n  "
            + opens
            + "\n}\n");
    write(
        src.resolve("demo/strict/package-info.java"),
        "@org.jspecify.annotations.NullMarked\npackage demo.strict;\n");
    write(
        src.resolve("demo/strict/Note.java"),
        "package demo.strict;\n"
            + "public record Note(String text, @org.jspecify.annotations.Nullable String by) {}\n");
    write(
        src.resolve("demo/model/Forecast.java"),
        "package demo.model;\n"
            + "public record Forecast(String date, int temperatureC, java.util.List<String> tags)"
            + " {}\n");
    write(
        src.resolve("demo/model/Station.java"),
        "package demo.model;\n"
            + "public class Station {\n"
            + "  public String name;\n"
            + "  public Station() {}\n"
            + "  public String toString() { return \"Station \" + name; }\n"
            + "}\n");
    write(
        src.resolve("demo/model/Holder.java"),
        "package demo.model;\n"
            + "public record Holder(java.util.List<demo.other.Wind> winds,"
            + " java.util.Map<String, demo.other.Wind> byName) {}\n");
    write(
        src.resolve("demo/other/Wind.java"),
        "package demo.other;\npublic record Wind(int speed) {}\n");
    write(src.resolve("demo/Main.java"), MAIN);

    List<String> modulePath = new ArrayList<>();
    for (Class<?> c : modules) {
      modulePath.add(location(c));
    }
    modulePath = modulePath.stream().distinct().collect(Collectors.toList());
    Path classes = dir.resolve("classes");
    List<String> javac =
        new ArrayList<>(
            List.of(
                tool("javac"),
                "-d",
                classes.toString(),
                "--module-path",
                String.join(File.pathSeparator, modulePath)));
    try (Stream<Path> files = Files.walk(src)) {
      files.filter(p -> p.toString().endsWith(".java")).forEach(p -> javac.add(p.toString()));
    }
    Javac.compile(javac.subList(1, javac.size()));

    List<String> runPath = new ArrayList<>(modulePath);
    runPath.add(0, classes.toString());
    List<String> command = new ArrayList<>(Javac.java());
    command.addAll(
        List.of(
            "--module-path",
            String.join(File.pathSeparator, runPath),
            "--module",
            "demo/demo.Main"));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    boolean exited = child.waitFor(60, TimeUnit.SECONDS);
    if (!exited) {
      child.destroyForcibly();
    }
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(exited).as("demo finished: %s", output).isTrue();
    assertThat(child.exitValue()).as("demo output: %s", output).isZero();
    return output;
  }

  /**
   * The line of {@code output} for one case, without its label.
   *
   * @param output the application's output
   * @param label the case, such as {@code "spi-list"}
   * @return what follows {@code "<label> "}
   */
  private static String line(String output, String label) {
    String prefix = label + " ";
    return output
        .lines()
        .filter(l -> l.startsWith(prefix))
        .map(l -> l.substring(prefix.length()))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no line " + label + " in " + output));
  }

  private static String location(Class<?> c) throws URISyntaxException {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }

  private static String tool(String name) {
    return Path.of(System.getProperty("java.home"), "bin", name).toString();
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static final String MAIN =
      String.join(
          "\n",
          "package demo;",
          "import demo.model.Forecast;",
          "import demo.model.Holder;",
          "import demo.model.Station;",
          "import demo.other.Wind;",
          "import dev.httpjson.JsonOptions;",
          "import dev.httpjson.JsonType;",
          "import dev.httpjson.JsonType;",
          "import dev.httpjson.spi.JsonWriter;",
          "import java.lang.reflect.Type;",
          "import java.nio.charset.StandardCharsets;",
          "import java.util.List;",
          "import java.util.Map;",
          "public class Main {",
          "  interface Case { Object run() throws Exception; }",
          "  static void test(String label, Case c) {",
          "    try {",
          "      System.out.println(label + \" ok: \" + c.run());",
          "    } catch (Exception e) {",
          "      System.out.println(label + \" failed: \" + e.toString().replace('\\n', ' '));",
          "    }",
          "  }",
          "  static Object read(Type type, String json) throws Exception {",
          "    JsonOptions web = JsonOptions.web();",
          "    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);",
          "    return web.codec().bind(web).reader(type).read(bytes, 0, bytes.length);",
          "  }",
          "  @SuppressWarnings(\"unchecked\")",
          "  static Object write(Type type, Object value) throws Exception {",
          "    JsonOptions web = JsonOptions.web();",
          "    JsonWriter<Object> w = (JsonWriter<Object>) web.codec().bind(web).writer(type);",
          "    return new String(w.writeBytes(value), StandardCharsets.UTF_8);",
          "  }",
          "  public static void main(String[] args) {",
          "    String f = \"{\\\"date\\\":\\\"d\\\",\\\"temperatureC\\\":1,\\\"tags\\\":[]}\";",
          "    Forecast forecast = new Forecast(\"d\", 1, List.of());",
          "    test(\"spi-list\", () -> read(JsonType.listOf(Forecast.class).type(), \"[\" + f + \"]\"));",
          "    test(\"spi-map\", () -> read(new JsonType<Map<String, Forecast>>() {}.type(),",
          "        \"{\\\"a\\\":\" + f + \"}\"));",
          "    test(\"spi-class-list\", () -> read(JsonType.listOf(Station.class).type(),",
          "        \"[{\\\"name\\\":\\\"n\\\"}]\"));",
          "    test(\"spi-write-list\", () -> write(JsonType.listOf(Forecast.class).type(),",
          "        List.of(forecast)));",
          "    test(\"spi-write-map\", () -> write(new JsonType<Map<String, Forecast>>() {}.type(),",
          "        Map.of(\"a\", forecast)));",
          "    test(\"spi-write-object\", () -> write(Object.class, List.of(forecast)));",
          "    test(\"jt-list\", () -> JsonType.listOf(Forecast.class)",
          "        .fromJson(\"[\" + f + \"]\"));",
          "    test(\"jt-map\", () -> new JsonType<Map<String, Station>>() {}",
          "        .fromJson(\"{\\\"a\\\":{\\\"name\\\":\\\"n\\\"}}\"));",
          "    test(\"jt-holder\", () -> JsonType.of(Holder.class)",
          "        .fromJson(\"{\\\"winds\\\":[{\\\"speed\\\":1}],\\\"byName\\\":{}}\"));",
          "    test(\"jt-write-holder\", () -> JsonType.of(Holder.class)",
          "        .toJson(new Holder(List.of(new Wind(1)), Map.of())));",
          "    JsonOptions strict = JsonOptions.newBuilder().strictRecords(true).build();",
          "    test(\"jt-strict-absent\", () -> JsonType.of(demo.strict.Note.class, strict)",
          "        .fromJson(\"{\\\"text\\\":\\\"t\\\"}\"));",
          "    test(\"jt-strict-null\", () -> JsonType.of(demo.strict.Note.class, strict)",
          "        .fromJson(\"{\\\"text\\\":null,\\\"by\\\":\\\"b\\\"}\"));",
          "    test(\"jt-write-list\", () -> JsonType.listOf(Forecast.class)",
          "        .toJson(List.of(forecast)));",
          "  }",
          "}",
          "");
}

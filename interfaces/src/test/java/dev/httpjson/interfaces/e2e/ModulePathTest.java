package dev.httpjson.interfaces.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.interfaces.GET;
import dev.httpjson.jackson.JacksonCodec;
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
import mockwebserver3.MockWebServer;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * A named application on the module path, as a user builds it: javac with httpjson-interfaces on
 * {@code --processor-module-path}, its API interface in a package it neither exports nor opens, run
 * in a forked JVM with {@code --module-path}.
 */
class ModulePathTest {
  @TempDir Path dir;

  @Test
  void theGeneratedClassIsFoundInAPackageTheApplicationDoesNotExport() throws Exception {
    String out;
    try (MockWebServer server = LoopbackServer.start()) {
      server.enqueue(LoopbackServer.json(200, "[{\"city\":\"New York\",\"temperatureC\":21}]"));
      out = run(server.url("/v1/").toString());
      assertThat(LoopbackServer.take(server).getTarget())
          .isEqualTo("/v1/forecasts/New%20York?days=2");
    }

    assertThat(out).contains("call ok: [Forecast[city=New York, temperatureC=21]]");
    assertThat(out)
        .contains(
            "plain failed: No generated implementation of demo.api.Plain (demo.api.HttpJson_Plain"
                + " is not on the class path)");
  }

  private String run(String baseUri) throws Exception {
    Path src = dir.resolve("src");
    write(
        src.resolve("module-info.java"),
        "module demo {\n  requires dev.httpjson;\n  requires static dev.httpjson.interfaces;\n"
            + "  opens demo.model to dev.httpjson;\n}\n");
    write(
        src.resolve("demo/model/Forecast.java"),
        "package demo.model;\npublic record Forecast(String city, int temperatureC) {}\n");
    write(
        src.resolve("demo/api/Weather.java"),
        String.join(
            "\n",
            "package demo.api;",
            "import demo.model.Forecast;",
            "import dev.httpjson.interfaces.GET;",
            "import dev.httpjson.interfaces.Path;",
            "import dev.httpjson.interfaces.Query;",
            "import java.io.IOException;",
            "import java.util.List;",
            "public interface Weather {",
            "  @GET(\"forecasts/{city}\")",
            "  List<Forecast> forecasts(@Path(\"city\") String city, @Query(\"days\") int days)",
            "      throws IOException, InterruptedException;",
            "}",
            ""));
    write(
        src.resolve("demo/api/Plain.java"),
        "package demo.api;\npublic interface Plain {\n  String hello();\n}\n");
    write(
        src.resolve("demo/Main.java"),
        String.join(
            "\n",
            "package demo;",
            "import demo.api.Plain;",
            "import demo.api.Weather;",
            "import dev.httpjson.HttpJsonClient;",
            "import java.net.http.HttpClient;",
            "public class Main {",
            "  public static void main(String[] args) throws Exception {",
            "    HttpJsonClient client =",
            "        HttpJsonClient.newBuilder(HttpClient.newHttpClient()).baseUri(args[0]).build();",
            "    try {",
            "      System.out.println(\"call ok: \" + client.create(Weather.class)",
            "          .forecasts(\"New York\", 2));",
            "    } catch (Exception e) {",
            "      System.out.println(\"call failed: \" + e);",
            "    }",
            "    try {",
            "      client.create(Plain.class);",
            "    } catch (IllegalArgumentException e) {",
            "      System.out.println(\"plain failed: \" + e.getMessage());",
            "    }",
            "    System.exit(0);",
            "  }",
            "}",
            ""));

    List<String> modulePath =
        Stream.of(
                HttpJsonClient.class,
                JacksonCodec.class,
                ScalarRules.class,
                JsonMapper.class,
                JsonFactory.class,
                JsonInclude.class,
                NullMarked.class,
                GET.class)
            .map(ModulePathTest::location)
            .distinct()
            .collect(Collectors.toList());
    String processor = location(GET.class);
    Path classes = dir.resolve("classes");
    List<String> javac =
        new ArrayList<>(
            List.of(
                tool("javac"),
                "-d",
                classes.toString(),
                "--module-path",
                String.join(File.pathSeparator, modulePath),
                "--processor-module-path",
                processor
                    + File.pathSeparator
                    + location(HttpJsonClient.class)
                    + File.pathSeparator
                    + location(NullMarked.class)));
    try (Stream<Path> files = Files.walk(src)) {
      files.filter(p -> p.toString().endsWith(".java")).forEach(p -> javac.add(p.toString()));
    }
    Process compile = new ProcessBuilder(javac).redirectErrorStream(true).start();
    String diagnostics =
        new String(compile.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(compile.waitFor(60, TimeUnit.SECONDS)).as("javac finished").isTrue();
    assertThat(compile.exitValue()).as("javac: %s", diagnostics).isZero();
    assertThat(classes.resolve("demo/api/HttpJson_Weather.class")).exists();

    List<String> runPath = new ArrayList<>(modulePath);
    runPath.remove(processor); // the annotations are not needed at run time
    runPath.add(0, classes.toString());
    Process child =
        new ProcessBuilder(
                tool("java"),
                "--module-path",
                String.join(File.pathSeparator, runPath),
                "--module",
                "demo/demo.Main",
                baseUri)
            .redirectErrorStream(true)
            .start();
    boolean exited = child.waitFor(60, TimeUnit.SECONDS);
    if (!exited) {
      child.destroyForcibly();
    }
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(exited).as("demo finished: %s", output).isTrue();
    assertThat(child.exitValue()).as("demo output: %s", output).isZero();
    return output;
  }

  private static String location(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String tool(String name) {
    return Path.of(System.getProperty("java.home"), "bin", name).toString();
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}

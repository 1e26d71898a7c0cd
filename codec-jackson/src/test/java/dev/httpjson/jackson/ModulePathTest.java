package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.httpjson.HttpJson;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.contract.Javac;
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
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * httpjson as a user meets it on the module path: a module {@code demo} that {@code requires
 * dev.httpjson;} and keeps its records in {@code demo.model}, compiled here against the built
 * modules (by the JDK's {@code javac}) and run in a forked JVM with {@code --module-path}. It GETs
 * a forecast list from a loopback server and posts one back.
 */
class ModulePathTest {
  @TempDir Path dir;

  @Test
  void aPackageOpenToNoOneFailsSayingWhatToAddToModuleInfo() throws Exception {
    String out = run("");

    // Not a JsonReadException with a line and column: the JSON is fine.
    assertThat(line(out, "read "))
        .isEqualTo(
            "read failed: dev.httpjson.HttpJsonException: Cannot read demo.model.Forecast: package"
                + " demo.model of module demo is not open to httpjson; add `opens demo.model to"
                + " dev.httpjson;` to module-info.java of module demo");
    assertThat(line(out, "write "))
        .startsWith(
            "write failed: dev.httpjson.JsonWriteException: Cannot write demo.model.Forecast: package"
                + " demo.model of module demo is not open to httpjson; add `opens demo.model to"
                + " dev.httpjson;` to module-info.java of module demo");
  }

  @Test
  void aTypeReadThroughTheCodecSpiNamesItsOwnPackageNotTheListsOne() throws Exception {
    // Through the SPI, httpjson does not open the package on to Jackson: the failure must name
    // demo.model, not java.util (of java.base), whose ArrayList Jackson was filling.
    String out = run("opens demo.model to dev.httpjson;");

    assertThat(line(out, "spi "))
        .isEqualTo(
            "spi failed: dev.httpjson.HttpJsonException: Cannot read demo.model.Forecast: package"
                + " demo.model of module demo is not open to Jackson; add `opens demo.model to"
                + " tools.jackson.databind;` to module-info.java of module demo");
    assertThat(line(out, "spiw "))
        .startsWith(
            "spiw failed: dev.httpjson.JsonWriteException: Cannot write demo.model.Forecast:"
                + " package demo.model of module demo is not open to Jackson; add `opens"
                + " demo.model to tools.jackson.databind;` to module-info.java of module demo");
  }

  @Test
  void opensToHttpjsonIsEnough() throws Exception {
    String out = run("opens demo.model to dev.httpjson;");

    assertThat(out)
        .contains("read ok: [Forecast[date=2026-11-30, temperatureC=21, note=null, tags=[hot]]")
        .contains("write ok: {\"date\":\"2026-11-30\",\"temperatureC\":21,\"note\":\"n\"");
  }

  @Test
  void opensToJacksonStillWorks() throws Exception {
    String out = run("opens demo.model to tools.jackson.databind;");

    assertThat(out).contains("read ok: ").contains("write ok: ");
  }

  @Test
  void strictRecordsSeeJSpecifyAnnotationsOnTheModulePath() throws Exception {
    String out = run("opens demo.model to dev.httpjson;");

    // Forecast is in a @NullMarked package: its @Nullable note may be absent, a null tag list
    // fails.
    assertThat(out)
        .contains(
            "null failed: dev.httpjson.JsonReadException: Null for non-null property 'tags' of"
                + " record Forecast");
  }

  /** Compiles {@code demo} with {@code opens} in its module-info, runs it, returns its output. */
  private String run(String opens) throws Exception {
    Path src = dir.resolve("src");
    write(
        src.resolve("module-info.java"),
        "module demo {\n  requires dev.httpjson;\n  requires jdk.httpserver;\n  "
            + opens
            + "\n}\n");
    write(
        src.resolve("demo/model/package-info.java"),
        "@org.jspecify.annotations.NullMarked\npackage demo.model;\n");
    write(
        src.resolve("demo/model/Forecast.java"),
        "package demo.model;\n"
            + "import java.util.List;\n"
            + "import org.jspecify.annotations.Nullable;\n"
            + "public record Forecast(String date, int temperatureC, @Nullable String note,"
            + " List<String> tags) {}\n");
    write(src.resolve("demo/Main.java"), MAIN);

    List<String> modulePath = modulePath();
    Path classes = dir.resolve("classes");
    List<String> javac = new ArrayList<>();
    javac.addAll(
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
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!exited) {
      child.destroyForcibly();
    }
    assertThat(exited).as("demo finished: %s", output).isTrue();
    assertThat(child.exitValue()).as("demo output: %s", output).isZero();
    return output;
  }

  /** The modules as built: httpjson's core and codec, Jackson and JSpecify. */
  private static List<String> modulePath() throws URISyntaxException {
    List<String> path = new ArrayList<>();
    for (Class<?> c :
        List.of(
            HttpJson.class,
            JacksonCodec.class,
            ScalarRules.class,
            JsonMapper.class,
            JsonFactory.class,
            JsonInclude.class,
            NullMarked.class)) {
      path.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
    }
    return path.stream().distinct().collect(Collectors.toList());
  }

  private static String line(String output, String prefix) {
    return output
        .lines()
        .filter(l -> l.startsWith(prefix))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no line " + prefix + "in " + output));
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
          "import com.sun.net.httpserver.HttpServer;",
          "import demo.model.Forecast;",
          "import dev.httpjson.HttpJson;",
          "import dev.httpjson.JsonOptions;",
          "import dev.httpjson.JsonType;",
          "import java.net.InetAddress;",
          "import java.net.InetSocketAddress;",
          "import java.net.URI;",
          "import java.net.http.HttpClient;",
          "import java.nio.charset.StandardCharsets;",
          "import java.util.List;",
          "public class Main {",
          "  public static void main(String[] args) throws Exception {",
          "    // First: no call through HttpJson has opened demo.model on to Jackson yet.",
          "    try {",
          "      JsonOptions web = JsonOptions.web();",
          "      byte[] json = \"[{\\\"date\\\":\\\"2026-11-30\\\",\\\"temperatureC\\\":21,\\\"tags\\\":[]}]\"",
          "          .getBytes(StandardCharsets.UTF_8);",
          "      Object spi = web.codec().bind(web).reader(JsonType.listOf(Forecast.class).type())",
          "          .read(json, 0, json.length);",
          "      System.out.println(\"spi ok: \" + spi);",
          "    } catch (Exception e) {",
          "      System.out.println(\"spi failed: \" + e);",
          "    }",
          "    try {",
          "      JsonOptions web = JsonOptions.web();",
          "      byte[] spiw = web.codec().bind(web).writer(JsonType.listOf(Forecast.class).type())",
          "          .writeBytes(List.of(new Forecast(\"2026-11-30\", 21, \"n\", List.of())));",
          "      System.out.println(\"spiw ok: \" + new String(spiw, StandardCharsets.UTF_8));",
          "    } catch (Exception e) {",
          "      System.out.println(\"spiw failed: \" + e);",
          "    }",
          "    HttpServer server = HttpServer.create(",
          "        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);",
          "    server.createContext(\"/\", exchange -> {",
          "      String path = exchange.getRequestURI().getPath();",
          "      byte[] body = path.equals(\"/echo\") ? exchange.getRequestBody().readAllBytes() : (path.equals(\"/null\")",
          "          ? \"[{\\\"date\\\":\\\"2026-11-30\\\",\\\"temperatureC\\\":21,\\\"tags\\\":null}]\"",
          "          : \"[{\\\"date\\\":\\\"2026-11-30\\\",\\\"temperatureC\\\":21,\\\"tags\\\":[\\\"hot\\\"]}]\")",
          "          .getBytes(StandardCharsets.UTF_8);",
          "      exchange.getResponseHeaders().add(\"Content-Type\", \"application/json\");",
          "      exchange.sendResponseHeaders(200, body.length);",
          "      exchange.getResponseBody().write(body);",
          "      exchange.close();",
          "    });",
          "    server.start();",
          "    HttpClient client = HttpClient.newHttpClient();",
          "    String base = \"http://127.0.0.1:\" + server.getAddress().getPort();",
          "    try {",
          "      List<Forecast> list = HttpJson.getFromJson(",
          "          client, URI.create(base + \"/list\"), JsonType.listOf(Forecast.class));",
          "      System.out.println(\"read ok: \" + list);",
          "    } catch (Exception e) {",
          "      System.out.println(\"read failed: \" + e);",
          "    }",
          "    try {",
          "      byte[] echo = HttpJson.postAsJson(client, URI.create(base + \"/echo\"),",
          "          new Forecast(\"2026-11-30\", 21, \"n\", List.of(\"hot\"))).body();",
          "      System.out.println(\"write ok: \" + new String(echo, StandardCharsets.UTF_8));",
          "    } catch (Exception e) {",
          "      System.out.println(\"write failed: \" + e);",
          "    }",
          "    try {",
          "      HttpJson.getFromJson(client, URI.create(base + \"/null\"), JsonType.listOf(Forecast.class)",
          "          .withOptions(JsonOptions.newBuilder().strictRecords(true).build()));",
          "      System.out.println(\"null ok\");",
          "    } catch (Exception e) {",
          "      System.out.println(\"null failed: \" + e);",
          "    }",
          "    server.stop(0);",
          "  }",
          "}",
          "");
}

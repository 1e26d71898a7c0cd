package dev.httpjson.avaje;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.HttpJson;
import dev.httpjson.codec.support.internal.ScalarRules;
import io.avaje.json.JsonReader;
import io.avaje.jsonb.Jsonb;
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

/**
 * The codec as a user meets it on the module path: a module {@code demo} with an {@code @Json}
 * record, compiled here by the JDK's {@code javac} with avaje's processor and run in a forked JVM
 * with {@code --module-path}. No {@code opens}: nothing is read by reflection.
 */
class ModulePathTest {
  @TempDir Path dir;

  @Test
  void generatedAdaptersNeedNoOpensAndATypeWithoutOneFailsSayingWhatToAdd() throws Exception {
    String out = run();

    assertThat(out)
        .contains("read ok: [Forecast[date=2026-11-30, temperatureC=21, summary=Mild]]")
        .contains("write ok: {\"date\":\"2026-11-30\",\"temperatureC\":21,\"summary\":\"Mild\"}")
        .contains(
            "plain failed: dev.httpjson.HttpJsonException: Cannot read demo.model.Plain: No"
                + " avaje-jsonb adapter for demo.model.Plain: annotate demo.model.Plain with @Json");
  }

  private String run() throws Exception {
    Path src = dir.resolve("src");
    write(
        src.resolve("module-info.java"),
        "module demo {\n"
            + "  requires dev.httpjson;\n"
            + "  requires io.avaje.jsonb;\n"
            + "  requires jdk.httpserver;\n"
            + "  provides io.avaje.jsonb.spi.JsonbExtension with"
            + " demo.model.jsonb.GeneratedJsonComponent;\n"
            + "}\n");
    write(
        src.resolve("demo/model/Forecast.java"),
        "package demo.model;\n"
            + "@io.avaje.jsonb.Json\n"
            + "public record Forecast(java.time.LocalDate date, int temperatureC, String summary)"
            + " {}\n");
    write(
        src.resolve("demo/model/Plain.java"),
        "package demo.model;\npublic record Plain(int a) {}\n");
    write(src.resolve("demo/Main.java"), MAIN);

    List<String> modulePath = modulePath();
    Path classes = dir.resolve("classes");
    List<String> javac = new ArrayList<>();
    javac.addAll(
        List.of(
            tool("javac"),
            "-d",
            classes.toString(),
            "-s",
            dir.resolve("generated").toString(),
            "--module-path",
            String.join(File.pathSeparator, modulePath),
            "--processor-path",
            jarOf(Class.forName("io.avaje.jsonb.generator.JsonbProcessor"))));
    try (Stream<Path> files = Files.walk(src)) {
      files.filter(p -> p.toString().endsWith(".java")).forEach(p -> javac.add(p.toString()));
    }
    Files.createDirectories(dir.resolve("generated"));
    Process compile = new ProcessBuilder(javac).redirectErrorStream(true).start();
    String diagnostics =
        new String(compile.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(compile.waitFor()).as("javac: %s", diagnostics).isZero();

    List<String> runPath = new ArrayList<>(modulePath);
    runPath.add(0, classes.toString());
    Process child =
        new ProcessBuilder(
                tool("java"),
                "--module-path",
                String.join(File.pathSeparator, runPath),
                "--module",
                "demo/demo.Main")
            .redirectErrorStream(true)
            .start();
    boolean exited = child.waitFor(60, TimeUnit.SECONDS);
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!exited) {
      child.destroyForcibly();
    }
    assertThat(exited).as("demo finished: %s", output).isTrue();
    assertThat(child.exitValue()).as("demo output: %s", output).isZero();
    return output;
  }

  /** The modules as built: httpjson's core and this codec, avaje-jsonb and JSpecify. */
  private static List<String> modulePath() throws URISyntaxException {
    List<String> path = new ArrayList<>();
    for (Class<?> c :
        List.of(
            HttpJson.class,
            AvajeCodec.class,
            ScalarRules.class,
            Jsonb.class,
            JsonReader.class,
            NullMarked.class)) {
      path.add(jarOf(c));
    }
    return path.stream().distinct().collect(Collectors.toList());
  }

  private static String jarOf(Class<?> c) throws URISyntaxException {
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
          "import com.sun.net.httpserver.HttpServer;",
          "import demo.model.Forecast;",
          "import demo.model.Plain;",
          "import dev.httpjson.HttpJson;",
          "import dev.httpjson.JsonType;",
          "import java.net.InetAddress;",
          "import java.net.InetSocketAddress;",
          "import java.net.URI;",
          "import java.net.http.HttpClient;",
          "import java.net.http.HttpResponse;",
          "import java.nio.charset.StandardCharsets;",
          "import java.util.List;",
          "public class Main {",
          "  public static void main(String[] args) throws Exception {",
          "    HttpServer server = HttpServer.create(",
          "        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);",
          "    server.createContext(\"/\", exchange -> {",
          "      String path = exchange.getRequestURI().getPath();",
          "      byte[] body = path.equals(\"/echo\") ? exchange.getRequestBody().readAllBytes()",
          "          : path.equals(\"/plain\") ? \"{\\\"a\\\":1}\".getBytes(StandardCharsets.UTF_8)",
          "          : \"[{\\\"Date\\\":\\\"2026-11-30\\\",\\\"temperatureC\\\":21,\\\"summary\\\":\\\"Mild\\\"}]\"",
          "              .getBytes(StandardCharsets.UTF_8);",
          "      exchange.getResponseHeaders().add(\"Content-Type\", \"application/json\");",
          "      exchange.sendResponseHeaders(200, body.length);",
          "      exchange.getResponseBody().write(body);",
          "      exchange.close();",
          "    });",
          "    server.start();",
          "    URI base = URI.create(\"http://127.0.0.1:\" + server.getAddress().getPort() + \"/\");",
          "    HttpClient client = HttpClient.newHttpClient();",
          "    try {",
          "      List<Forecast> list =",
          "          HttpJson.getFromJson(client, base.resolve(\"list\"), new JsonType<List<Forecast>>() {});",
          "      System.out.println(\"read ok: \" + list);",
          "      HttpResponse<byte[]> echoed = HttpJson.postAsJson(client, base.resolve(\"echo\"), list.get(0));",
          "      System.out.println(\"write ok: \" + new String(echoed.body(), StandardCharsets.UTF_8));",
          "      try {",
          "        HttpJson.getFromJson(client, base.resolve(\"plain\"), Plain.class);",
          "        System.out.println(\"plain read\");",
          "      } catch (Exception e) {",
          "        System.out.println(\"plain failed: \" + e);",
          "      }",
          "    } finally {",
          "      server.stop(0);",
          "    }",
          "  }",
          "}",
          "");
}

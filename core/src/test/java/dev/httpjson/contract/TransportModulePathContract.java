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
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transport on the module path, as a named application meets it: a module {@code demo} that
 * {@code requires} httpjson and the transport's module and opens its model package to httpjson
 * only, compiled here and run in a forked JVM with {@code --module-path} holding what the build
 * resolves for it (the transport's library and that library's own dependencies) and no other flag.
 * It makes a blocking, a posting, an asynchronous and a streamed call, printing one line each:
 * {@code <case> ok: <value>} or {@code <case> failed: <exception>}.
 */
public abstract class TransportModulePathContract {
  @TempDir Path dir;

  /**
   * One class from each module the application runs with: httpjson's core, a codec and what it
   * requires, the transport, and the transport's library with its dependencies.
   *
   * @return the classes
   */
  protected abstract List<Class<?>> modules();

  /**
   * The transport's module, as the application {@code requires} it.
   *
   * @return such as {@code dev.httpjson.okhttp}
   */
  protected abstract String transportModule();

  /**
   * The Java expression that makes the transport's client in the application.
   *
   * @return such as {@code dev.httpjson.okhttp.OkHttpTransport.newHttpClient()}
   */
  protected abstract String newClient();

  @Test
  public void anApplicationCallsThroughTheTransportWithNoFlagOfItsOwn() throws Exception {
    assertCallsThrough(locations(modules()));
  }

  /**
   * Runs the application with {@code modulePath} against a server with its four answers queued, and
   * checks each call's outcome and what the server received.
   *
   * @param modulePath the module path, one entry each
   * @throws Exception if the application cannot be compiled or run
   */
  protected final void assertCallsThrough(List<String> modulePath) throws Exception {
    try (MockWebServer server = LoopbackServer.start()) {
      server.enqueue(LoopbackServer.json(200, "{\"name\":\"a\",\"count\":1}"));
      server.enqueue(LoopbackServer.json(201, ""));
      server.enqueue(LoopbackServer.json(200, "{\"name\":\"c\",\"count\":3}"));
      server.enqueue(
          LoopbackServer.json(200, "[{\"name\":\"d\",\"count\":4},{\"name\":\"e\",\"count\":5}]"));

      String out = run(modulePath, LoopbackServer.uri(server, "/").toString());

      assertThat(out)
          .contains("get ok: Item[name=a, count=1]")
          .contains("post ok: 201")
          .contains("async ok: Item[name=c, count=3]")
          .contains("stream ok: [Item[name=d, count=4], Item[name=e, count=5]]");
      assertThat(LoopbackServer.take(server).getTarget()).isEqualTo("/item");
      assertThat(LoopbackServer.take(server).getBody().utf8())
          .isEqualTo("{\"name\":\"b\",\"count\":2}");
    }
  }

  /**
   * Where each class's module is: a jar or a directory of classes.
   *
   * @param classes one class from each module
   * @return the module path entries, without repeats
   * @throws URISyntaxException never for a class loaded from a file
   */
  protected static List<String> locations(List<Class<?>> classes) throws URISyntaxException {
    List<String> path = new ArrayList<>();
    for (Class<?> c : classes) {
      path.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
    }
    return path.stream().distinct().collect(Collectors.toList());
  }

  private String run(List<String> modulePath, String baseUri) throws Exception {
    Path src = dir.resolve("src");
    write(
        src.resolve("module-info.java"),
        "module demo {\n  requires dev.httpjson;\n  requires "
            + transportModule()
            + ";\n  opens demo.model to dev.httpjson;\n}\n");
    write(
        src.resolve("demo/model/Item.java"),
        "package demo.model;\npublic record Item(String name, int count) {}\n");
    write(src.resolve("demo/Main.java"), String.format(MAIN, newClient()));

    Path classes = dir.resolve("classes");
    List<String> javac =
        new ArrayList<>(
            List.of(
                "-d",
                classes.toString(),
                "--module-path",
                String.join(File.pathSeparator, modulePath)));
    try (Stream<Path> files = Files.walk(src)) {
      files.filter(p -> p.toString().endsWith(".java")).forEach(p -> javac.add(p.toString()));
    }
    Javac.compile(javac);

    List<String> runPath = new ArrayList<>(modulePath);
    runPath.add(0, classes.toString());
    List<String> command = new ArrayList<>(Javac.java());
    command.addAll(
        List.of(
            "--module-path",
            String.join(File.pathSeparator, runPath),
            "--module",
            "demo/demo.Main",
            baseUri));
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

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private static final String MAIN =
      String.join(
          "\n",
          "package demo;",
          "import demo.model.Item;",
          "import dev.httpjson.HttpJson;",
          "import java.net.URI;",
          "import java.net.http.HttpClient;",
          "import java.util.concurrent.TimeUnit;",
          "import java.util.stream.Collectors;",
          "import java.util.stream.Stream;",
          "public class Main {",
          "  interface Case { Object run() throws Exception; }",
          "  static void test(String label, Case c) {",
          "    try {",
          "      System.out.println(label + \" ok: \" + c.run());",
          "    } catch (Throwable e) {",
          "      System.out.println(label + \" failed: \" + e);",
          "      e.printStackTrace(System.out);",
          "    }",
          "  }",
          "  public static void main(String[] args) {",
          "    URI item = URI.create(args[0]).resolve(\"item\");",
          "    HttpClient[] client = new HttpClient[1];",
          "    test(\"client\", () -> client[0] = %s);",
          "    test(\"get\", () -> HttpJson.getFromJson(client[0], item, Item.class));",
          "    test(\"post\", () -> HttpJson.postAsJson(client[0], item, new Item(\"b\", 2))",
          "        .statusCode());",
          "    test(\"async\", () -> HttpJson.getFromJsonAsync(client[0], item, Item.class)",
          "        .get(10, TimeUnit.SECONDS));",
          "    test(\"stream\", () -> {",
          "      try (Stream<Item> s = HttpJson.getFromJsonAsStream(client[0], item, Item.class)) {",
          "        return s.collect(Collectors.toList());",
          "      }",
          "    });",
          "    System.exit(0);",
          "  }",
          "}",
          "");
}

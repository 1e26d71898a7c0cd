package dev.httpjson.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.micrometer.HttpJsonObservations;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class ProbeTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  JacksonAutoConfiguration.class, HttpJsonAutoConfiguration.class))
          .withUserConfiguration(AutoConfigurationTest.GitHubApis.class);

  static Map<String, Integer> threads() {
    Map<String, Integer> m = new TreeMap<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive()) m.merge(t.getName().replaceAll("[0-9]+", "N"), 1, Integer::sum);
    }
    return m;
  }

  @Test
  void props() {
    for (String p :
        new String[] {
          "retry.max-attempts=0",
          "retry.initial-backoff=-1s",
          "retry.methods=G ET",
          "timeout=abc",
          "max-response-size=12QB",
          "base-uri=ht tp://x",
          "cache.max-size=-1MB",
          "retry.statuses=99"
        }) {
      runner
          .withPropertyValues(
              "httpjson.clients.github.base-uri=http://localhost/",
              "httpjson.clients.github.retry.max-attempts=2",
              "httpjson.clients.github." + p)
          .run(
              c ->
                  System.out.println(
                      "PROP "
                          + p
                          + " -> "
                          + (c.getStartupFailure() == null
                              ? "started"
                              : rootMsg(c.getStartupFailure()))));
    }
    runner
        .withPropertyValues(
            "httpjson.clients.github.base-uri=http://localhost/",
            "httpjson.defaults.retry.max-attempts=0")
        .run(
            c ->
                System.out.println(
                    "PROP defaults max-attempts=0 -> "
                        + (c.getStartupFailure() == null
                            ? "started"
                            : rootMsg(c.getStartupFailure()))));
  }

  static String rootMsg(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause())
      b.append("\n   ").append(c.getClass().getSimpleName()).append(": ").append(c.getMessage());
    return b.toString();
  }

  @Configuration(proxyBeanMethods = false)
  static class Registry {
    @Bean
    TestObservationRegistry observationRegistry() {
      return TestObservationRegistry.create();
    }
  }

  @Test
  void filtered() throws Exception {
    try (MockWebServer server = LoopbackServer.start()) {
      server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}"));
      server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}"));
      runner
          .withUserConfiguration(Registry.class)
          .withClassLoader(new FilteredClassLoader(HttpJsonObservations.class))
          .withPropertyValues("httpjson.clients.github.base-uri=" + server.url("/api/").uri())
          .run(
              c -> {
                System.out.println("FILTER micrometer: " + c.getStartupFailure());
                c.getBean(Repos.class).repo("a", "b");
              });
      runner
          .withClassLoader(new FilteredClassLoader("tools.jackson", "io.micrometer"))
          .withPropertyValues("httpjson.clients.github.base-uri=" + server.url("/api/").uri())
          .run(
              c -> {
                System.out.println("FILTER jackson: " + c.getStartupFailure());
                c.getBean(Repos.class).repo("a", "b");
              });
    }
  }

  @Test
  void threadsAfterClose() throws Exception {
    for (String transport : new String[] {"jdk", "okhttp", "apache5"}) {
      try (MockWebServer server = LoopbackServer.start()) {
        server.enqueue(LoopbackServer.json(200, "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}"));
        Map<String, Integer> before = threads();
        runner
            .withUserConfiguration(Registry.class)
            .withPropertyValues(
                "httpjson.clients.github.base-uri=" + server.url("/api/").uri(),
                "httpjson.clients.github.transport=" + transport,
                "httpjson.clients.github.cache.max-size=1MB")
            .run(
                c -> {
                  c.getBean(Repos.class).repo("a", "b");
                  System.out.println("DURING " + transport + " " + threads());
                });
        Thread.sleep(1500);
        System.out.println("BEFORE " + transport + " " + before);
        System.out.println("AFTER  " + transport + " " + threads());
      }
    }
  }

  @Test
  void apache5ConnectionClosed() throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      listener.setSoTimeout(10_000);
      CompletableFuture<Socket> accepted = new CompletableFuture<>();
      Thread serving =
          new Thread(
              () -> {
                try {
                  Socket socket = listener.accept();
                  socket.setSoTimeout(3_000);
                  InputStream in = socket.getInputStream();
                  int matched = 0;
                  while (matched < 4) {
                    int b = in.read();
                    matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
                  }
                  String body = "{\"id\":7,\"fullName\":\"a/b\",\"stars\":1}";
                  socket
                      .getOutputStream()
                      .write(
                          ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                  + body.length()
                                  + "\r\n\r\n"
                                  + body)
                              .getBytes(StandardCharsets.US_ASCII));
                  accepted.complete(socket);
                } catch (Exception e) {
                  accepted.completeExceptionally(e);
                }
              });
      serving.start();
      runner
          .withPropertyValues(
              "httpjson.clients.github.base-uri=http://127.0.0.1:" + listener.getLocalPort() + "/",
              "httpjson.clients.github.transport=apache5")
          .run(c -> assertThat(c.getBean(Repos.class).repo("a", "b").stars()).isEqualTo(1));
      try (Socket socket = accepted.get(10, TimeUnit.SECONDS)) {
        assertThat(socket.getInputStream().read()).as("closed").isEqualTo(-1);
      }
    }
  }
}

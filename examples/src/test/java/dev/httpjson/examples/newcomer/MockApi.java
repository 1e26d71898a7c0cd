package dev.httpjson.examples.newcomer;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.httpjson.JsonType;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/** A tiny in-memory todo API on 127.0.0.1, the server the app talks to. */
final class MockApi implements AutoCloseable {
  static final String TOKEN = "s3cret";
  private final HttpServer server;
  private final Map<Long, TodoApp.Todo> todos = new ConcurrentSkipListMap<>();
  private final AtomicLong ids = new AtomicLong();
  private static final JsonType<TodoApp.Todo> TODO = JsonType.of(TodoApp.Todo.class);
  private static final JsonType<List<TodoApp.Todo>> TODOS = new JsonType<List<TodoApp.Todo>>() {};

  MockApi() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newFixedThreadPool(4));
    for (String t : List.of("buy milk", "write docs", "fix bug")) {
      long id = ids.incrementAndGet();
      todos.put(id, new TodoApp.Todo(id, t, id == 2, "ann"));
    }
    server.createContext("/api/", this::handle);
    server.start();
  }

  URI base() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api/");
  }

  @Override
  public void close() {
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      String path = ex.getRequestURI().getPath().substring("/api/".length());
      String method = ex.getRequestMethod();
      if (!("Bearer " + TOKEN).equals(ex.getRequestHeaders().getFirst("Authorization"))) {
        problem(ex, 401, "Unauthorized", "a bearer token is required", "");
        return;
      }
      if (path.equals("slow")) {
        sleep(3000);
        send(ex, 200, "{}");
      } else if (path.equals("todos/export")) {
        streamMany(ex, 200_000);
      } else if (path.equals("todos") && method.equals("GET")) {
        Map<String, String> q = query(ex.getRequestURI().getRawQuery());
        List<TodoApp.Todo> out = new ArrayList<>();
        for (TodoApp.Todo t : todos.values()) {
          if (q.containsKey("owner") && !q.get("owner").equals(t.owner())) continue;
          if (q.containsKey("done") && Boolean.parseBoolean(q.get("done")) != t.done()) continue;
          if (q.containsKey("q") && !t.title().contains(q.get("q"))) continue;
          out.add(t);
        }
        send(ex, 200, TODOS.toJson(out));
      } else if (path.equals("todos") && method.equals("POST")) {
        TodoApp.NewTodo n =
            JsonType.of(TodoApp.NewTodo.class).fromJson(ex.getRequestBody().readAllBytes());
        if (n.title() == null || n.title().isBlank()) {
          problem(
              ex,
              422,
              "Validation failed",
              "title must not be blank",
              ",\"errors\":{\"title\":[\"required\"]}");
          return;
        }
        long id = ids.incrementAndGet();
        TodoApp.Todo t = new TodoApp.Todo(id, n.title(), false, "ann");
        todos.put(id, t);
        ex.getResponseHeaders().add("Location", "/api/todos/" + id);
        send(ex, 201, TODO.toJson(t));
      } else if (path.startsWith("todos/")) {
        long id = Long.parseLong(path.substring("todos/".length()));
        TodoApp.Todo t = todos.get(id);
        if (t == null) {
          problem(ex, 404, "Not Found", "no todo " + id, "");
        } else if (method.equals("GET")) {
          send(ex, 200, TODO.toJson(t));
        } else if (method.equals("PATCH")) {
          TodoApp.TodoPatch p =
              JsonType.of(TodoApp.TodoPatch.class).fromJson(ex.getRequestBody().readAllBytes());
          TodoApp.Todo u =
              new TodoApp.Todo(
                  id,
                  p.title() != null ? p.title() : t.title(),
                  p.done() != null ? p.done() : t.done(),
                  t.owner());
          todos.put(id, u);
          send(ex, 200, TODO.toJson(u));
        } else if (method.equals("DELETE")) {
          todos.remove(id);
          ex.sendResponseHeaders(204, -1);
        } else {
          problem(ex, 405, "Method Not Allowed", method, "");
        }
      } else {
        problem(ex, 404, "Not Found", path, "");
      }
    }
  }

  private static void streamMany(HttpExchange ex, int n) throws IOException {
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(200, 0); // chunked
    try (OutputStream out = ex.getResponseBody()) {
      out.write('[');
      for (int i = 1; i <= n; i++) {
        if (i > 1) out.write(',');
        out.write(
            TODO.toJson(new TodoApp.Todo(i, "item " + i, i % 3 == 0, "bulk"))
                .getBytes(StandardCharsets.UTF_8));
      }
      out.write(']');
    }
  }

  private static void problem(HttpExchange ex, int status, String title, String detail, String more)
      throws IOException {
    String body =
        "{\"type\":\"about:blank\",\"title\":\""
            + title
            + "\",\"status\":"
            + status
            + ",\"detail\":\""
            + detail
            + "\""
            + more
            + "}";
    ex.getResponseHeaders().add("Content-Type", "application/problem+json");
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    ex.sendResponseHeaders(status, b.length);
    ex.getResponseBody().write(b);
  }

  private static void send(HttpExchange ex, int status, String json) throws IOException {
    ex.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
    byte[] b = json.getBytes(StandardCharsets.UTF_8);
    ex.sendResponseHeaders(status, b.length);
    ex.getResponseBody().write(b);
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new HashMap<>();
    if (raw == null) return q;
    for (String kv : raw.split("&")) {
      int eq = kv.indexOf('=');
      q.put(
          URLDecoder.decode(kv.substring(0, eq), StandardCharsets.UTF_8),
          URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
    }
    return q;
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

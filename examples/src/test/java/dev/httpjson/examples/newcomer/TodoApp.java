package dev.httpjson.examples.newcomer;

import dev.httpjson.CallTimeoutException;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.ProblemDetails;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A newcomer's todo client, written from the README and docs/ only (nothing read from the sources),
 * kept as it was written: if a change to httpjson breaks it, the docs promise something that no
 * longer holds. {@link NewcomerAppTest} runs it against {@link MockApi}.
 */
public final class TodoApp {
  public record Todo(long id, String title, boolean done, String owner) {}

  public record NewTodo(String title) {}

  public record TodoPatch(String title, Boolean done) {}

  static final JsonType<List<Todo>> TODOS = new JsonType<List<Todo>>() {};

  public static void main(String[] args) throws Exception {
    try (MockApi server = new MockApi()) {
      run(server.base());
    }
  }

  static void run(URI base) throws Exception {
    HttpClient http = HttpClient.newHttpClient();

    // 0. Without the token: plain one-liner against an absolute URI, reading the 401's Problem
    // Details.
    try {
      HttpJson.getFromJson(http, base.resolve("todos"), TODOS);
    } catch (HttpJsonStatusException e) {
      System.out.println(
          "no token -> "
              + e.statusCode()
              + " "
              + e.problem().map(ProblemDetails::title).orElse("?"));
    }

    // A client with a base URI and the bearer token as a default header.
    HttpJsonClient api =
        HttpJsonClient.newBuilder(http)
            .baseUri(base)
            .header("Authorization", "Bearer " + MockApi.TOKEN)
            .options(JsonOptions.newBuilder().timeout(Duration.ofSeconds(10)).build())
            .build();

    // 1. GET a list of typed records.
    List<Todo> all = api.getFromJson("todos", TODOS);
    System.out.println("all: " + all);
    check(all.size() == 3, "three todos");

    // 2. GET one by id, 404 handled.
    System.out.println("todo 1: " + find(api, 1));
    System.out.println("todo 99: " + find(api, 99));
    check(find(api, 99).isEmpty(), "404 is empty");

    // 3. POST a new record and read the created one.
    Todo created = api.postAsJson("todos", new NewTodo("learn httpjson"), Todo.class);
    System.out.println("created: " + created);
    check(created.id() == 4 && !created.done(), "created");

    // 4. PATCH it and read the updated one.
    HttpResponse<byte[]> patched =
        api.patchAsJson("todos/" + created.id(), new TodoPatch(null, true));
    HttpJson.ensureSuccess(patched);
    Todo updated = HttpJson.readFromJson(patched, Todo.class);
    System.out.println("patched: " + updated);
    // the typed form: one line
    Todo renamed =
        api.patchAsJson("todos/" + created.id(), new TodoPatch("learn it well", null), Todo.class);
    System.out.println("patched (typed): " + renamed);
    check(updated.done() && renamed.title().equals("learn it well"), "patched");

    // 5. DELETE it (204), then check it is gone.
    api.deleteFromJson("todos/" + created.id());
    System.out.println("after delete: " + find(api, created.id()));
    try {
      api.deleteFromJson("todos/" + created.id());
      check(false, "404 expected");
    } catch (HttpJsonStatusException e) {
      System.out.println("second delete: " + e.getMessage());
      check(e.statusCode() == 404, "second delete 404");
    }

    // 6. Query parameters.
    String owner = "ann";
    String q = "buy milk";
    List<Todo> annsOpen =
        api.getFromJson("todos?owner=" + enc(owner) + "&done=false&q=" + enc(q), TODOS);
    System.out.println("ann's open matching '" + q + "': " + annsOpen);
    List<Todo> annsDone = api.getFromJson("todos?owner=" + enc(owner) + "&done=true", TODOS);
    System.out.println("ann's done: " + annsDone);
    check(annsOpen.size() == 1 && annsDone.size() == 1, "query");

    // 7. A streamed large array.
    long t0 = System.nanoTime();
    try (Stream<Todo> export = api.getFromJsonAsStream("todos/export", Todo.class)) {
      long done = export.filter(Todo::done).count();
      System.out.printf("export: %d done in %d ms%n", done, (System.nanoTime() - t0) / 1_000_000);
      check(done == 66_666, "export");
    }

    // 8. A timeout.
    long t1 = System.nanoTime();
    try {
      api.withTimeout(Duration.ofMillis(300)).getFromJson("slow", Todo.class);
      check(false, "timeout expected");
    } catch (CallTimeoutException e) {
      System.out.println("timeout: " + e.getMessage());
      check(System.nanoTime() - t1 < 2_000_000_000L, "timeout within 2 s");
    }

    // 9. An error's Problem Details (422 with an extension member).
    try {
      api.postAsJson("todos", new NewTodo(""), Todo.class);
      check(false, "422 expected");
    } catch (HttpJsonStatusException e) {
      ProblemDetails p = e.problem().orElseThrow();
      System.out.println(
          "422: " + p.title() + " / " + p.detail() + " / status " + p.status() + " / " + p);
      System.out.println("message: " + e.getMessage());
      check(e.statusCode() == 422 && p.extensions().containsKey("errors"), "problem");
    }

    // 10. One async call.
    CompletableFuture<Todo> later = api.getFromJsonAsync("todos/2", Todo.class);
    Todo two = later.get(5, TimeUnit.SECONDS);
    System.out.println("async: " + two);
    check(two.done(), "async");
    System.out.println("OK");
  }

  static Optional<Todo> find(HttpJsonClient api, long id) throws Exception {
    try {
      return Optional.ofNullable(api.getFromJson("todos/" + id, Todo.class));
    } catch (HttpJsonStatusException e) {
      if (e.statusCode() == 404) {
        return Optional.empty();
      }
      throw e;
    }
  }

  static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what);
    }
  }

  static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}

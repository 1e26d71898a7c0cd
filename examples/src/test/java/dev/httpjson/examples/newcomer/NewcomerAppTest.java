package dev.httpjson.examples.newcomer;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The app a newcomer wrote from the docs alone (GET, a 404 as empty, POST, PATCH, DELETE, a bearer
 * token, query parameters, a streamed array of 200,000 items, a timeout, Problem Details, an async
 * call) runs to its end: each step checks what it got.
 */
class NewcomerAppTest {
  @Test
  void theAppWrittenFromTheDocsRunsToItsEnd() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          try (MockApi server = new MockApi()) {
            TodoApp.run(server.base());
          }
        });
  }
}

package dev.httpjson.testing;

import java.net.http.HttpRequest;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A route of a {@link StubHttpClient}: which requests it matches and the replies it gives them, in
 * order, each once, unless {@link #always()} makes the last one answer every further request.
 *
 * <pre>{@code
 * stub.on("GET", "/users/{id}").reply(200, user).always();
 * stub.on("POST", "/chat")
 *     .reply(Reply.status(429).header("Retry-After", "0"))
 *     .reply(Reply.events().event(token("Hi")));
 * }</pre>
 *
 * <p>Thread-safe: requests may arrive from any thread while the test adds replies.
 */
public final class Route {
  private final String description;
  private final Predicate<HttpRequest> matcher;
  private final Deque<Reply> replies = new ArrayDeque<>();
  private int answered;
  private boolean always;

  Route(String description, Predicate<HttpRequest> matcher) {
    this.description = description;
    this.matcher = matcher;
  }

  /**
   * Adds a reply with a JSON body written from {@code value} with the stub's options: {@code
   * reply(200, user)} is {@code reply(Reply.json(200, user))}.
   *
   * @param status the status code, 100 to 599
   * @param value the body's value
   * @return this route, to add more replies
   * @throws IllegalArgumentException if the status is out of range
   */
  public Route reply(int status, @Nullable Object value) {
    return reply(Reply.json(status, value));
  }

  /**
   * Adds a reply, answering once, after the replies added before it.
   *
   * @param reply the reply
   * @return this route, to add more replies
   * @throws IllegalStateException if {@link #always()} was called: nothing can follow it
   */
  public synchronized Route reply(Reply reply) {
    Objects.requireNonNull(reply, "reply");
    if (always) {
      throw new IllegalStateException("reply after always() on route " + description);
    }
    replies.add(reply);
    return this;
  }

  /**
   * Makes the last reply answer every further request, so that the route is never used up (and
   * never left unconsumed).
   *
   * @return this route
   * @throws IllegalStateException if the route has no reply yet
   */
  public synchronized Route always() {
    if (replies.isEmpty()) {
      throw new IllegalStateException("always() before any reply on route " + description);
    }
    always = true;
    return this;
  }

  boolean matches(HttpRequest request) {
    return matcher.test(request);
  }

  /** The next reply, or null when the route is used up. */
  synchronized @Nullable Reply next() {
    Reply reply = always && replies.size() == 1 ? replies.peek() : replies.poll();
    if (reply != null) {
      answered++;
    }
    return reply;
  }

  synchronized int unconsumed() {
    return always ? 0 : replies.size();
  }

  /** The route's method and path (or description), and how many replies it has left. */
  @Override
  public synchronized String toString() {
    if (always) {
      return description + " (always)";
    }
    if (replies.isEmpty()) {
      return description
          + " (used up: "
          + answered
          + (answered == 1 ? " reply" : " replies")
          + " given)";
    }
    return description
        + " ("
        + replies.size()
        + (replies.size() == 1 ? " reply" : " replies")
        + " left)";
  }

  String description() {
    return description;
  }
}

package dev.httpjson.testing;

import java.net.http.HttpRequest;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.function.Function;
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
  private final Deque<Object> replies = new ArrayDeque<>(); // a Reply, or a function making one
  private int answered;
  private boolean always;

  // For a template route: why it did not answer a request it nearly matches (a base URI's path left
  // out of the template, a method in another case), or null; named when no route answers.
  private final Function<HttpRequest, @Nullable String> hint;

  Route(String description, Predicate<HttpRequest> matcher) {
    this(description, matcher, r -> null);
  }

  Route(
      String description,
      Predicate<HttpRequest> matcher,
      Function<HttpRequest, @Nullable String> hint) {
    this.description = description;
    this.matcher = matcher;
    this.hint = hint;
  }

  @Nullable String hint(HttpRequest request) {
    return hint.apply(request);
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
  public Route reply(Reply reply) {
    return add(Objects.requireNonNull(reply, "reply"));
  }

  private synchronized Route add(Object reply) {
    if (always) {
      throw new IllegalStateException("reply after always() on route " + description);
    }
    replies.add(reply);
    return this;
  }

  /**
   * Adds a reply computed from the request it answers, once the request's body has arrived: for an
   * answer that depends on what was sent (an id echoed back, the state of a fake service). Together
   * with {@link #always()} it answers every further request.
   *
   * <pre>{@code
   * stub.on("POST", "/orders")
   *     .reply(request -> Reply.json(201, request.bodyAs(Order.class).withId(7)))
   *     .always();
   * }</pre>
   *
   * <p>The function runs on the stub's thread, after the request was recorded. If it throws or
   * returns {@code null}, the call fails with an {@link java.io.IOException} naming the route, and
   * so does {@link StubHttpClient#verify()}, even when the code under test swallowed the error. A
   * computed {@link Reply#dropBeforeRequestBody()} drops the connection after the body was read:
   * the body is read to compute the reply.
   *
   * @param answer makes the reply from the captured request
   * @return this route, to add more replies
   * @throws IllegalStateException if {@link #always()} was called: nothing can follow it
   */
  public Route reply(Function<? super StubRequest, Reply> answer) {
    return add(Objects.requireNonNull(answer, "answer"));
  }

  /**
   * Makes the last reply answer every further request, so that the route is never used up and its
   * last reply is never left unconsumed; the replies before it still answer once each, and {@link
   * StubHttpClient#verify()} reports those no request took.
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

  /**
   * The next reply (a {@link Reply} or a function of the {@link StubRequest} making one), or null
   * when the route is used up.
   */
  synchronized @Nullable Object next() {
    Object reply = always && replies.size() == 1 ? replies.peek() : replies.poll();
    if (reply != null) {
      answered++;
    }
    return reply;
  }

  /** The replies no request took: under {@link #always()}, those queued before the last one. */
  /** The next reply, taken only if {@code test} accepts it; null otherwise, taking nothing. */
  synchronized @Nullable Object nextIf(Predicate<Object> test) {
    Object reply = replies.peek();
    return reply != null && test.test(reply) ? next() : null;
  }

  /** Whether the route has a reply left to give. */
  synchronized boolean unused() {
    return !replies.isEmpty();
  }

  synchronized int unconsumed() {
    return always ? replies.size() - 1 : replies.size();
  }

  /** The route's method and path (or description), and how many replies it has left. */
  @Override
  public synchronized String toString() {
    if (always) {
      int left = replies.size() - 1;
      return description
          + (left == 0
              ? " (always)"
              : " (always, " + left + (left == 1 ? " reply" : " replies") + " left before it)");
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

package dev.httpjson.examples.newcomer2;

import dev.httpjson.HttpCache;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonException;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonOptions;
import dev.httpjson.LoggingInterceptor;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.examples.newcomer2.IssuesApi.Issue;
import dev.httpjson.examples.newcomer2.IssuesApi.IssueChange;
import dev.httpjson.examples.newcomer2.IssuesApi.NewIssue;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/** The app: lists, reads, creates and updates issues of one repository. */
final class IssueTracker {
  /** A 422: what the server refused, in words for the user. */
  static final class Rejected extends Exception {
    private static final long serialVersionUID = 1L;

    Rejected(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final IssuesApi api;
  private final String owner;
  private final String repo;

  IssueTracker(
      HttpClient transport,
      URI base,
      String token,
      HttpCache cache,
      System.Logger log,
      Duration timeout,
      String owner,
      String repo) {
    this.api =
        HttpJsonClient.newBuilder(transport)
            .baseUri(base)
            .header("Authorization", "Bearer " + token)
            .interceptor(RetryInterceptor.newBuilder().maxAttempts(3).build())
            .interceptor(
                LoggingInterceptor.newBuilder()
                    .level(LoggingInterceptor.Level.HEADERS)
                    .logger(log)
                    .build())
            .options(JsonOptions.newBuilder().timeout(timeout).writeNulls(false).build())
            .cache(cache)
            .build()
            .create(IssuesApi.class);
    this.owner = owner;
    this.repo = repo;
  }

  List<Issue> open() throws IOException, InterruptedException {
    try (Stream<Issue> issues = api.issues(owner, repo, "open", 2)) {
      return issues.toList();
    }
  }

  Optional<Issue> find(long number) throws IOException, InterruptedException {
    try {
      return Optional.of(api.issue(owner, repo, number));
    } catch (HttpJsonStatusException e) {
      if (e.statusCode() == 404) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /** The created issue's number and where it is. */
  record Created(Issue issue, String location) {}

  Created create(String title, String body) throws Rejected, IOException, InterruptedException {
    try {
      var response = api.create(owner, repo, new NewIssue(title, body));
      return new Created(response.body(), response.headers().firstValue("Location").orElse(""));
    } catch (HttpJsonStatusException e) {
      throw rejectedOr(e);
    }
  }

  Issue close(long number) throws Rejected, IOException, InterruptedException {
    try {
      return api.update(owner, repo, number, new IssueChange(null, "closed"));
    } catch (HttpJsonStatusException e) {
      throw rejectedOr(e);
    }
  }

  /** A validation error's Problem Details, its {@code errors} member typed. */
  record ValidationProblem(
      @Nullable String title,
      @Nullable String detail,
      @Nullable Map<String, List<String>> errors) {}

  private static Rejected rejectedOr(HttpJsonStatusException e) throws HttpJsonException {
    ValidationProblem problem = e.statusCode() == 422 ? e.bodyAs(ValidationProblem.class) : null;
    if (problem == null) {
      throw e;
    }
    String fields =
        problem.errors() == null
            ? ""
            : problem.errors().entrySet().stream()
                .map(f -> f.getKey() + ": " + String.join(", ", f.getValue()))
                .sorted()
                .collect(Collectors.joining("; ", " (", ")"));
    return new Rejected(problem.title() + ": " + problem.detail() + fields, e);
  }
}

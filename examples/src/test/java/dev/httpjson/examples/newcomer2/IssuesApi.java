package dev.httpjson.examples.newcomer2;

import dev.httpjson.interfaces.Body;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.Headers;
import dev.httpjson.interfaces.PATCH;
import dev.httpjson.interfaces.POST;
import dev.httpjson.interfaces.Paged;
import dev.httpjson.interfaces.Path;
import dev.httpjson.interfaces.Query;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/** A GitHub-like issues API, as the app declares it. */
@Headers("X-GitHub-Api-Version: 2022-11-28")
interface IssuesApi {
  /** The issues of a repository, every page, following {@code Link: <…>; rel="next"}. */
  @GET("repos/{owner}/{repo}/issues")
  @Paged
  Stream<Issue> issues(
      @Path("owner") String owner,
      @Path("repo") String repo,
      @Query("state") String state,
      @Query("per_page") Integer perPage)
      throws IOException, InterruptedException;

  @GET("repos/{owner}/{repo}/issues/{number}")
  Issue issue(@Path("owner") String owner, @Path("repo") String repo, @Path("number") long number)
      throws IOException, InterruptedException;

  @POST("repos/{owner}/{repo}/issues")
  HttpResponse<Issue> create(
      @Path("owner") String owner, @Path("repo") String repo, @Body NewIssue issue)
      throws IOException, InterruptedException;

  @PATCH("repos/{owner}/{repo}/issues/{number}")
  Issue update(
      @Path("owner") String owner,
      @Path("repo") String repo,
      @Path("number") long number,
      @Body IssueChange change)
      throws IOException, InterruptedException;

  /** An issue as the API returns it. */
  record Issue(long number, String title, String body, String state) {}

  /** What creating an issue sends. */
  record NewIssue(String title, String body) {}

  /** What updating an issue sends: the fields to change, the others null (and not sent). */
  record IssueChange(@Nullable String title, @Nullable String state) {}
}

package dev.httpjson.interfaces.e2e;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.interfaces.Body;
import dev.httpjson.interfaces.DELETE;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.Header;
import dev.httpjson.interfaces.Headers;
import dev.httpjson.interfaces.PATCH;
import dev.httpjson.interfaces.POST;
import dev.httpjson.interfaces.PUT;
import dev.httpjson.interfaces.Paged;
import dev.httpjson.interfaces.Path;
import dev.httpjson.interfaces.QUERY;
import dev.httpjson.interfaces.Query;
import dev.httpjson.interfaces.Timeout;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/** A GitHub-like API, processed by this module's build. */
@Headers("X-GitHub-Api-Version: 2022-11-28")
interface GitHub {
  record Issue(int number, String title, String state) {}

  record Draft(String title, String body) {}

  record User(String login) {}

  @GET("repos/{owner}/{repo}/issues/{number}")
  Issue issue(@Path("owner") String owner, @Path("repo") String repo, @Path("number") int number)
      throws IOException, InterruptedException;

  @GET("repos/{owner}/{repo}/issues")
  @Paged
  Stream<Issue> issues(
      @Path("owner") String owner,
      @Path("repo") String repo,
      @Query("state") String state,
      @Query("labels") List<String> labels,
      @Query("since") Optional<String> since)
      throws IOException, InterruptedException;

  @GET("repos/{owner}/{repo}/issues?per_page=2")
  List<Issue> firstPage(
      @Path("owner") String owner, @Path("repo") String repo, @Query("state") String state)
      throws IOException, InterruptedException;

  @GET("repos/{owner}/{repo}/issues")
  Stream<Issue> stream(@Path("owner") String owner, @Path("repo") String repo)
      throws IOException, InterruptedException;

  @GET("repos/{owner}/{repo}/issues")
  CompletableFuture<Stream<Issue>> streamAsync(
      @Path("owner") String owner, @Path("repo") String repo);

  @GET("users")
  Map<String, User> usersByLogin(@Query("ids") Set<Integer> ids)
      throws IOException, InterruptedException;

  @POST("repos/{owner}/{repo}/issues")
  HttpResponse<Issue> create(
      @Path("owner") String owner, @Path("repo") String repo, @Body Draft draft)
      throws IOException, InterruptedException;

  @POST("repos/{owner}/{repo}/issues")
  CompletableFuture<Issue> createAsync(
      @Path("owner") String owner, @Path("repo") String repo, @Body Draft draft);

  @POST("repos/{owner}/{repo}/issues")
  CompletableFuture<HttpResponse<Issue>> createAsyncResponse(
      @Path("owner") String owner, @Path("repo") String repo, @Body Draft draft);

  @GET("repos/{owner}/{repo}/issues/{number}")
  CompletableFuture<HttpResponse<Issue>> issueAsync(
      @Path("owner") String owner, @Path("repo") String repo, @Path("number") long number);

  @DELETE("repos/{owner}/{repo}/issues/{number}/lock")
  void unlock(@Path("owner") String owner, @Path("repo") String repo, @Path("number") int number)
      throws IOException, InterruptedException;

  @PUT("user/starred/{owner}/{repo}")
  void star(@Path("owner") String owner, @Path("repo") String repo)
      throws IOException, InterruptedException;

  @POST("repos/{owner}/{repo}/issues/{number}/labels")
  void label(
      @Path("owner") String owner,
      @Path("repo") String repo,
      @Path("number") int number,
      @Body List<String> labels)
      throws IOException, InterruptedException;

  @PATCH("repos/{owner}/{repo}/issues/{number}")
  Issue edit(
      @Path("owner") String owner,
      @Path("repo") String repo,
      @Path("number") int number,
      @Body Map<String, Object> edit)
      throws IOException, InterruptedException;

  @QUERY("search/issues")
  List<Issue> search(@Body Map<String, String> query) throws IOException, InterruptedException;

  @GET("events")
  Stream<ServerSentEvent<Issue>> events(@Header("Last-Event-ID") String lastEventId)
      throws IOException, InterruptedException;

  @POST("chat")
  Stream<ServerSentEvent<String>> chat(@Body Draft prompt) throws IOException, InterruptedException;

  @GET("slow")
  @Timeout("PT0.3S")
  Issue slow() throws IOException, InterruptedException;

  @GET("repos/{owner}/{repo}/issues/{number}")
  @Headers("Accept: application/vnd.github+json")
  Issue issueWith(
      @Path("owner") String owner,
      @Path("repo") String repo,
      @Path("number") int number,
      @Header("X-Request-Id") String requestId,
      UnaryOperator<HttpJsonClient> call)
      throws IOException, InterruptedException;

  /** The escape hatch: the client this implementation is bound to. */
  HttpJsonClient client();

  /** A default method is the user's own code, left alone. */
  default String describe() {
    return "GitHub at " + client().baseUri();
  }
}

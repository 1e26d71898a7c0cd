package dev.httpjson.micrometer;

import dev.httpjson.ServerSentEvent;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.Paged;
import dev.httpjson.interfaces.Path;
import dev.httpjson.interfaces.Url;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/** An API interface, processed by this module's test build. */
interface Repos {
  record Repo(String name) {}

  @GET("repos/{owner}/{repo}")
  Repo repo(@Path("owner") String owner, @Path("repo") String repo)
      throws IOException, InterruptedException;

  @GET("repos/{owner}/{repo}")
  CompletableFuture<Repo> repoAsync(@Path("owner") String owner, @Path("repo") String repo);

  @GET("repos/{owner}/{repo}/forks")
  Stream<Repo> forks(@Path("owner") String owner, @Path("repo") String repo)
      throws IOException, InterruptedException;

  @GET("repos/{owner}/{repo}/stargazers")
  @Paged
  Stream<Repo> stargazers(@Path("owner") String owner, @Path("repo") String repo)
      throws IOException, InterruptedException;

  @GET("repos/{owner}/events")
  Stream<ServerSentEvent<Repo>> events(@Path("owner") String owner)
      throws IOException, InterruptedException;

  @GET
  Repo at(@Url String url) throws IOException, InterruptedException;

  @GET("search?api_key=s3cret&abcdef123&q=widgets")
  Repo search() throws IOException, InterruptedException;
}

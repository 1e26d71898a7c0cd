package dev.httpjson.spring.boot;

import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.Path;
import java.io.IOException;

/** An API interface of the tests, compiled with httpjson-interfaces. */
public interface Repos {
  @GET("repos/{owner}/{repo}")
  Repo repo(@Path("owner") String owner, @Path("repo") String repo)
      throws IOException, InterruptedException;

  /** A repository as the tests' server sends it. */
  record Repo(long id, String fullName, int stars) {}
}

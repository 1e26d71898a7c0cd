package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.RetryInterceptor;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.Path;
import dev.httpjson.micrometer.DefaultHttpJsonObservationConvention;
import dev.httpjson.micrometer.HttpJsonObservationContext;
import dev.httpjson.micrometer.HttpJsonObservations;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;

/**
 * The documentation's Micrometer example: each exchange an observation named {@code
 * http.client.requests}, its {@code uri} the interface method's path template.
 */
public final class MicrometerExample {
  /** A GitHub-like API. */
  public interface GitHub {
    /** A repository. */
    record Repo(String name, int stars) {}

    @GET("repos/{owner}/{repo}")
    Repo repo(@Path("owner") String owner, @Path("repo") String repo)
        throws IOException, InterruptedException;
  }

  /** The default key values, and the API's name as one more. */
  static final class ApiNameConvention extends DefaultHttpJsonObservationConvention {
    @Override
    public KeyValues getLowCardinalityKeyValues(HttpJsonObservationContext context) {
      return super.getLowCardinalityKeyValues(context).and(KeyValue.of("api", "github"));
    }
  }

  public static void main(String[] args) throws Exception {
    ObservationRegistry observationRegistry = ObservationRegistry.create(); // or your application's
    HttpJsonObservations observations = HttpJsonObservations.create(observationRegistry);
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.github.com/")
            .interceptor(RetryInterceptor.newBuilder().build())
            .interceptor(observations.interceptor()) // after the retries: one per attempt
            .build();
    GitHub github = api.create(GitHub.class);
    GitHub.Repo repo = github.repo("httpjson", "httpjson"); // uri="/repos/{owner}/{repo}"

    HttpClient observed =
        Interceptor.decorate(HttpClient.newHttpClient(), observations.interceptor());
    GitHub.Repo same =
        HttpJson.getFromJson(
            observed,
            URI.create("https://api.github.com/repos/httpjson/httpjson"),
            GitHub.Repo.class);

    HttpJsonObservations named =
        HttpJsonObservations.create(observationRegistry).withConvention(new ApiNameConvention());
    System.out.println(repo + " " + same + " " + named);
  }
}

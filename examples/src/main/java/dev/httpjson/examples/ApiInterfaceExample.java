package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.ServerSentEvent;
import dev.httpjson.interfaces.Body;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.Header;
import dev.httpjson.interfaces.Headers;
import dev.httpjson.interfaces.POST;
import dev.httpjson.interfaces.Paged;
import dev.httpjson.interfaces.Path;
import dev.httpjson.interfaces.Query;
import dev.httpjson.interfaces.Timeout;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.Stream;

/** The documentation's API interface example: a GitHub-like API declared as an interface. */
public final class ApiInterfaceExample {
  record Issue(int number, String title, String state) {}

  record NewIssue(String title, String body) {}

  record Event(String type, Issue issue) {}

  @Headers("X-GitHub-Api-Version: 2022-11-28")
  interface GitHub {
    @GET("repos/{owner}/{repo}/issues")
    @Paged
    Stream<Issue> issues(
        @Path("owner") String owner,
        @Path("repo") String repo,
        @Query("state") String state,
        @Query("labels") List<String> labels)
        throws IOException, InterruptedException;

    @POST("repos/{owner}/{repo}/issues")
    HttpResponse<Issue> create(
        @Path("owner") String owner, @Path("repo") String repo, @Body NewIssue issue)
        throws IOException, InterruptedException;

    @GET("repos/{owner}/{repo}/events")
    @Timeout("PT10S")
    Stream<ServerSentEvent<Event>> events(
        @Path("owner") String owner,
        @Path("repo") String repo,
        @Header("Last-Event-ID") String lastEventId)
        throws IOException, InterruptedException;
  }

  record Charge(String id, long amount) {}

  interface Stripe {
    @GET("v1/charges")
    @Paged(
        items = "/data",
        cursor = "/data/-1/id",
        parameter = "starting_after",
        hasMore = "/has_more")
    Stream<Charge> charges(@Query("limit") int limit, @Query("customer") String customer)
        throws IOException, InterruptedException;

    @POST("v1/refunds")
    HttpRequest refundRequest(@Body Refund refund) throws IOException; // built, not sent
  }

  record Refund(String charge, long amount) {}

  record User(long id, String name) {}

  record Team(String slug, List<Long> members) {}

  interface Crud<T, ID> {
    @GET("{id}")
    T get(@Path("id") ID id) throws IOException, InterruptedException;

    @GET("")
    List<T> list(@Query("page") int page) throws IOException, InterruptedException;

    @POST("")
    T create(@Body T item) throws IOException, InterruptedException;
  }

  interface Users extends Crud<User, Long> {}

  interface Teams extends Crud<Team, String> {}

  /** One generic base, two resources, each under its own base URI. */
  static void crud(HttpClient http) throws Exception {
    String api = "https://api.example.com/";
    Users users =
        HttpJsonClient.newBuilder(http).baseUri(api + "users/").build().create(Users.class);
    Teams teams =
        HttpJsonClient.newBuilder(http).baseUri(api + "teams/").build().create(Teams.class);
    User ada = users.get(42L); // GET users/42, read as a User
    List<Team> page = teams.list(1); // GET teams/?page=1, read as a List<Team>
    System.out.println(ada.name() + " " + page.size());
  }

  /** Cursor pages and a request seen before it is sent, through an interface. */
  static void stripe(HttpJsonClient api) throws Exception {
    Stripe stripe = api.create(Stripe.class);
    try (Stream<Charge> charges = stripe.charges(100, "cus_42")) {
      System.out.println(charges.mapToLong(Charge::amount).sum());
    } // GET v1/charges?limit=100&customer=cus_42, then …&starting_after=<last id> while has_more

    HttpRequest refund = stripe.refundRequest(new Refund("ch_1", 500));
    System.out.println(HttpJson.toCurl(refund)); // Authorization: ***
  }

  public static void main(String[] args) throws Exception {
    String token = System.getenv("GITHUB_TOKEN");
    if (token == null || token.isBlank()) { // never send "Bearer null"
      throw new IllegalStateException("GITHUB_TOKEN is not set");
    }
    GitHub github =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.github.com/")
            .header("Authorization", "Bearer " + token)
            .build()
            .create(GitHub.class);

    try (Stream<Issue> bugs = github.issues("acme", "widgets", "open", List.of("bug"))) {
      bugs.limit(100).forEach(i -> System.out.println(i.number() + " " + i.title()));
    }

    HttpResponse<Issue> created =
        github.create("acme", "widgets", new NewIssue("Crash on start", "Steps to reproduce: …"));
    URI location = URI.create(created.headers().firstValue("Location").orElseThrow());
    System.out.println(created.statusCode() + " " + location);

    try (Stream<ServerSentEvent<Event>> events = github.events("acme", "widgets", null)) {
      events.limit(10).forEach(e -> System.out.println(e.id() + " " + e.data().type()));
    }
  }
}

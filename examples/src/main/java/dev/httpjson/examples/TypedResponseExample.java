package dev.httpjson.examples;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonContent;
import dev.httpjson.JsonOptions;
import dev.httpjson.Paging;
import dev.httpjson.Paging.NextPage;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.Stream;

/**
 * The documentation's whole-response examples: a paginated list, a create with its Location,
 * errors.
 */
public final class TypedResponseExample {
  record Issue(long number, String title, List<String> labels) {}

  record NewIssue(String title, String body) {}

  record ApiError(String message, String documentationUrl) {}

  record Charge(String id, long amount) {}

  record Charges(List<Charge> data, boolean hasMore) {} // {"data":[…],"has_more":true}

  record DriveFile(String id, String name) {}

  public static void main(String[] args) throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.example.com/")
            .options(JsonOptions.newBuilder().naming(JsonOptions.Naming.SNAKE_CASE).build())
            .build();

    // docs: pages
    try (Stream<Issue> issues =
        api.getFromJsonAsPagedStream("repos/acme/widgets/issues?per_page=100", Issue.class)) {
      issues.filter(i -> i.labels().contains("bug")).limit(20).forEach(System.out::println);
    } // follows Link: <…>; rel="next" as you pull; closing stops fetching
    // docs: end pages

    // docs: cursor
    // Stripe: {"data":[…],"has_more":true}; the next page starts after the last element's id.
    Paging<?, Charge> stripe =
        Paging.items("/data", Charge.class)
            .cursor("/data/-1/id", "starting_after")
            .hasMore("/has_more");
    try (Stream<Charge> all = api.getFromJsonAsPagedStream("v1/charges?limit=100", stripe)) {
      System.out.println(all.mapToLong(Charge::amount).sum());
    } // every page asks for limit=100; one page in memory; a cursor that comes back fails

    // Google: {"files":[…],"nextPageToken":"…"}, sent back as pageToken.
    Paging<?, DriveFile> drive =
        Paging.items("/files", DriveFile.class).cursor("/nextPageToken", "pageToken");
    try (Stream<DriveFile> files =
        api.getFromJsonAsPagedStream("drive/v3/files?pageSize=100&q=trashed%3Dfalse", drive)) {
      files.map(DriveFile::name).forEach(System.out::println);
    }
    // docs: end cursor

    // docs: cursor function
    // A page type of your own: the cursor is a function of the page.
    Paging<Charges, Charge> charges =
        Paging.of(
            Charges.class,
            Charges::data,
            NextPage.cursor(
                "starting_after",
                page -> page.hasMore() ? page.data().get(page.data().size() - 1).id() : null));
    try (Stream<Charge> all = api.getFromJsonAsPagedStream("v1/charges?limit=100", charges)) {
      System.out.println(all.count());
    }
    // docs: end cursor function

    // docs: create
    try {
      HttpResponse<Issue> created =
          api.exchange(
              JsonContent.of(new NewIssue("Crash on start", "Steps: ..."))
                  .requestBuilder("POST", api.uri("repos/acme/widgets/issues"))
                  .build(),
              Issue.class);
      String location = created.headers().firstValue("Location").orElseThrow();
      System.out.println(created.statusCode() + " #" + created.body().number() + " at " + location);
    } catch (HttpJsonStatusException e) {
      ApiError error = e.bodyAs(ApiError.class); // the call's options: snake_case
      System.err.println(e.statusCode() + ": " + (error == null ? e.body() : error.message()));
    }
    // docs: end create
  }
}

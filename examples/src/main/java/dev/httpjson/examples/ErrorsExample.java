package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonStatusException;
import dev.httpjson.JsonReadException;
import dev.httpjson.ProblemDetails;
import java.net.URI;
import java.net.http.HttpClient;

/** The documentation's errors example: status, Problem Details, malformed JSON. */
public final class ErrorsExample {
  record User(String id, String name) {}

  public static void main(String[] args) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    try {
      URI uri = URI.create("https://api.example.com/users/42");
      User user = HttpJson.getFromJson(client, uri, User.class);
      System.out.println(user == null ? "204: no user" : user.name());
    } catch (HttpJsonStatusException e) {
      int status = e.statusCode(); // 404, 500, ...
      String detail = e.problem().map(ProblemDetails::detail).orElse(e.body());
      System.err.println(status + ": " + detail);
    } catch (JsonReadException e) {
      System.err.println(e.getMessage()); // "... at line 1 column 9 path $.name (reading User ...)"
    }
  }
}

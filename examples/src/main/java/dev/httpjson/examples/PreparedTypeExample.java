package dev.httpjson.examples;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** The documentation's prepared types and per-call options example. */
public final class PreparedTypeExample {
  record User(String id, String name) {}

  // docs: prepared
  static final JsonType<List<User>> USERS = new JsonType<List<User>>() {};

  static List<User> users(HttpClient client, URI uri) throws Exception {
    return HttpJson.getFromJson(client, uri, USERS); // reader resolved once, held by USERS
  }

  static Object byReflection(HttpClient client, URI uri, Type type) throws Exception {
    return HttpJson.getFromJson(client, uri, JsonType.of(type));
  }

  // docs: end prepared

  static User withDeadline(HttpClient client, URI uri, Instant deadline) throws Exception {
    // docs: deadline
    JsonOptions call =
        JsonOptions.newBuilder().timeout(Duration.between(Instant.now(), deadline)).build();
    User user =
        HttpJson.getFromJson(client, uri, JsonType.of(User.class, call)); // no new serializer
    // docs: end deadline
    return user;
  }

  public static void main(String[] args) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    URI uri = URI.create("https://api.example.com/users");
    System.out.println(users(client, uri));
    System.out.println(byReflection(client, uri, User[].class));
    System.out.println(withDeadline(client, uri.resolve("users/42"), Instant.now().plusSeconds(5)));
  }
}

package dev.httpjson.examples;

import dev.httpjson.HttpJsonClient;
import dev.httpjson.Interceptor;
import dev.httpjson.JsonOptions;
import dev.httpjson.JsonType;
import dev.httpjson.LoggingInterceptor;
import dev.httpjson.RetryInterceptor;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscribers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The documentation's "around the call" examples: a bearer token, retries, logging, refresh on 401,
 * a keyed POST retried after a dropped connection, a QUERY.
 */
public final class InterceptorsExample {
  record User(String id, String name) {}

  record NewCharge(long amount, String currency) {}

  record Charge(String id, String status) {}

  record Order(String id, String status) {}

  /** Where tokens come from: a login call, a file a sidecar refreshes, a secrets manager. */
  interface TokenSource {
    String current();

    /** Fetches a new token (the old one was refused) and returns it. */
    String refresh() throws IOException, InterruptedException;
  }

  public static void main(String[] args) throws Exception {
    TokenSource tokens = tokens();
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.example.com/v1/")
            .header("Authorization", () -> "Bearer " + tokens.current()) // asked per request
            .interceptor(RetryInterceptor.newBuilder().maxAttempts(4).build()) // 429, 503, network
            .interceptor(LoggingInterceptor.newBuilder().build()) // BASIC, on System.Logger
            .options(dev.httpjson.JsonOptions.newBuilder().timeout(Duration.ofSeconds(30)).build())
            .build();
    User user = api.getFromJson("users/42", User.class);
    System.out.println(user);

    refreshing(tokens);
    payments();
    bulkUpload(List.of(List.of(new Order("o-1", "late")), List.of(new Order("o-2", "paid"))));
    redirects();
  }

  static void refreshing(TokenSource tokens) throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.example.com/v1/")
            .interceptor(new RefreshOn401(tokens))
            .build();
    System.out.println(api.getFromJson("users/42", User.class));
  }

  /**
   * Sends the current token; on a 401 from the API, refreshes it once and repeats the call. The
   * 401's body is dropped unread (its connection reused), so the caller's handler sees one body.
   */
  static final class RefreshOn401 implements Interceptor {
    private final TokenSource tokens;

    RefreshOn401(TokenSource tokens) {
      this.tokens = tokens;
    }

    private static HttpRequest withToken(HttpRequest request, String token) {
      return HttpRequest.newBuilder(
              request, (name, value) -> !name.equalsIgnoreCase("Authorization"))
          .header("Authorization", "Bearer " + token)
          .build();
    }

    private static <T> Chain<T> dropping401(Chain<T> chain) {
      BodyHandler<T> handler = chain.bodyHandler();
      return chain.withBodyHandler(
          info -> info.statusCode() == 401 ? BodySubscribers.replacing(null) : handler.apply(info));
    }

    @Override
    public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
        throws IOException, InterruptedException {
      HttpResponse<T> response = dropping401(chain).forward(withToken(request, tokens.current()));
      if (response.statusCode() != 401) {
        return response;
      }
      // Once: a second 401 is the answer.
      return chain.forward(withToken(request, tokens.refresh()));
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
        HttpRequest request, Chain<T> chain) {
      return dropping401(chain)
          .forwardAsync(withToken(request, tokens.current()))
          .thenCompose(
              response -> {
                if (response.statusCode() != 401) {
                  return CompletableFuture.completedFuture(response);
                }
                // A blocking refresh here would hold the client's thread: run it elsewhere.
                return CompletableFuture.supplyAsync(
                        () -> {
                          try {
                            return tokens.refresh();
                          } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                          } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new java.util.concurrent.CancellationException("interrupted");
                          }
                        })
                    .thenCompose(token -> chain.forwardAsync(withToken(request, token)));
              });
    }
  }

  static void payments() throws Exception {
    HttpJsonClient payments =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://api.example.com/v1/")
            .interceptor(RetryInterceptor.newBuilder().maxAttempts(3).build())
            .interceptor(LoggingInterceptor.newBuilder().showQueryParameter("page").build())
            .build();
    String key = UUID.randomUUID().toString(); // one per payment, the same on every attempt
    Charge charge =
        payments
            .withHeader("Idempotency-Key", key)
            .postAsJson("charges", new NewCharge(2000, "eur"), Charge.class);
    // Sent again after "HTTP/1.1 header parser received no bytes": the server dedupes by the key.
    List<Order> late =
        payments.queryAsJson(
            "orders", Map.of("status", "late", "limit", 50), JsonType.listOf(Order.class));
    System.out.println(charge + " " + late);
  }

  static void bulkUpload(List<List<Order>> batches) {
    JsonOptions gzip = JsonOptions.newBuilder().requestCompression(true).build();
    HttpJsonClient intake =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri("https://logs.example.com/api/v2/")
            .options(gzip) // every JSON body sent with Content-Encoding: gzip
            .maxConcurrentCalls(16) // at most 16 calls in flight; the rest wait their turn
            .build();
    List<CompletableFuture<HttpResponse<byte[]>>> sent = new ArrayList<>();
    for (List<Order> batch : batches) {
      sent.add(intake.postAsJsonAsync("bulk", batch)); // past 16: queued, holding no thread
    }
    CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0])).join();
    System.out.println(sent.size() + " batches sent");
  }

  static void redirects() throws Exception {
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient()) // does not follow redirects
            .baseUri("https://api.example.com/v1/")
            .header("X-Api-Key", System.getenv().getOrDefault("API_KEY", "demo"))
            .followRedirects(HttpClient.Redirect.NORMAL) // each hop re-checked: no key elsewhere
            .build();
    System.out.println(api.getFromJson("users/42", User.class));
  }

  private static TokenSource tokens() {
    AtomicReference<String> token = new AtomicReference<>("t0");
    return new TokenSource() {
      @Override
      public String current() {
        return token.get();
      }

      @Override
      public String refresh() {
        token.set("t" + System.nanoTime());
        return token.get();
      }
    };
  }
}

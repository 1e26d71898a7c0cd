package dev.httpjson.contract;

import dev.httpjson.Interceptor;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An interceptor of httpjson's own loader, as a shared metrics or tracing library installs one,
 * that asks to be told when each streamed body is over ({@link Chain#whenStreamOver}).
 */
public final class StreamEnds implements Interceptor {
  private final AtomicInteger over = new AtomicInteger();

  /**
   * The streams found over.
   *
   * @return how many
   */
  public int over() {
    return over.get();
  }

  @Override
  public <T> HttpResponse<T> intercept(HttpRequest request, Chain<T> chain)
      throws IOException, InterruptedException {
    HttpResponse<T> response = chain.forward(request);
    chain.whenStreamOver(response, failure -> over.incrementAndGet());
    return response;
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> interceptAsync(
      HttpRequest request, Chain<T> chain) {
    return chain
        .forwardAsync(request)
        .thenApply(
            response -> {
              chain.whenStreamOver(response, failure -> over.incrementAndGet());
              return response;
            });
  }
}

package dev.httpjson.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The HTTP side of a hand-written client on the JDK {@link HttpClient}: a GET read as bytes and a
 * POST of bytes, as {@code jackson-static} and {@code jdk-bytes} do it. JDK types only, so that the
 * cold-start child can use it with no JSON library on its class path.
 */
public final class JdkCalls {
  private JdkCalls() {}

  /** GET with {@code Accept: application/json}; the body of a 2xx response, else throws. */
  public static byte[] getBytes(HttpClient client, URI uri) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(uri).header("Accept", "application/json").build();
    HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    Forecasts.checkStatus(response.statusCode());
    return response.body();
  }

  /** POST {@code body} as {@code application/json; charset=utf-8}; returns the status. */
  public static int post(HttpClient client, URI uri, byte[] body) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .header("Content-Type", "application/json; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    return client.send(request, HttpResponse.BodyHandlers.ofByteArray()).statusCode();
  }
}

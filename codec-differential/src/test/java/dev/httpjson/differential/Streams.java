package dev.httpjson.differential;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonReadException;
import dev.httpjson.UncheckedHttpJsonException;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import javax.net.ssl.SSLSession;

/**
 * Reads a stream target's document as a response body streamed element by element ({@link
 * HttpJson#readFromJsonAsStream(HttpResponse, dev.httpjson.JsonType)}): a top-level array or
 * NDJSON, by the response's Content-Type.
 */
final class Streams {
  private Streams() {}

  private static final URI URI = java.net.URI.create("http://127.0.0.1/elements");

  static Outcome read(Target target, Codecs codec, byte[] bytes) {
    return collect(
        () ->
            HttpJson.readFromJsonAsStream(
                new Body(bytes, target.stream.contentType), target.in(codec)));
  }

  /** A response whose body is {@code bytes}, of the given content type. */
  static HttpResponse<InputStream> response(byte[] bytes, String contentType) {
    return new Body(bytes, contentType);
  }

  /** Opens a stream of elements. */
  interface Opener {
    Stream<Object> open() throws Exception;
  }

  /** The elements a stream delivers, and how it ends. */
  static Outcome collect(Opener opener) {
    List<Object> elements = new ArrayList<>();
    try (Stream<Object> stream = opener.open()) {
      Iterator<Object> iterator = stream.iterator();
      while (iterator.hasNext()) {
        elements.add(iterator.next());
      }
      return new Outcome.Value(elements);
    } catch (UncheckedHttpJsonException e) {
      return e.getCause() instanceof JsonReadException refused
          ? Outcome.Cut.of(elements, refused)
          : new Outcome.Crashed(e);
    } catch (JsonReadException e) {
      return Outcome.Cut.of(elements, e);
    } catch (Exception | Error e) {
      return new Outcome.Crashed(e);
    }
  }

  /** A response whose body is the document's bytes. */
  private record Body(byte[] bytes, String contentType) implements HttpResponse<InputStream> {
    @Override
    public int statusCode() {
      return 200;
    }

    @Override
    public HttpRequest request() {
      return HttpRequest.newBuilder(URI).build();
    }

    @Override
    public Optional<HttpResponse<InputStream>> previousResponse() {
      return Optional.empty();
    }

    @Override
    public HttpHeaders headers() {
      return HttpHeaders.of(Map.of("Content-Type", List.of(contentType)), (name, value) -> true);
    }

    @Override
    public InputStream body() {
      return new ByteArrayInputStream(bytes);
    }

    @Override
    public Optional<SSLSession> sslSession() {
      return Optional.empty();
    }

    @Override
    public URI uri() {
      return URI;
    }

    @Override
    public HttpClient.Version version() {
      return HttpClient.Version.HTTP_1_1;
    }
  }
}

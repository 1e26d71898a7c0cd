package dev.httpjson.contract;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The same exchange through the JDK's client and through a transport, against a raw loopback
 * server: what the caller sees (the status and body, or the kind of failure) and what the server
 * receives must be the same. A transport module runs it by naming a new client of its own ({@link
 * #transport()}); each row makes a new client of each kind, so a connection one row leaves dirty
 * shows in the row's own next request.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class TransportParityContract {
  /**
   * A new client of the transport under test, configured like {@code HttpClient.newHttpClient()}.
   */
  protected abstract HttpClient transport();

  // ---- request bodies ----

  @Test
  public void aKnownLengthBodyShorterThanItsLengthFailsTheExchange() throws Exception {
    parity(
        client ->
            List.of(
                outcome(client, post("/short", lying(10, "abcd"))), outcome(client, get("/next"))));
  }

  @Test
  public void aKnownLengthBodyLongerThanItsLengthFailsTheExchange() throws Exception {
    parity(
        client ->
            List.of(
                outcome(client, post("/long", lying(3, "abcdefghij"))),
                outcome(client, get("/next"))));
  }

  @Test
  public void aKnownLengthBodyLongerThanItsLengthInManyBuffersFailsTheExchange() throws Exception {
    parity(
        client ->
            List.of(
                outcome(client, post("/long", lying(5, "abc", "def", "ghi"))),
                outcome(client, get("/next"))));
  }

  @Test
  public void aZeroLengthBodyAndAnEmptyBodyOfUnknownLengthAreFramedAsByTheJdk() throws Exception {
    parity(
        client ->
            List.of(
                outcome(client, post("/zero", BodyPublishers.ofByteArray(new byte[0]))),
                outcome(client, post("/none", BodyPublishers.noBody())),
                outcome(client, post("/unknown", lying(-1))),
                outcome(client, post("/unknown-some", lying(-1, "ab", "cd")))));
  }

  @Test
  public void aPublisherThatFailsMidBodyFailsTheExchangeAndCutsTheBody() throws Exception {
    parity(
        client ->
            List.of(
                outcome(client, post("/fails", failing(10, "abcd"))),
                outcome(client, post("/fails-chunked", failing(-1, "abcd"))),
                outcome(client, get("/next"))));
  }

  @Test
  public void aPublisherThatThrowsFailsTheExchangeAsTheJdksDoes() throws Exception {
    parity(
        client ->
            List.of(
                outcome(client, post("/throws-subscribe", throwing(true))),
                outcome(client, post("/throws-request", throwing(false))),
                outcome(client, get("/next"))));
  }

  // ---- responses ----

  @Test
  public void aResponseBodyShorterThanItsContentLengthFails() throws Exception {
    parity(client -> List.of(outcome(client, get("/cut")), outcome(client, get("/next"))));
  }

  @Test
  public void responsesWithoutABodyIgnoreTheirContentLength() throws Exception {
    parity(
        client ->
            List.of(
                outcome(client, get("/304")),
                outcome(client, get("/next")),
                outcome(client, request("/head").method("HEAD", BodyPublishers.noBody()).build()),
                outcome(client, get("/next"))));
  }

  @Test
  public void informationalResponsesBeforeTheFinalOneAreSkipped() throws Exception {
    parity(client -> List.of(outcome(client, get("/103")), outcome(client, get("/next"))));
  }

  @Test
  public void chunkedTrailersAreReadAndTheConnectionReused() throws Exception {
    parity(client -> List.of(outcome(client, get("/trailers")), outcome(client, get("/next"))));
  }

  @Test
  public void expectContinueAnsweredWithAFinalStatusGivesThatStatus() throws Exception {
    parity(
        client ->
            List.of(
                outcome(
                    client,
                    request("/417")
                        .expectContinue(true)
                        .POST(BodyPublishers.ofString("hello"))
                        .build())));
  }

  @Test
  public void anUnaskedForContinueBeforeTheFinalResponseIsSkipped() throws Exception {
    parity(client -> List.of(outcome(client, get("/100")), outcome(client, get("/next"))));
  }

  @Test
  public void aBodyThatSaysItIsEmptyIsSentAsTheJdkSendsIt() throws Exception {
    parity(
        client ->
            List.of(
                outcome(client, post("/empty", lying(0, "abc"))), outcome(client, get("/next"))));
  }

  @Test
  public void expectContinueAnsweredWithContinueSendsTheBody() throws Exception {
    parity(
        client ->
            List.of(
                outcome(
                    client,
                    request("/continue")
                        .expectContinue(true)
                        .POST(BodyPublishers.ofString("hello"))
                        .build()),
                outcome(client, get("/next"))));
  }

  @Test
  public void asyncCallsFailAsSendDoes() throws Exception {
    parity(
        client ->
            List.of(
                asyncOutcome(client, post("/long", lying(3, "abcdefghij"))),
                asyncOutcome(client, post("/short", lying(10, "abcd"))),
                asyncOutcome(client, get("/cut")),
                asyncOutcome(client, get("/next"))));
  }

  @Test
  public void theRequestTimeoutOfAnAsyncCallEndsAtTheHeaders() throws Exception {
    parity(
        client ->
            List.of(
                asyncOutcome(client, request("/slow-body").timeout(Duration.ofMillis(500)).build()),
                asyncOutcome(
                    client, request("/slow-head").timeout(Duration.ofMillis(500)).build())));
  }

  private static String asyncOutcome(HttpClient client, HttpRequest request) {
    try {
      HttpResponse<String> response =
          client.sendAsync(request, BodyHandlers.ofString()).get(15, TimeUnit.SECONDS);
      return response.statusCode() + " [" + response.body() + "]";
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable cause = e.getCause();
      return cause instanceof HttpTimeoutException
          ? "HttpTimeoutException"
          : cause instanceof IOException ? "IOException" : cause.getClass().getSimpleName();
    } catch (Exception e) {
      return e.getClass().getSimpleName();
    }
  }

  /**
   * A chunked body with a Content-Length too is read by its chunks (RFC 9112, section 6.3), as the
   * JDK 17 client, which reads by the length, does not.
   */
  @Test
  public void aChunkedBodyIsReadByItsChunksWhateverItsContentLength() throws Exception {
    List<String> outcomes =
        run(
            transport(),
            client ->
                List.of(
                    outcome(client, get("/chunked-and-length")), outcome(client, get("/next"))));
    assertThat(outcomes).containsExactly("200 [abc]", "200 [/next ]");
  }

  /**
   * Two Content-Lengths that disagree leave the body's end unknown (RFC 9112, section 6.3): the JDK
   * 17 client reads by the first, OkHttp by the last; a transport refuses the response, as Apache
   * does, rather than guess where the next response starts.
   */
  @Test
  public void conflictingContentLengthsAreRefused() throws Exception {
    List<String> outcomes =
        run(
            transport(),
            client -> List.of(outcome(client, get("/two-lengths")), outcome(client, get("/next"))));
    assertThat(outcomes).containsExactly("IOException", "200 [/next ]");
  }

  /**
   * A header line without a name (one without a colon, one that begins with it, or a line folded
   * onto the one before, RFC 9112 section 5.2): the JDK's client leaves it out, or folds it, and
   * reads the response. A transport gives the response with the named headers, or refuses it as
   * malformed as Apache does; it never throws what the JDK does not, or leaves an asynchronous call
   * without an answer.
   */
  @Test
  public void headerLinesWithoutANameAreLeftOutOrTheResponseRefused() throws Exception {
    for (String path : List.of("/no-colon", "/empty-name", "/folded")) {
      List<String> outcomes =
          run(
              transport(),
              client ->
                  List.of(
                      headersOutcome(client, get(path)),
                      asyncHeadersOutcome(client, get(path)),
                      outcome(client, get("/next"))));
      String kept = "200 [abc] {content-length=[3], x-a=[a]}";
      String folded = "200 [abc] {content-length=[3], x-a=[a b]}";
      assertThat(outcomes.subList(0, 2))
          .as(path)
          .allSatisfy(
              outcome ->
                  assertThat(outcome)
                      .isIn(
                          path.equals("/folded")
                              ? List.of(kept, folded, "IOException")
                              : List.of(kept, "IOException")));
      assertThat(outcomes.get(2)).as(path).isEqualTo("200 [/next ]");
    }
  }

  private static String headersOutcome(HttpClient client, HttpRequest request) {
    try {
      HttpResponse<String> r = client.send(request, BodyHandlers.ofString());
      return r.statusCode() + " [" + r.body() + "] " + new TreeMap<>(r.headers().map());
    } catch (IOException e) {
      return "IOException";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    } catch (RuntimeException e) {
      return e.toString();
    }
  }

  private static String asyncHeadersOutcome(HttpClient client, HttpRequest request) {
    try {
      HttpResponse<String> r =
          client.sendAsync(request, BodyHandlers.ofString()).get(5, TimeUnit.SECONDS);
      return r.statusCode() + " [" + r.body() + "] " + new TreeMap<>(r.headers().map());
    } catch (java.util.concurrent.ExecutionException e) {
      return e.getCause() instanceof IOException ? "IOException" : e.getCause().toString();
    } catch (Exception e) {
      return e.toString();
    }
  }

  /**
   * The same Content-Length given twice frames the body as once (RFC 9110, section 8.6, lets a
   * recipient take the one value), as the JDK's client reads it; proxies and frameworks that copy a
   * header send such responses.
   */
  @Test
  public void aContentLengthRepeatedWithTheSameValueFramesTheBody() throws Exception {
    parity(client -> List.of(outcome(client, get("/same-lengths")), outcome(client, get("/next"))));
  }

  @Test
  public void theRequestTimeoutEndsAtTheHeaders() throws Exception {
    parity(
        client ->
            List.of(
                outcome(client, request("/slow-body").timeout(Duration.ofMillis(500)).build()),
                outcome(client, request("/slow-head").timeout(Duration.ofMillis(500)).build())));
  }

  @Test
  public void theJdksBodySubscribersGiveTheSameBodies() throws Exception {
    Path file = Files.createTempFile("parity", ".txt");
    try {
      parity(
          client ->
              List.of(
                  outcome(
                      client,
                      get("/lines"),
                      BodyHandlers.ofLines(),
                      lines -> {
                        try (Stream<String> l = lines) {
                          return l.collect(Collectors.toList()).toString();
                        }
                      }),
                  outcome(
                      client,
                      get("/lines"),
                      info -> BodySubscribers.buffering(BodySubscribers.ofString(UTF_8), 3)),
                  outcome(client, get("/lines"), BodyHandlers.replacing("replaced")),
                  outcome(client, get("/lines"), BodyHandlers.discarding()),
                  outcome(
                      client,
                      get("/lines"),
                      info ->
                          BodySubscribers.mapping(BodySubscribers.ofString(UTF_8), String::length)),
                  outcome(
                      client,
                      get("/lines"),
                      BodyHandlers.ofInputStream(),
                      in -> {
                        try (InputStream i = in) {
                          return new String(i.readAllBytes(), UTF_8);
                        } catch (IOException e) {
                          throw new UncheckedIOException(e);
                        }
                      }),
                  outcome(
                      client,
                      get("/lines"),
                      info ->
                          BodySubscribers.mapping(
                              BodySubscribers.ofFile(file),
                              path -> {
                                try {
                                  return Files.readString(path);
                                } catch (IOException e) {
                                  throw new UncheckedIOException(e);
                                }
                              })),
                  outcome(client, get("/lines"), BodyHandlers.ofByteArray(), Arrays::toString),
                  publisherOutcome(client, get("/lines")),
                  linesOutcome(client, get("/lines")),
                  outcome(client, get("/next"))));
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  public void aBodyHandlerThatThrowsFailsTheCallAndLeavesNoDirtyConnection() throws Exception {
    parity(
        client ->
            List.of(
                outcome(
                    client,
                    get("/lines"),
                    info -> {
                      throw new IllegalStateException("no handler");
                    }),
                outcome(client, get("/next")),
                outcome(
                    client,
                    get("/lines"),
                    info ->
                        BodySubscribers.mapping(
                            BodySubscribers.ofString(UTF_8),
                            body -> {
                              throw new IllegalStateException("no mapping");
                            })),
                outcome(client, get("/next"))));
  }

  @Test
  public void bodiesFramedByTheConnectionsEndOrBadlyChunkedAreReadAsByTheJdk() throws Exception {
    parity(
        client ->
            List.of(
                outcome(client, get("/bad-chunk")),
                outcome(client, get("/next")),
                outcome(client, get("/eof")),
                outcome(client, get("/next"))));
  }

  @Test
  public void aResponseTellsItsRequestUriVersionAndHeadersAsTheJdks() throws Exception {
    parity(
        client -> {
          try {
            HttpRequest request = request("/lines").header("X-Asked", "1").build();
            HttpResponse<String> r = client.send(request, BodyHandlers.ofString());
            return List.of(
                String.valueOf(r.uri().equals(request.uri())),
                r.request().method() + " " + r.request().headers().map(),
                String.valueOf(r.request().uri().equals(request.uri())),
                r.version().toString(),
                String.valueOf(r.previousResponse().isPresent()),
                String.valueOf(r.sslSession().isPresent()),
                r.headers().map().toString());
          } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
          }
        });
  }

  /**
   * A request of the caller's own {@link HttpRequest} class, whose headers no builder checked, with
   * a header the client sets itself: the JDK's client refuses it rather than send a request whose
   * framing or target the header would change.
   */
  @ParameterizedTest
  @ValueSource(strings = {"Content-Length: 100", "Host: elsewhere.example", "Connection: close"})
  public void aRequestWithAHeaderOnlyTheClientSetsIsRefusedAsByTheJdk(String header)
      throws Exception {
    String name = header.substring(0, header.indexOf(':'));
    String value = header.substring(header.indexOf(':') + 2);
    parity(
        client ->
            List.of(
                outcome(client, withHeader(get("/restricted"), name, value)),
                outcome(
                    client,
                    withHeader(post("/restricted", BodyPublishers.ofString("abc")), name, value)),
                outcome(client, get("/next"))));
  }

  /** {@code request} with one more header, as a class of the caller's own would carry it. */
  private static HttpRequest withHeader(HttpRequest request, String name, String value) {
    Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    map.putAll(request.headers().map());
    map.put(name, List.of(value));
    HttpHeaders headers = HttpHeaders.of(map, (n, v) -> true);
    return new HttpRequest() {
      @Override
      public Optional<BodyPublisher> bodyPublisher() {
        return request.bodyPublisher();
      }

      @Override
      public String method() {
        return request.method();
      }

      @Override
      public Optional<Duration> timeout() {
        return request.timeout();
      }

      @Override
      public boolean expectContinue() {
        return request.expectContinue();
      }

      @Override
      public URI uri() {
        return request.uri();
      }

      @Override
      public Optional<HttpClient.Version> version() {
        return request.version();
      }

      @Override
      public HttpHeaders headers() {
        return headers;
      }
    };
  }

  private static String publisherOutcome(HttpClient client, HttpRequest request) {
    try {
      HttpResponse<Flow.Publisher<List<ByteBuffer>>> response =
          client.send(request, BodyHandlers.ofPublisher());
      CompletableFuture<String> body = new CompletableFuture<>();
      response
          .body()
          .subscribe(
              new Flow.Subscriber<List<ByteBuffer>>() {
                private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

                @Override
                public void onSubscribe(Flow.Subscription subscription) {
                  subscription.request(Long.MAX_VALUE);
                }

                @Override
                public void onNext(List<ByteBuffer> item) {
                  for (ByteBuffer b : item) {
                    byte[] a = new byte[b.remaining()];
                    b.get(a);
                    bytes.writeBytes(a);
                  }
                }

                @Override
                public void onError(Throwable throwable) {
                  body.complete("onError " + throwable.getClass().getSimpleName());
                }

                @Override
                public void onComplete() {
                  body.complete(bytes.toString(UTF_8));
                }
              });
      return response.statusCode() + " [" + body.get(10, TimeUnit.SECONDS) + "]";
    } catch (Exception e) {
      return e.getClass().getSimpleName();
    }
  }

  private static String linesOutcome(HttpClient client, HttpRequest request) {
    List<String> lines = new CopyOnWriteArrayList<>();
    try {
      HttpResponse<String> response =
          client.send(
              request,
              BodyHandlers.fromLineSubscriber(
                  new Flow.Subscriber<String>() {
                    @Override
                    public void onSubscribe(Flow.Subscription subscription) {
                      subscription.request(Long.MAX_VALUE);
                    }

                    @Override
                    public void onNext(String item) {
                      lines.add(item);
                    }

                    @Override
                    public void onError(Throwable throwable) {
                      lines.add("onError");
                    }

                    @Override
                    public void onComplete() {
                      lines.add("onComplete");
                    }
                  },
                  subscriber -> "finished",
                  "\n"));
      return response.statusCode() + " [" + response.body() + "] " + lines;
    } catch (Exception e) {
      return e.getClass().getSimpleName();
    }
  }

  // ---- the harness ----

  private final List<String> seen = new CopyOnWriteArrayList<>();
  private RawServer server;

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(10));
  }

  private HttpRequest get(String path) {
    return request(path).build();
  }

  private HttpRequest post(String path, BodyPublisher body) {
    return request(path).POST(body).build();
  }

  /**
   * Runs {@code exchanges} on a new JDK client and on a new transport client, each against a new
   * server: the outcomes and what the server saw must be the same.
   */
  private void parity(Function<HttpClient, List<String>> exchanges) throws Exception {
    List<String> jdk =
        run(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), exchanges);
    List<String> jdkSeen = whole(seen);
    List<String> ours = run(transport(), exchanges);
    assertThat(ours).as("what the caller sees, the JDK's client first").isEqualTo(jdk);
    assertThat(whole(seen))
        .as("the whole requests the server received, the JDK's client first")
        .isEqualTo(jdkSeen);
  }

  /**
   * The requests of {@code seen} the server received whole: a request whose body was cut short may
   * have been sent in part (the JDK's client sends its head first) or not at all (OkHttp writes the
   * head with the body).
   */
  private static List<String> whole(List<String> seen) {
    List<String> whole = new ArrayList<>(seen);
    whole.removeIf(request -> request.endsWith(" incomplete body"));
    return whole;
  }

  private List<String> run(HttpClient client, Function<HttpClient, List<String>> exchanges)
      throws Exception {
    seen.clear();
    try (RawServer s = new RawServer(this::serve)) {
      server = s;
      List<String> outcomes = exchanges.apply(client);
      Thread.sleep(1200); // a body cut short is seen as such once the server's read times out
      return outcomes;
    } finally {
      if (client instanceof AutoCloseable) {
        ((AutoCloseable) client).close();
      }
    }
  }

  private static String outcome(HttpClient client, HttpRequest request) {
    return outcome(client, request, BodyHandlers.ofString());
  }

  private static <T> String outcome(
      HttpClient client, HttpRequest request, BodyHandler<T> handler) {
    return outcome(client, request, handler, String::valueOf);
  }

  private static <T> String outcome(
      HttpClient client,
      HttpRequest request,
      BodyHandler<T> handler,
      Function<? super T, String> shown) {
    try {
      HttpResponse<T> response = client.send(request, handler);
      return response.statusCode() + " [" + shown.apply(response.body()) + "]";
    } catch (HttpTimeoutException e) {
      return "HttpTimeoutException";
    } catch (IOException e) {
      return "IOException";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName();
    }
  }

  /** Serves the requests of one connection, noting each as the server read it. */
  private void serve(Socket socket, String firstHead) throws Exception {
    socket.setSoTimeout(1000);
    InputStream in = socket.getInputStream();
    OutputStream out = socket.getOutputStream();
    for (String head = firstHead; !head.isEmpty(); ) {
      String requestLine = head.substring(0, head.indexOf('\r'));
      String path = requestLine.split(" ")[1];
      String framing = framing(head);
      if (path.equals("/continue")) {
        out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(ISO_8859_1));
        out.flush();
      } else if (head.toLowerCase(Locale.ROOT).contains("expect: 100-continue")) {
        out.write(
            "HTTP/1.1 417 Expectation Failed\r\nContent-Length: 0\r\n\r\n".getBytes(ISO_8859_1));
        out.flush();
        readRest(in); // the body, if sent (Apache sends a short one to keep the connection whole)
        seen.add(requestLine + " " + framing);
        socket.close();
        return;
      }
      String body;
      try {
        body = body(head, in);
      } catch (SocketTimeoutException e) {
        seen.add(requestLine + " " + framing + " incomplete body");
        return;
      }
      seen.add(requestLine + " " + framing + " body [" + body + "]");
      if (path.equals("/slow-head")) {
        Thread.sleep(1500);
      }
      if (path.equals("/slow-body")) {
        out.write("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nab".getBytes(ISO_8859_1));
        out.flush();
        Thread.sleep(1500);
        out.write("cd".getBytes(ISO_8859_1));
        out.flush();
        head = nextHead(socket, in);
        continue;
      }
      out.write(response(path, body).getBytes(ISO_8859_1));
      out.flush();
      if (path.equals("/cut") || path.equals("/eof") || path.equals("/bad-chunk")) {
        socket.close(); // mid-body
        return;
      }
      head = nextHead(socket, in);
    }
  }

  private static String nextHead(Socket socket, InputStream in) throws IOException {
    try {
      return RawServer.readHead(in);
    } catch (SocketTimeoutException e) {
      socket.setSoTimeout(0);
      return RawServer.readHead(in); // the next request on this connection, or its end
    } catch (IOException e) {
      return ""; // the client closed the connection
    }
  }

  private static String response(String path, String body) {
    switch (path) {
      case "/cut":
        return "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabcd";
      case "/204":
        return "HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n";
      case "/304":
        return "HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\n\r\n";
      case "/head":
        return "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n";
      case "/103":
        return "HTTP/1.1 103 Early Hints\r\nLink: </a>; rel=preload\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfinal";
      case "/trailers":
        return "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: X-Sum\r\n\r\n"
            + "3\r\nabc\r\n0\r\nX-Sum: 3\r\n\r\n";
      case "/100":
        return "HTTP/1.1 100 Continue\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfinal";
      case "/no-colon":
        return "HTTP/1.1 200 OK\r\nX-A: a\r\nno colon\r\nContent-Length: 3\r\n\r\nabc";
      case "/empty-name":
        return "HTTP/1.1 200 OK\r\nX-A: a\r\n: x\r\nContent-Length: 3\r\n\r\nabc";
      case "/folded":
        return "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nX-A: a\r\n b\r\n\r\nabc";
      case "/same-lengths":
        return "HTTP/1.1 200 OK\r\nContent-Length: 5\r\ncontent-length: 5\r\n\r\nfinal";
      case "/two-lengths":
        return "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nfinal!";
      case "/chunked-and-length":
        return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "3\r\nabc\r\n0\r\n\r\n";
      case "/bad-chunk":
        return "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n";
      case "/eof":
        return "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nto the end";
      case "/lines":
        return "HTTP/1.1 200 OK\r\nContent-Length: 15\r\n\r\none\ntwo\r\nthree\n";
      default:
        String answer = path + " " + body;
        return "HTTP/1.1 200 OK\r\nContent-Length: " + answer.length() + "\r\n\r\n" + answer;
    }
  }

  /**
   * The head's framing headers, lower case, in a fixed order; but for a {@code Content-Length: 0}
   * on a GET or HEAD, which the JDK 17 client sends and later ones do not.
   */
  private static String framing(String head) {
    boolean bodiless = head.startsWith("GET ") || head.startsWith("HEAD ");
    List<String> framing = new ArrayList<>();
    for (String line : head.split("\r\n")) {
      String lower = line.toLowerCase(Locale.ROOT).replace(" ", "");
      if (bodiless && lower.equals("content-length:0")) {
        continue;
      }
      if (lower.startsWith("content-length:") || lower.startsWith("transfer-encoding:")) {
        framing.add(lower);
      }
    }
    framing.sort(null);
    return framing.toString();
  }

  private static String body(String head, InputStream in) throws IOException {
    String lower = head.toLowerCase(Locale.ROOT);
    if (lower.contains("transfer-encoding: chunked")) {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      for (; ; ) {
        int size = Integer.parseInt(line(in).trim(), 16);
        if (size == 0) {
          line(in); // no trailers
          return body.toString(UTF_8);
        }
        body.write(in.readNBytes(size));
        line(in);
      }
    }
    int at = lower.indexOf("content-length:");
    if (at < 0) {
      return "";
    }
    int length = Integer.parseInt(lower.substring(at + 15, lower.indexOf('\r', at)).trim());
    byte[] body = new byte[length];
    for (int n = 0; n < length; ) {
      int read = in.read(body, n, length - n);
      if (read < 0) {
        throw new SocketTimeoutException("end of stream");
      }
      n += read;
    }
    return new String(body, UTF_8);
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b; (b = in.read()) != '\n'; ) {
      if (b < 0) {
        throw new SocketTimeoutException("end of stream");
      }
      line.write(b);
    }
    return line.toString(ISO_8859_1);
  }

  private static String readRest(InputStream in) {
    ByteArrayOutputStream rest = new ByteArrayOutputStream();
    try {
      for (int b; (b = in.read()) >= 0; ) {
        rest.write(b);
      }
    } catch (IOException e) {
      // the read timed out or the client closed: what came is the answer
    }
    return "[" + rest.toString(ISO_8859_1) + "]";
  }

  /** A publisher of 4 bytes whose {@code subscribe}, or else whose {@code request}, throws. */
  private static BodyPublisher throwing(boolean inSubscribe) {
    return new BodyPublisher() {
      @Override
      public long contentLength() {
        return 4;
      }

      @Override
      public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        if (inSubscribe) {
          throw new IllegalStateException("the publisher broke in subscribe");
        }
        subscriber.onSubscribe(
            new Flow.Subscription() {
              @Override
              public void request(long n) {
                throw new IllegalStateException("the publisher broke in request");
              }

              @Override
              public void cancel() {}
            });
      }
    };
  }

  /** A publisher of {@code parts}, one buffer each, that says its length is {@code length}. */
  private static BodyPublisher lying(long length, String... parts) {
    return publisher(length, null, parts);
  }

  /** A publisher of {@code parts} that then fails. */
  private static BodyPublisher failing(long length, String... parts) {
    return publisher(length, new IOException("the publisher broke"), parts);
  }

  private static BodyPublisher publisher(long length, Throwable failure, String... parts) {
    return new BodyPublisher() {
      @Override
      public long contentLength() {
        return length;
      }

      @Override
      public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        subscriber.onSubscribe(
            new Flow.Subscription() {
              private int next;
              private boolean done;

              @Override
              public synchronized void request(long n) {
                for (; n > 0 && !done; n--) {
                  if (next < parts.length) {
                    subscriber.onNext(ByteBuffer.wrap(parts[next++].getBytes(UTF_8)));
                  } else {
                    done = true;
                    if (failure == null) {
                      subscriber.onComplete();
                    } else {
                      subscriber.onError(failure);
                    }
                  }
                }
              }

              @Override
              public synchronized void cancel() {
                done = true;
              }
            });
      }
    };
  }
}

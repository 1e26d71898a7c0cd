package dev.httpjson.apache5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.ConnectionLifecycleContract;
import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.junit.jupiter.api.Test;

/** The connection lifecycle rows on the Apache 5 transport. */
class Apache5ConnectionLifecycleTest extends ConnectionLifecycleContract {
  @Override
  protected HttpClient client() {
    return Apache5Clients.http1();
  }

  /**
   * Bytes past a response that arrive while the connection is idle in the pool, well before the
   * pool's 500 ms check that waits for the server: the next call still goes on a new connection.
   */
  @Test
  void bytesPastAResponseThatArriveWhileTheConnectionIsIdleNeverAnswerTheNextCall()
      throws Exception {
    HttpClient client = Apache5Transport.newHttpClient();
    try (RawServer server = new RawServer((socket, head) -> sendsTooMuch(socket, head, 50))) {
      List<String> outcomes = new ArrayList<>();
      for (String path : List.of("/first", "/second", "/third")) {
        HttpResponse<String> r =
            client.send(HttpRequest.newBuilder(server.uri(path)).build(), BodyHandlers.ofString());
        outcomes.add(r.statusCode() + " " + r.body());
        Thread.sleep(200); // the late bytes arrive meanwhile
      }
      assertThat(outcomes).containsExactly("200 abc", "200 GET /second", "200 GET /third");
      assertThat(server.connections()).isEqualTo(2);
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  /**
   * A pool of the caller's own, built with {@link Apache5Transport#connectionFactory()} and
   * Apache's default check of idle connections (after 2 s): the connection that holds bytes past a
   * response fails the next call before its request is written, saying why, rather than answer it
   * with them; the call after goes on a new connection.
   */
  @Test
  void aPoolOfTheCallersOwnFailsTheCallRatherThanReadBytesPastTheLastResponse() throws Exception {
    HttpClient client =
        Apache5Transport.newHttpClient(
            HttpClients.custom()
                .disableRedirectHandling()
                .setConnectionManager(
                    PoolingHttpClientConnectionManagerBuilder.create()
                        .setConnectionFactory(Apache5Transport.connectionFactory())
                        .build())
                .build());
    try (RawServer server = new RawServer((socket, head) -> sendsTooMuch(socket, head, 0))) {
      HttpResponse<String> first =
          client.send(
              HttpRequest.newBuilder(server.uri("/first")).build(), BodyHandlers.ofString());
      assertThat(first.body()).isEqualTo("abc");
      // The server's second write, past the response, reaches the client's socket meanwhile (on a
      // busy machine it could come after the next request went out: another test's case).
      Thread.sleep(100);
      assertThatThrownBy(
              () ->
                  client.send(
                      HttpRequest.newBuilder(server.uri("/second")).build(),
                      BodyHandlers.ofString()))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("past the end of its last response")
          .hasMessageContaining("GET /second");
      HttpResponse<String> third =
          client.send(
              HttpRequest.newBuilder(server.uri("/third")).build(), BodyHandlers.ofString());
      assertThat(third.statusCode() + " " + third.body()).isEqualTo("200 GET /third");
      assertThat(server.handlerFailures()).isEmpty();
    }
  }

  /**
   * Over TLS, bytes past a response that came in a record of their own are not yet decrypted when
   * the next request is about to be written (the TLS socket reports none ready): they are seen all
   * the same, and the call fails before its request is written rather than read them as its answer.
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void overTlsBytesPastAResponseInARecordOfTheirOwnNeverAnswerTheNextCall() throws Exception {
    try (TlsServer server = new TlsServer(Apache5ConnectionLifecycleTest::sendsTooMuchAtOnce)) {
      HttpClient client = server.client();

      HttpResponse<String> first =
          client.send(
              HttpRequest.newBuilder(server.uri("/first")).build(), BodyHandlers.ofString());
      assertThat(first.body()).isEqualTo("abc");
      Thread.sleep(100); // the bytes past the response reach the client's socket meanwhile
      assertThatThrownBy(
              () ->
                  client.send(
                      HttpRequest.newBuilder(server.uri("/second")).build(),
                      BodyHandlers.ofString()))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("past the end of its last response")
          .hasMessageContaining("GET /second");
      HttpResponse<String> third =
          client.send(
              HttpRequest.newBuilder(server.uri("/third")).build(), BodyHandlers.ofString());
      assertThat(third.statusCode() + " " + third.body()).isEqualTo("200 GET /third");
      assertThat(server.connections.get()).isEqualTo(2);
      assertThat(server.failures).isEmpty();
    }
  }

  /** Over TLS, a server that sends nothing past its responses keeps its one connection in use. */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void overTlsAConnectionWithNothingPastItsResponsesIsReused() throws Exception {
    try (TlsServer server = new TlsServer(Apache5ConnectionLifecycleTest::sendsTooMuchAtOnce)) {
      HttpClient client = server.client();
      for (String path : List.of("/a", "/b", "/c")) {
        HttpResponse<String> r =
            client.send(HttpRequest.newBuilder(server.uri(path)).build(), BodyHandlers.ofString());
        assertThat(r.body()).isEqualTo("GET " + path);
        Thread.sleep(100);
      }
      assertThat(server.connections.get()).isEqualTo(1);
      assertThat(server.failures).isEmpty();
    }
  }

  /**
   * Over TLS, a server that closes the connection (its close_notify) right after a response it said
   * kept it open: the next GET is not failed as if the close were bytes past the response; it meets
   * the closed connection as before and is sent again on a new one.
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void overTlsAServersCloseAfterAResponseIsNotTakenForBytesPastIt() throws Exception {
    try (TlsServer server =
        new TlsServer(
            (socket, head) -> {
              String line = head.substring(0, head.indexOf(" HTTP/"));
              RawServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Length: " + line.length() + "\r\n\r\n" + line);
              socket.close();
            })) {
      HttpClient client = server.client();
      List<String> outcomes = new ArrayList<>();
      for (String path : List.of("/a", "/b")) {
        HttpResponse<String> r =
            client.send(HttpRequest.newBuilder(server.uri(path)).build(), BodyHandlers.ofString());
        outcomes.add(r.statusCode() + " " + r.body());
        Thread.sleep(100); // the close reaches the client's socket meanwhile
      }
      assertThat(outcomes).containsExactly("200 GET /a", "200 GET /b");
      assertThat(server.failures).isEmpty();
    }
  }

  /**
   * A TLS server on loopback that answers as {@link #sendsTooMuch} does, each write a TLS record of
   * its own, with a client of a pool of the caller's own (Apache's check of idle connections after
   * 2 s) that trusts its certificate.
   */
  private static final class TlsServer implements AutoCloseable {
    private static final okhttp3.tls.HeldCertificate CERTIFICATE =
        new okhttp3.tls.HeldCertificate.Builder()
            .commonName("localhost")
            .addSubjectAlternativeName("localhost")
            .addSubjectAlternativeName("127.0.0.1")
            .build();

    final List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    final java.util.concurrent.atomic.AtomicInteger connections =
        new java.util.concurrent.atomic.AtomicInteger();
    private final java.net.ServerSocket listener;
    private final RawServer.Handler handler;

    TlsServer(RawServer.Handler handler) throws IOException {
      this.handler = handler;
      listener =
          new okhttp3.tls.HandshakeCertificates.Builder()
              .heldCertificate(CERTIFICATE)
              .build()
              .sslContext()
              .getServerSocketFactory()
              .createServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
      Thread acceptor = new Thread(this::accept, "tls-server");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    private void accept() {
      while (!listener.isClosed()) {
        Socket socket;
        try {
          socket = listener.accept();
        } catch (IOException e) {
          return; // closed
        }
        connections.incrementAndGet();
        Thread t =
            new Thread(
                () -> {
                  try (socket) {
                    socket.setSoTimeout(20_000);
                    handler.handle(socket, RawServer.readHead(socket.getInputStream()));
                  } catch (IOException e) {
                    // the client closed the connection
                  } catch (Exception e) {
                    failures.add(e);
                  }
                });
        t.setDaemon(true);
        t.start();
      }
    }

    java.net.URI uri(String path) {
      return java.net.URI.create("https://127.0.0.1:" + listener.getLocalPort() + path);
    }

    HttpClient client() {
      return Apache5Transport.newHttpClient(
          HttpClients.custom()
              .disableRedirectHandling()
              .setConnectionManager(
                  PoolingHttpClientConnectionManagerBuilder.create()
                      .setConnectionFactory(Apache5Transport.connectionFactory())
                      .setTlsSocketStrategy(
                          new org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy(
                              new okhttp3.tls.HandshakeCertificates.Builder()
                                  .addTrustedCertificate(CERTIFICATE.certificate())
                                  .build()
                                  .sslContext()))
                      .build())
              .build());
    }

    @Override
    public void close() throws IOException {
      listener.close();
    }
  }

  private static void sendsTooMuchAtOnce(Socket socket, String head) throws IOException {
    sendsTooMuch(socket, head, 0);
  }

  /**
   * Answers {@code /first} with a body of 3 bytes and, {@code lateMillis} later (at once for 0),
   * what looks like a second response; any other request with its request line.
   */
  private static void sendsTooMuch(Socket socket, String head, long lateMillis) throws IOException {
    InputStream in = socket.getInputStream();
    for (; !head.isEmpty(); head = RawServer.readHead(in)) {
      String line = head.substring(0, head.indexOf(" HTTP/"));
      if (line.equals("GET /first")) {
        RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc");
        if (lateMillis > 0) {
          try {
            Thread.sleep(lateMillis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
        RawServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nforged");
      } else {
        RawServer.write(
            socket, "HTTP/1.1 200 OK\r\nContent-Length: " + line.length() + "\r\n\r\n" + line);
      }
    }
  }
}

package dev.httpjson.contract;

import java.io.IOException;
import java.net.http.HttpClient;
import java.util.List;
import mockwebserver3.MockWebServer;
import okhttp3.Protocol;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;

/**
 * HTTP/2 on loopback: a mockwebserver3 serving h2 over TLS (negotiated with ALPN) with a held
 * certificate, and a JDK client that trusts it and prefers HTTP/2. The JDK client does not speak
 * h2c with prior knowledge, and its cleartext upgrade is not what servers deploy; TLS with ALPN is.
 */
public final class Http2Loopback {
  private static final HeldCertificate CERTIFICATE =
      new HeldCertificate.Builder()
          .commonName("localhost")
          .addSubjectAlternativeName("localhost")
          .addSubjectAlternativeName("127.0.0.1")
          .build();

  private static final HandshakeCertificates SERVER =
      new HandshakeCertificates.Builder().heldCertificate(CERTIFICATE).build();

  private static final HandshakeCertificates CLIENT =
      new HandshakeCertificates.Builder().addTrustedCertificate(CERTIFICATE.certificate()).build();

  private Http2Loopback() {}

  /** A started server that negotiates HTTP/2 (and HTTP/1.1 for clients that ask for it). */
  public static MockWebServer start() throws IOException {
    MockWebServer server = LoopbackServer.newServer();
    server.useHttps(SERVER.sslSocketFactory());
    server.setProtocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1));
    server.start(java.net.InetAddress.getLoopbackAddress(), 0);
    return server;
  }

  /**
   * The client side's certificates: trusting {@link #start()}'s, for clients other than the JDK's.
   */
  public static HandshakeCertificates clientCertificates() {
    return CLIENT;
  }

  /** A client builder that trusts {@link #start()}'s certificate and prefers HTTP/2. */
  public static HttpClient.Builder clientBuilder() {
    return HttpClient.newBuilder()
        .sslContext(CLIENT.sslContext())
        .version(HttpClient.Version.HTTP_2);
  }

  /** A client that trusts {@link #start()}'s certificate and prefers HTTP/2. */
  public static HttpClient client() {
    return clientBuilder().build();
  }
}

package dev.httpjson.contract;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonOptions;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.LocalDate;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The program {@link CodecAlone} runs in a JVM whose class path holds httpjson's core, one codec,
 * that codec's library and this class: it refers to nothing else (no test library, no JSON
 * library). Arguments: the name of the codec that must be chosen, then classes that must not be
 * loadable. Prints one line per check; exits with a non-zero status, saying why on stderr, when one
 * fails.
 */
public final class CodecAloneMain {
  private CodecAloneMain() {}

  /** The value read and written, with a {@code java.time} component. */
  public record Forecast(LocalDate date, int temperatureC, int temperatureF, String summary) {}

  static final String FORECAST =
      "{\"date\":\"2026-11-30\",\"temperatureC\":21,\"temperatureF\":69,\"summary\":\"Mild\"}";

  public static void main(String[] args) throws Exception {
    for (int i = 1; i < args.length; i++) {
      try {
        Class.forName(args[i]);
        System.err.println("present, but must be absent: " + args[i]);
        System.exit(3);
      } catch (ClassNotFoundException expected) {
        System.out.println("absent: " + args[i]);
      }
    }
    String codec = JsonOptions.web().codec().name();
    System.out.println("codec: " + codec);
    if (!codec.equals(args[0])) {
      System.err.println("the default codec is " + codec + ", not " + args[0]);
      System.exit(4);
    }

    AtomicReference<String> received = new AtomicReference<>();
    try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread serving = new Thread(() -> serve(listener, received), "loopback-server");
      serving.setDaemon(true);
      serving.start();
      URI uri =
          URI.create(
              "http://"
                  + listener.getInetAddress().getHostAddress()
                  + ":"
                  + listener.getLocalPort()
                  + "/forecast");
      HttpClient client = HttpClient.newHttpClient();

      Forecast got = HttpJson.getFromJson(client, uri, Forecast.class);
      System.out.println("get: " + got);
      Forecast echoed =
          HttpJson.postAsJson(
              client, uri, new Forecast(got.date().plusDays(1), 5, 41, "Cool"), Forecast.class);
      System.out.println("post: " + echoed);
      System.out.println("sent: " + received.get());
    }
    System.exit(0);
  }

  /**
   * A loopback HTTP/1.1 server on a bare socket (the JDK's HTTP server is in a module core's tests
   * do not read): a GET gets the forecast, a POST its own body back; one request per connection.
   */
  private static void serve(ServerSocket listener, AtomicReference<String> received) {
    while (!listener.isClosed()) {
      try (Socket socket = listener.accept()) {
        InputStream in = new BufferedInputStream(socket.getInputStream());
        String head = readHead(in);
        int length = 0;
        String contentType = null;
        for (String line : head.split("\r\n")) {
          String lower = line.toLowerCase(Locale.ROOT);
          if (lower.startsWith("content-length:")) {
            length = Integer.parseInt(line.substring("content-length:".length()).trim());
          } else if (lower.startsWith("content-type:")) {
            contentType = line.substring("content-type:".length()).trim();
          }
        }
        byte[] body = in.readNBytes(length);
        byte[] answer;
        if (head.startsWith("POST ")) {
          received.set(contentType + " " + new String(body, UTF_8));
          answer = body;
        } else {
          answer = FORECAST.getBytes(UTF_8);
        }
        OutputStream out = socket.getOutputStream();
        out.write(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                    + answer.length
                    + "\r\nConnection: close\r\n\r\n")
                .getBytes(ISO_8859_1));
        out.write(answer);
        out.flush();
      } catch (IOException e) {
        if (!listener.isClosed()) {
          e.printStackTrace();
        }
      }
    }
  }

  /** The request line and headers, up to the blank line. */
  private static String readHead(InputStream in) throws IOException {
    StringBuilder head = new StringBuilder();
    while (head.length() < 4 || !head.substring(head.length() - 4).equals("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("end of stream in the request head: " + head);
      }
      head.append((char) b);
    }
    return head.toString();
  }
}

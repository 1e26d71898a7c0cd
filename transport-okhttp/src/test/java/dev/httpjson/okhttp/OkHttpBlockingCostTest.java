package dev.httpjson.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.RawServer;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.net.SocketFactory;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a blocking {@code send} costs beyond OkHttp's own {@code execute()}, in measures the
 * machine's load does not move: where it runs, which sockets it reads, and the bytes it allocates.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OkHttpBlockingCostTest {
  /** A JSON array of five small objects, as a typical GET returns. */
  private static final String BODY = body();

  /**
   * Bytes per call the adapter may allocate on the calling thread beyond OkHttp's {@code execute()}
   * + {@code bytes()} of the same response: it builds a JDK request's OkHttp twin (its URL parsed
   * anew at each send: the transport keeps nothing between exchanges), the JDK's {@code
   * HttpHeaders}, two response objects and the pump, and copies the body once more into the
   * byte-array subscriber (measured: 2.8 KB; 2.2 KB when a repeated request reused its twin). The
   * headroom is for run-to-run variation; what goes past it is a per-call object graph the size of
   * those — the headers converted twice, a per-call timer or chain of futures. Where the work runs
   * is pinned by the test above.
   */
  private static final long MAX_EXTRA_BYTES = 3_072;

  private static final int CALLS = 200;

  private static String body() {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < 5; i++) {
      b.append(i == 0 ? "" : ",")
          .append("{\"date\":\"2026-12-0")
          .append(i + 1)
          .append("\",\"temperatureC\":")
          .append(10 + i)
          .append(",\"summary\":\"Mild with a light breeze from the west\"}");
    }
    return b.append(']').toString();
  }

  private static MockWebServer serving(MockResponse response) throws IOException {
    MockWebServer server = LoopbackServer.start();
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            return response;
          }
        });
    return server;
  }

  @Test
  void aBlockingSendRunsOnTheCallersThreadOverOkHttpsOwnSockets() throws Exception {
    List<Thread> threads = new ArrayList<>();
    List<Socket> sockets = new ArrayList<>();
    OkHttpClient okhttp = // OkHttp's defaults: a 10 s read timeout, so reads are timed
        new OkHttpClient.Builder()
            .addNetworkInterceptor(
                chain -> {
                  threads.add(Thread.currentThread());
                  sockets.add(chain.connection().socket());
                  return chain.proceed(chain.request());
                })
            .build();
    try (MockWebServer server = serving(LoopbackServer.json(200, BODY))) {
      HttpClient client = OkHttpTransport.newHttpClient(okhttp);
      HttpResponse<String> response =
          client.send(
              HttpRequest.newBuilder(server.url("/f").uri()).build(), BodyHandlers.ofString());

      assertThat(response.body()).isEqualTo(BODY);
      assertThat(threads).containsExactly(Thread.currentThread());
      assertThat(sockets).hasSize(1);
      assertThat(sockets.get(0).getChannel())
          .as("a plain socket: a SocketChannel's toggles its blocking mode on every timed read")
          .isNull();
    } finally {
      okhttp.connectionPool().evictAll();
    }
  }

  @Test
  void anInterruptAbortsABlockedSendWhateverTheSocketFactory() throws Exception {
    CountDownLatch requested = new CountDownLatch(1);
    CountDownLatch closed = new CountDownLatch(1);
    try (RawServer raw =
        new RawServer(
            (socket, head) -> {
              requested.countDown();
              if (socket.getInputStream().read() < 0) {
                closed.countDown();
              }
            })) {
      HttpClient client = // a read timeout far past the bound below
          OkHttpTransport.newHttpClient(
              new OkHttpClient.Builder()
                  .socketFactory(new OwnSockets())
                  .readTimeout(Duration.ofSeconds(40))
                  .build());
      Thread caller = Thread.currentThread();
      Thread interrupter =
          new Thread(
              () -> {
                try {
                  if (requested.await(10, TimeUnit.SECONDS)) {
                    Thread.sleep(100);
                    caller.interrupt();
                  }
                } catch (InterruptedException e) {
                  // the test ended first
                }
              });
      interrupter.start();
      long start = System.nanoTime();
      try {
        assertThatThrownBy(
                () ->
                    client.send(
                        HttpRequest.newBuilder(raw.uri("/never")).build(), BodyHandlers.ofString()))
            .isInstanceOf(InterruptedException.class);
      } finally {
        interrupter.interrupt();
        interrupter.join(10_000);
      }
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .as("woken by the interrupt, not by the read timeout")
          .isLessThan(Duration.ofSeconds(20));
      assertThat(Thread.currentThread().isInterrupted()).isFalse();
      assertThat(closed.await(10, TimeUnit.SECONDS)).as("the connection was closed").isTrue();
    }
  }

  @Test
  void aBlockingSendAllocatesLittleMoreThanOkHttpsOwnExecute() throws Exception {
    OkHttpClient okhttp = new OkHttpClient();
    try (MockWebServer server = serving(LoopbackServer.json(200, BODY))) {
      HttpClient client = OkHttpTransport.newHttpClient(okhttp);
      URI uri = server.url("/f").uri();
      HttpRequest request = HttpRequest.newBuilder(uri).build();
      Request okRequest = new Request.Builder().url(uri.toString()).build();
      Call viaAdapter =
          () -> {
            HttpResponse<byte[]> response = client.send(request, BodyHandlers.ofByteArray());
            return response.body().length;
          };
      Call viaOkHttp =
          () -> {
            try (Response response = okhttp.newCall(okRequest).execute()) {
              return response.body().bytes().length;
            }
          };

      long adapter = Long.MAX_VALUE;
      long own = Long.MAX_VALUE;
      for (int round = 0; round < 5; round++) { // the first rounds warm up; the minimum is kept
        adapter = Math.min(adapter, perCall(viaAdapter));
        own = Math.min(own, perCall(viaOkHttp));
      }

      System.out.printf("bytes per call: adapter %d, OkHttp execute %d%n", adapter, own);
      assertThat(adapter - own)
          .as("bytes per send beyond OkHttp's execute (%d for execute)", own)
          .isLessThanOrEqualTo(MAX_EXTRA_BYTES);
    } finally {
      okhttp.dispatcher().executorService().shutdown();
      okhttp.connectionPool().evictAll();
    }
  }

  private interface Call {
    int run() throws Exception;
  }

  private static long perCall(Call call) throws Exception {
    long before = allocated();
    for (int i = 0; i < CALLS; i++) {
      assertThat(call.run()).isEqualTo(BODY.length());
    }
    return (allocated() - before) / CALLS;
  }

  /** The calling thread's allocated bytes ({@code com.sun.management.ThreadMXBean}). */
  private static long allocated() throws Exception {
    // By reflection: the test runs in the module, which reads no java.management.
    Object bean =
        Class.forName("java.lang.management.ManagementFactory")
            .getMethod("getThreadMXBean")
            .invoke(null);
    Method bytes =
        Class.forName("com.sun.management.ThreadMXBean")
            .getMethod("getCurrentThreadAllocatedBytes");
    return (long) bytes.invoke(bean);
  }

  /** A socket factory of the application's own: the default's sockets, as given. */
  private static final class OwnSockets extends SocketFactory {
    private final SocketFactory sockets = SocketFactory.getDefault();

    @Override
    public Socket createSocket() throws IOException {
      return sockets.createSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
      return sockets.createSocket(host, port);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress local, int localPort)
        throws IOException {
      return sockets.createSocket(host, port, local, localPort);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
      return sockets.createSocket(host, port);
    }

    @Override
    public Socket createSocket(InetAddress host, int port, InetAddress local, int localPort)
        throws IOException {
      return sockets.createSocket(host, port, local, localPort);
    }
  }
}

package dev.httpjson.interop;

import dev.httpjson.okhttp.OkHttpTransport;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** {@link NginxInterop} on the OkHttp transport. */
class OkHttpNginxTest extends NginxInterop {
  private final List<OkHttpClient> made = new ArrayList<>();

  private HttpClient transport(OkHttpClient client) {
    made.add(client);
    return OkHttpTransport.newHttpClient(client);
  }

  @Override
  HttpClient client() {
    return transport(new OkHttpClient.Builder().followRedirects(false).build());
  }

  @Override
  HttpClient following() {
    return transport(new OkHttpClient());
  }

  @Override
  HttpClient tls() {
    return transport(
        new OkHttpClient.Builder()
            .followRedirects(false)
            .sslSocketFactory(nginx.trust().sslSocketFactory(), nginx.trust().trustManager())
            .protocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1))
            .build());
  }

  @Override
  void closeClients() {
    for (OkHttpClient client : made) {
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }
  }

  /**
   * Fails at times (one run in three here): callers that find the first connection at nginx's limit
   * make OkHttp open another, and put several streams on it before nginx's settings arrive there;
   * nginx refuses the streams beyond two (REFUSED_STREAM), and OkHttp fails them rather than
   * sending them again. A race, so not a known-bug test: {@code OkHttpHttp2StreamsTest} shows the
   * refusal every time (tagged tofix); {@link #aCallLimitAtNginxsStreamLimitLetsEveryCallerThrough}
   * is the way around it.
   */
  @Override
  @Test
  @Disabled("a race on OkHttp's REFUSED_STREAM failure, shown every time by OkHttpHttp2StreamsTest")
  void moreCallersAtOnceThanNginxAllowsStreamsPerConnectionAllSucceed() throws Exception {
    super.moreCallersAtOnceThanNginxAllowsStreamsPerConnectionAllSucceed();
  }
}

package dev.httpjson.interop;

import dev.httpjson.okhttp.OkHttpTransport;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;

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
}

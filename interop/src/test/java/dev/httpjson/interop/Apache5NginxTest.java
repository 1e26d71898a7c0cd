package dev.httpjson.interop;

import dev.httpjson.apache5.Apache5Transport;
import java.io.Closeable;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;

/**
 * {@link NginxInterop} on the Apache 5 transport. Apache's classic client speaks HTTP/1.1 only: its
 * run of calls over TLS meets nginx's {@code Connection: close} on every third response, not a
 * GOAWAY.
 */
class Apache5NginxTest extends NginxInterop {
  private final List<Closeable> made = new ArrayList<>();

  private HttpClient transport(CloseableHttpClient client) {
    made.add(client);
    return Apache5Transport.newHttpClient(client);
  }

  @Override
  HttpClient client() {
    return Apache5Transport.newHttpClient();
  }

  @Override
  HttpClient following() {
    return transport(
        HttpClients.custom()
            .setDefaultRequestConfig(RequestConfig.custom().setRedirectsEnabled(true).build())
            .build());
  }

  @Override
  HttpClient tls() {
    return transport(
        HttpClients.custom()
            .setConnectionManager(
                PoolingHttpClientConnectionManagerBuilder.create()
                    .setTlsSocketStrategy(new DefaultClientTlsStrategy(nginx.trust().sslContext()))
                    .build())
            .disableRedirectHandling()
            .build());
  }

  @Override
  HttpClient.Version tlsVersion() {
    return HttpClient.Version.HTTP_1_1;
  }

  @Override
  void closeClients() throws Exception {
    for (Closeable client : made) {
      client.close();
    }
  }

  @Override
  @org.junit.jupiter.api.Test
  void moreCallersAtOnceThanNginxAllowsStreamsPerConnectionAllSucceed() throws Exception {
    super.moreCallersAtOnceThanNginxAllowsStreamsPerConnectionAllSucceed();
  }
}

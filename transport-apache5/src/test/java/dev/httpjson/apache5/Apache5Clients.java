package dev.httpjson.apache5;

import java.net.http.HttpClient;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.HttpClients;

/** Apache-backed clients for the suites. */
public final class Apache5Clients {
  private Apache5Clients() {}

  /**
   * The transport's own default client, configured like {@code HttpClient.newHttpClient()}: no
   * redirects followed, no cookies, no compression of its own. The suites that pass an executor get
   * this client too: the transport runs asynchronous exchanges on threads of its own.
   */
  public static HttpClient http1() {
    return Apache5Transport.newHttpClient();
  }

  /**
   * A client over {@code HttpClients.custom()}'s defaults but for redirects: Apache asks for gzip
   * and deflate itself, decodes the answer and retries idempotent requests and 429/503 answers.
   */
  public static HttpClient wrappedDefaults() {
    return Apache5Transport.newHttpClient(
        HttpClients.custom()
            .disableRedirectHandling()
            .setDefaultRequestConfig(RequestConfig.custom().setRedirectsEnabled(false).build())
            .build());
  }
}

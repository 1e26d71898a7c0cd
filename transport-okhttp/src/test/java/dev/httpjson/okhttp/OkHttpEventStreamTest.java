package dev.httpjson.okhttp;

import dev.httpjson.contract.EventStreamContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;
import okhttp3.OkHttpClient;

/** The Server-Sent Events contract on the OkHttp transport, HTTP/1.1. */
class OkHttpEventStreamTest extends EventStreamContract {
  private OkHttpClient okHttp;

  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    okHttp = OkHttpClients.builder().build();
    return OkHttpTransport.newHttpClient(okHttp);
  }

  /**
   * OkHttp keeps a connection whose response was read to the end in its pool, idle, even once the
   * server has closed its side (the socket in CLOSE_WAIT): it finds out when it next picks the
   * connection, or evicts it after 5 minutes idle. Eviction closes idle connections only; one that
   * a response still holds stays counted.
   */
  @Override
  protected void closeIdleConnections() {
    okHttp.connectionPool().evictAll();
  }
}

package dev.httpjson.apache5;

import dev.httpjson.contract.EventStreamContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.core5.util.TimeValue;

/** The Server-Sent Events contract on the Apache transport. */
class Apache5EventStreamTest extends EventStreamContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  private PoolingHttpClientConnectionManager pool;

  @Override
  protected HttpClient newClient() {
    pool = DefaultPool.create();
    return Apache5Transport.newHttpClient(pool, HttpClient.Redirect.NEVER);
  }

  /**
   * Apache keeps a connection whose response was read to the end in its pool, idle, even once the
   * server has closed its side: it finds out when it next leases the connection (checking one idle
   * for over 2 s). Closing idle connections leaves one that a response still holds counted.
   */
  @Override
  protected void closeIdleConnections() {
    pool.closeIdle(TimeValue.ZERO_MILLISECONDS);
  }
}

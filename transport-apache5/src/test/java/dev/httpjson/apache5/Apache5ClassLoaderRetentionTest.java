package dev.httpjson.apache5;

import dev.httpjson.contract.ClassLoaderRetentionContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;

/**
 * The class-loader contract on the Apache transport: an application that made timed blocking calls,
 * a timed stream and async calls through {@link Apache5Transport} is collected once dropped, and no
 * {@code httpjson-*} thread (the transport's io threads and watchdog, core's timer and lanes)
 * outlives its idle period.
 */
class Apache5ClassLoaderRetentionTest extends ClassLoaderRetentionContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient(ExecutorService exchanges) {
    return Apache5Clients.http1();
  }
}

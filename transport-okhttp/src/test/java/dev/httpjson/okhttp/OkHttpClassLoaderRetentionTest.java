package dev.httpjson.okhttp;

import dev.httpjson.contract.ClassLoaderRetentionContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;

/**
 * The class-loader contract on the OkHttp transport: an application that made timed blocking calls,
 * a timed stream (fed by the transport's reader threads) and async calls through {@link
 * OkHttpTransport} is collected once dropped, and no {@code httpjson-*} thread (the module's
 * readers, core's timer and lanes) outlives its idle period. A request's timeout is OkHttp's own
 * call timeout, watched by Okio's watchdog: the transport keeps no timer of its own.
 */
class OkHttpClassLoaderRetentionTest extends ClassLoaderRetentionContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient(ExecutorService exchanges) {
    return OkHttpClients.http1(exchanges);
  }

  /**
   * OkHttp's task runner and Okio's watchdog are OkHttp's threads, one set per JVM, started by
   * whichever thread first needs them (and so inheriting its context class loader) and ended after
   * 60 s idle; they are started here first, as any earlier OkHttp call in the JVM would have.
   */
  @Override
  protected boolean warmUpTheClient() {
    return true;
  }
}

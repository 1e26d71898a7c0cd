package dev.httpjson.okhttp;

import dev.httpjson.transport.support.internal.TransportThreads;

/**
 * The transport's own threads, {@code httpjson-okhttp-reader-N} ({@link TransportThreads}): they
 * wait for response bytes on behalf of body subscribers that request as their consumer reads (the
 * JDK's {@code ofInputStream}), as the JDK client's selector thread does, so that {@code
 * request(n)} never blocks. Started on demand, one per body being waited for, and gone after
 * {@value #IDLE_SECONDS} s without work. Every subscriber that may run caller code is called on the
 * OkHttp dispatcher's executor.
 */
final class PumpThreads {
  static final String PREFIX = "httpjson-okhttp-reader-";
  static final int IDLE_SECONDS = 2;
  static final TransportThreads READERS = new TransportThreads(PREFIX, IDLE_SECONDS);

  private PumpThreads() {}
}

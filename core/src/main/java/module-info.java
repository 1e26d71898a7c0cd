/** httpjson: one-call JSON over {@link java.net.http.HttpClient}; the API and the codec SPI. */
@SuppressWarnings(
    "module") // the test kit and the transports, built after core, are not there when core compiles
module dev.httpjson {
  requires transitive java.net.http;
  requires jdk.jfr;
  // Not static: strictRecords reads the JSpecify annotations of the application's records at run
  // time, and an annotation whose module is not resolved is invisible to reflection.
  requires transitive org.jspecify;

  exports dev.httpjson;
  exports dev.httpjson.spi;
  exports dev.httpjson.internal to
      dev.httpjson.spring.boot,
      dev.httpjson.testing;
  exports dev.httpjson.internal.auth to
      dev.httpjson.oauth2;
  exports dev.httpjson.internal.transport to
      dev.httpjson.transport.support;
  exports dev.httpjson.internal.observe to
      dev.httpjson.opentelemetry,
      dev.httpjson.micrometer;

  uses dev.httpjson.spi.JsonCodec;
}

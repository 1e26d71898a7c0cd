/** httpjson: one-call JSON over {@link java.net.http.HttpClient}; the API and the codec SPI. */
module dev.httpjson {
  requires transitive java.net.http;
  requires jdk.jfr;
  requires static transitive org.jspecify;

  exports dev.httpjson;
  exports dev.httpjson.spi;

  uses dev.httpjson.spi.JsonCodec;
}

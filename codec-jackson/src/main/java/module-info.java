/** The default httpjson codec, on Jackson 3. */
module dev.httpjson.jackson {
  requires transitive dev.httpjson;
  requires dev.httpjson.codec.support;
  requires transitive tools.jackson.databind;
  requires tools.jackson.core;
  requires com.fasterxml.jackson.annotation;
  // Not static: strictRecords reads JSpecify annotations at run time, which needs the module
  // resolved.
  requires org.jspecify;

  exports dev.httpjson.jackson;

  provides dev.httpjson.spi.JsonCodec with
      dev.httpjson.jackson.JacksonCodec;
}

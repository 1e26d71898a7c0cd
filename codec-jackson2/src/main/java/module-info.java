/** The httpjson codec on Jackson 2 (com.fasterxml.jackson). */
module dev.httpjson.jackson2 {
  requires transitive dev.httpjson;
  requires dev.httpjson.codec.support;
  requires transitive com.fasterxml.jackson.databind;
  requires com.fasterxml.jackson.core;
  requires com.fasterxml.jackson.annotation;
  requires com.fasterxml.jackson.datatype.jsr310;
  requires com.fasterxml.jackson.datatype.jdk8;
  requires static org.jspecify;

  exports dev.httpjson.jackson2;

  provides dev.httpjson.spi.JsonCodec with
      dev.httpjson.jackson2.Jackson2Codec;
}

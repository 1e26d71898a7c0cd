/** The httpjson codec on avaje-jsonb. */
module dev.httpjson.avaje {
  requires transitive dev.httpjson;
  requires dev.httpjson.codec.support;
  requires transitive io.avaje.jsonb;
  requires static org.jspecify;

  exports dev.httpjson.avaje;

  provides dev.httpjson.spi.JsonCodec with
      dev.httpjson.avaje.AvajeCodec;
}

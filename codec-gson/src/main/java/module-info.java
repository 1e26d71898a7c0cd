/** The httpjson codec on Gson. */
module dev.httpjson.gson {
  requires transitive dev.httpjson;
  requires dev.httpjson.codec.support;
  requires transitive com.google.gson;
  requires static org.jspecify;

  exports dev.httpjson.gson;

  provides dev.httpjson.spi.JsonCodec with
      dev.httpjson.gson.GsonCodec;
}

/**
 * What httpjson's codecs decide alike, written once: the scalar rules, read problems, ISO date-time
 * readers and the rest. <strong>Not API</strong>: its package is exported only to httpjson's codec
 * modules.
 */
@SuppressWarnings("module") // the codecs, built after this module, are not there when it compiles
module dev.httpjson.codec.support {
  requires transitive dev.httpjson;
  requires static org.jspecify;

  exports dev.httpjson.codec.support.internal to
      dev.httpjson.jackson,
      dev.httpjson.jackson2,
      dev.httpjson.gson,
      dev.httpjson.avaje;
}

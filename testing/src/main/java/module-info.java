/**
 * httpjson's test kit: a {@link java.net.http.HttpClient} that answers in memory from routes, with
 * typed replies, scripted streams and faults, and the requests it received. Start with {@link
 * dev.httpjson.testing.StubHttpClient}.
 */
module dev.httpjson.testing {
  requires transitive dev.httpjson;
  requires transitive java.net.http;
  requires dev.httpjson.transport.support;
  requires static transitive org.junit.jupiter.api;
  requires static org.jspecify;

  exports dev.httpjson.testing;
}

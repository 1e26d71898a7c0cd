/**
 * A {@link java.net.http.HttpClient} backed by OkHttp: httpjson's whole API (or any code written
 * against the JDK client) over OkHttp's connection pool, with each blocking call run on the calling
 * thread. Start with {@link dev.httpjson.okhttp.OkHttpTransport}.
 */
module dev.httpjson.okhttp {
  requires transitive java.net.http;
  requires transitive okhttp3;
  requires okio;
  requires dev.httpjson;
  requires dev.httpjson.transport.support;
  requires static org.jspecify;

  exports dev.httpjson.okhttp;
}

/**
 * A {@link java.net.http.HttpClient} backed by Apache HttpClient 5 (classic I/O): httpjson's whole
 * API (or any code written against the JDK client) over Apache's connection pool, with each
 * blocking call run on the calling thread. Start with {@link
 * dev.httpjson.apache5.Apache5Transport}.
 */
@SuppressWarnings({"module", "requires-automatic", "requires-transitive-automatic"})
module dev.httpjson.apache5 {
  requires transitive java.net.http;
  requires transitive org.apache.httpcomponents.client5.httpclient5;
  requires transitive org.apache.httpcomponents.core5.httpcore5;
  // httpclient5, an automatic module, cannot require what it uses: jdk.net (its socket options)
  // and, once SLF4J 2 (an explicit module) is on the module path, org.slf4j.
  requires jdk.net;
  requires org.slf4j;
  requires dev.httpjson;
  requires dev.httpjson.transport.support;
  requires static org.jspecify;

  exports dev.httpjson.apache5;
}

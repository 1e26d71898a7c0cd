/**
 * What httpjson's transports share: the JDK client's contract over another library's client (the
 * response pump, the request body's writer, the returned future, the response value, the failures
 * as the JDK reports them). Exported only to the transports and the test kit; not API.
 */
@SuppressWarnings("module") // the transports and the test kit are built after this module
module dev.httpjson.transport.support {
  requires transitive java.net.http;
  requires dev.httpjson;
  requires static org.jspecify;

  exports dev.httpjson.transport.support.internal to
      dev.httpjson.okhttp,
      dev.httpjson.apache5,
      dev.httpjson.testing;
}

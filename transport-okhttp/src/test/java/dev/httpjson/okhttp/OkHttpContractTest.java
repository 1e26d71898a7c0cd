package dev.httpjson.okhttp;

import dev.httpjson.contract.HttpJsonContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** The whole contract on the OkHttp transport, HTTP/1.1. */
class OkHttpContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }

  // OkHttp asks for gzip itself and decodes the answer: a gzip body is what the request asked for.
  @Override
  protected boolean transportDecodesGzip() {
    return true;
  }

  // OkHttp refuses a request body on GET.
  @Override
  protected boolean transportSendsGetBodies() {
    return false;
  }
}

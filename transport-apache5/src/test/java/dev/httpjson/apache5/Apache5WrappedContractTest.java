package dev.httpjson.apache5;

import dev.httpjson.contract.HttpJsonContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/**
 * The whole contract on a client wrapping {@code HttpClients.custom()}: Apache asks for gzip and
 * decodes the answer, so a gzip body is what the request asked for.
 */
class Apache5WrappedContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return Apache5Clients.wrappedDefaults();
  }

  @Override
  protected boolean transportDecodesGzip() {
    return true;
  }
}

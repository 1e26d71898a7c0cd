package dev.httpjson.okhttp;

import dev.httpjson.contract.ArrivalContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;

/** Stream data arrives promptly on the OkHttp transport, HTTP/1.1. */
class OkHttpArrivalTest extends ArrivalContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }
}

package dev.httpjson.okhttp;

import dev.httpjson.contract.TransportParityContract;
import java.net.http.HttpClient;

/** The same exchanges through the JDK's client and the OkHttp transport. */
class OkHttpParityTest extends TransportParityContract {
  @Override
  protected HttpClient transport() {
    return OkHttpClients.http1();
  }
}

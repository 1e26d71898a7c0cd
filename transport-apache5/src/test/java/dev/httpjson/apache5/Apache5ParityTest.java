package dev.httpjson.apache5;

import dev.httpjson.contract.TransportParityContract;
import java.net.http.HttpClient;

/** The same exchanges through the JDK's client and the Apache 5 transport. */
class Apache5ParityTest extends TransportParityContract {
  @Override
  protected HttpClient transport() {
    return Apache5Clients.http1();
  }
}

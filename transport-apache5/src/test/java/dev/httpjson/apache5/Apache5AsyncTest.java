package dev.httpjson.apache5;

import dev.httpjson.contract.AsyncContract;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import java.net.http.HttpClient;
import java.util.concurrent.ExecutorService;

/**
 * What callers do around the async API, on the Apache transport. The executor is not used: the
 * transport runs exchanges on its own threads, which the contract counts.
 */
class Apache5AsyncTest extends AsyncContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient(ExecutorService executor) {
    return Apache5Clients.http1();
  }
}

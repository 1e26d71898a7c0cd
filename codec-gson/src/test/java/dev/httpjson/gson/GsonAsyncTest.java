package dev.httpjson.gson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.AsyncContract;

class GsonAsyncTest extends AsyncContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}

package dev.httpjson.gson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ResponseContract;

/** Typed responses, error bodies, pagination and text. */
class GsonResponseTest extends ResponseContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}

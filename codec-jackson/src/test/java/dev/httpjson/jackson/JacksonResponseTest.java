package dev.httpjson.jackson;

import dev.httpjson.contract.ResponseContract;
import dev.httpjson.spi.JsonCodec;

/** Typed responses, error bodies, pagination and text. */
class JacksonResponseTest extends ResponseContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}

package dev.httpjson.jackson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ResponseContract;

/** Typed responses, error bodies, pagination and text. */
class JacksonResponseTest extends ResponseContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}

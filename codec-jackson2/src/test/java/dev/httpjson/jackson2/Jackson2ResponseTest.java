package dev.httpjson.jackson2;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ResponseContract;

/** Typed responses, error bodies, pagination and text. */
class Jackson2ResponseTest extends ResponseContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}

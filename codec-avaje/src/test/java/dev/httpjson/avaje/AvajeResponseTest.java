package dev.httpjson.avaje;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ResponseContract;

/** Typed responses, error bodies, pagination and text. */
class AvajeResponseTest extends ResponseContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }
}

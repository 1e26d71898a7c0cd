package dev.httpjson.jackson2;

import dev.httpjson.contract.ClassLoaderRetentionContract;
import dev.httpjson.spi.JsonCodec;

class Jackson2ClassLoaderRetentionTest extends ClassLoaderRetentionContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }
}

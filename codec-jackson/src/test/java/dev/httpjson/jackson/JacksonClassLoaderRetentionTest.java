package dev.httpjson.jackson;

import dev.httpjson.contract.ClassLoaderRetentionContract;
import dev.httpjson.spi.JsonCodec;

class JacksonClassLoaderRetentionTest extends ClassLoaderRetentionContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }
}

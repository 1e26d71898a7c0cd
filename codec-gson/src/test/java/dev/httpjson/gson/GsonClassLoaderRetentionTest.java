package dev.httpjson.gson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ClassLoaderRetentionContract;

class GsonClassLoaderRetentionTest extends ClassLoaderRetentionContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}

package dev.httpjson.gson;

import dev.httpjson.contract.ClassLoaderRetentionContract;
import dev.httpjson.spi.JsonCodec;

class GsonClassLoaderRetentionTest extends ClassLoaderRetentionContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }
}

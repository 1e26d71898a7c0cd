package dev.httpjson.gson;

import dev.httpjson.contract.Models.ExplodingRecord;
import dev.httpjson.contract.StreamingContract;
import dev.httpjson.spi.JsonCodec;

class GsonStreamingTest extends StreamingContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }

  /** Gson serializes fields, not getters: the failing accessor of a record instead. */
  @Override
  protected Object unserializable() {
    return new ExplodingRecord();
  }
}

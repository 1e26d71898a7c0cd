package dev.httpjson.gson;

import dev.httpjson.contract.HttpJsonContract;
import dev.httpjson.contract.Models.ExplodingRecord;
import dev.httpjson.contract.Models.Node;
import dev.httpjson.spi.JsonCodec;

class GsonContractTest extends HttpJsonContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }

  /** Gson serializes fields, not getters: the failing accessor of a record instead. */
  @Override
  protected Object unserializable() {
    return new ExplodingRecord();
  }

  /** Gson skips a field that holds its own object: a two-object cycle instead. */
  @Override
  protected Object selfReferencing() {
    Node a = new Node();
    Node b = new Node();
    a.setNext(b);
    b.setNext(a);
    return a;
  }
}

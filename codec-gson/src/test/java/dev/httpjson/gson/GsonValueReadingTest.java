package dev.httpjson.gson;

import dev.httpjson.contract.ValueReadingContract;
import dev.httpjson.spi.JsonCodec;

class GsonValueReadingTest extends ValueReadingContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }

  /**
   * Gson's strict mode refuses a lone surrogate ("Unpaired surrogate characters are not allowed in
   * strict mode"), and its legacy mode would let in capitalised literals, {@code \'} and raw
   * control characters.
   */
  @Override
  protected boolean readsLoneSurrogateEscapes() {
    return false;
  }
}

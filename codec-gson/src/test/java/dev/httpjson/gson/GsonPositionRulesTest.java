package dev.httpjson.gson;

import dev.httpjson.contract.PositionRulesContract;
import dev.httpjson.spi.JsonCodec;

class GsonPositionRulesTest extends PositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }

  /**
   * Gson's strict mode refuses a lone-surrogate escape ({@code GsonValueReadingTest}, the README's
   * codec table), so the {@code "\ud800"} every codec writes fails to read back.
   */
  @Override
  protected boolean readsLoneSurrogateEscapes() {
    return false;
  }
}

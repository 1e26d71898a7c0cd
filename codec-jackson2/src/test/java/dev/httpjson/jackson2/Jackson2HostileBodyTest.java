package dev.httpjson.jackson2;

import dev.httpjson.contract.HostileBodyContract;
import dev.httpjson.spi.JsonCodec;

/** The hostile-body matrix on the Jackson 2 codec. */
class Jackson2HostileBodyTest extends HostileBodyContract {
  @Override
  protected JsonCodec codec() {
    return new Jackson2Codec();
  }

  /**
   * Jackson 2 builds a record as soon as its last component is read: a later repeat of a key fails
   * ("No fallback setter/field defined for creator property"), jackson-databind issue 4690, fixed
   * in Jackson 3.1 only.
   */
  @Override
  protected boolean repeatedKeyAfterACompleteRecordLastValueWins() {
    return false;
  }
}

package dev.httpjson.avaje;

import dev.httpjson.contract.HostileBodyContract;
import dev.httpjson.spi.JsonCodec;

/** The hostile-body matrix on the avaje-jsonb codec, with avaje-jsonb's differences named. */
class AvajeHostileBodyTest extends HostileBodyContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }

  /** avaje's parser reads strings of about 32,000 characters at most. */
  @Override
  protected int longestStringTheParserReads() {
    return 30_000;
  }

  /** avaje's parser reads a property name as a string: of 32,000 characters at most here. */
  @Override
  protected int longestNameTheParserReads() {
    return 32_000;
  }

  /** avaje's map adapter refuses a repeated key. */
  @Override
  protected boolean repeatedMapKeyLastValueWins() {
    return false;
  }
}

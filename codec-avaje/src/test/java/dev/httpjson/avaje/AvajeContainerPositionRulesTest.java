package dev.httpjson.avaje;

import dev.httpjson.contract.ContainerPositionRulesContract;
import dev.httpjson.spi.JsonCodec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class AvajeContainerPositionRulesTest extends ContainerPositionRulesContract {
  @Override
  protected JsonCodec codec() {
    return new AvajeCodec();
  }

  /**
   * A known bug: the adapter generated for a record's {@code List<List<Integer>>} component reads
   * the inner elements untyped, so {@code {"v":[[4294967296]]}}, {@code [[1.5]]} and {@code [[{}]]}
   * are read and {@code [["2"]]} keeps a string (the same type at the top level is checked). The
   * differential run's {@code DisagreementsTest} names it too.
   */
  @Tag("tofix")
  @Test
  @Override
  public void anElementOfAListInAListInARecordIsReadAsItsType() {
    super.anElementOfAListInAListInARecordIsReadAsItsType();
  }

  /**
   * The same known bug: the generated adapter asks for a {@code Set<List>} and an {@code
   * Optional<List>}, so the inner elements are read untyped.
   */
  @Tag("tofix")
  @Test
  @Override
  public void anElementOfAListInASetOrAnOptionalInARecordIsReadAsItsType() {
    super.anElementOfAListInASetOrAnOptionalInARecordIsReadAsItsType();
  }
}

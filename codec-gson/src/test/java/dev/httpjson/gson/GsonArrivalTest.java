package dev.httpjson.gson;

import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.ArrivalContract;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Stream data arrives promptly on the JDK client with the Gson codec. */
class GsonArrivalTest extends ArrivalContract {
  @Override
  protected JsonCodec codec() {
    return new GsonCodec();
  }

  // Known bug: the Gson codec's sequence reader hands an element over only when the next one's
  // bytes arrive (one element late: 2.5 s under this contract).

  @Test
  @Tag("tofix")
  @Override
  public void arrayElementsReachGetFromJsonAsStreamAsTheirBytesArrive() throws Exception {
    super.arrayElementsReachGetFromJsonAsStreamAsTheirBytesArrive();
  }

  @Test
  @Tag("tofix")
  @Override
  public void ndjsonElementsReachGetFromJsonAsStreamAsTheirBytesArrive() throws Exception {
    super.ndjsonElementsReachGetFromJsonAsStreamAsTheirBytesArrive();
  }

  @Test
  @Tag("tofix")
  @Override
  public void elementsReachTheAsyncStreamAsTheirBytesArrive() throws Exception {
    super.elementsReachTheAsyncStreamAsTheirBytesArrive();
  }
}

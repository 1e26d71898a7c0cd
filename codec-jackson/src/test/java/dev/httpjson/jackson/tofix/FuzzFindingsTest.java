package dev.httpjson.jackson.tofix;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.httpjson.jackson.reliability.BodySubscriberFuzzTest;

/**
 * Inputs the fuzzer found that still fail (kept in {@code
 * src/test/resources/dev/httpjson/jackson/tofix/FuzzFindingsTestInputs/}); replayed in regression
 * mode through the same driver as {@link BodySubscriberFuzzTest}. Once fixed, move the inputs to
 * {@code reliability/BodySubscriberFuzzTestInputs/} so the build keeps them. See
 * docs/RELIABILITY.md, "Findings".
 */
class FuzzFindingsTest {
  @FuzzTest
  void wholeValue(byte[] input) {
    BodySubscriberFuzzTest.wholeValueOnce(input);
  }

  @FuzzTest
  void elementStream(byte[] input) {
    BodySubscriberFuzzTest.elementStreamOnce(input);
  }
}

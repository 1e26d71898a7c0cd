package dev.httpjson.testing;

/** The parity rows on the JDK client against a loopback server playing the same replies. */
class LoopbackCallParityTest extends CallParityContract {
  @Override
  protected Backend newBackend() {
    return new LoopbackBackend();
  }
}

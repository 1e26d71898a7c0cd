package dev.httpjson.testing;

/** The parity rows on the stub. */
class StubCallParityTest extends CallParityContract {
  @Override
  protected Backend newBackend() {
    return new StubBackend();
  }
}

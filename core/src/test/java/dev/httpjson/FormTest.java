package dev.httpjson;

import dev.httpjson.contract.FormContract;
import dev.httpjson.spi.JsonCodec;

/** The form and multipart contract on the JDK's client. */
class FormTest extends FormContract {
  @Override
  protected JsonCodec codec() {
    return new CountingCodec();
  }
}

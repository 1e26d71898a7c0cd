package dev.httpjson.okhttp;

import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.testing.EventStreamContract;
import java.net.http.HttpClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The Server-Sent Events contract on the OkHttp transport, HTTP/1.1. */
class OkHttpEventStreamTest extends EventStreamContract {
  @Override
  protected JsonCodec codec() {
    return new JacksonCodec();
  }

  @Override
  protected HttpClient newClient() {
    return OkHttpClients.http1();
  }

  /**
   * Still a known bug, for another reason: the pump now hands each read's bytes on at once (the
   * events arrive promptly), but the check that follows finds one descriptor more than the baseline
   * right after the stream is closed; to investigate (a reader thread still closing the response,
   * or a leak).
   */
  @Override
  @Test
  @Tag("tofix")
  public void eachEventIsDeliveredAsSoonAsItsBlankLineArrives() throws Exception {
    assertPromptDelivery();
  }
}

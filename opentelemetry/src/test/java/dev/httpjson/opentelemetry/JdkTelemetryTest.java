package dev.httpjson.opentelemetry;

import java.net.http.HttpClient;

/** The telemetry contract on the JDK's client. */
class JdkTelemetryTest extends TelemetryContract {
  @Override
  HttpClient newClient() {
    return HttpClient.newHttpClient();
  }
}

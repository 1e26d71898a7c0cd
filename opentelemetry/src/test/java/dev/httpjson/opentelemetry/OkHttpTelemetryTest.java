package dev.httpjson.opentelemetry;

import dev.httpjson.okhttp.OkHttpTransport;
import java.net.http.HttpClient;
import java.time.Duration;
import okhttp3.OkHttpClient;

/** The telemetry contract on the OkHttp transport. */
class OkHttpTelemetryTest extends TelemetryContract {
  @Override
  HttpClient newClient() {
    return OkHttpTransport.newHttpClient(
        new OkHttpClient.Builder()
            .followRedirects(false)
            .followSslRedirects(false)
            .readTimeout(Duration.ZERO)
            .writeTimeout(Duration.ZERO)
            .build());
  }
}

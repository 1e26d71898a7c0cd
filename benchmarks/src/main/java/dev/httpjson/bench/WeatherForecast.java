package dev.httpjson.bench;

import java.time.OffsetDateTime;

/**
 * The seed's model. JSON names are the component names (camelCase), so every codec reads and writes
 * it without naming configuration.
 */
@io.avaje.jsonb.Json
public record WeatherForecast(
    OffsetDateTime date, int temperatureC, int temperatureF, String summary) {}

package dev.httpjson.bench;

import java.time.LocalDate;

/**
 * The seed's model with a calendar date instead of a date-time: the {@code get.plain} payload, so
 * that a comparison of clients is not carried by a codec's own ISO-8601 date-time parser
 * (httpjson's Jackson codec reads {@code OffsetDateTime} itself; a {@code LocalDate} both read with
 * Jackson's).
 */
@io.avaje.jsonb.Json
public record PlainForecast(LocalDate date, int temperatureC, int temperatureF, String summary) {}

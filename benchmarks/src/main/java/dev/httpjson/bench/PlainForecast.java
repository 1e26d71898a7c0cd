package dev.httpjson.bench;

import java.time.LocalDate;

/**
 * The seed's model with a calendar date instead of a date-time: the {@code get.plain} payload, so
 * that a comparison of clients is not carried by a codec's own ISO-8601 date-time parser
 * (httpjson's Jackson codec reads {@code OffsetDateTime} itself). Since 2026-12-03 it reads a
 * {@code yyyy-MM-dd} {@code LocalDate} itself too, so a lead of httpjson's on this payload is
 * partly that reader (benchmarks/README.md says by how much).
 */
@io.avaje.jsonb.Json
public record PlainForecast(LocalDate date, int temperatureC, int temperatureF, String summary) {}

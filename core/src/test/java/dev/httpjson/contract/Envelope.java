package dev.httpjson.contract;

/**
 * A generic holder of httpjson's own loader, as a library shared beside httpjson defines one (a
 * page, an envelope): an application below puts its own values in it.
 *
 * @param value what it holds
 * @param <T> the type of what it holds
 */
public record Envelope<T>(T value) {}

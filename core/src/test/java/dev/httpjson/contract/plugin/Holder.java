package dev.httpjson.contract.plugin;

import java.util.List;

/**
 * A generic holder an application defines itself, read and written with its own types inside.
 *
 * @param value what it holds
 * @param more more of it
 * @param <T> the type of what it holds
 */
public record Holder<T>(T value, List<T> more) {}

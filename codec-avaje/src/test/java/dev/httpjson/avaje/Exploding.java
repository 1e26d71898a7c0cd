package dev.httpjson.avaje;

import io.avaje.jsonb.Json;

/**
 * The contract's unserializable value for a codec that reads a record's components through its
 * accessors (the contract's own bean has a getter but no property avaje would see): writing it
 * fails at {@code $.name}.
 */
@Json
public record Exploding(String name) {
  @Override
  public String name() {
    throw new IllegalStateException("boom in getName");
  }
}

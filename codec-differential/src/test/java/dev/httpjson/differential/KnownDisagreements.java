package dev.httpjson.differential;

import java.util.List;
import java.util.function.Predicate;

/**
 * The one place where disagreements the run finds today are let through: each entry is a known
 * bug with a failing test that names it (a row of issue 29 still open in a codec module, or a
 * reproducer in {@code dev.httpjson.differential.tofix}), matched as narrowly as the shrunk case
 * allows. When the bug is fixed, its tofix test passes, CI says so, and the entry goes.
 */
final class KnownDisagreements {
  private KnownDisagreements() {}

  /** A known disagreement: its name, the test that reproduces it, and what it matches. */
  record Known(String name, String test, Predicate<Object> matches) {}

  static final List<Known> ALL = List.of();

  /** The entry that {@code found} (a shrunk disagreement, round trip or HTTP case) is, if any. */
  static Known match(Object found) {
    for (Known known : ALL) {
      if (known.matches().test(found)) {
        return known;
      }
    }
    return null;
  }
}

package dev.httpjson.avaje;

import dev.httpjson.JsonOptions;

/** What a binding's readers and writers apply, taken from the options once. */
final class Settings {
  final JsonOptions.Naming naming;
  final boolean caseInsensitive;
  final boolean numbersFromStrings;
  final boolean ignoreUnknown;
  final boolean writeNulls;
  final boolean indent;
  final Guard.Limits limits;

  /**
   * Whether the Jsonb is httpjson's own (the options decide names and leniency) or the user's (only
   * the parser limits apply; the rest is the Jsonb's).
   */
  final boolean ownJsonb;

  private Settings(JsonOptions options, boolean ownJsonb) {
    this.ownJsonb = ownJsonb;
    this.naming = ownJsonb ? options.naming() : JsonOptions.Naming.AS_DECLARED;
    this.caseInsensitive = ownJsonb && options.caseInsensitiveProperties();
    this.numbersFromStrings = !ownJsonb || options.numbersFromStrings();
    this.ignoreUnknown = !ownJsonb || options.ignoreUnknownProperties();
    this.writeNulls = options.writeNulls();
    this.indent = ownJsonb && options.indent();
    this.limits =
        new Guard.Limits(
            options.maxNestingDepth(), options.maxNumberLength(), options.maxStringLength());
  }

  static Settings own(JsonOptions options) {
    return new Settings(options, true);
  }

  static Settings users(JsonOptions options) {
    return new Settings(options, false);
  }
}

package dev.httpjson.gson;

import dev.httpjson.JsonOptions;

/** What the reader enforces, taken from the options once per binding. */
final class ReadSettings {
  /**
   * The longest property name, as Jackson's default {@code StreamReadConstraints.maxNameLength}:
   * Gson has no limit of its own, and a name is not bounded by {@code maxStringLength} in either.
   */
  static final int MAX_NAME_LENGTH = 50_000;

  final int maxNestingDepth;
  final int maxNumberLength;
  final int maxStringLength;
  final boolean caseInsensitive;
  final boolean ignoreUnknown;
  final boolean strictRecords;

  ReadSettings(JsonOptions options) {
    this.maxNestingDepth = options.maxNestingDepth();
    this.maxNumberLength = options.maxNumberLength();
    this.maxStringLength = options.maxStringLength();
    // Applied only to objects PropertyNames announces, which a Gson of the user's own lacks.
    this.caseInsensitive = options.caseInsensitiveProperties();
    this.ignoreUnknown = options.ignoreUnknownProperties();
    this.strictRecords = options.strictRecords();
  }
}

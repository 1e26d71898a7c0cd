package dev.httpjson.internal.cache;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The directives of {@code Cache-Control} field values (RFC 9111 section 5.2); unknown ones kept.
 */
final class Directives {
  static final Directives NONE = new Directives(Map.of());

  private final Map<String, String> values;

  private Directives(Map<String, String> values) {
    this.values = values;
  }

  /** The directives of the {@code Cache-Control} in {@code fields}, a case-insensitive map. */
  static Directives of(Map<String, List<String>> fields) {
    return parse(fields.getOrDefault("Cache-Control", List.of()));
  }

  static Directives parse(List<String> fieldValues) {
    if (fieldValues.isEmpty()) {
      return NONE;
    }
    Map<String, String> values = new HashMap<>();
    for (String field : fieldValues) {
      int i = 0;
      int n = field.length();
      while (i < n) {
        while (i < n
            && (field.charAt(i) == ',' || field.charAt(i) == ' ' || field.charAt(i) == '\t')) {
          i++;
        }
        int start = i;
        while (i < n && field.charAt(i) != '=' && field.charAt(i) != ',') {
          i++;
        }
        String raw = field.substring(start, i);
        String name = raw.trim().toLowerCase(Locale.ROOT);
        String value = "";
        if (i < n && field.charAt(i) == '=') {
          if (raw.endsWith(" ") || raw.endsWith("\t")) {
            name = ""; // no whitespace before "=" (RFC 9110 section 5.6.2): not a directive
          }
          i++;
          if (i < n && field.charAt(i) == '"') {
            StringBuilder b = new StringBuilder();
            i++;
            while (i < n && field.charAt(i) != '"') {
              if (field.charAt(i) == '\\' && i + 1 < n) {
                i++;
              }
              b.append(field.charAt(i++));
            }
            i++;
            value = b.toString();
            while (i < n && field.charAt(i) != ',') {
              i++;
            }
          } else {
            int v = i;
            while (i < n && field.charAt(i) != ',') {
              i++;
            }
            // Whitespace before a comma is the list's; after "=" it makes the value invalid.
            value = field.substring(v, i).stripTrailing();
          }
        }
        if (!name.isEmpty()) {
          values.putIfAbsent(name, value); // the first of a duplicated directive counts
        }
      }
    }
    return new Directives(values);
  }

  boolean has(String name) {
    return values.containsKey(name);
  }

  /**
   * The delta-seconds of {@code name} (RFC 9111 section 1.2.2): -1 when absent, 0 when invalid (a
   * stale response is the safe reading), and at most 2^31.
   */
  long seconds(String name) {
    @Nullable String v = values.get(name);
    if (v == null) {
      return -1;
    }
    return deltaSeconds(v);
  }

  static long deltaSeconds(String v) {
    if (v.isEmpty()) {
      return 0;
    }
    long s = 0;
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c < '0' || c > '9') {
        return 0;
      }
      s = Math.min(s * 10 + (c - '0'), 1L << 31);
    }
    return s;
  }

  @Nullable String value(String name) {
    return values.get(name);
  }
}

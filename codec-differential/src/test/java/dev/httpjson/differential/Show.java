package dev.httpjson.differential;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Readable text for reports: values with their types, documents with their odd bytes escaped. */
final class Show {
  private Show() {}

  static String value(Object value) {
    String type = value.getClass().getSimpleName();
    String text;
    if (value instanceof Double d) {
      text = Double.toString(d);
    } else if (value instanceof Float f) {
      text = Float.toString(f);
    } else {
      text = text(value);
    }
    return escape(text) + " (" + type + ")";
  }

  /** A value's text, arrays and records' array components shown element by element. */
  static String text(Object value) {
    if (value == null) {
      return "null";
    }
    if (value.getClass().isArray()) {
      StringBuilder out = new StringBuilder("[");
      for (int i = 0; i < java.lang.reflect.Array.getLength(value); i++) {
        out.append(i == 0 ? "" : ", ").append(text(java.lang.reflect.Array.get(value, i)));
      }
      return out.append(']').toString();
    }
    if (value.getClass().isRecord()) {
      StringBuilder out = new StringBuilder(value.getClass().getSimpleName()).append('[');
      java.lang.reflect.RecordComponent[] components = value.getClass().getRecordComponents();
      for (int i = 0; i < components.length; i++) {
        out.append(i == 0 ? "" : ", ")
            .append(components[i].getName())
            .append('=')
            .append(text(Same.component(value, components[i])));
      }
      return out.append(']').toString();
    }
    if (value instanceof java.util.List<?> list) {
      return list.stream().map(Show::text).toList().toString();
    }
    if (value instanceof java.util.Map<?, ?> map) {
      StringBuilder out = new StringBuilder("{");
      map.forEach(
          (k, v) ->
              out.append(out.length() == 1 ? "" : ", ").append(k).append('=').append(text(v)));
      return out.append('}').toString();
    }
    if (value instanceof Double d) {
      return Double.toString(d);
    }
    return String.valueOf(value);
  }

  /** The document as text, with every control character, surrogate or non-ASCII byte shown. */
  static String document(byte[] bytes) {
    String decoded = new String(bytes, StandardCharsets.UTF_8);
    if (!java.util.Arrays.equals(decoded.getBytes(StandardCharsets.UTF_8), bytes)) {
      StringBuilder hex = new StringBuilder("bytes [");
      for (byte b : bytes) {
        int c = b & 0xff;
        if (c >= 0x20 && c < 0x7f) {
          hex.append((char) c);
        } else {
          hex.append(String.format(Locale.ROOT, "<%02X>", c));
        }
      }
      return hex.append(']').toString();
    }
    return escape(decoded);
  }

  static String escape(String text) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20
          || c == 0x7f
          || Character.isSurrogate(c)
          || (c > 0x7e && !Character.isLetter(c))) {
        out.append(String.format(Locale.ROOT, "<U+%04X>", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  static String clip(String text, int max) {
    String one = escape(text);
    return one.length() <= max ? one : one.substring(0, max) + "…";
  }
}

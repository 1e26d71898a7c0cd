package dev.httpjson.gson;

import com.google.gson.stream.JsonWriter;
import dev.httpjson.codec.support.internal.ScalarRules;
import java.io.IOException;
import java.io.Writer;
import org.jspecify.annotations.Nullable;

/**
 * Gson's writer, keeping the JSON path of what it writes (for the error of a value that cannot be
 * written) and refusing to nest deeper than the nesting limit: Gson follows a self-referencing
 * object until the stack overflows.
 */
final class TrackingJsonWriter extends JsonWriter {
  private final int maxDepth;
  private @Nullable String[] names = new String[32];
  private int[] indices = new int[32];
  private boolean[] arrays = new boolean[32];
  private boolean[] entries = new boolean[32];
  private boolean entriesNext;
  private int depth;

  TrackingJsonWriter(Writer out, int maxDepth) {
    super(out);
    this.maxDepth = maxDepth;
  }

  @Override
  public JsonWriter beginObject() throws IOException {
    return open(false) ? super.beginObject() : this;
  }

  @Override
  public JsonWriter beginArray() throws IOException {
    return open(true) ? super.beginArray() : this;
  }

  private boolean open(boolean array) throws IOException {
    advance();
    if (depth >= maxDepth) {
      throw new NestingTooDeep(
          "Nesting deeper than "
              + maxDepth
              + " (JsonOptions.maxNestingDepth) while writing: a self-referencing value?");
    }
    depth++;
    if (depth == names.length) {
      names = java.util.Arrays.copyOf(names, depth * 2);
      indices = java.util.Arrays.copyOf(indices, depth * 2);
      arrays = java.util.Arrays.copyOf(arrays, depth * 2);
      entries = java.util.Arrays.copyOf(entries, depth * 2);
    }
    entries[depth] = !array && entriesNext;
    entriesNext = false;
    arrays[depth] = array;
    indices[depth] = -1;
    names[depth] = null;
    return true;
  }

  @Override
  public JsonWriter endObject() throws IOException {
    depth--;
    return super.endObject();
  }

  @Override
  public JsonWriter endArray() throws IOException {
    depth--;
    return super.endArray();
  }

  @Override
  public JsonWriter name(String name) throws IOException {
    names[depth] = name;
    String problem = ScalarRules.nameProblem(name);
    if (problem != null) {
      // No codec reads such a name back (Gson's strict reader refuses it), so none writes it.
      throw new IllegalArgumentException(problem);
    }
    return super.name(name);
  }

  private void advance() {
    if (depth > 0 && arrays[depth]) {
      indices[depth]++;
    }
  }

  @Override
  public JsonWriter value(@Nullable String value) throws IOException {
    advance();
    return super.value(value);
  }

  @Override
  public JsonWriter value(boolean value) throws IOException {
    advance();
    return super.value(value);
  }

  @Override
  public JsonWriter value(@Nullable Boolean value) throws IOException {
    advance();
    return super.value(value);
  }

  @Override
  public JsonWriter value(float value) throws IOException {
    advance();
    return super.value(value);
  }

  @Override
  public JsonWriter value(double value) throws IOException {
    advance();
    return super.value(value);
  }

  @Override
  public JsonWriter value(long value) throws IOException {
    advance();
    return super.value(value);
  }

  @Override
  public JsonWriter value(@Nullable Number value) throws IOException {
    advance();
    return super.value(value);
  }

  @Override
  public JsonWriter nullValue() throws IOException {
    advance();
    if (depth > 0 && entries[depth] && !getSerializeNulls()) {
      // A map's entry is not a property: its null is written whatever writeNulls says.
      setSerializeNulls(true);
      try {
        return super.nullValue();
      } finally {
        setSerializeNulls(false);
      }
    }
    return super.nullValue();
  }

  /** The object written next is a map's: its entries' nulls are written. */
  void entriesNext() {
    entriesNext = true;
  }

  @Override
  public JsonWriter jsonValue(@Nullable String value) throws IOException {
    advance();
    return super.jsonValue(value);
  }

  /** The path of the value being written: the last name or index at each level. */
  String path() {
    StringBuilder sb = new StringBuilder("$");
    for (int i = 1; i <= depth; i++) {
      if (arrays[i]) {
        sb.append('[').append(Math.max(indices[i], 0)).append(']');
      } else if (names[i] != null) {
        sb.append('.').append(names[i]);
      }
    }
    return sb.toString();
  }

  /** A value nested deeper than the limit. */
  static final class NestingTooDeep extends IOException {
    private static final long serialVersionUID = 1L;

    NestingTooDeep(String message) {
      super(message);
    }
  }
}

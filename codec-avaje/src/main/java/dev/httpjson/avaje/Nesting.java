package dev.httpjson.avaje;

import dev.httpjson.codec.support.internal.ReadProblems;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Where a reader or writer is: the arrays and objects it is in, the index or field in each, and the
 * names each object's adapter declares; the JSON path for errors.
 */
final class Nesting {
  private boolean[] arrays = new boolean[16];
  private boolean[] entries = new boolean[16];
  private int[] indexes = new int[16];
  private @Nullable String[] fields = new String[16];
  private AdapterNames.@Nullable Translated[] names = new AdapterNames.Translated[16];
  int depth;

  /** {@return the JSON path, such as {@code $.items[1].name} or {@code $.byId['1']}} */
  String path() {
    StringBuilder sb = new StringBuilder("$");
    for (int i = 0; i < depth; i++) {
      if (arrays[i]) {
        if (indexes[i] >= 0) {
          sb.append('[').append(indexes[i]).append(']');
        }
      } else if (fields[i] != null) {
        ReadProblems.appendName(sb, fields[i]);
      }
    }
    return sb.toString();
  }

  void push(boolean array, AdapterNames.@Nullable Translated translated) {
    push(array, translated, false);
  }

  /**
   * An array or object starts.
   *
   * @param array whether it is an array
   * @param translated the names its adapter declares, or null
   * @param entries whether it is an object of entries (a map's), not of declared properties
   */
  void push(boolean array, AdapterNames.@Nullable Translated translated, boolean entries) {
    if (depth == arrays.length) {
      int n = depth * 2;
      arrays = Arrays.copyOf(arrays, n);
      this.entries = Arrays.copyOf(this.entries, n);
      indexes = Arrays.copyOf(indexes, n);
      fields = Arrays.copyOf(fields, n);
      names = Arrays.copyOf(names, n);
    }
    arrays[depth] = array;
    this.entries[depth] = entries;
    indexes[depth] = -1;
    fields[depth] = null;
    names[depth] = translated;
    depth++;
  }

  void pop() {
    if (depth > 0) {
      depth--;
    }
  }

  /** A value starts: in an array, the next index. */
  void value() {
    if (depth > 0 && arrays[depth - 1]) {
      indexes[depth - 1]++;
    }
  }

  /** The innermost object's field is now {@code name}, if there is an object. */
  void field(String name) {
    if (depth > 0) {
      fields[depth - 1] = name;
    }
  }

  /**
   * Whether a value written now is an element or the top-level value (or, if {@code entriesToo}, a
   * map entry's value), rather than a declared property's.
   *
   * @param entriesToo whether a map entry's value counts
   * @return whether it is
   */
  boolean atAnElement(boolean entriesToo) {
    return depth == 0 || arrays[depth - 1] || (entriesToo && entries[depth - 1]);
  }

  /** {@return the innermost object's declared names, or null} */
  AdapterNames.@Nullable Translated names() {
    return depth == 0 ? null : names[depth - 1];
  }
}

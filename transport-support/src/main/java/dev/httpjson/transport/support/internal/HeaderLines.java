package dev.httpjson.transport.support.internal;

import java.net.http.HttpHeaders;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A response head as the library holds it, header by header in order of arrival, made into the
 * JDK's {@link HttpHeaders} by {@link #toJdk()}: each name in lower case, as the JDK's client gives
 * the names of an HTTP/1.1 head (and HTTP/2 sends them), whatever case the server wrote. A line
 * without a name (OkHttp keeps one without a colon, or folded onto the line before, with an empty
 * name) is left out, as the JDK's client leaves it out: {@link HttpHeaders} cannot hold it, and a
 * server's malformed line must not fail the exchange with an unchecked exception. A name is taken
 * without the white space around it, as {@link HttpHeaders#of} takes it. {@link #firstValue} finds
 * one header as those would give it, without making them.
 */
public abstract class HeaderLines {
  private static final BiPredicate<String, String> ALL = (name, value) -> true;

  /** The most headers grouped by scanning (a response has a handful). */
  static final int MAX_SCANNED = 32;

  /** For subclasses. */
  protected HeaderLines() {}

  /** How many header lines there are. */
  protected abstract int size();

  /** The name of line {@code i}. */
  protected abstract String name(int i);

  /** The value of line {@code i}. */
  protected abstract String value(int i);

  /** Whether line {@code i} is left out (none is unless a subclass says so). */
  protected boolean skipped(int i) {
    return false;
  }

  /** The name of line {@code i} as {@link HttpHeaders} holds it: without white space around. */
  private String key(int i) {
    return name(i).trim();
  }

  /** Whether line {@code i} is given: not {@link #skipped}, and with a name. */
  private boolean kept(int i) {
    return !skipped(i) && !key(i).isEmpty();
  }

  /**
   * The headers as the JDK's. {@link HttpHeaders#of} copies what it is given, so a usual head is
   * handed over as a view that groups the names as it goes; a long one, whose grouping by scanning
   * would take time in its square, through a sorted map.
   */
  public final HttpHeaders toJdk() {
    int size = size();
    if (size <= MAX_SCANNED) {
      return HttpHeaders.of(new View(), ALL);
    }
    Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 0; i < size; i++) {
      if (kept(i)) {
        map.computeIfAbsent(key(i).toLowerCase(Locale.ROOT), name -> new ArrayList<>(1))
            .add(value(i));
      }
    }
    return HttpHeaders.of(map, ALL);
  }

  /**
   * The first value of the header {@code name} (in any case) as {@link #toJdk()}'s {@code
   * firstValue} gives it, without making them: of the first kept line of that name, without white
   * space around it; null when there is none.
   */
  public final @Nullable String firstValue(String name) {
    for (int i = 0, n = size(); i < n; i++) {
      if (skipped(i)) {
        continue;
      }
      String key = key(i);
      if (!ascii(key)) {
        // Grouped and lower-cased as toJdk does it, where that may differ from ignoring case.
        List<String> values = toJdk().allValues(name);
        return values.isEmpty() ? null : values.get(0);
      }
      if (!key.isEmpty() && key.equalsIgnoreCase(name)) {
        return value(i).trim();
      }
    }
    return null;
  }

  private static boolean ascii(String s) {
    for (int i = 0, n = s.length(); i < n; i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  /** Whether line {@code i} is the first kept one of its name. */
  private boolean first(int i) {
    String name = key(i);
    for (int j = 0; j < i; j++) {
      if (key(j).equalsIgnoreCase(name) && kept(j)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The lines grouped by name (ignoring case) in their order of arrival, without a map of its own:
   * {@code HttpHeaders.of} reads it once with {@link #forEach}, which hands it each name with a
   * view of its values that is only valid during the call (it copies them).
   */
  private final class View extends AbstractMap<String, List<String>> {
    @Override
    public void forEach(BiConsumer<? super String, ? super List<String>> action) {
      Values values = new Values();
      for (int i = 0, n = HeaderLines.this.size(); i < n; i++) {
        if (kept(i) && first(i)) {
          values.first = i;
          action.accept(key(i).toLowerCase(Locale.ROOT), values);
        }
      }
    }

    @Override
    public Set<Entry<String, List<String>>> entrySet() {
      Map<String, List<String>> grouped = new LinkedHashMap<>();
      forEach((name, values) -> grouped.put(name, List.copyOf(values)));
      return grouped.entrySet();
    }
  }

  /** The values of the name of line {@code first}: a view that {@link View#forEach} moves on. */
  private final class Values extends AbstractList<String> {
    int first;

    private boolean sameName(int i, String name) {
      return kept(i) && key(i).equalsIgnoreCase(name);
    }

    @Override
    public void forEach(Consumer<? super String> action) {
      String name = key(first);
      for (int i = first, n = HeaderLines.this.size(); i < n; i++) {
        if (sameName(i, name)) {
          action.accept(value(i));
        }
      }
    }

    @Override
    public String get(int index) {
      String name = key(first);
      for (int i = first, k = 0, n = HeaderLines.this.size(); i < n; i++) {
        if (sameName(i, name) && k++ == index) {
          return value(i);
        }
      }
      throw new IndexOutOfBoundsException("index " + index + ", size " + size());
    }

    @Override
    public int size() {
      String name = key(first);
      int count = 0;
      for (int i = first, n = HeaderLines.this.size(); i < n; i++) {
        if (sameName(i, name)) {
          count++;
        }
      }
      return count;
    }
  }
}

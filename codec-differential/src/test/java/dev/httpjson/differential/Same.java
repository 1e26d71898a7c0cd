package dev.httpjson.differential;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether two values read or written are the same: records component by component, arrays, lists
 * and maps element by element, doubles bit for bit ({@link Double#equals}), a {@code BigDecimal}
 * with its scale. A record's own {@code equals} compares its array components by identity, so it is
 * not used.
 */
final class Same {
  private Same() {}

  static boolean values(Object a, Object b) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null) {
      return false;
    }
    Class<?> type = a.getClass();
    if (type.isArray()) {
      if (b.getClass() != type || Array.getLength(a) != Array.getLength(b)) {
        return false;
      }
      for (int i = 0; i < Array.getLength(a); i++) {
        if (!values(Array.get(a, i), Array.get(b, i))) {
          return false;
        }
      }
      return true;
    }
    if (type.isRecord()) {
      if (b.getClass() != type) {
        return false;
      }
      for (RecordComponent component : type.getRecordComponents()) {
        if (!values(component(a, component), component(b, component))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof List<?> x && b instanceof List<?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      Iterator<?> i = y.iterator();
      for (Object e : x) {
        if (!values(e, i.next())) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (Map.Entry<?, ?> e : x.entrySet()) {
        if (!y.containsKey(e.getKey()) || !values(e.getValue(), y.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Optional<?> x && b instanceof Optional<?> y) {
      return x.isPresent() == y.isPresent() && (x.isEmpty() || values(x.get(), y.get()));
    }
    return Objects.equals(a, b);
  }

  static Object component(Object record, RecordComponent component) {
    try {
      return component.getAccessor().invoke(record);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}

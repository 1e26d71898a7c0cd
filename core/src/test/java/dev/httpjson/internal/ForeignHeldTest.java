package dev.httpjson.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The look at what a written value holds, before a shared binding writes it: it ends on any shape
 * of value and never fails a write itself (the codec reports a value it cannot write).
 */
class ForeignHeldTest {
  @Test
  void containersThatHoldThemselvesAreLookedAtOnce() {
    List<Object> list = new ArrayList<>();
    Map<String, Object> map = new HashMap<>();
    list.add(list);
    list.add(map);
    map.put("list", list);
    map.put("optional", Optional.of(new Object[] {list, map, "x"}));

    assertThat(assertTimeoutPreemptively(Duration.ofSeconds(10), () -> foreign(list))).isNull();
  }

  @Test
  void aCollectionThatFailsToIterateIsLeftToTheCodec() {
    List<Object> failing =
        new AbstractList<>() {
          @Override
          public Object get(int index) {
            throw new IllegalStateException("lazy collection, closed session");
          }

          @Override
          public int size() {
            return 1;
          }
        };

    assertThat(foreign(List.of(failing))).isNull();
  }

  private static Object foreign(Object value) {
    return CachedBinding.foreignHeld(value);
  }
}

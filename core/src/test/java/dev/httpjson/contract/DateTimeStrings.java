package dev.httpjson.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Date-time strings around the common ISO-8601 shape, to check a fast reader against the library it
 * stands in for: mostly in the shape, with a field out of range or a character off now and then.
 */
public final class DateTimeStrings {
  private DateTimeStrings() {}

  /** {@code count} strings, reproducible from {@code r}. */
  public static List<String> generated(Random r, int count) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      StringBuilder b = new StringBuilder();
      b.append(pad(r.nextInt(20) == 0 ? r.nextInt(10_000) : 1900 + r.nextInt(300), 4));
      b.append('-').append(pad(r.nextInt(20) == 0 ? r.nextInt(14) : 1 + r.nextInt(12), 2));
      b.append('-').append(pad(r.nextInt(20) == 0 ? r.nextInt(33) : 1 + r.nextInt(31), 2));
      b.append(r.nextInt(50) == 0 ? 't' : 'T');
      b.append(pad(r.nextInt(20) == 0 ? 24 : r.nextInt(24), 2));
      b.append(':').append(pad(r.nextInt(30) == 0 ? 60 : r.nextInt(60), 2));
      b.append(':').append(pad(r.nextInt(30) == 0 ? 60 : r.nextInt(60), 2));
      int fraction = r.nextInt(12) - 1; // -1: none; 0: a bare dot; 10, 11: too many digits
      if (fraction >= 0) {
        b.append('.');
        for (int d = 0; d < fraction; d++) {
          b.append((char) ('0' + r.nextInt(10)));
        }
      }
      switch (r.nextInt(8)) {
        case 0:
          b.append('Z');
          break;
        case 1:
          b.append(r.nextInt(10) == 0 ? "z" : "Z");
          break;
        case 2:
          b.append(r.nextBoolean() ? '+' : '-')
              .append(pad(r.nextInt(20), 2))
              .append(':')
              .append(pad(r.nextInt(61), 2));
          break;
        case 3:
          b.append(r.nextBoolean() ? "+00:00" : "-00:00");
          break;
        case 4:
          b.append(r.nextBoolean() ? '+' : '-').append(pad(r.nextInt(19), 2)).append("00");
          break;
        case 5:
          b.append(r.nextBoolean() ? '+' : '-').append(pad(r.nextInt(19), 2));
          break;
        case 6:
          b.append(r.nextBoolean() ? "+18:00" : "-18:00");
          break;
        default:
          // no offset
      }
      String s = b.toString();
      out.add(r.nextInt(40) == 0 ? " " + s : s);
    }
    return out;
  }

  /** Edge cases: the ends of the ranges, near misses, numbers, blanks. */
  public static List<String> edges() {
    return new ArrayList<>(
        List.of(
            "0000-01-01T00:00:00Z",
            "9999-12-31T23:59:59.999999999Z",
            "2000-02-29T12:00:00Z",
            "1900-02-29T12:00:00Z",
            "2026-11-30T09:15:00.Z",
            "2026-11-30T09:15:00+18:01",
            "2026-11-30T09:15:00+14:00",
            "2026-11-30T09:15:00-00:00",
            "2026-11-30T09:15Z",
            "2026-11-30 09:15:00Z",
            "2026-11-30T09:15:00Z ",
            "+2026-11-30T09:15:00Z",
            "1700000000",
            "1700000000.5",
            "",
            "x"));
  }

  private static String pad(int value, int width) {
    String s = Integer.toString(value);
    return "0".repeat(Math.max(0, width - s.length())) + s;
  }
}

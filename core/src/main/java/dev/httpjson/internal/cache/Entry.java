package dev.httpjson.internal.cache;

import java.net.http.HttpHeaders;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A stored response: its status, the header fields kept, the digests of the request's selecting
 * header values ({@code Vary}), when it was requested and received, and its body. Immutable.
 */
final class Entry {
  /** The statuses a cache may give a heuristic freshness (RFC 9110 section 15.1). */
  static final Set<Integer> HEURISTIC =
      Set.of(200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501);

  /**
   * Hop-by-hop fields (RFC 9110 section 7.6.1), the proxy's own, and {@code Age} (the cache
   * computes its own).
   */
  private static final Set<String> NOT_STORED =
      Collections.unmodifiableSet(
          caseInsensitive(
              "connection",
              "proxy-connection",
              "keep-alive",
              "te",
              "transfer-encoding",
              "upgrade",
              "proxy-authenticate",
              "proxy-authentication-info",
              "proxy-authorization",
              "age"));

  /** A set of field names, compared as field names are: in any case. */
  private static Set<String> caseInsensitive(String... names) {
    Set<String> set = new java.util.TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    set.addAll(List.of(names));
    return set;
  }

  /** Fields that may carry a session's secrets: kept in memory, never written to disk. */
  static final Set<String> NOT_ON_DISK = Set.of("set-cookie", "set-cookie2");

  final String key;
  final String group;
  final int status;
  final Map<String, List<String>> headers;

  /** Lowercase field name to the digest of the request's normalized values ("" when absent). */
  final Map<String, String> vary;

  final long requestMillis;
  final long responseMillis;

  /** The directives of the stored {@code Cache-Control}, parsed once. */
  private final Directives cc;

  /** The body when it is held in memory (read-only, position 0); empty when it is in a file. */
  final java.nio.ByteBuffer body;

  /** A body of no bytes. */
  static final java.nio.ByteBuffer NO_BODY = java.nio.ByteBuffer.allocate(0).asReadOnlyBuffer();

  /** The origin's {@code Age} at receipt, in seconds, read before the field was dropped. */
  final long ageSeconds;

  /**
   * Where a large stored body is, when it stays on disk; else null and the body is {@link #body}.
   */
  final @Nullable StoredFile file;

  /**
   * A body left in its entry's file: its region and the file's checksum, which identifies it and is
   * verified as the body is served ({@link #open()}).
   */
  static final class StoredFile {
    final java.nio.file.Path path;
    final long offset;
    final long length;
    final long crc;

    /** What removes the entry once its file is found damaged, or null. */
    final @Nullable Runnable damaged;

    StoredFile(java.nio.file.Path path, long offset, long length, long crc) {
      this(path, offset, length, crc, null);
    }

    private StoredFile(
        java.nio.file.Path path, long offset, long length, long crc, @Nullable Runnable damaged) {
      this.path = path;
      this.offset = offset;
      this.length = length;
      this.crc = crc;
      this.damaged = damaged;
    }

    /** This file, {@code damaged} run when it is found damaged. */
    StoredFile whenDamaged(Runnable damaged) {
      return new StoredFile(path, offset, length, crc, damaged);
    }
  }

  /** The status of a {@linkplain #marker marker}: no response has it. */
  private static final int MARKER = 0;

  /**
   * The entry under a URI's key when its responses vary: the selecting field names ({@code Vary},
   * lowercase and sorted) and the keys of the variants stored, least recently stored first. The
   * pseudo-field names start with ':', which no stored response field does.
   */
  static Entry marker(String key, String group, List<String> names, List<String> variants) {
    Map<String, List<String>> fields = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    fields.put(":vary", List.copyOf(names));
    fields.put(":variants", List.copyOf(variants));
    return new Entry(
        key,
        group,
        MARKER,
        Collections.unmodifiableMap(fields),
        Directives.NONE,
        Map.of(),
        0,
        0,
        0,
        NO_BODY,
        null);
  }

  boolean isMarker() {
    return status == MARKER;
  }

  /** This entry as the variant {@code key} for requests with the selecting values {@code vary}. */
  Entry as(String key, Map<String, String> vary) {
    return copy(key, vary, body, file);
  }

  /** This entry under {@code key} and {@code vary}, its body {@code body} or in {@code file}. */
  private Entry copy(
      String key, Map<String, String> vary, java.nio.ByteBuffer body, @Nullable StoredFile file) {
    return new Entry(
        key,
        group,
        status,
        headers,
        cc,
        vary,
        requestMillis,
        responseMillis,
        ageSeconds,
        body,
        file);
  }

  /**
   * An entry; {@code cc}: the {@code Cache-Control} of {@code headers}; {@code file}: where its
   * body is when it stays on disk, else null and the body is {@code body}.
   */
  Entry(
      String key,
      String group,
      int status,
      Map<String, List<String>> headers,
      Directives cc,
      Map<String, String> vary,
      long requestMillis,
      long responseMillis,
      long ageSeconds,
      java.nio.ByteBuffer body,
      @Nullable StoredFile file) {
    this.key = key;
    this.group = group;
    this.status = status;
    this.headers = headers;
    this.cc = cc;
    this.vary = vary;
    this.requestMillis = requestMillis;
    this.responseMillis = responseMillis;
    this.ageSeconds = ageSeconds;
    this.body = body;
    this.file = file;
  }

  /** This entry with its body left in {@code file}. */
  Entry inFile(StoredFile file) {
    return copy(key, vary, body, file);
  }

  long bodyLength() {
    StoredFile f = file;
    return f == null ? body.remaining() : f.length;
  }

  /**
   * The body, to read once; null when its file is gone or is another entry's now (then the entry is
   * a miss). A body in a file is read once, and its checksum verified as it is read: the read that
   * reaches its end fails when the file was damaged.
   */
  Bodies.@Nullable Source open() {
    StoredFile f = file;
    if (f == null) {
      return Bodies.Source.of(body);
    }
    java.nio.channels.FileChannel c = null;
    try {
      c = java.nio.channels.FileChannel.open(f.path, java.nio.file.StandardOpenOption.READ);
      java.nio.ByteBuffer trailer = java.nio.ByteBuffer.allocate(16);
      long end = f.offset + f.length;
      if (c.size() != end + 16 || f.offset > Integer.MAX_VALUE) {
        c.close();
        return null;
      }
      while (trailer.hasRemaining()) {
        if (c.read(trailer, end + trailer.position()) < 0) {
          c.close();
          return null;
        }
      }
      if (trailer.getLong(0) != f.length || trailer.getLong(8) != f.crc) {
        c.close();
        return null;
      }
      // The fields before the body (small: the store reads them whole) start the checksum.
      java.nio.ByteBuffer head = java.nio.ByteBuffer.allocate((int) f.offset);
      while (head.hasRemaining()) {
        if (c.read(head, head.position()) < 0) {
          c.close();
          return null;
        }
      }
      java.util.zip.CRC32 crc = new java.util.zip.CRC32();
      crc.update(head.flip());
      Bodies.Source source = Bodies.Source.of(c, f.offset, f.length, crc, f.crc, f.path, f.damaged);
      if (f.length == 0) {
        source.verify();
      }
      return source;
    } catch (java.io.IOException | RuntimeException e) {
      if (c != null) {
        try {
          c.close();
        } catch (java.io.IOException ignored) {
          // read-only
        }
      }
      return null;
    }
  }

  /** This entry with {@code body}, which it shares read-only: no copy is made. */
  Entry withBody(java.nio.ByteBuffer body) {
    return copy(key, vary, body.slice().asReadOnlyBuffer(), null);
  }

  /**
   * This entry freshened by a 304's fields (RFC 9111 sections 3.2 and 4.3.4), but those that
   * describe the stored bytes themselves: a 304 naming another length, coding or range would
   * relabel a body it did not send.
   */
  Entry freshened(HttpHeaders notModified, long requestMillis, long responseMillis) {
    Map<String, List<String>> merged = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    merged.putAll(headers);
    storable(notModified)
        .forEach(
            (name, values) -> {
              if (!name.equalsIgnoreCase("Content-Length")
                  && !name.equalsIgnoreCase("Content-Encoding")
                  && !name.equalsIgnoreCase("Content-Range")) {
                merged.put(name, values);
              }
            });
    return new Entry(
        key,
        group,
        status,
        Collections.unmodifiableMap(merged),
        Directives.of(merged),
        vary,
        requestMillis,
        responseMillis,
        age(notModified),
        body,
        file);
  }

  /**
   * The fields of {@code headers} a cache keeps, in a read-only case-insensitive map: that of
   * {@code headers} itself when it keeps them all (the common case), else a copy without the
   * others.
   */
  static Map<String, List<String>> storable(HttpHeaders headers) {
    Map<String, List<String>> all = headers.map();
    List<String> connection = headers.allValues("Connection");
    Set<String> named = connection.isEmpty() ? Set.of() : caseInsensitive();
    for (String line : connection) {
      for (String name : line.split(",")) {
        named.add(name.trim());
      }
    }
    boolean keepAll = true;
    for (String name : all.keySet()) {
      if (!kept(name, named)) {
        keepAll = false;
        break;
      }
    }
    if (keepAll) {
      return all;
    }
    Map<String, List<String>> kept = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    all.forEach(
        (name, values) -> {
          if (kept(name, named)) {
            kept.put(name, values);
          }
        });
    return Collections.unmodifiableMap(kept);
  }

  private static boolean kept(String name, Set<String> named) {
    return !name.startsWith(":") && !NOT_STORED.contains(name) && !named.contains(name);
  }

  /** The origin's {@code Age}: the first member of its first line; 0 when that is invalid. */
  static long age(HttpHeaders headers) {
    List<String> values = headers.allValues("Age");
    if (values.isEmpty()) {
      return 0;
    }
    String a = values.get(0);
    int comma = a.indexOf(',');
    return Directives.deltaSeconds((comma < 0 ? a : a.substring(0, comma)).trim());
  }

  @Nullable String first(String name) {
    List<String> values = headers.get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  List<String> all(String name) {
    List<String> values = headers.get(name);
    return values == null ? List.of() : values;
  }

  Directives directives() {
    return cc;
  }

  private long dateMillis() {
    long date = httpDate(first("Date"));
    return date == Long.MIN_VALUE ? responseMillis : date;
  }

  /** The current age (RFC 9111 section 4.2.3), in milliseconds. */
  long currentAge(long nowMillis) {
    long apparentAge = Math.max(0, responseMillis - dateMillis());
    long responseDelay = Math.max(0, responseMillis - requestMillis);
    long correctedAgeValue = ageSeconds * 1000 + responseDelay;
    long correctedInitialAge = Math.max(apparentAge, correctedAgeValue);
    return correctedInitialAge + Math.max(0, nowMillis - responseMillis);
  }

  /** The freshness lifetime (RFC 9111 section 4.2.1) of a private cache, in milliseconds. */
  long lifetime(Directives cc) {
    long maxAge = cc.seconds("max-age");
    if (maxAge >= 0) {
      return maxAge * 1000;
    }
    List<String> expires = all("Expires");
    if (!expires.isEmpty()) {
      long at = expires.size() == 1 ? httpDate(expires.get(0)) : Long.MIN_VALUE;
      return at == Long.MIN_VALUE ? 0 : Math.max(0, at - dateMillis());
    }
    long modified = httpDate(first("Last-Modified"));
    if (modified != Long.MIN_VALUE && (HEURISTIC.contains(status) || cc.has("public"))) {
      return Math.max(0, (dateMillis() - modified) / 10);
    }
    return 0;
  }

  /** The selecting header fields named by {@code Vary}, lowercase; {@code "*"} among them. */
  static List<String> varyNames(List<String> varyValues) {
    List<String> names = new ArrayList<>();
    for (String v : varyValues) {
      for (String name : v.split(",")) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (!n.isEmpty()) {
          names.add(n);
        }
      }
    }
    return names;
  }

  private static final String DAY = "(?:mon|tue|wed|thu|fri|sat|sun)";
  private static final String MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)";
  private static final String TIME = "(\\d{2}):(\\d{2}):(\\d{2})";

  /**
   * The three forms of RFC 9110 section 5.6.7, names and GMT in any case, and a one-digit day
   * (which {@link java.time.format.DateTimeFormatter#RFC_1123_DATE_TIME} writes) accepted.
   */
  private static final java.util.regex.Pattern IMF_FIXDATE =
      java.util.regex.Pattern.compile(
          "(?i)" + DAY + ", (\\d{1,2}) " + MONTH + " (\\d{4}) " + TIME + " GMT");

  private static final java.util.regex.Pattern RFC_850 =
      java.util.regex.Pattern.compile(
          "(?i)(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday), (\\d{2})-"
              + MONTH
              + "-(\\d{2}) "
              + TIME
              + " GMT");

  private static final java.util.regex.Pattern ASCTIME =
      java.util.regex.Pattern.compile(
          "(?i)" + DAY + " " + MONTH + " ( \\d|\\d{2}) " + TIME + " (\\d{4})");

  private static final List<String> MONTHS =
      List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec");

  /**
   * Milliseconds since the epoch of an HTTP-date (RFC 9110 section 5.6.7), or {@link
   * Long#MIN_VALUE} when it is not one: anything but the three forms is invalid (a zone other than
   * GMT, a two-digit year outside RFC 850's form, extra spaces...).
   */
  static long httpDate(@Nullable String value) {
    if (value == null) {
      return Long.MIN_VALUE;
    }
    String v = value.trim();
    long fixdate = fixdate(v);
    if (fixdate != Long.MIN_VALUE) {
      return fixdate;
    }
    try {
      java.util.regex.Matcher m = IMF_FIXDATE.matcher(v);
      if (m.matches()) {
        return millis(
            Integer.parseInt(m.group(3)),
            m.group(2),
            m.group(1),
            m.group(4),
            m.group(5),
            m.group(6));
      }
      m = RFC_850.matcher(v);
      if (m.matches()) {
        // RFC 9110: a two-digit year more than 50 years ahead is in the past century.
        int now = java.time.Year.now(java.time.ZoneOffset.UTC).getValue();
        int year = now / 100 * 100 + Integer.parseInt(m.group(3));
        if (year > now + 50) {
          year -= 100;
        }
        return millis(year, m.group(2), m.group(1), m.group(4), m.group(5), m.group(6));
      }
      m = ASCTIME.matcher(v);
      if (m.matches()) {
        return millis(
            Integer.parseInt(m.group(6)),
            m.group(1),
            m.group(2).trim(),
            m.group(3),
            m.group(4),
            m.group(5));
      }
    } catch (java.time.DateTimeException | NumberFormatException e) {
      // no such day or time
    }
    return Long.MIN_VALUE;
  }

  private static final List<String> DAYS = List.of("mon", "tue", "wed", "thu", "fri", "sat", "sun");

  /**
   * {@code v} read as an IMF-fixdate in its exact form ({@code Sun, 06 Nov 1994 08:49:37 GMT}, what
   * senders write), without the patterns and their copies (this runs on every call a stored
   * response answers); {@link Long#MIN_VALUE} when it is anything else, which the patterns decide.
   */
  private static long fixdate(String v) {
    if (v.length() != 29
        || !v.startsWith(", ", 3)
        || v.charAt(7) != ' '
        || v.charAt(11) != ' '
        || v.charAt(16) != ' '
        || v.charAt(19) != ':'
        || v.charAt(22) != ':'
        || v.charAt(25) != ' '
        || !v.regionMatches(true, 26, "GMT", 0, 3)
        || indexOf(DAYS, v, 0) < 0) {
      return Long.MIN_VALUE;
    }
    int month = indexOf(MONTHS, v, 8) + 1;
    int day = digits(v, 5, 2);
    int year = digits(v, 12, 4);
    int hour = digits(v, 17, 2);
    int minute = digits(v, 20, 2);
    int second = digits(v, 23, 2);
    if (month == 0 || day < 0 || year < 0 || hour < 0 || minute < 0 || second < 0) {
      return Long.MIN_VALUE;
    }
    try {
      return java.time.LocalDateTime.of(year, month, day, hour, minute, second)
          .toInstant(java.time.ZoneOffset.UTC)
          .toEpochMilli();
    } catch (java.time.DateTimeException e) {
      return Long.MIN_VALUE;
    }
  }

  /** The index of the three-letter name at {@code v[at]}, in any case, or -1. */
  private static int indexOf(List<String> names, String v, int at) {
    for (int i = 0; i < names.size(); i++) {
      if (v.regionMatches(true, at, names.get(i), 0, 3)) {
        return i;
      }
    }
    return -1;
  }

  /** The number {@code v[at, at + n)} writes in ASCII digits, or -1. */
  private static int digits(String v, int at, int n) {
    int d = 0;
    for (int i = at; i < at + n; i++) {
      char c = v.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      d = d * 10 + (c - '0');
    }
    return d;
  }

  private static long millis(
      int year, String month, String day, String hour, String minute, String second) {
    return java.time.LocalDateTime.of(
            year,
            MONTHS.indexOf(month.toLowerCase(Locale.ROOT)) + 1,
            Integer.parseInt(day),
            Integer.parseInt(hour),
            Integer.parseInt(minute),
            Integer.parseInt(second))
        .toInstant(java.time.ZoneOffset.UTC)
        .toEpochMilli();
  }

  /** An estimate of the bytes the entry takes in memory. */
  long weight() {
    long w = 256 + bodyLength();
    for (Map.Entry<String, List<String>> h : headers.entrySet()) {
      for (String v : h.getValue()) {
        w += h.getKey().length() + v.length() + 32;
      }
    }
    return w;
  }
}

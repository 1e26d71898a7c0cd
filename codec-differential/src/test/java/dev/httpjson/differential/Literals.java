package dev.httpjson.differential;

import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * JSON literal text for each {@link Kind}: values at the edges, values of other kinds, and (when
 * asked for) mildly invalid spellings. Everything comes from the one {@link Random} given, so a
 * seed fixes every document.
 */
final class Literals {
  static final List<String> INTEGRAL_EDGES =
      List.of(
          "0",
          "-0",
          "1",
          "-1",
          "127",
          "128",
          "-128",
          "-129",
          "255",
          "256",
          "32767",
          "32768",
          "-32768",
          "-32769",
          "65535",
          "2147483647",
          "2147483648",
          "-2147483648",
          "-2147483649",
          "4294967296",
          "9007199254740992",
          "9007199254740993",
          "9223372036854775807",
          "9223372036854775808",
          "-9223372036854775808",
          "-9223372036854775809",
          "18446744073709551616",
          "123456789012345678901234567890",
          "-123456789012345678901234567890123456789");

  /** Numbers with a fraction or an exponent, the edges of double and float among them. */
  static final List<String> FRACTIONAL_EDGES =
      List.of(
          "0.0",
          "-0.0",
          "1.0",
          "1.5",
          "-2.5",
          "2.0",
          "1e2",
          "1E+2",
          "1e-2",
          "0.1e1",
          "1e0",
          "-0e0",
          "100e-2",
          "9007199254740993.0",
          "0.9999999999999999999999",
          "1e308",
          "1.7976931348623157e308",
          "1.7976931348623158e308",
          "1.7976931348623159e308",
          "1e309",
          "-1e308",
          "4.9e-324",
          "5e-324",
          "2.4703282292062327e-324",
          "2.4703282292062328e-324",
          "1e-400",
          "-1e-400",
          "1e400",
          "-1e400",
          "2.2250738585072014E-308",
          "2.2250738585072011e-308",
          "0.1",
          "0.30000000000000004",
          "1e-70",
          "-1e-70",
          "1000000000000000.5",
          "7.006492321624086e-46",
          "3.4028235e38",
          "3.4028236e38",
          "3.4028235677973366e38",
          "1.4e-45",
          "1.401298464324817e-45",
          "0.000001",
          "123456789012345678.9",
          "1.00000000000000011102230246251565404236316680908203125",
          "9.999999999999999e22",
          "1e23",
          "8.41e21",
          "5.0E-324",
          "1.5e-1000",
          "1e-2147483648",
          "1e39",
          "-1e39",
          "1e1000000000",
          "-1e1000000000",
          "1e-1000000000",
          "1E+2147483647",
          "1e2147483648",
          "0.5e-9999999999",
          "0.00000000000000000000000000000000000000001");

  static final List<String> INVALID_NUMBERS =
      List.of(
          "01",
          "-01",
          "1.",
          "+1",
          ".5",
          "1e",
          "1e+",
          "-",
          "NaN",
          "Infinity",
          "-Infinity",
          "0x10",
          "1_000",
          "1.e3",
          "--1",
          "0.0.1",
          "1ee2",
          "١٢٣");

  static final List<String> BOOLEANS =
      List.of(
          "true",
          "false",
          "\"true\"",
          "\"false\"",
          "\"TRUE\"",
          "\"yes\"",
          "1",
          "0",
          "\"1\"",
          "\"\"");

  static final List<String> COLORS =
      List.of(
          "\"RED\"",
          "\"GREEN\"",
          "\"BLUE\"",
          "\"red\"",
          "\"Red\"",
          "\"PURPLE\"",
          "0",
          "1",
          "\"0\"",
          "\"RED \"",
          "\" RED\"",
          "\"\"",
          "\"\\u0052ED\"",
          "true",
          "1.0");

  static final List<String> NUMBER_STRINGS =
      List.of(
          "\"12\"",
          "\"-7\"",
          "\"1.5\"",
          "\"-0\"",
          "\"-0.0\"",
          "\" 1\"",
          "\"1 \"",
          "\"1e2\"",
          "\"0x1\"",
          "\"\"",
          "\"9223372036854775808\"",
          "\"1e-70\"",
          "\"NaN\"",
          "\"Infinity\"",
          "\"+1\"",
          "\"01\"",
          "\".5\"",
          "\"5.\"",
          "\"-Infinity\"",
          "\"1e39\"",
          "\"1e1000000000\"",
          "\"-0e0\"",
          "\"\u0661\"",
          "\"1\\u0000\"",
          "\"\\t1\"",
          "\"\\u0031\"",
          "\"\u0661\u0662\u0663\"");

  static final List<String> LOCAL_DATES =
      List.of(
          "\"2024-02-29\"",
          "\"2023-02-29\"",
          "\"0000-01-01\"",
          "\"-0001-12-31\"",
          "\"+10000-01-01\"",
          "\"9999-12-31\"",
          "\"2024-13-01\"",
          "\"2024-1-1\"",
          "\"20240101\"",
          "\"2024-01-01T00:00:00Z\"",
          "\"2024-01-01 \"",
          "\"+999999999-12-31\"",
          "\"-999999999-01-01\"",
          "0",
          "19000",
          "1e18",
          "\"\"");

  static final List<String> INSTANTS =
      List.of(
          "\"2024-01-01T00:00:00Z\"",
          "\"2024-01-01T00:00:00.123456789Z\"",
          "\"2024-01-01T00:00:00.1Z\"",
          "\"2024-01-01T00:00:00+01:00\"",
          "\"2024-01-01T00:00:00\"",
          "\"2024-01-01t00:00:00z\"",
          "\"2024-01-01T24:00:00Z\"",
          "\"2016-12-31T23:59:60Z\"",
          "\"2024-01-01T00:00Z\"",
          "\"-1000000000-01-01T00:00:00Z\"",
          "\"+1000000000-12-31T23:59:59.999999999Z\"",
          "\"+1000000001-01-01T00:00:00Z\"",
          "\"1970-01-01T00:00:00.0000000001Z\"",
          "0",
          "1.5",
          "-1",
          "1700000000",
          "1700000000123",
          "1e10",
          "1e18",
          "1e400",
          "-0.0",
          "\"1700000000\"",
          "\"\"");

  static final List<String> OFFSET_DATE_TIMES =
      List.of(
          "\"2024-01-01T00:00:00Z\"",
          "\"2024-01-01T00:00:00+14:00\"",
          "\"2024-01-01T00:00:00-18:00\"",
          "\"2024-01-01T00:00:00+18:00\"",
          "\"2024-01-01T00:00:00+19:00\"",
          "\"2024-01-01T00:00:00+0100\"",
          "\"2024-01-01T00:00:00+01\"",
          "\"2024-01-01T00:00:00.5-03:30\"",
          "\"2024-01-01T00:00:00+01:00:30\"",
          "\"2024-01-01T00:00:00\"",
          "\"2024-01-01\"",
          "0",
          "1.5",
          "1e400",
          "\"\"");

  static final List<String> UUIDS =
      List.of(
          "\"123e4567-e89b-12d3-a456-426614174000\"",
          "\"123E4567-E89B-12D3-A456-426614174000\"",
          "\"00000000-0000-0000-0000-000000000000\"",
          "\"ffffffff-ffff-ffff-ffff-ffffffffffff\"",
          "\"1-1-1-1-1\"",
          "\"123e4567-e89b-12d3-a456-4266141740000\"",
          "\"{123e4567-e89b-12d3-a456-426614174000}\"",
          "\"123e4567e89b12d3a456426614174000\"",
          "\"123e4567-e89b-12d3-a456-42661417400g\"",
          "\"\"",
          "\" 123e4567-e89b-12d3-a456-426614174000\"",
          "\"123e4567-e89b-12d3-a456-426614174000 \"",
          "\"123e4567-e89b-12d3-a456-426614174000\\t\"",
          "\"123e4567-e89b-12d3-a456-426614174000\\u0000\"",
          "\"123e4567-e89b-12d3-a456 426614174000\"",
          "\"Ej5FZ+ibEtOkVkJmFBdAAA\"",
          "\"Ej5FZ-ibEtOkVkJmFBdAAA==\"",
          "\"Ej5FZ+ibEtOkVkJmFBdAAA==\"",
          "\"\u0661\u0662\u0663e4567-e89b-12d3-a456-426614174000\"",
          "0");

  static final List<String> CHARS =
      List.of(
          "\"a\"",
          "\"\"",
          "\"ab\"",
          "\"\\u0000\"",
          "\"\\ud800\"",
          "\"\\uDFFF\"",
          "\"é\"",
          "\"\uD83D\uDE00\"",
          "\"\\n\"",
          "\"1\"",
          "\" \"",
          "65",
          "0",
          "-1",
          "65536",
          "1.5",
          "true");

  static final List<String> URIS =
      List.of(
          "\"http://example.com/a?b=c#d\"",
          "\"\"",
          "\"/relative/path\"",
          "\"urn:isbn:0451450523\"",
          "\"a b\"",
          "\"http://[::1\"",
          "\"%zz\"",
          "\"http://example.com/\\u00e9\"",
          "\"http://example.com/é\"",
          "\"mailto:a@b\"",
          "\"\\u0000\"",
          "\"http://a/%20\"",
          "\"x:\"",
          "\":\"",
          "\"#\"",
          "\"http://a:99999999999/\"",
          "0",
          "true");

  static final List<String> LOCAL_DATE_TIMES =
      List.of(
          "\"2024-01-01T00:00:00\"",
          "\"2024-01-01T00:00\"",
          "\"2024-01-01T00:00:00.123456789\"",
          "\"2024-01-01T00:00:00.1234567891\"",
          "\"2024-01-01T00:00:00Z\"",
          "\"2024-01-01T00:00:00+01:00\"",
          "\"2024-01-01 00:00:00\"",
          "\"2024-01-01t00:00:00\"",
          "\"2024-01-01T24:00:00\"",
          "\"2024-01-01\"",
          "\"+10000-01-01T00:00:00\"",
          "\"-0001-01-01T00:00:00\"",
          "0",
          "1700000000",
          "[2024,1,1,0,0]",
          "\"\"");

  static final List<String> LOCAL_TIMES =
      List.of(
          "\"00:00\"",
          "\"00:00:00\"",
          "\"23:59:59.999999999\"",
          "\"23:59:59.9999999999\"",
          "\"24:00\"",
          "\"12:00:00Z\"",
          "\"12:00:00+01:00\"",
          "\"1:00\"",
          "\"12\"",
          "\"12:00:60\"",
          "\"12:00:00.\"",
          "0",
          "3600",
          "[12,0]",
          "\"\"");

  static final List<String> DURATIONS =
      List.of(
          "\"PT1S\"",
          "\"PT0S\"",
          "\"P1D\"",
          "\"PT-1.5S\"",
          "\"-PT1M\"",
          "\"pt1s\"",
          "\"P1DT1H\"",
          "\"PT1.0000000001S\"",
          "\"PT0.000000001S\"",
          "\"P1Y\"",
          "\"PT\"",
          "\"PT9223372036854775807S\"",
          "\"PT9223372036854775808S\"",
          "\"PT1H30M\"",
          "\"1\"",
          "1",
          "1.5",
          "-1",
          "\"\"");

  static final List<String> ZONED_DATE_TIMES =
      List.of(
          "\"2024-01-01T00:00:00Z\"",
          "\"2024-01-01T00:00:00+02:00\"",
          "\"2024-01-01T00:00:00.5-03:30\"",
          "\"2024-01-01T00:00:00+02:00[Europe/Paris]\"",
          "\"2024-01-01T00:00:00Z[UTC]\"",
          "\"2024-01-01T00:00:00[Europe/Paris]\"",
          "\"2024-01-01T00:00:00+0200\"",
          "\"2024-01-01T00:00:00\"",
          "\"2024-01-01\"",
          "0",
          "1.5",
          "\"\"");

  static final List<String> YEAR_MONTHS =
      List.of(
          "\"2024-01\"",
          "\"2024-12\"",
          "\"2024-13\"",
          "\"2024-00\"",
          "\"2024-1\"",
          "\"+10000-01\"",
          "\"-0001-12\"",
          "\"0000-01\"",
          "\"2024-01-01\"",
          "\"202401\"",
          "202401",
          "[2024,1]",
          "\"\"");

  /** Base64 for a {@code byte[]}: padded standard (the one form read) and every near miss. */
  static final List<String> BASE64 =
      List.of(
          "\"\"",
          "\"AQI=\"",
          "\"+/8=\"",
          "\"AQ==\"",
          "\"AQID\"",
          "\"QUJDRA==\"",
          "\"AQI\"",
          "\"AQ\"",
          "\"AQ I=\"",
          "\"-_8=\"",
          "\"AQI=\\n\"",
          "\"====\"",
          "\"A===\"",
          "\"AQ=I\"",
          "\"AR==\"",
          "\"AQJ=\"",
          "\"AQI=AQI=\"",
          "\"\\u0041QI=\"",
          "\"AQI=\\u0000\"",
          "[1,2]",
          "[255]",
          "[256]",
          "[-128]",
          "[-129]",
          "[\"1\"]",
          "[1.5]",
          "[null]",
          "[[]]",
          "1",
          "true");

  /** Map keys for a boolean key type. */
  static final List<String> BOOLEAN_KEYS =
      List.of(
          "\"true\"",
          "\"false\"",
          "\"TRUE\"",
          "\"True\"",
          "\"1\"",
          "\"0\"",
          "\"yes\"",
          "\"\"",
          "\" true\"",
          "\"null\"");

  /** Map keys for an instant key type. */
  static final List<String> INSTANT_KEYS =
      List.of(
          "\"2024-01-01T00:00:00Z\"",
          "\"2024-01-01T00:00:00.5Z\"",
          "\"2024-01-01T00:00:00+01:00\"",
          "\"2024-01-01T00:00Z\"",
          "\"2024-01-01\"",
          "\"1700000000\"",
          "\"0\"",
          "\"\"");

  /** Map keys for integral key types: numbers in JSON syntax and not. */
  static final List<String> NUMERIC_KEYS =
      List.of(
          "\"1\"",
          "\"-1\"",
          "\"0\"",
          "\"-0\"",
          "\"01\"",
          "\" 1\"",
          "\"1 \"",
          "\"+1\"",
          "\"1e2\"",
          "\"1.0\"",
          "\".5\"",
          "\"\u0661\"",
          "\"0x10\"",
          "\"\"",
          "\"a\"",
          "\"NaN\"",
          "\"2147483647\"",
          "\"2147483648\"",
          "\"9223372036854775807\"",
          "\"9223372036854775808\"",
          "\"1e1000000000\"");

  private final Random random;

  Literals(Random random) {
    this.random = random;
  }

  <T> T pick(List<T> list) {
    return list.get(random.nextInt(list.size()));
  }

  boolean chance(double p) {
    return random.nextDouble() < p;
  }

  /** A literal for {@code kind}: mostly its own values, sometimes null or another kind's. */
  String literal(Kind kind, boolean invalid) {
    if (invalid && chance(0.05)) {
      return chance(0.5) ? pick(INVALID_NUMBERS) : invalidString();
    }
    if (chance(0.06)) {
      return "null";
    }
    if (chance(0.08)) {
      return literal(pick(List.of(Kind.values())), false);
    }
    return switch (kind) {
      case INT, LONG, SHORT, BYTE, BIG_INTEGER -> chance(0.1) ? pick(NUMBER_STRINGS) : integral();
      case DOUBLE, FLOAT, BIG_DECIMAL -> chance(0.1) ? pick(NUMBER_STRINGS) : number();
      case BOOLEAN -> pick(BOOLEANS);
      case CHAR -> chance(0.7) ? pick(CHARS) : string();
      case STRING -> chance(0.1) ? number() : string();
      case COLOR -> pick(COLORS);
      case LOCAL_DATE -> chance(0.4) ? pick(LOCAL_DATES) : quote(localDate().toString());
      case INSTANT -> chance(0.4) ? pick(INSTANTS) : quote(instant().toString());
      case OFFSET_DATE_TIME ->
          chance(0.4) ? pick(OFFSET_DATE_TIMES) : quote(offsetDateTime().toString());
      case UUID -> chance(0.3) ? pick(UUIDS) : quote(uuid().toString());
      case URI -> pick(URIS);
      case LOCAL_DATE_TIME ->
          chance(0.4) ? pick(LOCAL_DATE_TIMES) : quote(localDateTime().toString());
      case LOCAL_TIME -> chance(0.4) ? pick(LOCAL_TIMES) : quote(localTime().toString());
      case DURATION -> chance(0.4) ? pick(DURATIONS) : quote(duration().toString());
      case ZONED_DATE_TIME ->
          chance(0.4) ? pick(ZONED_DATE_TIMES) : quote(offsetDateTime().toString());
      case YEAR_MONTH -> chance(0.4) ? pick(YEAR_MONTHS) : quote(yearMonth().toString());
      case ANY ->
          switch (random.nextInt(5)) {
            case 0 -> number();
            case 1 -> string();
            case 2 -> pick(List.of("true", "false", "null"));
            case 3 -> integral();
            default -> pick(NUMBER_STRINGS);
          };
    };
  }

  String integral() {
    return switch (random.nextInt(6)) {
      case 0, 1 -> pick(INTEGRAL_EDGES);
      case 2 -> Integer.toString(random.nextInt());
      case 3 -> Long.toString(random.nextLong());
      case 4 -> Integer.toString(random.nextInt(2000) - 1000);
      default -> new BigInteger(random.nextInt(200) + 1, random).toString();
    };
  }

  /** Any number: integral, at the edges, shortest-form doubles and floats, long mantissas. */
  String number() {
    return switch (random.nextInt(9)) {
      case 0 -> integral();
      case 1, 2 -> pick(FRACTIONAL_EDGES);
      case 3 -> shortestDouble();
      case 4 -> Double.toString(random.nextDouble() * Math.pow(10, random.nextInt(40) - 20));
      case 5 -> {
        float f = Float.intBitsToFloat(random.nextInt());
        yield Float.isFinite(f) ? Float.toString(f) : "1.0";
      }
      case 6 -> longMantissa();
      case 7 -> (random.nextBoolean() ? "-" : "") + random.nextInt(1000) + "e" + exponent();
      default ->
          (random.nextBoolean() ? "-" : "")
              + random.nextInt(100)
              + "."
              + digits(1 + random.nextInt(25))
              + (random.nextBoolean() ? "" : (random.nextBoolean() ? "e" : "E") + exponent());
    };
  }

  String shortestDouble() {
    double d = Double.longBitsToDouble(random.nextLong());
    return Double.isFinite(d) ? Double.toString(d) : "0.5";
  }

  private String longMantissa() {
    String digits = (1 + random.nextInt(9)) + digits(15 + random.nextInt(6));
    int point = 1 + random.nextInt(digits.length() - 1);
    return (random.nextBoolean() ? "-" : "")
        + digits.substring(0, point)
        + "."
        + digits.substring(point)
        + "e"
        + (random.nextInt(660) - 340);
  }

  private String exponent() {
    String sign =
        switch (random.nextInt(3)) {
          case 0 -> "-";
          case 1 -> "+";
          default -> "";
        };
    return sign + random.nextInt(random.nextBoolean() ? 30 : 400);
  }

  private String digits(int n) {
    StringBuilder out = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      out.append((char) ('0' + random.nextInt(10)));
    }
    return out.toString();
  }

  /** A JSON string literal: escapes, \\u escapes, pairs raw and escaped, lone surrogates. */
  String string() {
    StringBuilder out = new StringBuilder("\"");
    int pieces = random.nextInt(6);
    for (int i = 0; i < pieces; i++) {
      out.append(stringPiece());
    }
    return out.append('"').toString();
  }

  /** A name for a map key or an unknown member: a string, mostly plain. */
  String name() {
    return chance(0.7)
        ? "\"" + (char) ('a' + random.nextInt(26)) + random.nextInt(100) + "\""
        : string();
  }

  private String stringPiece() {
    return switch (random.nextInt(12)) {
      case 0 -> pick(List.of("\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"));
      case 1 -> unicodeEscape((char) random.nextInt(0xD800));
      case 2 -> pick(List.of("\\u0000", "\\u001f", "\\u007F", "\\u2028", "\\uFEFF", "\\u0022"));
      case 3 -> pick(List.of("é", "中文", "\u2028", "\uFEFF", "\uD83D\uDE00", "\uDBFF\uDFFF", "ÿ"));
      case 4 -> pick(List.of("\\uD83D\\uDE00", "\\ud83d\\ude00", "\\uDBFF\\uDFFF"));
      case 5 -> pick(List.of("\\uD800", "\\uDFFF", "\\uDBFF\\u0041", "\\uDE00\\uD83D", "\\udc00"));
      case 6 -> pick(List.of("\u0661\u0662\u0663", "１２", "x"));
      case 7 -> unicodeEscape((char) (0xE000 + random.nextInt(0x2000)));
      default -> ascii(1 + random.nextInt(8));
    };
  }

  private String unicodeEscape(char c) {
    String hex = String.format(Locale.ROOT, "%04x", (int) c);
    return "\\u" + (random.nextBoolean() ? hex : hex.toUpperCase(Locale.ROOT));
  }

  private String ascii(int n) {
    StringBuilder out = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      char c = (char) (0x20 + random.nextInt(0x5f));
      if (c == '"' || c == '\\') {
        c = 'q';
      }
      out.append(c);
    }
    return out.toString();
  }

  /** A string literal JSON does not allow: a raw control character, a bad escape. */
  String invalidString() {
    String bad =
        pick(List.of("\t", "\u0001", "\n", "\\x", "\\u12G4", "\\u12", "\\", "\\U0041", "\\'"));
    return "\"a" + bad + "b\"";
  }

  static String quote(String s) {
    return "\"" + s + "\"";
  }

  // ---- Java values (round trips, and valid literals) ----

  LocalDate localDate() {
    if (chance(0.02)) {
      return pick(List.of(LocalDate.MIN, LocalDate.MAX, LocalDate.of(0, 1, 1)));
    }
    return LocalDate.ofEpochDay(random.nextInt(2_000_000) - 1_000_000);
  }

  Instant instant() {
    if (chance(0.02)) {
      return pick(List.of(Instant.MIN, Instant.MAX, Instant.EPOCH));
    }
    long seconds = random.nextLong() % 100_000_000_000L;
    int nanos =
        switch (random.nextInt(4)) {
          case 0 -> 0;
          case 1 -> random.nextInt(1000) * 1_000_000;
          case 2 -> random.nextInt(1_000_000) * 1000;
          default -> random.nextInt(1_000_000_000);
        };
    return Instant.ofEpochSecond(seconds, nanos);
  }

  ZoneOffset offset() {
    if (chance(0.05)) {
      return ZoneOffset.ofTotalSeconds(random.nextInt(36 * 3600 + 1) - 18 * 3600);
    }
    return ZoneOffset.ofTotalSeconds((random.nextInt(145) - 72) * 15 * 60);
  }

  OffsetDateTime offsetDateTime() {
    Instant at = instant();
    if (at.equals(Instant.MIN) || at.equals(Instant.MAX)) {
      at = Instant.EPOCH;
    }
    LocalDateTime local =
        LocalDateTime.ofEpochSecond(at.getEpochSecond(), at.getNano(), ZoneOffset.UTC);
    return OffsetDateTime.of(local, offset());
  }

  LocalDateTime localDateTime() {
    Instant at = instant();
    if (at.equals(Instant.MIN) || at.equals(Instant.MAX)) {
      at = Instant.EPOCH;
    }
    return LocalDateTime.ofEpochSecond(at.getEpochSecond(), at.getNano(), ZoneOffset.UTC);
  }

  java.time.LocalTime localTime() {
    if (chance(0.05)) {
      return pick(List.of(java.time.LocalTime.MIN, java.time.LocalTime.MAX));
    }
    return localDateTime().toLocalTime();
  }

  java.time.Duration duration() {
    if (chance(0.05)) {
      return pick(
          List.of(
              java.time.Duration.ZERO,
              java.time.Duration.ofSeconds(Long.MAX_VALUE, 999_999_999),
              java.time.Duration.ofSeconds(Long.MIN_VALUE),
              java.time.Duration.ofNanos(-1)));
    }
    long seconds = random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(200_000) - 100_000;
    return java.time.Duration.ofSeconds(
        seconds, random.nextBoolean() ? 0 : random.nextInt(1_000_000_000));
  }

  java.time.ZonedDateTime zonedDateTime() {
    return offsetDateTime().toZonedDateTime();
  }

  java.time.YearMonth yearMonth() {
    int year = chance(0.1) ? random.nextInt(40_000) - 20_000 : 1900 + random.nextInt(300);
    return java.time.YearMonth.of(year, 1 + random.nextInt(12));
  }

  java.net.URI uri() {
    return java.net.URI.create(
        pick(
            List.of(
                "http://example.com/a?b=c#d",
                "",
                "/relative/path",
                "urn:isbn:0451450523",
                "http://a/%20",
                "mailto:a@b",
                "https://example.com:8443/x/y%2Fz?q=%C3%A9",
                "#frag")));
  }

  java.util.UUID uuid() {
    return new java.util.UUID(random.nextLong(), random.nextLong());
  }

  Random random() {
    return random;
  }
}

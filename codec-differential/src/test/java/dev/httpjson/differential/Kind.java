package dev.httpjson.differential;

/**
 * What a component holds: picks the literals a document gives it and the values a round trip
 * writes.
 */
enum Kind {
  INT,
  LONG,
  SHORT,
  BYTE,
  DOUBLE,
  FLOAT,
  BOOLEAN,
  CHAR,
  BIG_DECIMAL,
  BIG_INTEGER,
  STRING,
  COLOR,
  LOCAL_DATE,
  INSTANT,
  OFFSET_DATE_TIME,
  UUID,
  URI,
  LOCAL_DATE_TIME,
  LOCAL_TIME,
  DURATION,
  ZONED_DATE_TIME,
  YEAR_MONTH,
  /** Anything: the target is {@code Object}. */
  ANY
}

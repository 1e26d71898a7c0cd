package dev.httpjson.jackson2;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import com.fasterxml.jackson.datatype.jsr310.deser.YearMonthDeserializer;
import com.fasterxml.jackson.datatype.jsr310.ser.YearMonthSerializer;
import dev.httpjson.codec.support.internal.IsoDateTimes;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.YearMonth;

/**
 * Jackson's {@code Instant} and {@code OffsetDateTime} readers, with a number past {@link
 * Instant}'s range refused ({@link IsoDateTimes#epochSecondsProblem}): Jackson lets {@code 1e18}
 * fail with a bare {@link java.time.DateTimeException}; and a {@code YearMonth} as its ISO-8601
 * text ({@link IsoDateTimes#YEAR_MONTH}).
 */
final class EpochRange {
  private EpochRange() {}

  static final SimpleModule MODULE =
      new SimpleModule("httpjson-epoch-range")
          .addDeserializer(Instant.class, new Instants())
          .addDeserializer(OffsetDateTime.class, new OffsetDateTimes())
          // A YearMonth by IsoDateTimes.YEAR_MONTH (a year past 9999 signed), both ways.
          .addSerializer(YearMonth.class, new YearMonthSerializer(IsoDateTimes.YEAR_MONTH))
          .addDeserializer(YearMonth.class, new YearMonthDeserializer(IsoDateTimes.YEAR_MONTH));

  static final class Instants extends InstantDeserializer<Instant> {
    private static final long serialVersionUID = 1L;

    Instants() {
      super(InstantDeserializer.INSTANT, (Boolean) null);
    }

    @Override
    public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      requireInRange(p, ctxt, Instant.class);
      return super.deserialize(p, ctxt);
    }
  }

  static final class OffsetDateTimes extends InstantDeserializer<OffsetDateTime> {
    private static final long serialVersionUID = 1L;

    OffsetDateTimes() {
      super(InstantDeserializer.OFFSET_DATE_TIME, (Boolean) null);
    }

    @Override
    public OffsetDateTime deserialize(JsonParser p, DeserializationContext ctxt)
        throws IOException {
      requireInRange(p, ctxt, OffsetDateTime.class);
      return super.deserialize(p, ctxt);
    }
  }

  private static void requireInRange(JsonParser p, DeserializationContext ctxt, Class<?> type)
      throws IOException {
    if (p.hasToken(JsonToken.VALUE_NUMBER_FLOAT)) {
      BigDecimal seconds = p.getDecimalValue();
      String problem = IsoDateTimes.epochSecondsProblem(seconds);
      if (problem != null) {
        ctxt.handleWeirdNumberValue(type, seconds, "%s", problem);
      }
    }
  }
}

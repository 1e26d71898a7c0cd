/**
 * The codec differential test: generated documents and values through the four codecs, which must
 * agree. The models get their avaje-jsonb adapters here, as a user's build imports types.
 */
@Json.Import({
  Shapes.IntBox.class,
  Shapes.BoxedInt.class,
  Shapes.LongBox.class,
  Shapes.BoxedLong.class,
  Shapes.ShortBox.class,
  Shapes.BoxedShort.class,
  Shapes.ByteBox.class,
  Shapes.BoxedByte.class,
  Shapes.DoubleBox.class,
  Shapes.BoxedDouble.class,
  Shapes.FloatBox.class,
  Shapes.BoxedFloat.class,
  Shapes.BooleanBox.class,
  Shapes.BoxedBoolean.class,
  Shapes.BigDecimalBox.class,
  Shapes.BigIntegerBox.class,
  Shapes.StringBox.class,
  Shapes.ColorBox.class,
  Shapes.LocalDateBox.class,
  Shapes.InstantBox.class,
  Shapes.OffsetDateTimeBox.class,
  Shapes.UuidBox.class,
  Shapes.OptionalString.class,
  Shapes.OptionalInteger.class,
  Shapes.OptionalDouble.class,
  Shapes.IntegerList.class,
  Shapes.DoubleList.class,
  Shapes.StringList.class,
  Shapes.LongMap.class,
  Shapes.StringMap.class,
  Shapes.Inner.class,
  Shapes.Mixed.class,
})
package dev.httpjson.differential;

import io.avaje.jsonb.Json;

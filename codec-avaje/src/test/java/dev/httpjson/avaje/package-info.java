/**
 * Tests. The contract's models, in core's test-jar, get their adapters generated here, as a user's
 * build imports types it cannot annotate.
 */
@Json.Import({
  Models.WeatherForecast.class,
  Models.Event.class,
  Models.Stamps.class,
  Models.Page.class,
  Models.Named.class,
  Models.Person.class,
  Models.PascalPerson.class,
  Models.Reading.class,
  Models.Node.class,
  Models.Exploding.class,
  Models.Marked.Sensor.class,
  Models.Marked.Station.class,
  HostileBodyContract.Price.class,
  HostileBodyContract.Gauge.class,
  GadgetContract.Holder.class,
  GadgetContract.SerializableHolder.class,
  GadgetContract.Containers.class,
  ResponseContract.Item.class,
  ResponseContract.ApiError.class,
  ValueReadingContract.Maybe.class,
  ValueReadingContract.Paint.class,
  ValueReadingContract.Tint.class,
  ValueReadingContract.When.class,
  ValueReadingContract.WhenOffset.class,
  ValueReadingContract.Day.class,
  ValueReadingContract.Text.class,
  ValueReadingContract.Flag.class,
  ValueReadingContract.BoxedFlag.class,
  ValueReadingContract.Count.class,
  ValueReadingContract.Id.class,
  ValueReadingContract.ByColor.class,
  ValueReadingContract.ByShade.class,
  NumberReadingContract.DoubleBox.class,
  NumberReadingContract.BoxedDouble.class,
  NumberReadingContract.DoubleArray.class,
  NumberReadingContract.FloatBox.class,
  NumberReadingContract.IntBox.class,
  NumberReadingContract.LongBox.class,
  NumberReadingContract.ShortBox.class,
  NumberReadingContract.ByteBox.class,
  NumberReadingContract.BooleanBox.class,
  NumberReadingContract.BigIntegerBox.class,
  NumberReadingContract.BigDecimalBox.class,
  NumberReadingContract.IntegerList.class,
  NumberReadingContract.DoubleList.class,
  PositionRulesContract.IntField.class,
  PositionRulesContract.IntOptional.class,
  PositionRulesContract.LongField.class,
  PositionRulesContract.LongOptional.class,
  PositionRulesContract.DoubleField.class,
  PositionRulesContract.DoubleOptional.class,
  PositionRulesContract.FloatField.class,
  PositionRulesContract.FloatOptional.class,
  PositionRulesContract.BooleanField.class,
  PositionRulesContract.CharField.class,
  PositionRulesContract.CharOptional.class,
  PositionRulesContract.DecimalField.class,
  PositionRulesContract.DecimalOptional.class,
  PositionRulesContract.UuidField.class,
  PositionRulesContract.UuidOptional.class,
  PositionRulesContract.Point.class,
  PositionRulesContract.PointField.class,
  PositionRulesContract.MapField.class,
  PositionRulesContract.ListField.class,
  PositionRulesContract.IntArrayField.class,
  PositionRulesContract.Cased.class,
  PositionRulesContract.CasedField.class,
  PositionRulesContract.Initialized.class,
})
package dev.httpjson.avaje;

import dev.httpjson.contract.GadgetContract;
import dev.httpjson.contract.HostileBodyContract;
import dev.httpjson.contract.Models;
import dev.httpjson.contract.NumberReadingContract;
import dev.httpjson.contract.PositionRulesContract;
import dev.httpjson.contract.ResponseContract;
import dev.httpjson.contract.ValueReadingContract;
import io.avaje.jsonb.Json;

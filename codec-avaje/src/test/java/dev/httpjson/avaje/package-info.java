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
})
package dev.httpjson.avaje;

import dev.httpjson.testing.Models;
import io.avaje.jsonb.Json;

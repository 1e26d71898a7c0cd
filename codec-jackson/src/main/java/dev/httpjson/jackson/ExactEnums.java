package dev.httpjson.jackson;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * An enum is read by its exact name, as the other codecs read it: Jackson trims the string first,
 * so {@code "RED "} would read as {@code RED}.
 */
final class ExactEnums {
  private ExactEnums() {}

  static final SimpleModule MODULE =
      new SimpleModule("httpjson-exact-enums")
          .setDeserializerModifier(
              new ValueDeserializerModifier() {
                @Override
                public ValueDeserializer<?> modifyEnumDeserializer(
                    DeserializationConfig config,
                    JavaType type,
                    BeanDescription.Supplier description,
                    ValueDeserializer<?> deserializer) {
                  return new Untrimmed(deserializer);
                }
              });

  private static final class Untrimmed extends DelegatingDeserializer {

    Untrimmed(ValueDeserializer<?> delegate) {
      super(delegate);
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegate) {
      return new Untrimmed(delegate);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
      if (p.hasToken(JsonToken.VALUE_STRING)) {
        String name = p.getString();
        if (name.trim().length() != name.length()) {
          return ctxt.handleWeirdStringValue(
              handledType(), name, "not one of the names of the enum (names are not trimmed)");
        }
      }
      return super.deserialize(p, ctxt);
    }
  }
}

package dev.httpjson.jackson2;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;

/**
 * An enum is read by its exact name, as the other codecs read it: Jackson trims the string first,
 * so {@code "RED "} would read as {@code RED}.
 */
final class ExactEnums {
  private ExactEnums() {}

  static final SimpleModule MODULE =
      new SimpleModule("httpjson-exact-enums")
          .setDeserializerModifier(
              new BeanDeserializerModifier() {
                @Override
                public JsonDeserializer<?> modifyEnumDeserializer(
                    DeserializationConfig config,
                    JavaType type,
                    BeanDescription description,
                    JsonDeserializer<?> deserializer) {
                  return new Untrimmed(deserializer);
                }
              });

  private static final class Untrimmed extends DelegatingDeserializer {
    private static final long serialVersionUID = 1L;

    Untrimmed(JsonDeserializer<?> delegate) {
      super(delegate);
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
      return new Untrimmed(delegate);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      if (p.hasToken(JsonToken.VALUE_STRING)) {
        String name = p.getText();
        if (name.trim().length() != name.length()) {
          return ctxt.handleWeirdStringValue(
              handledType(), name, "not one of the names of the enum (names are not trimmed)");
        }
      }
      return super.deserialize(p, ctxt);
    }
  }
}

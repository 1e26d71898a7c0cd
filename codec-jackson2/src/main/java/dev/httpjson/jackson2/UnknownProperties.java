package dev.httpjson.jackson2;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.SettableAnyProperty;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.httpjson.codec.support.internal.ScalarReading;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * An unknown property of a bean as every codec reads it, where it stands: refused there when
 * unknown properties fail (Jackson buffers a record's until its other properties are read, so a
 * later failure was reported first), else skipped as every codec skips it ({@link
 * ScalarReading#skip}: its strings held to {@code maxStringLength}, which Jackson skips unread).
 * Jackson hands an unknown property to a bean's any-setter, which this is for a bean without one of
 * its own (nor {@code ignoreUnknown}).
 */
final class UnknownProperties extends BeanDeserializerModifier {
  private static final long serialVersionUID = 1L;

  /** The module that installs it. */
  static final SimpleModule MODULE =
      new SimpleModule("httpjson-unknown-properties")
          .setDeserializerModifier(new UnknownProperties());

  @Override
  public BeanDeserializerBuilder updateBuilder(
      DeserializationConfig config, BeanDescription description, BeanDeserializerBuilder builder) {
    Class<?> type = description.getBeanClass();
    JsonIgnoreProperties.Value ignorals =
        config.getDefaultPropertyIgnorals(type, description.getClassInfo());
    if (builder.getAnySetter() == null
        && !Throwable.class.isAssignableFrom(type)
        && (ignorals == null || !ignorals.getIgnoreUnknown())) {
      List<Object> known = new ArrayList<>();
      builder.getProperties().forEachRemaining(p -> known.add(p.getName()));
      builder.setAnySetter(new Unknown(description.getType(), known));
    }
    return builder;
  }

  private static final class Unknown extends SettableAnyProperty {
    private static final long serialVersionUID = 1L;
    private final ArrayList<Object> known;

    Unknown(JavaType type, List<Object> known) {
      super(new BeanProperty.Bogus(), null, type, null, null, null);
      this.known = new ArrayList<>(known);
    }

    @Override
    public @Nullable Object deserialize(JsonParser p, DeserializationContext ctxt)
        throws IOException {
      if (ctxt.isEnabled(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)) {
        throw UnrecognizedPropertyException.from(
            p, getType().getRawClass(), p.currentName(), known);
      }
      ScalarReading.skip(StrictScalars.JACKSON, p);
      return null;
    }

    @Override
    public void deserializeAndSet(
        JsonParser p, DeserializationContext ctxt, Object instance, String name)
        throws IOException {
      deserialize(p, ctxt);
    }

    @Override
    protected void _set(Object instance, Object name, Object value) {}

    @Override
    public boolean hasValueDeserializer() {
      return true;
    }

    @Override
    public SettableAnyProperty withValueDeserializer(JsonDeserializer<Object> deserializer) {
      return this;
    }

    @Override
    public void fixAccess(DeserializationConfig config) {}
  }
}

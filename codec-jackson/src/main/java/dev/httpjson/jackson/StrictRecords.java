package dev.httpjson.jackson;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import dev.httpjson.codec.support.internal.RecordChecks;
import dev.httpjson.codec.support.internal.ScalarReading;
import dev.httpjson.spi.RecordRules;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.deser.BeanDeserializerBuilder;
import tools.jackson.databind.deser.SettableAnyProperty;
import tools.jackson.databind.deser.SettableBeanProperty;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.bean.PropertyValueBuffer;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.AnnotatedParameter;
import tools.jackson.databind.introspect.AnnotatedWithParams;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;
import tools.jackson.databind.module.SimpleModule;

/**
 * {@link dev.httpjson.JsonOptions#strictRecords()} for Jackson: a JSON null for a non-null
 * component fails through Jackson's own {@code Nulls.FAIL} (so the path ends at the component), and
 * a missing required component fails when the record is about to be constructed. Without it, the
 * module only prepares creators ({@link FastCreators}).
 */
final class StrictRecords extends SimpleModule {
  private static final long serialVersionUID = 1L;

  /** The module with {@code strictRecords}. */
  static final StrictRecords STRICT = new StrictRecords(true);

  /** The module without: only {@link FastCreators}. */
  static final StrictRecords LENIENT = new StrictRecords(false);

  private final boolean strict;

  private StrictRecords(boolean strict) {
    super(strict ? "httpjson-strict-records" : "httpjson-creators");
    this.strict = strict;
  }

  @Override
  public void setupModule(SetupContext context) {
    super.setupModule(context);
    if (strict) {
      context.insertAnnotationIntrospector(new NonNullComponents());
    }
    context.addValueInstantiators(new RequiredComponents(strict));
    // An unknown property where it stands, as every codec: refused when unknown properties fail,
    // else skipped by ScalarReading.skip. A bean's any-setter.
    context.addDeserializerModifier(
        new ValueDeserializerModifier() {
          @Override
          public BeanDeserializerBuilder updateBuilder(
              DeserializationConfig config,
              BeanDescription.Supplier description,
              BeanDeserializerBuilder builder) {
            Class<?> type = description.getBeanClass();
            com.fasterxml.jackson.annotation.JsonIgnoreProperties.Value ignorals =
                config.getDefaultPropertyIgnorals(type, description.getClassInfo());
            if (builder.getAnySetter() == null
                && !Throwable.class.isAssignableFrom(type)
                && (ignorals == null || !ignorals.getIgnoreUnknown())) {
              List<Object> known = new java.util.ArrayList<>();
              builder.getProperties().forEachRemaining(p -> known.add(p.getName()));
              builder.setAnySetter(new Unknown(description.getType(), known));
            }
            return builder;
          }
        });
  }

  /** Nulls.FAIL for each component of a record that is not nullable. */
  private static final class NonNullComponents extends NopAnnotationIntrospector {
    private static final long serialVersionUID = 1L;
    private static final JsonSetter.Value FAIL = JsonSetter.Value.forValueNulls(Nulls.FAIL);

    @Override
    public JsonSetter.@Nullable Value findSetterInfo(MapperConfig<?> config, Annotated a) {
      if (!(a instanceof AnnotatedMember member)) {
        return null;
      }
      AnnotatedParameter p = a instanceof AnnotatedParameter parameter ? parameter : null;
      return RecordChecks.nullFails(
              member.getDeclaringClass(),
              p == null ? null : p.getOwner().getMember(),
              p == null ? -1 : p.getIndex(),
              a.getName())
          ? FAIL
          : null;
    }
  }

  /**
   * Prepares Jackson's instantiator ({@link FastCreators}) and, with {@code strictRecords}, wraps
   * that of each record that is built through its canonical constructor.
   */
  private static final class RequiredComponents extends ValueInstantiators.Base {
    private final boolean strict;

    RequiredComponents(boolean strict) {
      this.strict = strict;
    }

    @Override
    public ValueInstantiator modifyValueInstantiator(
        DeserializationConfig config,
        BeanDescription.Supplier beanDescRef,
        ValueInstantiator instantiator) {
      ValueInstantiator prepared = FastCreators.prepared(instantiator);
      RecordRules rules = strict ? RecordRules.of(beanDescRef.getBeanClass()) : null;
      return rules == null ? prepared : new Checking(prepared, rules);
    }
  }

  private static final class Checking extends ValueInstantiator.Delegating {
    private static final long serialVersionUID = 1L;
    private final transient RecordRules rules;
    private final boolean canonical;

    Checking(ValueInstantiator delegate, RecordRules rules) {
      super(delegate);
      this.rules = rules;
      AnnotatedWithParams creator = delegate.getWithArgsCreator();
      this.canonical = creator != null && RecordChecks.isCanonical(rules, creator.getMember());
    }

    @Override
    public ValueInstantiator createContextual(
        DeserializationContext ctxt, BeanDescription.Supplier beanDescRef) {
      ValueInstantiator d = delegate().createContextual(ctxt, beanDescRef);
      return d == delegate() ? this : new Checking(d, rules);
    }

    @Override
    public Object createFromObjectWith(
        DeserializationContext ctxt, SettableBeanProperty[] props, PropertyValueBuffer buffer)
        throws JacksonException {
      String missing =
          canonical
              ? RecordChecks.missingProblem(
                  rules,
                  props,
                  SettableBeanProperty::getCreatorIndex,
                  p -> p.getInjectableValueId() != null || buffer.hasParameter(p),
                  SettableBeanProperty::getName)
              : null;
      if (missing != null) {
        throw MismatchedInputException.from(ctxt.getParser(), rules.recordClass(), missing);
      }
      return delegate().createFromObjectWith(ctxt, props, buffer);
    }
  }

  private static final class Unknown extends SettableAnyProperty {
    private final List<Object> known;

    Unknown(tools.jackson.databind.JavaType type, List<Object> known) {
      super(new tools.jackson.databind.BeanProperty.Bogus(), null, type, null, null, null);
      this.known = known;
    }

    @Override
    public @Nullable Object deserialize(JsonParser p, DeserializationContext ctxt)
        throws JacksonException {
      if (ctxt.isEnabled(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)) {
        throw UnrecognizedPropertyException.from(
            p, getType().getRawClass(), p.currentName(), known);
      }
      ScalarReading.skip(StrictScalars.JACKSON, p);
      return null;
    }

    @Override
    protected void _set(DeserializationContext ctxt, Object instance, Object name, Object value) {}

    @Override
    public boolean hasValueDeserializer() {
      return true;
    }

    @Override
    public SettableAnyProperty withValueDeserializer(ValueDeserializer<Object> deserializer) {
      return this;
    }

    @Override
    public void fixAccess(DeserializationConfig config) {}
  }
}

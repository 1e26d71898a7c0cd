package dev.httpjson.jackson2;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.SettableBeanProperty;
import com.fasterxml.jackson.databind.deser.ValueInstantiator;
import com.fasterxml.jackson.databind.deser.ValueInstantiators;
import com.fasterxml.jackson.databind.deser.impl.PropertyValueBuffer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.AnnotatedParameter;
import com.fasterxml.jackson.databind.introspect.AnnotatedWithParams;
import com.fasterxml.jackson.databind.introspect.NopAnnotationIntrospector;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.httpjson.codec.support.internal.RecordChecks;
import dev.httpjson.spi.RecordRules;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * {@link dev.httpjson.JsonOptions#strictRecords()} for Jackson 2, as the Jackson 3 codec does it: a
 * JSON null for a non-null component fails through Jackson's own {@code Nulls.FAIL} (so the path
 * ends at the component), and a missing required component fails when the record is about to be
 * constructed.
 */
final class StrictRecords extends SimpleModule {
  private static final long serialVersionUID = 1L;

  static final StrictRecords INSTANCE = new StrictRecords();

  private StrictRecords() {
    super("httpjson-strict-records");
  }

  @Override
  public void setupModule(SetupContext context) {
    super.setupModule(context);
    context.insertAnnotationIntrospector(new NonNullComponents());
    context.addValueInstantiators(new RequiredComponents());
  }

  /** Nulls.FAIL for each component of a record that is not nullable. */
  private static final class NonNullComponents extends NopAnnotationIntrospector {
    private static final long serialVersionUID = 1L;
    private static final JsonSetter.Value FAIL = JsonSetter.Value.forValueNulls(Nulls.FAIL);

    @Override
    public JsonSetter.@Nullable Value findSetterInfo(Annotated a) {
      if (!(a instanceof AnnotatedMember)) {
        return null;
      }
      AnnotatedParameter p = a instanceof AnnotatedParameter ? (AnnotatedParameter) a : null;
      return RecordChecks.nullFails(
              ((AnnotatedMember) a).getDeclaringClass(),
              p == null ? null : p.getOwner().getMember(),
              p == null ? -1 : p.getIndex(),
              a.getName())
          ? FAIL
          : null;
    }
  }

  /** Wraps the instantiator of each record that is built through its canonical constructor. */
  private static final class RequiredComponents extends ValueInstantiators.Base {
    @Override
    public ValueInstantiator findValueInstantiator(
        DeserializationConfig config, BeanDescription beanDesc, ValueInstantiator instantiator) {
      RecordRules rules = RecordRules.of(beanDesc.getBeanClass());
      return rules == null ? instantiator : new Checking(instantiator, rules);
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
    public ValueInstantiator createContextual(DeserializationContext ctxt, BeanDescription desc)
        throws JsonMappingException {
      ValueInstantiator d = delegate().createContextual(ctxt, desc);
      return d == delegate() ? this : new Checking(d, rules);
    }

    @Override
    public Object createFromObjectWith(
        DeserializationContext ctxt, SettableBeanProperty[] props, PropertyValueBuffer buffer)
        throws IOException {
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
}

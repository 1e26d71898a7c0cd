package dev.httpjson.jackson;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.Version;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.PropertyName;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.ReadableObjectId;
import tools.jackson.databind.deser.SettableBeanProperty;
import tools.jackson.databind.deser.UnresolvedForwardReference;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.bean.BeanDeserializer;
import tools.jackson.databind.deser.bean.PropertyBasedCreator;
import tools.jackson.databind.deser.bean.PropertyValueBuffer;
import tools.jackson.databind.deser.impl.MethodProperty;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.util.IgnorePropertiesUtil;
import tools.jackson.databind.util.NameTransformer;
import tools.jackson.databind.util.TokenBuffer;

/**
 * Case-insensitive property names with the name as declared tried first, for types built by a
 * creator that takes their properties: records, {@code @JsonCreator} constructors and factories.
 *
 * <p>With {@code ACCEPT_CASE_INSENSITIVE_PROPERTIES}, Jackson 3 finds a creator's property by
 * lower-casing the name it read — a new string and its hash for every name with a capital letter —
 * and looking that up: ~15% of reading a five-record list, and the largest allocation of the read.
 * Here the names Jackson would find as written (each property's name and aliases) are looked up in
 * a map built once from Jackson's own lookup, so each maps to the property Jackson's lookup gives
 * it; any other name goes to Jackson's lookup, as before. Which name matches which property does
 * not change.
 *
 * <p>The loop around the lookup is Jackson 3.3's {@code BeanDeserializer
 * ._deserializeUsingPropertyBased}, for the types it is taken for: no any-setter, no object id of
 * the type's own, no active view, no injected values, no managed references, no property read only
 * by injection. Every other type, and every type on a Jackson version other than 3.3 (whose loop
 * this copies), keeps Jackson's own loop, as does a copy Jackson makes of the deserializer (for a
 * property's own {@code @JsonIgnoreProperties}, say). Checked against Jackson's loop in
 * ExactNamesFirstTest.
 */
final class ExactNamesFirst extends ValueDeserializerModifier {
  private static final long serialVersionUID = 1L;

  /** The Jackson version whose loop {@link Creator} copies. */
  private static final boolean SAME_JACKSON =
      sameMinor(tools.jackson.databind.cfg.PackageVersion.VERSION);

  static final SimpleModule MODULE =
      new SimpleModule("httpjson-exact-names-first").setDeserializerModifier(new ExactNamesFirst());

  static boolean sameMinor(Version v) {
    return v.getMajorVersion() == 3 && v.getMinorVersion() == 3;
  }

  @Override
  public ValueDeserializer<?> modifyDeserializer(
      DeserializationConfig config,
      BeanDescription.Supplier description,
      ValueDeserializer<?> deserializer) {
    if (SAME_JACKSON
        && deserializer.getClass() == BeanDeserializer.class
        && ((BeanDeserializer) deserializer).getValueInstantiator().canCreateFromObjectWith()) {
      return new Creator((BeanDeserializer) deserializer);
    }
    return deserializer;
  }

  /** Jackson's bean deserializer, with its creator's names looked up as written first. */
  static final class Creator extends BeanDeserializer {
    private static final long serialVersionUID = 1L;

    /** The names for the creator they were read from; rebuilt if Jackson replaces it. */
    private transient volatile @Nullable Names names;

    Creator(BeanDeserializer jackson) {
      super(jackson);
    }

    /** Whether the last read took the loop below (false: Jackson's own, or no read yet). */
    boolean tookExactNames() {
      Names n = names;
      return n != null && n.exact != null;
    }

    private @Nullable Names names(DeserializationContext ctxt) {
      PropertyBasedCreator creator = _propertyBasedCreator;
      if (creator == null) {
        return null;
      }
      Names n = names;
      if (n == null || n.creator != creator) {
        n = new Names(creator, simple(creator) ? exactNames(ctxt, creator) : null);
        names = n;
      }
      return n;
    }

    private boolean simple(PropertyBasedCreator creator) {
      if (_anySetter != null
          || _objectIdReader != null
          || _injectables != null
          || _unwrappedPropertyHandler != null
          || _externalTypeIdHandler != null
          || !_beanProperties.isCaseInsensitive()
          || creator.hasManagedReferenceProperties()) {
        return false;
      }
      for (SettableBeanProperty prop : creator.properties()) {
        if (prop.isInjectionOnly()) {
          return false;
        }
      }
      return true;
    }

    /** Each name and alias of the creator's properties, to what Jackson's lookup finds for it. */
    private static Map<String, SettableBeanProperty> exactNames(
        DeserializationContext ctxt, PropertyBasedCreator creator) {
      Map<String, SettableBeanProperty> exact = new HashMap<>();
      for (SettableBeanProperty prop : creator.properties()) {
        List<String> names = new ArrayList<>();
        names.add(prop.getName());
        for (PropertyName alias : prop.findAliases(ctxt.getConfig())) {
          names.add(alias.getSimpleName());
        }
        for (String name : names) {
          SettableBeanProperty found = creator.findCreatorProperty(name);
          if (found != null) {
            exact.put(name, found);
          }
        }
      }
      return exact;
    }

    @Override
    public ValueDeserializer<Object> unwrappingDeserializer(
        DeserializationContext ctxt, NameTransformer transformer) {
      // Jackson renames in a copy of its own class (it declines to for a subclass); its guard
      // against recursing into the same transformer, kept here.
      if (_currentlyTransforming == transformer) {
        return this;
      }
      _currentlyTransforming = transformer;
      try {
        return withIgnoreAllUnknown(_ignoreAllUnknown).unwrappingDeserializer(ctxt, transformer);
      } finally {
        _currentlyTransforming = null;
      }
    }

    @Override
    protected Object _deserializeUsingPropertyBased(JsonParser p, DeserializationContext ctxt)
        throws JacksonException {
      Names n = names(ctxt);
      Map<String, SettableBeanProperty> exact = n == null ? null : n.exact;
      if (exact == null || (_needViewProcesing && ctxt.getActiveView() != null)) {
        return super._deserializeUsingPropertyBased(p, ctxt);
      }
      PropertyBasedCreator creator = n.creator;
      PropertyValueBuffer buffer = creator.startBuilding(p, ctxt, null, false);
      TokenBuffer unknown = null;
      boolean skipUnknown = _shouldSkipUnknowns(ctxt);
      List<Referring> referrings = null;
      JsonToken t = p.currentToken();
      for (; t == JsonToken.PROPERTY_NAME; t = p.nextToken()) {
        String propName = p.currentName();
        p.nextToken(); // to the value
        SettableBeanProperty creatorProp = exact.get(propName);
        if (creatorProp == null) {
          creatorProp = creator.findCreatorProperty(propName);
        }
        if (creatorProp != null) {
          try {
            buffer.assignParameter(
                creatorProp, _deserializeWithErrorWrapping(p, ctxt, creatorProp, propName));
          } catch (UnresolvedForwardReference reference) {
            buffer.assignParameter(creatorProp, null);
            referrings = referTo(referrings, ctxt, creatorProp, reference);
          }
          continue;
        }
        int ix = _propNameMatcher.matchName(propName);
        if (ix >= 0) {
          SettableBeanProperty prop = _propsByIndex[ix];
          // As Jackson: a record's creator properties are among its bean properties too, and are
          // not set after it is built (unless set through a method).
          if (!_beanType.isRecordType() || prop instanceof MethodProperty) {
            if (prop.isMerging()) {
              TokenBuffer tb = ctxt.bufferForInputBuffering(p);
              tb.copyCurrentStructure(p);
              buffer.bufferMergingProperty(prop, tb);
              continue;
            }
            try {
              buffer.bufferProperty(prop, _deserializeWithErrorWrapping(p, ctxt, prop, propName));
            } catch (UnresolvedForwardReference reference) {
              referrings = referTo(referrings, ctxt, prop, reference);
            }
            continue;
          }
        }
        if (IgnorePropertiesUtil.shouldIgnore(propName, _ignorableProps, _includableProps)) {
          handleIgnoredProperty(p, ctxt, handledType(), propName);
          continue;
        }
        if (skipUnknown) {
          p.skipChildren();
          continue;
        }
        if (unknown == null) {
          unknown = ctxt.bufferForInputBuffering(p);
        }
        unknown.writeName(propName);
        unknown.copyCurrentStructure(p);
      }
      if (t != JsonToken.END_OBJECT) {
        return _handleUnexpectedWithin(p, ctxt, null);
      }
      Object bean;
      try {
        bean = creator.build(ctxt, buffer);
      } catch (Exception e) {
        return wrapInstantiationProblem(ctxt, e);
      }
      if (bean == null) {
        _handleNullFromPropsBasedCreator(null, ctxt, unknown, null);
        if (referrings != null) {
          for (Referring referring : referrings) {
            referring.setBean(null);
          }
        }
        return null;
      }
      if (referrings != null) {
        for (Referring referring : referrings) {
          referring.setBean(bean);
        }
      }
      if (unknown != null) {
        if (bean.getClass() != _beanType.getRawClass()) {
          return handlePolymorphic(null, ctxt, bean, unknown);
        }
        return handleUnknownProperties(ctxt, bean, unknown);
      }
      return bean;
    }

    private static List<Referring> referTo(
        @Nullable List<Referring> referrings,
        DeserializationContext ctxt,
        SettableBeanProperty prop,
        UnresolvedForwardReference reference) {
      Referring referring = new Referring(ctxt, reference, prop);
      reference.getRoid().appendReferring(referring);
      List<Referring> all = referrings == null ? new ArrayList<>() : referrings;
      all.add(referring);
      return all;
    }
  }

  /** The creator the names were read from, and the names (null: Jackson's own loop). */
  private static final class Names {
    final PropertyBasedCreator creator;
    final @Nullable Map<String, SettableBeanProperty> exact;

    Names(PropertyBasedCreator creator, @Nullable Map<String, SettableBeanProperty> exact) {
      this.creator = creator;
      this.exact = exact;
    }
  }

  /**
   * A property whose value is an object id not seen yet: set on the bean once both exist (as
   * Jackson's own {@code BeanDeserializer.BeanReferring}).
   */
  private static final class Referring extends ReadableObjectId.Referring {
    private final DeserializationContext context;
    private final SettableBeanProperty prop;
    private @Nullable Object bean;
    private @Nullable Object resolved;

    Referring(
        DeserializationContext context,
        UnresolvedForwardReference reference,
        SettableBeanProperty prop) {
      super(reference, prop.getType());
      this.context = context;
      this.prop = prop;
    }

    void setBean(@Nullable Object bean) {
      this.bean = bean;
      if (bean == null) {
        resolved = null; // the creator returned null: nothing to set
        return;
      }
      if (resolved != null) {
        prop.set(context, bean, resolved);
        resolved = null;
      }
    }

    @Override
    public void handleResolvedForwardReference(
        DeserializationContext ctxt, Object id, Object value) {
      if (bean == null) {
        resolved = value;
      } else {
        prop.set(ctxt, bean, value);
      }
    }
  }
}

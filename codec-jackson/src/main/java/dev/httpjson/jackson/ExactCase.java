package dev.httpjson.jackson;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.httpjson.codec.support.internal.ScalarRules;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedClass;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;
import tools.jackson.databind.module.SimpleModule;

/**
 * With case-insensitive names, each property is matched by its exact name first: a type with two
 * properties whose names differ only in case ({@code ab} and {@code aB}) is read with exact names
 * only, as if annotated {@code @JsonFormat(without = ACCEPT_CASE_INSENSITIVE_PROPERTIES)}. Jackson
 * folds the case of every name of a case-insensitive type, so {@code {"ab":"1","aB":"2"}} would set
 * one property twice and the other never.
 */
final class ExactCase extends NopAnnotationIntrospector {
  private static final long serialVersionUID = 1L;

  private static final JsonFormat.Value EXACT =
      JsonFormat.Value.empty()
          .withoutFeature(JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES);

  static final SimpleModule MODULE = new Module();

  @Override
  public JsonFormat.Value findFormat(MapperConfig<?> config, Annotated annotated) {
    return annotated instanceof AnnotatedClass
            && ScalarRules.hasNamesDifferingOnlyInCase(annotated.getRawType())
        ? EXACT
        : JsonFormat.Value.empty();
  }

  /** Adds the introspector after Jackson's own, so a type's own {@code @JsonFormat} wins. */
  private static final class Module extends SimpleModule {
    private static final long serialVersionUID = 1L;

    Module() {
      super("httpjson-exact-case");
    }

    @Override
    public void setupModule(SetupContext context) {
      super.setupModule(context);
      context.appendAnnotationIntrospector(new ExactCase());
    }
  }
}

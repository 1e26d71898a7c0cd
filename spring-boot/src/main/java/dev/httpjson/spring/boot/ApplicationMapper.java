package dev.httpjson.spring.boot;

import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.spi.JsonCodec;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The codec of every client on the application's {@link JsonMapper}: a copy of it (the
 * application's own mapper is not changed) with httpjson's strictness rules turned on, which a
 * mapper built for a web application may have off. Naming, modules, dates and the handling of
 * unknown properties stay the application's: they say what its JSON looks like.
 */
final class ApplicationMapper {
  private ApplicationMapper() {}

  static JsonCodec codec(JsonMapper application) {
    return JacksonCodec.withMapper(strict(application));
  }

  /**
   * The rules httpjson's own mapper reads with: trailing content after the value fails, a JSON null
   * for a primitive fails, an integral type takes no fraction (1.5 into an int fails instead of
   * truncating), and an enum is never read from its index. Parser limits stay the mapper's
   * (Jackson's defaults for nesting and numbers are httpjson's); the response size limit, which
   * bounds every string too, is httpjson's whatever the mapper.
   */
  static JsonMapper strict(JsonMapper application) {
    return application
        .rebuild()
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
        .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
        .build();
  }
}

package dev.httpjson.jackson;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.httpjson.HttpJson;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.contract.ModulePathContract;
import java.util.List;
import org.jspecify.annotations.NullMarked;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.json.JsonMapper;

/** The Jackson 3 codec under the same module-path contract as the other reflective codecs. */
class JacksonModulePathContractTest extends ModulePathContract {
  @Override
  protected List<Class<?>> modules() {
    return List.of(
        HttpJson.class,
        JacksonCodec.class,
        ScalarRules.class,
        JsonMapper.class,
        JsonFactory.class,
        JsonInclude.class,
        NullMarked.class);
  }

  @Override
  protected String libraryModule() {
    return "tools.jackson.databind";
  }

  @Override
  protected String libraryName() {
    return "Jackson";
  }
}

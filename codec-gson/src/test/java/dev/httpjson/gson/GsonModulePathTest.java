package dev.httpjson.gson;

import com.google.gson.Gson;
import dev.httpjson.HttpJson;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.contract.ModulePathContract;
import java.util.List;
import org.jspecify.annotations.NullMarked;

/** The Gson codec on the module path: a package it cannot reach is named, with the opens to add. */
class GsonModulePathTest extends ModulePathContract {
  @Override
  protected List<Class<?>> modules() {
    return List.of(
        HttpJson.class, GsonCodec.class, ScalarRules.class, Gson.class, NullMarked.class);
  }

  @Override
  protected String libraryModule() {
    return "com.google.gson";
  }

  @Override
  protected String libraryName() {
    return "Gson";
  }
}

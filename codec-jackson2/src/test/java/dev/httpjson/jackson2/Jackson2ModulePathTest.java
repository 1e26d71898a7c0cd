package dev.httpjson.jackson2;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.httpjson.HttpJson;
import dev.httpjson.codec.support.internal.ScalarRules;
import dev.httpjson.contract.ModulePathContract;
import java.util.List;
import org.jspecify.annotations.NullMarked;

/**
 * The Jackson 2 codec on the module path: a package it cannot reach is named, with the opens to add
 * (it was a {@code JsonReadException} at line 1 column 1, and a write named {@code
 * java.util.ImmutableCollections$List12}).
 */
class Jackson2ModulePathTest extends ModulePathContract {
  @Override
  protected List<Class<?>> modules() {
    return List.of(
        HttpJson.class,
        Jackson2Codec.class,
        ScalarRules.class,
        ObjectMapper.class,
        JsonFactory.class,
        JsonInclude.class,
        JavaTimeModule.class,
        Jdk8Module.class,
        NullMarked.class);
  }

  @Override
  protected String libraryModule() {
    return "com.fasterxml.jackson.databind";
  }

  @Override
  protected String libraryName() {
    return "Jackson";
  }
}

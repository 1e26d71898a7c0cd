package dev.httpjson.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InaccessibleObjectException;
import org.junit.jupiter.api.Test;

/**
 * The advice is read from the JDK's refusal: the class whose member was refused, never a parameter,
 * a return type or the container the library was filling. The module-path runs are {@code
 * ModulePathContract}'s; here, the JDK's wordings.
 */
class ModuleAdviceTest {
  private static final Module LIBRARY = Object.class.getModule(); // any named module

  @Test
  void aMethodNamesItsDeclaringClassNotItsReturnType() {
    Throwable e =
        new IllegalArgumentException(
            "wrapped",
            new InaccessibleObjectException(
                "Unable to make public demo.model.Other demo.model.Forecast.other() accessible:"
                    + " module demo does not \"opens demo.model\" to module com.example.lib"));

    assertThat(ModuleAdvice.problem(e, "read", LIBRARY, "Lib"))
        .startsWith(
            "Cannot read demo.model.Forecast: package demo.model of module demo is not open");
  }

  @Test
  void aConstructorNamesItsClassNotAParameterType() {
    Throwable e =
        new InaccessibleObjectException(
            "Unable to make public demo.model.Holder(java.util.List,demo.model.Wind) accessible:"
                + " module demo does not \"exports demo.model\" to module com.example.lib");

    assertThat(ModuleAdvice.problem(e, "write", LIBRARY, "Lib"))
        .startsWith("Cannot write demo.model.Holder: package demo.model of module demo");
  }

  @Test
  void aFieldNamesItsDeclaringClass() {
    Throwable e =
        new InaccessibleObjectException(
            "Unable to make field private demo.model.Wind demo.model.Station.wind accessible:"
                + " module demo does not \"opens demo.model\" to module com.example.lib");

    assertThat(ModuleAdvice.problem(e, "read", LIBRARY, "Lib"))
        .startsWith("Cannot read demo.model.Station: package demo.model of module demo");
  }

  @Test
  void anIllegalAccessNamesTheClassItCouldNotAccess() {
    Throwable e =
        new IllegalAccessException(
            "class com.example.lib.Reflector (in module com.example.lib) cannot access class"
                + " demo.model.Forecast (in module demo) because module demo does not export"
                + " demo.model to module com.example.lib");

    assertThat(ModuleAdvice.problem(e, "read", LIBRARY, "Lib"))
        .startsWith("Cannot read demo.model.Forecast: package demo.model of module demo");
  }

  @Test
  void aLibraryThatKeptOnlyTheWordsOfTheRefusalIsReadToo() {
    Throwable e =
        new IllegalStateException(
            "Failed to call `setAccess()` on Method 'date' (of class `demo.model.Forecast`) due to"
                + " `java.lang.reflect.InaccessibleObjectException`, problem: Unable to make public"
                + " java.lang.String demo.model.Forecast.date() accessible: module demo does not"
                + " \"exports demo.model\" to module com.example.lib");

    assertThat(ModuleAdvice.problem(e, "write", LIBRARY, "Lib"))
        .startsWith("Cannot write demo.model.Forecast: package demo.model of module demo");
  }

  @Test
  void aPackageOfTheJdkIsNoAdviceAsNoModuleInfoCanOpenIt() {
    Throwable e =
        new InaccessibleObjectException(
            "Unable to make field private volatile java.lang.String java.lang.Thread.name"
                + " accessible: module java.base does not \"opens java.lang\" to module"
                + " com.example.lib");

    assertThat(ModuleAdvice.problem(e, "read", LIBRARY, "Lib")).isNull();
  }

  @Test
  void anythingElseIsNoAdvice() {
    assertThat(
            ModuleAdvice.problem(
                new IllegalStateException("module demo does not \"opens demo.model\" to anyone"),
                "read",
                LIBRARY,
                "Lib"))
        .isNull();
    assertThat(ModuleAdvice.problem(new RuntimeException(), "read", LIBRARY, "Lib")).isNull();
  }
}

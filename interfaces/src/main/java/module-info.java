/**
 * Declarative API interfaces for httpjson: the annotations ({@code dev.httpjson.interfaces}) and
 * the annotation processor that generates their implementations at compile time. Put this artifact
 * on the compiler's processor path; the generated code needs only httpjson-core at run time.
 */
module dev.httpjson.interfaces {
  requires java.compiler;
  requires static dev.httpjson;

  exports dev.httpjson.interfaces;

  provides javax.annotation.processing.Processor with
      dev.httpjson.interfaces.internal.ApiProcessor;
}

package dev.httpjson.interfaces.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/**
 * A compilation in this JVM of sources held as text, with the processor and any other, the
 * generated code compiled too: its diagnostics, and a class loader of what it wrote.
 */
final class Compilation {
  /** The options the tests compile with: every lint, and a warning fails the compilation. */
  static final List<String> STRICT = List.of("-Xlint:all", "-Werror");

  final Path out;
  final List<Diagnostic<? extends JavaFileObject>> diagnostics;
  final boolean success;

  private Compilation(
      Path out, List<Diagnostic<? extends JavaFileObject>> diagnostics, boolean success) {
    this.out = out;
    this.diagnostics = diagnostics;
    this.success = success;
  }

  /**
   * Compiles {@code sources} (qualified class name to source) into {@code out} with {@code
   * options}, this module's processor first and then {@code more}.
   */
  static Compilation compile(
      Path out, List<String> options, Map<String, String> sources, Processor... more) {
    return compile(out, List.of(), options, sources, more);
  }

  /** As above, with {@code classpath} before the tests' own class path. */
  static Compilation compile(
      Path out,
      List<Path> classpath,
      List<String> options,
      Map<String, String> sources,
      Processor... more) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<JavaFileObject> files = new ArrayList<>();
    for (Map.Entry<String, String> s : sources.entrySet()) {
      String text = s.getValue();
      files.add(
          new SimpleJavaFileObject(
              URI.create("string:///" + s.getKey().replace('.', '/') + ".java"),
              JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
              return text;
            }
          });
    }
    List<String> args = new ArrayList<>(options);
    args.addAll(
        List.of(
            "-classpath",
                classpath.stream()
                        .map(p -> p + java.io.File.pathSeparator)
                        .collect(Collectors.joining())
                    + System.getProperty("java.class.path"),
            "-d", out.toString(),
            "-s", out.toString()));
    JavaCompiler.CompilationTask task = javac.getTask(null, null, diagnostics, args, null, files);
    List<Processor> processors = new ArrayList<>();
    processors.add(new ApiProcessor());
    processors.addAll(List.of(more));
    task.setProcessors(processors);
    boolean success = task.call();
    return new Compilation(out, diagnostics.getDiagnostics(), success);
  }

  /** Every diagnostic but notes, as {@code KIND source:line: message}, for assertions. */
  List<String> problems() {
    return diagnostics.stream()
        .filter(d -> d.getKind() != Diagnostic.Kind.NOTE)
        .map(
            d ->
                d.getKind()
                    + " "
                    + (d.getSource() == null ? "" : d.getSource().getName())
                    + ":"
                    + d.getLineNumber()
                    + ": "
                    + d.getMessage(Locale.ROOT))
        .collect(Collectors.toList());
  }

  /** The errors only, each {@code message @ line:column} of its file. */
  List<String> errors() {
    return diagnostics.stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .map(d -> d.getMessage(Locale.ROOT) + " @ " + d.getLineNumber() + ":" + d.getColumnNumber())
        .collect(Collectors.toList());
  }

  /** A loader of the compiled classes, child of the tests' own. */
  URLClassLoader loader() {
    return loader(Compilation.class.getClassLoader());
  }

  /** A loader of the compiled classes, child of {@code parent}. */
  URLClassLoader loader(ClassLoader parent) {
    try {
      return new URLClassLoader(new URL[] {out.toUri().toURL()}, parent);
    } catch (MalformedURLException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The source the processor generated for {@code binaryName}. */
  String generated(String qualifiedName) {
    try {
      return java.nio.file.Files.readString(out.resolve(qualifiedName.replace('.', '/') + ".java"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

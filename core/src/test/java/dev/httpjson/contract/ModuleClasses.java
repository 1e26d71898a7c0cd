package dev.httpjson.contract;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The compiled module of the module under test ({@code target/classes}): its descriptor, its types.
 */
public final class ModuleClasses {
  private static final Path CLASSES = Path.of("target/classes");

  private ModuleClasses() {}

  /** {@return the module's descriptor, read from {@code target/classes/module-info.class}} */
  public static ModuleDescriptor descriptor() throws IOException {
    try (InputStream in = Files.newInputStream(CLASSES.resolve("module-info.class"))) {
      return ModuleDescriptor.read(in);
    }
  }

  /** {@return the module's classes that code outside their package can name} */
  public static List<Class<?>> publicTypes() throws IOException, ClassNotFoundException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(CLASSES)) {
      files = walk.filter(f -> f.toString().endsWith(".class")).collect(Collectors.toList());
    }
    List<Class<?>> types = new ArrayList<>();
    for (Path f : files) {
      String name = CLASSES.relativize(f).toString().replace(File.separatorChar, '.');
      name = name.substring(0, name.length() - ".class".length());
      if (name.equals("module-info") || name.endsWith(".package-info")) {
        continue;
      }
      Class<?> type = Class.forName(name, false, ModuleClasses.class.getClassLoader());
      boolean reachable = true;
      for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
        reachable &= Modifier.isPublic(t.getModifiers());
      }
      if (reachable) {
        types.add(type);
      }
    }
    return types;
  }
}

package dev.httpjson.contract;

import com.sun.source.doctree.DocCommentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Finds the public and protected declarations of a module's exported packages that have no javadoc
 * comment, reading the sources with the compiler's tree API (parsed, not compiled).
 */
public final class JavadocPresence {
  private JavadocPresence() {}

  /**
   * The declarations without a comment, each as {@code path:line: kind name}.
   *
   * @param sources the module's main source root
   * @param exported the packages the module exports to every module
   * @return sorted by file and line; empty when every declaration has its comment
   * @throws IOException if a source cannot be read
   */
  public static List<String> missing(Path sources, Set<String> exported) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(sources)) {
      files =
          walk.filter(p -> p.toString().endsWith(".java"))
              .filter(p -> exported.contains(packageOf(sources.relativize(p))))
              .filter(p -> !p.getFileName().toString().equals("package-info.java"))
              .sorted()
              .collect(Collectors.toList());
    }
    List<String> found = new ArrayList<>();
    if (files.isEmpty()) {
      return found;
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    try (StandardJavaFileManager fm =
        compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(files);
      JavacTask task =
          (JavacTask) compiler.getTask(null, fm, d -> {}, List.of("-proc:none"), null, units);
      DocTrees docs = DocTrees.instance(task);
      for (CompilationUnitTree unit : task.parse()) {
        new Scanner(unit, docs, found).scan(unit, null);
      }
    }
    return found;
  }

  private static String packageOf(Path relative) {
    Path dir = relative.getParent();
    return dir == null ? "" : dir.toString().replace(relative.getFileSystem().getSeparator(), ".");
  }

  /** Visits the declarations a reader of the API sees: those of public types, recursively. */
  private static final class Scanner extends TreePathScanner<Void, Void> {
    private final CompilationUnitTree unit;
    private final DocTrees docs;
    private final List<String> found;

    Scanner(CompilationUnitTree unit, DocTrees docs, List<String> found) {
      this.unit = unit;
      this.docs = docs;
      this.found = found;
    }

    @Override
    public Void visitClass(ClassTree tree, Void unused) {
      if (!visible(tree.getModifiers(), getCurrentPath())) {
        return null; // nothing inside a hidden type is API
      }
      check(tree.getSimpleName().toString(), "type");
      boolean constructor = false;
      for (Tree member : tree.getMembers()) {
        if (member instanceof MethodTree && ((MethodTree) member).getReturnType() == null) {
          constructor = true;
        }
      }
      if (!constructor && tree.getKind() == Tree.Kind.CLASS) {
        found.add(
            where(tree)
                + ": default constructor of "
                + tree.getSimpleName()
                + " (declare it, with a comment)");
      }
      return super.visitClass(tree, unused);
    }

    @Override
    public Void visitMethod(MethodTree tree, Void unused) {
      if (visible(tree.getModifiers(), getCurrentPath()) && !overrides(tree)) {
        String name = tree.getReturnType() == null ? "constructor" : "method";
        check(
            tree.getName()
                + "("
                + tree.getParameters().stream()
                    .map(p -> p.getType().toString())
                    .collect(Collectors.joining(", "))
                + ")",
            name);
      }
      return null; // local classes are not API
    }

    @Override
    public Void visitVariable(VariableTree tree, Void unused) {
      if (visible(tree.getModifiers(), getCurrentPath())) {
        check(tree.getName().toString(), "field");
      }
      return null;
    }

    private void check(String name, String kind) {
      DocCommentTree comment = docs.getDocCommentTree(getCurrentPath());
      if (comment == null) {
        found.add(where(getCurrentPath().getLeaf()) + ": " + kind + " " + name);
      }
    }

    private String where(Tree tree) {
      long line =
          unit.getLineMap().getLineNumber(docs.getSourcePositions().getStartPosition(unit, tree));
      return unit.getSourceFile().getName() + ":" + line;
    }

    private static boolean overrides(MethodTree tree) {
      return tree.getModifiers().getAnnotations().stream()
          .anyMatch(a -> a.getAnnotationType().toString().endsWith("Override"));
    }

    /**
     * Whether a declaration is public or protected where it stands: a member of an interface or an
     * annotation type is public unless private (an enum constant is public as parsed).
     */
    private static boolean visible(ModifiersTree modifiers, TreePath path) {
      Set<Modifier> flags = modifiers.getFlags();
      if (flags.contains(Modifier.PUBLIC) || flags.contains(Modifier.PROTECTED)) {
        return true;
      }
      if (flags.contains(Modifier.PRIVATE)) {
        return false;
      }
      Tree owner = path.getParentPath().getLeaf();
      if (!(owner instanceof ClassTree)) {
        return false; // a top-level type without public, or a local declaration
      }
      Tree.Kind kind = owner.getKind();
      return kind == Tree.Kind.INTERFACE || kind == Tree.Kind.ANNOTATION_TYPE;
    }
  }
}

package dev.httpjson.contract;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The public API of one module, written down as text: every public and protected type of the
 * packages the module exports to every module, nested types included, and each of its public and
 * protected constructors, fields and methods with its generic signature, one line each. Types are
 * sorted by name, the members of a type by kind (constructors, fields, methods), then name, then
 * signature. Synthetic and bridge members are left out, and so are annotations.
 *
 * <p>A supertype of the same module that the dump does not list (a package-private base class, say)
 * is not part of the API, but what a listed type inherits from it is: its members are listed with
 * the type (its type variables replaced by the type's arguments), and the type's declaration names
 * the nearest listed or foreign superclass and the interfaces it gets from there.
 *
 * <p>{@link ApiDumpContract} compares the dump with the file committed under {@code api/} and
 * checks that no signature names a type of an internal package. The dump reads the module's
 * compiled classes ({@code target/classes}) and loads them by name.
 */
public final class ApiDump {
  /** The system property that, set to {@code true}, makes the test write the dump and pass. */
  public static final String UPDATE_PROPERTY = "httpjson.api.update";

  private static final int TYPE_MODIFIERS =
      Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL | Modifier.ABSTRACT;
  private static final int MEMBER_MODIFIERS =
      Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL | Modifier.ABSTRACT;

  private final ModuleDescriptor descriptor;
  private final Set<String> exported;
  private final List<Class<?>> types;
  private final Set<Class<?>> listed;

  private ApiDump(ModuleDescriptor descriptor, List<Class<?>> types) {
    this.descriptor = descriptor;
    this.exported = exported(descriptor);
    this.types = types;
    this.listed = new HashSet<>(types);
  }

  /**
   * Reads the module whose compiled classes are in a directory, loading them from the class path of
   * this test.
   *
   * @param classes such as {@code target/classes}, holding {@code module-info.class}
   * @return the module's API
   * @throws IOException if the directory cannot be read
   * @throws ClassNotFoundException if a class of the directory is not on the class path
   */
  public static ApiDump of(Path classes) throws IOException, ClassNotFoundException {
    return of(classes, ApiDump.class.getClassLoader());
  }

  /**
   * Reads the module whose compiled classes are in a directory.
   *
   * @param classes the directory, holding {@code module-info.class}
   * @param loader loads the directory's classes
   * @return the module's API
   * @throws IOException if the directory cannot be read
   * @throws ClassNotFoundException if the loader does not find a class of the directory
   */
  public static ApiDump of(Path classes, ClassLoader loader)
      throws IOException, ClassNotFoundException {
    Set<ModuleReference> found = ModuleFinder.of(classes).findAll();
    if (found.size() != 1) {
      throw new IllegalArgumentException("No module (module-info.class) in " + classes);
    }
    ModuleDescriptor descriptor = found.iterator().next().descriptor();
    List<Class<?>> types = new ArrayList<>();
    for (String pkg : new TreeSet<>(exported(descriptor))) {
      List<String> names;
      try (Stream<Path> files = Files.list(classes.resolve(pkg.replace('.', '/')))) {
        names =
            files
                .map(f -> f.getFileName().toString())
                .filter(f -> f.endsWith(".class") && !f.equals("package-info.class"))
                .map(f -> pkg + "." + f.substring(0, f.length() - ".class".length()))
                .collect(Collectors.toList());
      }
      for (String name : names) {
        Class<?> type = Class.forName(name, false, loader);
        if (accessible(type)) {
          types.add(type);
        }
      }
    }
    types.sort(Comparator.comparing(ApiDump::name));
    return new ApiDump(descriptor, List.copyOf(types));
  }

  /**
   * The module's descriptor.
   *
   * @return as read from {@code module-info.class}
   */
  public ModuleDescriptor descriptor() {
    return descriptor;
  }

  /**
   * The packages the module exports to every module (a qualified export is not public API).
   *
   * @return the package names, sorted
   */
  public Set<String> exportedPackages() {
    return new TreeSet<>(exported);
  }

  /**
   * The types the dump lists.
   *
   * @return sorted by name
   */
  public List<Class<?>> types() {
    return types;
  }

  /**
   * The dump: for each type its declaration line, its members indented and a closing brace; a blank
   * line between types.
   *
   * @return the text, each line ending with a line feed
   */
  public String dump() {
    StringBuilder out = new StringBuilder();
    for (Class<?> type : types) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(declaration(type).line).append(" {\n");
      for (String member : members(type).keySet()) {
        out.append("  ").append(member).append('\n');
      }
      out.append("}\n");
    }
    return out.toString();
  }

  /**
   * Every place where a listed signature names a type it should not: a type of a package whose name
   * contains {@code .internal} (of any module), or a type of this module that the dump does not
   * list (of a package not exported to every module, or not public). Superclasses, interfaces, type
   * parameter bounds, parameter, return, exception and field types are searched, through type
   * arguments, wildcard bounds and arrays.
   *
   * @return one line per offending type and place, empty if none
   */
  public List<String> hiddenTypeReferences() {
    List<String> found = new ArrayList<>();
    for (Class<?> type : types) {
      Declaration declaration = declaration(type);
      List<Type> declared = new ArrayList<>(declaration.supertypes);
      declared.addAll(Arrays.asList(type.getTypeParameters()));
      report(found, name(type), declaration.line, declared);
      for (Map.Entry<String, Signature> member : members(type).entrySet()) {
        report(found, name(type), member.getKey(), member.getValue().signatureTypes());
      }
    }
    return found;
  }

  /**
   * Whether a package is internal by its name: it contains {@code .internal}.
   *
   * @param pkg a package name
   * @return whether no public API may name its types
   */
  public static boolean isInternal(String pkg) {
    return pkg.contains(".internal") || pkg.equals("internal") || pkg.startsWith("internal.");
  }

  /**
   * Where two dumps differ: the first differing lines of each (the span between the lines they
   * share at the start and at the end), with line numbers and the type they are in.
   *
   * @param committed the dump in the committed file
   * @param generated the dump of the compiled classes
   * @return a description for a failure message
   */
  public static String difference(String committed, String generated) {
    List<String> a = committed.lines().collect(Collectors.toList());
    List<String> b = generated.lines().collect(Collectors.toList());
    int start = 0;
    while (start < a.size() && start < b.size() && a.get(start).equals(b.get(start))) {
      start++;
    }
    int endA = a.size();
    int endB = b.size();
    while (endA > start && endB > start && a.get(endA - 1).equals(b.get(endB - 1))) {
      endA--;
      endB--;
    }
    StringBuilder out = new StringBuilder();
    for (int i = start - 1; i >= 0; i--) {
      if (a.get(i).endsWith(" {")) {
        out.append("in ").append(a.get(i)).append('\n');
        break;
      }
    }
    lines(out, "committed", a, start, endA);
    lines(out, "generated", b, start, endB);
    return out.toString();
  }

  private static void lines(StringBuilder out, String label, List<String> lines, int from, int to) {
    int shown = Math.min(to, from + 20);
    out.append(label);
    if (from == to) {
      out.append(" (nothing, at line ").append(from + 1).append("):\n");
    } else if (to == from + 1) {
      out.append(" (line ").append(to).append("):\n");
    } else {
      out.append(" (lines ").append(from + 1).append('-').append(to).append("):\n");
    }
    for (int i = from; i < shown; i++) {
      out.append(String.format("  %5d  %s%n", i + 1, lines.get(i)));
    }
    if (to > shown) {
      out.append("  … and ").append(to - shown).append(" more\n");
    }
  }

  private static Set<String> exported(ModuleDescriptor descriptor) {
    return descriptor.exports().stream()
        .filter(e -> !e.isQualified())
        .map(ModuleDescriptor.Exports::source)
        .collect(Collectors.toSet());
  }

  /** Whether code of another package can name the type: it and each enclosing type. */
  private static boolean accessible(Class<?> type) {
    if (type.isSynthetic() || type.isAnonymousClass() || type.isLocalClass()) {
      return false;
    }
    for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
      int m = t.getModifiers();
      if (!Modifier.isPublic(m) && !(Modifier.isProtected(m) && t.getEnclosingClass() != null)) {
        return false;
      }
    }
    return true;
  }

  private static boolean visible(Member member) {
    int m = member.getModifiers();
    return (Modifier.isPublic(m) || Modifier.isProtected(m))
        && !member.isSynthetic()
        && !(member instanceof Method && ((Method) member).isBridge());
  }

  /** A supertype whose members no other type lists: of this module, and not listed itself. */
  private boolean hidden(Class<?> type) {
    return !listed.contains(type) && descriptor.packages().contains(type.getPackageName());
  }

  /** A member of a type, its own or inherited from a hidden supertype with these bindings. */
  private static final class Signature {
    final Member member;
    final Map<TypeVariable<?>, Type> bindings;

    Signature(Member member, Map<TypeVariable<?>, Type> bindings) {
      this.member = member;
      this.bindings = bindings;
    }

    List<Type> signatureTypes() {
      List<Type> types = new ArrayList<>();
      if (member instanceof Field) {
        types.add(((Field) member).getGenericType());
      } else {
        Executable e = (Executable) member;
        if (e instanceof Method) {
          types.add(((Method) e).getGenericReturnType());
        }
        types.addAll(Arrays.asList(e.getGenericParameterTypes()));
        types.addAll(Arrays.asList(e.getGenericExceptionTypes()));
        for (TypeVariable<?> v : e.getTypeParameters()) {
          types.addAll(Arrays.asList(v.getBounds()));
        }
      }
      return types.stream().map(t -> substitute(t, bindings)).collect(Collectors.toList());
    }

    String line() {
      StringBuilder out = new StringBuilder();
      String mods = Modifier.toString(member.getModifiers() & MEMBER_MODIFIERS);
      out.append(mods);
      if (member instanceof Method && ((Method) member).isDefault()) {
        out.append(mods.isEmpty() ? "" : " ").append("default");
      }
      if (member instanceof Field) {
        Field f = (Field) member;
        out.append(' ').append(name(substitute(f.getGenericType(), bindings)));
        return out.append(' ').append(f.getName()).toString();
      }
      Executable e = (Executable) member;
      String params = typeParameters(e.getTypeParameters(), bindings);
      if (!params.isEmpty()) {
        out.append(' ').append(params);
      }
      if (e instanceof Method) {
        out.append(' ').append(name(substitute(((Method) e).getGenericReturnType(), bindings)));
        out.append(' ').append(e.getName());
      } else {
        out.append(' ').append(e.getDeclaringClass().getSimpleName());
      }
      Type[] types = e.getGenericParameterTypes();
      List<String> names = new ArrayList<>();
      for (int i = 0; i < types.length; i++) {
        String n = name(substitute(types[i], bindings));
        if (e.isVarArgs() && i == types.length - 1 && n.endsWith("[]")) {
          n = n.substring(0, n.length() - 2) + "...";
        }
        names.add(n);
      }
      out.append(names.stream().collect(Collectors.joining(", ", "(", ")")));
      Type[] thrown = e.getGenericExceptionTypes();
      if (thrown.length > 0) {
        out.append(" throws ");
        out.append(
            Arrays.stream(thrown)
                .map(t -> name(substitute(t, bindings)))
                .sorted()
                .collect(Collectors.joining(", ")));
      }
      return out.toString();
    }
  }

  /** The type's members by their line, in dump order. */
  private Map<String, Signature> members(Class<?> type) {
    List<Signature> members = new ArrayList<>();
    for (Constructor<?> c : type.getDeclaredConstructors()) {
      if (visible(c)) {
        members.add(new Signature(c, Map.of()));
      }
    }
    Set<String> fieldNames = new HashSet<>();
    Set<String> methodKeys = new HashSet<>();
    for (Map.Entry<Class<?>, Map<TypeVariable<?>, Type>> s :
        withHiddenSupertypes(type).entrySet()) {
      Class<?> t = s.getKey();
      for (Field f : t.getDeclaredFields()) {
        if (visible(f) && fieldNames.add(f.getName())) {
          members.add(new Signature(f, s.getValue()));
        }
      }
      for (Method m : t.getDeclaredMethods()) {
        boolean inherited = t == type || !(t.isInterface() && Modifier.isStatic(m.getModifiers()));
        if (visible(m) && inherited && methodKeys.add(m.getName() + erasure(m, s.getValue()))) {
          members.add(new Signature(m, s.getValue()));
        }
      }
    }
    Map<String, Signature> lines = new HashMap<>();
    for (Signature m : members) {
      lines.putIfAbsent(m.line(), m);
    }
    Comparator<Map.Entry<String, Signature>> order =
        Comparator.comparingInt(e -> kind(e.getValue().member));
    order =
        order
            .thenComparing(e -> e.getValue().member instanceof Constructor ? "" : memberName(e))
            .thenComparing(Map.Entry::getKey);
    Map<String, Signature> sorted = new LinkedHashMap<>();
    lines.entrySet().stream().sorted(order).forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return sorted;
  }

  private static String memberName(Map.Entry<String, Signature> member) {
    return member.getValue().member.getName();
  }

  /**
   * The type (with no bindings), then its hidden supertypes, nearest first, each with its type
   * variables bound to what the type gives them.
   */
  private Map<Class<?>, Map<TypeVariable<?>, Type>> withHiddenSupertypes(Class<?> type) {
    Map<Class<?>, Map<TypeVariable<?>, Type>> seen = new LinkedHashMap<>();
    seen.put(type, Map.of());
    Deque<Class<?>> queue = new ArrayDeque<>(List.of(type));
    while (!queue.isEmpty()) {
      Class<?> t = queue.removeFirst();
      for (Type s : genericSupertypes(t)) {
        Class<?> raw = raw(s);
        if (hidden(raw) && !seen.containsKey(raw)) {
          seen.put(raw, bindings(raw, s, seen.get(t)));
          queue.addLast(raw);
        }
      }
    }
    return seen;
  }

  private static List<Type> genericSupertypes(Class<?> type) {
    List<Type> supers = new ArrayList<>();
    if (type.getGenericSuperclass() != null) {
      supers.add(type.getGenericSuperclass());
    }
    supers.addAll(Arrays.asList(type.getGenericInterfaces()));
    return supers;
  }

  /** The type variables of {@code raw} bound to the arguments of {@code supertype}. */
  private static Map<TypeVariable<?>, Type> bindings(
      Class<?> raw, Type supertype, Map<TypeVariable<?>, Type> outer) {
    Map<TypeVariable<?>, Type> bindings = new HashMap<>();
    if (supertype instanceof ParameterizedType) {
      Type[] args = ((ParameterizedType) supertype).getActualTypeArguments();
      TypeVariable<?>[] vars = raw.getTypeParameters();
      for (int i = 0; i < vars.length && i < args.length; i++) {
        bindings.put(vars[i], substitute(args[i], outer));
      }
    }
    return bindings;
  }

  private static Class<?> raw(Type type) {
    return type instanceof ParameterizedType
        ? (Class<?>) ((ParameterizedType) type).getRawType()
        : (Class<?>) type;
  }

  /** The method's parameter types as an override sees them: bound, then erased. */
  private static String erasure(Method m, Map<TypeVariable<?>, Type> bindings) {
    return Arrays.stream(m.getGenericParameterTypes())
        .map(t -> erase(substitute(t, bindings)).getName())
        .collect(Collectors.joining(",", "(", ")"));
  }

  private static Class<?> erase(Type type) {
    if (type instanceof ParameterizedType) {
      return (Class<?>) ((ParameterizedType) type).getRawType();
    }
    if (type instanceof GenericArrayType) {
      Class<?> component = erase(((GenericArrayType) type).getGenericComponentType());
      return Array.newInstance(component, 0).getClass();
    }
    if (type instanceof TypeVariable) {
      return erase(((TypeVariable<?>) type).getBounds()[0]);
    }
    if (type instanceof WildcardType) {
      return erase(((WildcardType) type).getUpperBounds()[0]);
    }
    return (Class<?>) type;
  }

  private static int kind(Member m) {
    return m instanceof Constructor ? 0 : m instanceof Field ? 1 : 2;
  }

  /** A type's declaration line and the supertypes it names. */
  private static final class Declaration {
    final String line;
    final List<Type> supertypes;

    Declaration(String line, List<Type> supertypes) {
      this.line = line;
      this.supertypes = supertypes;
    }
  }

  private Declaration declaration(Class<?> type) {
    int mods = type.getModifiers() & TYPE_MODIFIERS;
    String kind;
    if (type.isAnnotation()) {
      kind = "@interface";
      mods &= ~Modifier.ABSTRACT;
    } else if (type.isInterface()) {
      kind = "interface";
      mods &= ~Modifier.ABSTRACT;
    } else if (type.isEnum()) {
      kind = "enum";
    } else if (type.isRecord()) {
      kind = "record";
    } else {
      kind = "class";
    }
    StringBuilder out = new StringBuilder(Modifier.toString(mods));
    if (type.isSealed()) {
      out.append(" sealed");
    }
    out.append(' ').append(kind).append(' ').append(name(type));
    out.append(typeParameters(type.getTypeParameters(), Map.of()));

    Map<Class<?>, Map<TypeVariable<?>, Type>> hidden = withHiddenSupertypes(type);
    List<Type> supertypes = new ArrayList<>();
    Type superclass = type.getGenericSuperclass();
    while (superclass != null && hidden.containsKey(raw(superclass))) {
      superclass = substitute(raw(superclass).getGenericSuperclass(), hidden.get(raw(superclass)));
    }
    if (superclass != null) {
      supertypes.add(superclass);
      Class<?> raw = raw(superclass);
      if (raw != Object.class
          && !(type.isEnum() && raw == Enum.class)
          && !(type.isRecord() && raw == Record.class)) {
        out.append(" extends ").append(name(superclass));
      }
    }
    Map<String, Type> interfaces = new LinkedHashMap<>();
    for (Map.Entry<Class<?>, Map<TypeVariable<?>, Type>> s : hidden.entrySet()) {
      for (Type i : s.getKey().getGenericInterfaces()) {
        if (!hidden.containsKey(raw(i))
            && !(type.isAnnotation() && i == java.lang.annotation.Annotation.class)) {
          Type bound = substitute(i, s.getValue());
          interfaces.putIfAbsent(name(bound), bound);
        }
      }
    }
    supertypes.addAll(interfaces.values());
    if (!interfaces.isEmpty()) {
      out.append(type.isInterface() ? " extends " : " implements ");
      out.append(String.join(", ", interfaces.keySet()));
    }
    if (type.isSealed()) {
      out.append(" permits ");
      out.append(
          Arrays.stream(type.getPermittedSubclasses())
              .map(ApiDump::name)
              .sorted()
              .collect(Collectors.joining(", ")));
    }
    return new Declaration(out.toString(), supertypes);
  }

  /** A type parameter list, {@code <T, K extends java.lang.Comparable<K>>}, or empty. */
  private static String typeParameters(
      TypeVariable<?>[] variables, Map<TypeVariable<?>, Type> bindings) {
    if (variables.length == 0) {
      return "";
    }
    List<String> out = new ArrayList<>();
    for (TypeVariable<?> v : variables) {
      Type[] bounds = v.getBounds();
      if (bounds.length == 1 && bounds[0] == Object.class) {
        out.add(v.getName());
      } else {
        out.add(
            v.getName()
                + " extends "
                + Arrays.stream(bounds)
                    .map(b -> name(substitute(b, bindings)))
                    .collect(Collectors.joining(" & ")));
      }
    }
    return out.stream().collect(Collectors.joining(", ", "<", ">"));
  }

  /** A type as source code names it: nested classes with a dot, type arguments and all. */
  static String name(Type type) {
    if (type instanceof Class) {
      Class<?> c = (Class<?>) type;
      if (c.isArray()) {
        return name(c.getComponentType()) + "[]";
      }
      return c.getCanonicalName() != null ? c.getCanonicalName() : c.getName();
    }
    if (type instanceof ParameterizedType) {
      ParameterizedType p = (ParameterizedType) type;
      Class<?> raw = (Class<?>) p.getRawType();
      String base =
          p.getOwnerType() instanceof ParameterizedType
              ? name(p.getOwnerType()) + "." + raw.getSimpleName()
              : name(raw);
      return base
          + Arrays.stream(p.getActualTypeArguments())
              .map(ApiDump::name)
              .collect(Collectors.joining(", ", "<", ">"));
    }
    if (type instanceof WildcardType) {
      WildcardType w = (WildcardType) type;
      if (w.getLowerBounds().length > 0) {
        return "? super " + name(w.getLowerBounds()[0]);
      }
      Type[] upper = w.getUpperBounds();
      if (upper.length == 0 || upper[0] == Object.class) {
        return "?";
      }
      return "? extends " + name(upper[0]);
    }
    if (type instanceof GenericArrayType) {
      return name(((GenericArrayType) type).getGenericComponentType()) + "[]";
    }
    if (type instanceof TypeVariable) {
      return ((TypeVariable<?>) type).getName();
    }
    return type.getTypeName();
  }

  /** The type with the bound type variables replaced. */
  private static Type substitute(Type type, Map<TypeVariable<?>, Type> bindings) {
    if (bindings.isEmpty() || type instanceof Class) {
      return type;
    }
    if (type instanceof TypeVariable) {
      return bindings.getOrDefault(type, type);
    }
    if (type instanceof ParameterizedType) {
      ParameterizedType p = (ParameterizedType) type;
      return new Parameterized(
          p.getRawType(),
          p.getOwnerType() == null ? null : substitute(p.getOwnerType(), bindings),
          substitute(p.getActualTypeArguments(), bindings));
    }
    if (type instanceof WildcardType) {
      WildcardType w = (WildcardType) type;
      return new Wildcard(
          substitute(w.getUpperBounds(), bindings), substitute(w.getLowerBounds(), bindings));
    }
    if (type instanceof GenericArrayType) {
      Type component = substitute(((GenericArrayType) type).getGenericComponentType(), bindings);
      return component instanceof Class
          ? Array.newInstance((Class<?>) component, 0).getClass()
          : new GenericArray(component);
    }
    return type;
  }

  private static Type[] substitute(Type[] types, Map<TypeVariable<?>, Type> bindings) {
    return Arrays.stream(types).map(t -> substitute(t, bindings)).toArray(Type[]::new);
  }

  // The reflection interfaces, for substituted types: each record component is the accessor.

  private record Parameterized(Type getRawType, Type getOwnerType, Type[] getActualTypeArguments)
      implements ParameterizedType {}

  private record Wildcard(Type[] getUpperBounds, Type[] getLowerBounds) implements WildcardType {}

  private record GenericArray(Type getGenericComponentType) implements GenericArrayType {}

  private void report(List<String> found, String owner, String where, List<Type> types) {
    Set<Class<?>> named = new LinkedHashSet<>();
    Set<Type> seen = new HashSet<>();
    for (Type t : types) {
      collect(t, named, seen);
    }
    for (Class<?> c : named) {
      String pkg = c.getPackageName();
      String why = null;
      if (isInternal(pkg)) {
        why = "of an internal package";
      } else if (hidden(c)) {
        why = exported.contains(pkg) ? "not public" : "of a package the module does not export";
      }
      if (why != null) {
        found.add(owner + ": `" + where + "` names " + name(c) + ", " + why);
      }
    }
  }

  /** The classes a type names, through type arguments, bounds, arrays and owner types. */
  private static void collect(Type type, Set<Class<?>> named, Set<Type> seen) {
    if (type == null || !seen.add(type)) {
      return;
    }
    if (type instanceof Class) {
      Class<?> c = (Class<?>) type;
      while (c.isArray()) {
        c = c.getComponentType();
      }
      if (!c.isPrimitive()) {
        named.add(c);
      }
    } else if (type instanceof ParameterizedType) {
      ParameterizedType p = (ParameterizedType) type;
      collect(p.getRawType(), named, seen);
      collect(p.getOwnerType(), named, seen);
      for (Type a : p.getActualTypeArguments()) {
        collect(a, named, seen);
      }
    } else if (type instanceof WildcardType) {
      for (Type b : ((WildcardType) type).getUpperBounds()) {
        collect(b, named, seen);
      }
      for (Type b : ((WildcardType) type).getLowerBounds()) {
        collect(b, named, seen);
      }
    } else if (type instanceof GenericArrayType) {
      collect(((GenericArrayType) type).getGenericComponentType(), named, seen);
    } else if (type instanceof TypeVariable) {
      for (Type b : ((TypeVariable<?>) type).getBounds()) {
        collect(b, named, seen);
      }
    }
  }
}

package dev.httpjson.interfaces.internal;

import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * Generates, for each interface with httpjson-interfaces annotations, a class {@code
 * HttpJson_<Name>} in its package (a nested interface's binary name, {@code HttpJson_Outer$Api})
 * that implements it with httpjson's public API only. The class registers its factory from its
 * static initializer ({@code GeneratedApi.register}), which {@code HttpJsonClient.create} runs; it
 * prepares one client and one {@code JsonType} per method when it is created, so a call builds its
 * URI and calls one {@code HttpJsonClient} method.
 *
 * <p>The source is written as text: its shape is fixed and small, every type is written fully
 * qualified, and a code-generation library would be one more artifact on every user's processor
 * path.
 */
public final class ApiProcessor extends AbstractProcessor {
  /**
   * The headers that carry a credential, in lower case: those httpjson never sends on to another
   * origin (core's {@code internal.SecretHeaders}, which the processor, run by the compiler alone,
   * cannot read; {@code GeneratedCodeTest} checks the two lists agree).
   */
  static final java.util.Set<String> CREDENTIAL_HEADERS =
      java.util.Set.of(
          "authorization",
          "proxy-authorization",
          "cookie",
          "set-cookie",
          "x-api-key",
          "api-key",
          "apikey",
          "x-auth-token",
          "private-token",
          "x-access-token",
          "x-amz-security-token",
          "x-goog-api-key",
          "ocp-apim-subscription-key",
          "x-vault-token",
          "x-csrf-token",
          "x-xsrf-token");

  // What an Optional return type was meant for: an absent value on a 404.
  private static final String NOT_FOUND =
      "; a 404 throws HttpJsonStatusException: catch it where the method is called and test"
          + " statusCode()";

  /** Why a type variable has no place in an API interface, before what to do instead. */
  private static final String COMPILED =
      ", and its implementation names the types it reads and writes when it is compiled: ";

  private static final String PKG = "dev.httpjson.interfaces.";
  private static final List<String> VERBS =
      List.of("GET", "POST", "PUT", "PATCH", "DELETE", "QUERY");
  private static final List<String> PARAMS =
      List.of("Path", "Query", "Header", "Body", "Field", "Part", "Url", "QueryMap", "HeaderMap");
  private static final List<String> METHOD_ANNOTATIONS =
      List.of(
          "GET",
          "POST",
          "PUT",
          "PATCH",
          "DELETE",
          "QUERY",
          "Headers",
          "Timeout",
          "Paged",
          "FormUrlEncoded",
          "Multipart");
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");
  private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
  private static final String CLIENT = "dev.httpjson.HttpJsonClient";
  private static final String TYPE = "dev.httpjson.JsonType";
  private static final String SUPPORT = "dev.httpjson.spi.GeneratedApi";

  private final Set<String> generated = new HashSet<>();
  private final Set<String> deferred = new LinkedHashSet<>();
  // Interfaces without annotations of their own that extend a type not generated yet: whether
  // they only compose API interfaces is known in the round that has it.
  private final Set<String> undecided = new LinkedHashSet<>();
  private final Set<List<Object>> reported = new HashSet<>();
  // The top-level types compiled from source, of every round: an element of another type (a
  // library's interface) has no source javac could show an error in.
  private final Set<String> sources = new HashSet<>();
  // Generic API interfaces (interface CrudApi<T, ID>): bases, implemented through the interfaces
  // that extend them naming their type arguments; one that none binds in its compilation is an
  // error in the last round.
  private final Set<String> bases = new LinkedHashSet<>();
  // The generic interfaces an implemented interface extends, at any depth.
  private final Set<String> bound = new HashSet<>();

  /** Creates the processor; the compiler does. */
  public ApiProcessor() {}

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    Set<String> names = new LinkedHashSet<>();
    for (String n : VERBS) {
      names.add(PKG + n);
    }
    for (String n : PARAMS) {
      names.add(PKG + n);
    }
    names.add(PKG + "Headers");
    names.add(PKG + "Timeout");
    names.add(PKG + "Paged");
    names.add(PKG + "FormUrlEncoded");
    names.add(PKG + "Multipart");
    return names;
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    for (TypeElement type : ElementFilter.typesIn(round.getRootElements())) {
      sources.add(type.getQualifiedName().toString());
    }
    Set<TypeElement> apis = new LinkedHashSet<>();
    for (TypeElement annotation : annotations) {
      for (Element e : round.getElementsAnnotatedWith(annotation)) {
        Element type = e;
        while (type != null && !type.getKind().isClass() && !type.getKind().isInterface()) {
          type = type.getEnclosingElement();
        }
        if (type == null) {
          continue;
        }
        if (type.getKind() != ElementKind.INTERFACE) {
          String kind = type.getKind().toString().toLowerCase(Locale.ROOT).replace('_', ' ');
          error(
              e,
              "@"
                  + annotation.getSimpleName()
                  + " belongs on an interface: "
                  + type.getSimpleName()
                  + (kind.startsWith("a") || kind.startsWith("e") ? " is an " : " is a ")
                  + kind);
          continue;
        }
        apis.add((TypeElement) type);
      }
    }
    // An interface that only composes API interfaces (interface GitHub extends Repos, Stars {})
    // carries no annotation of its own: found among the sources, implemented when each of its
    // abstract methods has an HTTP annotation (else its author implements it).
    for (TypeElement type : ElementFilter.typesIn(round.getRootElements())) {
      composing(type, apis);
    }
    List<String> waiting = new ArrayList<>(undecided);
    undecided.clear();
    for (String name : waiting) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null && !round.processingOver()) {
        composes(type, apis);
      }
    }
    // An interface naming a type not generated yet (by another processor, in this round) waits
    // for the round that has it; in the last round, what is still missing is an error.
    for (String name : deferred) {
      TypeElement api = processingEnv.getElementUtils().getTypeElement(name);
      if (api != null) {
        apis.add(api);
      }
    }
    deferred.clear();
    for (TypeElement api : apis) {
      String name = api.getQualifiedName().toString();
      if (generated.contains(name)) {
        continue;
      }
      if (!api.getTypeParameters().isEmpty()) {
        bases.add(name);
        continue;
      }
      bind(api.asType(), bound);
      Element missing = missing(api);
      if (missing == null) {
        generated.add(name);
        new Api(api).generate();
      } else if (!round.processingOver()) {
        deferred.add(name);
      } else {
        generated.add(name);
        error(
            missing,
            api.getSimpleName()
                + " is not implemented: "
                + (unresolved == null
                    ? (missing == api ? "its" : missing.getSimpleName() + "'s")
                        + " annotations name a constant that does not exist"
                    : (missing == api ? "it extends " : missing.getSimpleName() + " names ")
                        + unresolved
                        + ", a type that does not exist"));
      }
    }
    if (round.processingOver()) {
      unbound();
    }
    return true;
  }

  /**
   * Reports each generic API interface that no implemented interface of the compilation extends,
   * directly or not: what it declares is never implemented. One that another generic interface
   * extends is bound through it, and the error is on that one.
   */
  private void unbound() {
    Set<String> through = new HashSet<>();
    for (String name : bases) {
      TypeElement base = processingEnv.getElementUtils().getTypeElement(name);
      if (base != null && !bound.contains(name)) {
        bind(base.asType(), through);
      }
    }
    for (String name : bases) {
      TypeElement base = processingEnv.getElementUtils().getTypeElement(name);
      if (base != null && !bound.contains(name) && !through.contains(name) && generated.add(name)) {
        new Api(base).generate();
      }
    }
  }

  /** Adds to {@code into} the generic interfaces {@code type} extends, at any depth. */
  private void bind(TypeMirror type, Set<String> into) {
    for (TypeMirror s : processingEnv.getTypeUtils().directSupertypes(type)) {
      if (s.getKind() != TypeKind.DECLARED) {
        continue;
      }
      TypeElement e = (TypeElement) ((DeclaredType) s).asElement();
      if (e.getKind() == ElementKind.INTERFACE
          && (e.getTypeParameters().isEmpty() || into.add(e.getQualifiedName().toString()))) {
        bind(s, into);
      }
    }
  }

  /** The type named last by {@link #missing}, or null for a constant of an annotation's value. */
  private String unresolved;

  /**
   * The element of {@code api} that names a type or, in one of this module's annotations, a
   * constant that does not exist (yet): {@code api} itself for a superinterface or its own
   * annotations, or a method; {@code null} when every type and constant it names exists.
   */
  private Element missing(TypeElement api) {
    unresolved = null;
    if (erroneous(api)) {
      return api;
    }
    if (missingSuperinterface(api, new HashSet<>())) {
      return api;
    }
    for (ExecutableElement m :
        ElementFilter.methodsIn(processingEnv.getElementUtils().getAllMembers(api))) {
      if (!implemented(m)) {
        continue;
      }
      unresolved = null;
      if (erroneous(m)) {
        return m;
      }
      for (VariableElement p : m.getParameters()) {
        if (erroneous(p)) {
          return m;
        }
      }
      if (missing(m.getReturnType())) {
        return m;
      }
      for (VariableElement p : m.getParameters()) {
        if (missing(p.asType())) {
          return m;
        }
      }
      for (TypeMirror t : m.getThrownTypes()) {
        if (missing(t)) {
          return m;
        }
      }
    }
    return null;
  }

  /**
   * Whether a value of one of this module's annotations on {@code e} names a constant javac could
   * not resolve, such as one of a class another processor writes in this round: javac shows it as
   * {@code <error>}, which no value's source form is (a string's is quoted).
   */
  private boolean erroneous(Element e) {
    for (AnnotationMirror a : e.getAnnotationMirrors()) {
      TypeElement t = (TypeElement) a.getAnnotationType().asElement();
      if (!t.getQualifiedName().toString().startsWith(PKG)) {
        continue;
      }
      for (AnnotationValue v : a.getElementValues().values()) {
        if (erroneous(v)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean erroneous(AnnotationValue v) {
    if (v.getValue() instanceof List) {
      for (Object element : (List<?>) v.getValue()) {
        if (element instanceof AnnotationValue && erroneous((AnnotationValue) element)) {
          return true;
        }
      }
      return false;
    }
    return v.toString().equals("<error>");
  }

  private boolean missing(TypeMirror type) {
    switch (type.getKind()) {
      case ERROR:
        unresolved = type.toString();
        return true;
      case ARRAY:
        return missing(((ArrayType) type).getComponentType());
      case DECLARED:
        for (TypeMirror a : ((DeclaredType) type).getTypeArguments()) {
          if (missing(a)) {
            return true;
          }
        }
        return false;
      case WILDCARD:
        WildcardType w = (WildcardType) type;
        return (w.getExtendsBound() != null && missing(w.getExtendsBound()))
            || (w.getSuperBound() != null && missing(w.getSuperBound()));
      default:
        return false;
    }
  }

  /**
   * Whether a superinterface of {@code type}, or of one of them, does not exist (yet): their
   * methods, which the implementation must have, are not known until it does.
   */
  private boolean missingSuperinterface(TypeElement type, Set<TypeElement> seen) {
    if (!seen.add(type)) {
      return false;
    }
    for (TypeMirror s : type.getInterfaces()) {
      if (missing(s)) {
        return true;
      }
      if (s.getKind() == TypeKind.DECLARED
          && missingSuperinterface((TypeElement) ((DeclaredType) s).asElement(), seen)) {
        return true;
      }
    }
    return false;
  }

  private void composing(TypeElement type, Set<TypeElement> apis) {
    for (TypeElement nested : ElementFilter.typesIn(type.getEnclosedElements())) {
      composing(nested, apis);
    }
    composes(type, apis);
  }

  /** Adds {@code type} to {@code apis} if it only composes API interfaces. */
  private void composes(TypeElement type, Set<TypeElement> apis) {
    if (type.getKind() != ElementKind.INTERFACE
        || apis.contains(type)
        || type.getInterfaces().isEmpty()
        || !type.getTypeParameters().isEmpty()) {
      return;
    }
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)
          || ((TypeElement) e).getNestingKind() == NestingKind.LOCAL) {
        return; // not implementable, and not declared an API: left alone
      }
    }
    if (missingSuperinterface(type, new HashSet<>())) {
      undecided.add(type.getQualifiedName().toString());
      return;
    }
    boolean inherits = false;
    for (ExecutableElement m :
        ElementFilter.methodsIn(processingEnv.getElementUtils().getAllMembers(type))) {
      if (!implemented(m)) {
        continue;
      }
      boolean http = false;
      for (String v : VERBS) {
        http |= annotation(m, v) != null;
      }
      if (!http && !source(m.getReturnType()).equals(CLIENT)) {
        return;
      }
      inherits |= http;
    }
    if (inherits) {
      apis.add(type);
    }
  }

  /**
   * Whether the generated class implements {@code m}: an abstract method, not Object's, nor one of
   * Object's public methods an interface declares again (for its documentation), which Object's
   * implement.
   */
  private static boolean implemented(ExecutableElement m) {
    return !m.getModifiers().contains(Modifier.STATIC)
        && !m.isDefault()
        && m.getModifiers().contains(Modifier.ABSTRACT)
        && !((TypeElement) m.getEnclosingElement())
            .getQualifiedName()
            .contentEquals("java.lang.Object")
        && !objects(m);
  }

  /**
   * Whether {@code m} has the signature of {@code toString()}, {@code hashCode()} or {@code
   * equals(Object)}.
   */
  private static boolean objects(ExecutableElement m) {
    String name = m.getSimpleName().toString();
    List<? extends VariableElement> ps = m.getParameters();
    return ps.isEmpty()
        ? name.equals("toString") || name.equals("hashCode")
        : name.equals("equals")
            && ps.size() == 1
            && source(ps.get(0).asType()).equals("java.lang.Object");
  }

  /** Whether {@code m} is the escape hatch: {@code HttpJsonClient client()}, whatever its name. */
  private static boolean hatch(ExecutableElement m) {
    boolean http = false;
    for (String v : VERBS) {
      http |= annotation(m, v) != null;
    }
    return !http
        && m.getParameters().isEmpty()
        && source(m.getReturnType()).equals(CLIENT)
        && m.getThrownTypes().isEmpty();
  }

  private void error(Element e, String message) {
    if (reported.add(List.of(e, message))) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, e);
    }
  }

  private void error(Element e, AnnotationMirror a, String message) {
    // An interface and one extending it check the same inherited elements: each error once.
    if (reported.add(List.of(e, a, message))) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, e, a);
    }
  }

  private static AnnotationMirror annotation(Element e, String simpleName) {
    for (AnnotationMirror a : e.getAnnotationMirrors()) {
      TypeElement t = (TypeElement) a.getAnnotationType().asElement();
      if (t.getQualifiedName().contentEquals(PKG + simpleName)) {
        return a;
      }
    }
    return null;
  }

  private Object value(AnnotationMirror a) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v :
        processingEnv.getElementUtils().getElementValuesWithDefaults(a).entrySet()) {
      if (v.getKey().getSimpleName().contentEquals("value")) {
        return v.getValue().getValue();
      }
    }
    return "";
  }

  private String stringValue(AnnotationMirror a) {
    return (String) value(a);
  }

  private List<String> stringsValue(AnnotationMirror a) {
    List<String> out = new ArrayList<>();
    for (Object v : (List<?>) value(a)) {
      out.add((String) ((AnnotationValue) v).getValue());
    }
    return out;
  }

  /** How a method's response is read. */
  private enum Kind {
    VALUE,
    ASYNC_VALUE,
    RESPONSE,
    ASYNC_RESPONSE,
    VOID,
    ASYNC_VOID,
    VOID_RESPONSE,
    ASYNC_VOID_RESPONSE,
    STREAM,
    ASYNC_STREAM,
    PAGED,
    EVENTS,
    REQUEST,
    CLIENT
  }

  /** One parameter's role. */
  private enum Role {
    PATH,
    QUERY,
    HEADER,
    BODY,
    FIELD,
    PART,
    URL,
    QUERYMAP,
    HEADERMAP,
    CUSTOMIZER
  }

  private static final class Param {
    final VariableElement element;
    final Role role;
    final String name;

    Param(VariableElement element, Role role, String name) {
      this.element = element;
      this.role = role;
      this.name = name;
    }

    /**
     * The parameter's name in the generated method: {@code p} and its position, whatever the
     * interface calls it, so that no parameter shadows a field, a local or a package ({@code dev},
     * {@code java}) the generated code names.
     */
    String var() {
      return "p"
          + ((ExecutableElement) element.getEnclosingElement()).getParameters().indexOf(element);
    }
  }

  private static final class Method {
    final ExecutableElement element;
    Kind kind;
    String verb;
    String template;
    TypeMirror read; // the JSON type of the response, or of an element or event's data
    final List<Param> params = new ArrayList<>();
    Param body;
    Param customizer;
    Param url;
    String encoding; // "FormUrlEncoded", "Multipart" or null: the body its parameters make
    final List<String> headers = new ArrayList<>();
    String timeout;
    int index;
    String paging; // the Paging a cursor-paged method reads with, as source, or null

    Method(ExecutableElement element) {
      this.element = element;
    }
  }

  /** One interface: checked, then written. */
  private final class Api {
    final TypeElement api;
    boolean failed;
    final List<String> headers = new ArrayList<>();
    String timeout;
    final Map<TypeElement, List<String>> levelHeaders = new HashMap<>();
    final Map<TypeElement, String> levelTimeouts = new HashMap<>();

    // Each method as a member of the implemented interface: its base's type variables bound to
    // the types the interface names (CrudApi<T, ID>.get(ID) of UserApi is User get(Long)).
    final Map<ExecutableElement, ExecutableType> members = new HashMap<>();

    Api(TypeElement api) {
      this.api = api;
    }

    ExecutableType member(ExecutableElement m) {
      return members.computeIfAbsent(
          m,
          x ->
              (ExecutableType)
                  processingEnv.getTypeUtils().asMemberOf((DeclaredType) api.asType(), x));
    }

    TypeMirror returnType(ExecutableElement m) {
      return member(m).getReturnType();
    }

    TypeMirror type(VariableElement p) {
      ExecutableElement m = (ExecutableElement) p.getEnclosingElement();
      return member(m).getParameterTypes().get(m.getParameters().indexOf(p));
    }

    List<? extends TypeMirror> thrown(ExecutableElement m) {
      return member(m).getThrownTypes();
    }

    /**
     * Fails for each generic interface that {@code type}, a supertype of {@code api} or itself,
     * extends as a raw type: its methods would read and write its type variables' erasures.
     */
    void raw(TypeElement from, TypeMirror type, Set<TypeElement> seen) {
      for (TypeMirror s : processingEnv.getTypeUtils().directSupertypes(type)) {
        if (s.getKind() != TypeKind.DECLARED) {
          continue;
        }
        DeclaredType d = (DeclaredType) s;
        TypeElement e = (TypeElement) d.asElement();
        if (e.getKind() != ElementKind.INTERFACE || !seen.add(e)) {
          continue;
        }
        if (!e.getTypeParameters().isEmpty() && d.getTypeArguments().isEmpty()) {
          fail(
              api,
              from.getSimpleName()
                  + " extends the raw type "
                  + e.getQualifiedName()
                  + ", which leaves its type variables "
                  + variables(e.getTypeParameters())
                  + " unbound"
                  + COMPILED
                  + "name a type for each ("
                  + e.getSimpleName()
                  + "<"
                  + String.join(
                      ", ", java.util.Collections.nCopies(e.getTypeParameters().size(), "..."))
                  + ">)");
          continue;
        }
        raw(e, s, seen);
      }
    }

    void fail(Element e, String message) {
      failed = true;
      if (compiled(e)) {
        error(api, inherited(e) + ": " + message);
      } else {
        error(e, message);
      }
    }

    void fail(Element e, AnnotationMirror a, String message) {
      failed = true;
      if (compiled(e)) {
        error(api, inherited(e) + ": " + message);
      } else {
        error(e, a, message);
      }
    }

    /**
     * Whether {@code e} belongs to a type read from a class file (a library's interface {@code api}
     * extends): an error is then shown on {@code api}, which javac has the source of.
     */
    boolean compiled(Element e) {
      Element top = e;
      while (top.getEnclosingElement() != null
          && (top.getEnclosingElement().getKind().isClass()
              || top.getEnclosingElement().getKind().isInterface()
              || top.getKind() == ElementKind.PARAMETER
              || top.getKind() == ElementKind.METHOD)) {
        top = top.getEnclosingElement();
      }
      return top instanceof TypeElement
          && !sources.contains(((TypeElement) top).getQualifiedName().toString());
    }

    /** {@code "Api inherits get(java.lang.String) from other.Base"}, where {@code e} is. */
    String inherited(Element e) {
      if (e instanceof TypeElement) {
        return api.getSimpleName() + " extends " + ((TypeElement) e).getQualifiedName();
      }
      Element m = e.getKind() == ElementKind.PARAMETER ? e.getEnclosingElement() : e;
      return api.getSimpleName()
          + " inherits "
          + m.getSimpleName()
          + (m instanceof ExecutableElement
              ? "(" + parameterTypes((ExecutableElement) m) + ")"
              : "")
          + " from "
          + ((TypeElement) m.getEnclosingElement()).getQualifiedName();
    }

    void generate() {
      if (!api.getTypeParameters().isEmpty()) {
        // A note, not an error: a library may ship a generic base that only its users bind.
        processingEnv
            .getMessager()
            .printMessage(
                Diagnostic.Kind.NOTE,
                "a generic interface is a base, not implemented: "
                    + api.getSimpleName()
                    + " declares "
                    + variables(api.getTypeParameters())
                    + COMPILED
                    + "an interface that extends it naming them ("
                    + api.getSimpleName()
                    + "<"
                    + String.join(
                        ", ", java.util.Collections.nCopies(api.getTypeParameters().size(), "..."))
                    + ">) is implemented",
                api);
        return; // its methods are checked with the types an interface extending it names
      }
      raw(api, api.asType(), new HashSet<>());
      if (failed) {
        return; // its inherited methods would read and write erasures
      }
      for (Element e = api; e instanceof TypeElement; e = e.getEnclosingElement()) {
        if (e.getModifiers().contains(Modifier.PRIVATE)) {
          fail(api, "a private interface cannot be implemented: " + e.getSimpleName());
        }
        if (((TypeElement) e).getNestingKind() == NestingKind.LOCAL) {
          fail(api, "a local interface cannot be implemented: " + e.getSimpleName());
        }
      }
      if (api.getModifiers().contains(Modifier.SEALED)) {
        String binary = processingEnv.getElementUtils().getBinaryName(api).toString();
        String implementation = "HttpJson_" + binary.substring(binary.lastIndexOf('.') + 1);
        boolean permitted = false;
        for (TypeMirror p : api.getPermittedSubclasses()) {
          permitted |=
              p.getKind() != TypeKind.NONE
                  && ((DeclaredType) p).asElement().getSimpleName().contentEquals(implementation);
        }
        if (!permitted) {
          fail(
              api,
              api.getSimpleName()
                  + " is sealed and does not permit "
                  + implementation
                  + ", the class that implements it: add it to its permits clause");
        }
      }
      for (ExecutableElement m : ElementFilter.methodsIn(api.getEnclosedElements())) {
        boolean hidden = m.getModifiers().contains(Modifier.PRIVATE);
        if (m.getModifiers().contains(Modifier.STATIC) || m.isDefault() || hidden || objects(m)) {
          String what =
              objects(m)
                  ? m.getSimpleName() + ", which Object implements"
                  : "a "
                      + (m.isDefault() ? "default" : hidden ? "private" : "static")
                      + " method, which is never implemented: only an abstract method is";
          for (String n : METHOD_ANNOTATIONS) {
            AnnotationMirror a = annotation(m, n);
            if (a != null) {
              fail(m, a, "@" + n + " on " + what);
            }
          }
          for (VariableElement p : m.getParameters()) {
            for (String n : PARAMS) {
              AnnotationMirror a = annotation(p, n);
              if (a != null) {
                fail(p, a, "@" + n + " on a parameter of " + what);
              }
            }
          }
        }
      }
      // The implementation inherits the interface's fields and member types: a member type named as
      // a package it names (java.util.Objects, dev.httpjson..., the interface's own, those of the
      // types its methods name) would hide it, as would a type of its package so named, and a field
      // so named one it names in an expression (java, dev: the others only name types).
      Set<String> roots = new LinkedHashSet<>(List.of("java", "dev"));
      roots(api.asType(), roots);
      for (ExecutableElement m :
          ElementFilter.methodsIn(processingEnv.getElementUtils().getAllMembers(api))) {
        if (implemented(m)) {
          roots(returnType(m), roots);
          for (VariableElement p : m.getParameters()) {
            roots(type(p), roots);
          }
          for (TypeMirror t : thrown(m)) {
            roots(t, roots);
          }
        }
      }
      String pkg = packageOf(api);
      for (String n : roots) {
        TypeElement hiding =
            processingEnv.getElementUtils().getTypeElement(pkg.isEmpty() ? n : pkg + "." + n);
        if (hiding != null && hiding.getNestingKind() == NestingKind.TOP_LEVEL) {
          fail(
              api,
              "the type "
                  + hiding.getQualifiedName()
                  + " hides the package "
                  + n
                  + ", which the implementation of "
                  + api.getSimpleName()
                  + ", a class of "
                  + (pkg.isEmpty() ? "the unnamed package" : "package " + pkg)
                  + ", names: rename the type");
        }
      }
      for (Element member : processingEnv.getElementUtils().getAllMembers(api)) {
        String n = member.getSimpleName().toString();
        boolean type = member.getKind().isClass() || member.getKind().isInterface();
        if (member.getKind().isField()
            ? n.equals("java") || n.equals("dev")
            : type && roots.contains(n)) {
          TypeElement owner = (TypeElement) member.getEnclosingElement();
          fail(
              owner.equals(api) ? member : api,
              api.getSimpleName()
                  + (type ? "'s member type " : "'s field ")
                  + n
                  + (owner.equals(api) ? "" : ", inherited from " + owner.getQualifiedName() + ",")
                  + " hides the package "
                  + n
                  + ", which its implementation names: rename the "
                  + (type ? "type" : "field"));
        }
      }
      headers.addAll(levelHeaders(api));
      timeout = levelTimeout(api);
      List<Method> methods = new ArrayList<>();
      List<ExecutableElement> seen = new ArrayList<>();
      for (ExecutableElement m :
          ElementFilter.methodsIn(processingEnv.getElementUtils().getAllMembers(api))) {
        if (!implemented(m)) {
          continue;
        }
        // Two superinterfaces may declare one method (each its escape hatch, client()): the class
        // implements it once, and an HTTP method only where the interface says which one it is.
        ExecutableElement twin = twin(m, seen);
        if (twin != null) {
          if (!hatch(m) || !hatch(twin)) {
            List<String> from =
                new ArrayList<>(
                    List.of(
                        ((TypeElement) twin.getEnclosingElement()).getQualifiedName().toString(),
                        ((TypeElement) m.getEnclosingElement()).getQualifiedName().toString()));
            java.util.Collections.sort(from);
            fail(
                api,
                api.getSimpleName()
                    + " inherits "
                    + m.getSimpleName()
                    + "("
                    + parameterTypes(m)
                    + ") from "
                    + from.get(0)
                    + " and from "
                    + from.get(1)
                    + ": declare it in "
                    + api.getSimpleName()
                    + ", with the HTTP annotation it takes there");
          }
          continue;
        }
        seen.add(m);
        Method method = method(m);
        if (method != null) {
          method.index = methods.size();
          methods.add(method);
        }
      }
      if (failed) {
        return;
      }
      write(methods);
    }

    /**
     * Adds to {@code into} the first name of the package of each class {@code type} names: where
     * the qualified names the generated code writes start.
     */
    void roots(TypeMirror type, Set<String> into) {
      switch (type.getKind()) {
        case ARRAY:
          roots(((ArrayType) type).getComponentType(), into);
          break;
        case WILDCARD:
          WildcardType w = (WildcardType) type;
          TypeMirror bound = w.getExtendsBound() != null ? w.getExtendsBound() : w.getSuperBound();
          if (bound != null) {
            roots(bound, into);
          }
          break;
        case DECLARED:
          String pkg = packageOf(((DeclaredType) type).asElement());
          if (!pkg.isEmpty()) {
            into.add(pkg.indexOf('.') < 0 ? pkg : pkg.substring(0, pkg.indexOf('.')));
          }
          for (TypeMirror a : ((DeclaredType) type).getTypeArguments()) {
            roots(a, into);
          }
          break;
        default:
          break;
      }
    }

    /** The method of {@code methods} with the name and erased parameter types of {@code m}. */
    ExecutableElement twin(ExecutableElement m, List<ExecutableElement> methods) {
      for (ExecutableElement other : methods) {
        if (other.getSimpleName().equals(m.getSimpleName())
            && parameterTypes(other).equals(parameterTypes(m))) {
          return other;
        }
      }
      return null;
    }

    String parameterTypes(ExecutableElement m) {
      StringBuilder b = new StringBuilder();
      for (VariableElement p : m.getParameters()) {
        b.append(b.length() == 0 ? "" : ", ")
            .append(source(processingEnv.getTypeUtils().erasure(type(p))));
      }
      return b.toString();
    }

    void constants(Element e, List<String> into) {
      AnnotationMirror a = annotation(e, "Headers");
      if (a == null) {
        return;
      }
      for (String h : stringsValue(a)) {
        int colon = h.indexOf(':');
        String name = colon < 0 ? h : h.substring(0, colon).trim();
        String value = colon < 0 ? "" : h.substring(colon + 1).trim();
        if (colon < 0 || !TOKEN.matcher(name).matches()) {
          fail(e, a, "@Headers entry \"" + h + "\" is not \"Name: value\"");
        } else if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
          fail(e, a, "@Headers entry \"" + name + "\" has a line break in its value");
        } else if (unsendable(value) >= 0) {
          // java.net.http rejects it on every request: said here, at compile time.
          int i = unsendable(value);
          fail(
              e,
              a,
              String.format(
                  Locale.ROOT,
                  "@Headers entry \"%s\" has a character HTTP cannot send in its value: U+%04X at"
                      + " index %d",
                  name,
                  (int) value.charAt(i),
                  i));
        } else {
          into.add(name);
          into.add(value);
        }
      }
    }

    List<String> levelHeaders(TypeElement level) {
      List<String> h = levelHeaders.get(level);
      if (h == null) {
        h = new ArrayList<>();
        constants(level, h);
        levelHeaders.put(level, h);
      }
      return h;
    }

    String levelTimeout(TypeElement level) {
      if (!levelTimeouts.containsKey(level)) {
        levelTimeouts.put(level, timeout(level));
      }
      return levelTimeouts.get(level);
    }

    /**
     * The interfaces whose {@code @Headers} and {@code @Timeout} apply to a method {@code
     * declaring} declares: {@code declaring} and every interface between it and the implemented
     * one, each after its subinterfaces (the implemented interface first, {@code declaring} last).
     */
    List<TypeElement> levels(TypeElement declaring) {
      List<TypeElement> order = new ArrayList<>();
      visit(api, declaring, order, new HashSet<>());
      java.util.Collections.reverse(order);
      return order;
    }

    private void visit(
        TypeElement type, TypeElement declaring, List<TypeElement> order, Set<TypeElement> seen) {
      if (!seen.add(type)) {
        return;
      }
      for (TypeMirror s : type.getInterfaces()) {
        if (s.getKind() != TypeKind.DECLARED) {
          continue;
        }
        TypeElement sup = (TypeElement) ((DeclaredType) s).asElement();
        if (processingEnv
            .getTypeUtils()
            .isSubtype(
                processingEnv.getTypeUtils().erasure(sup.asType()),
                processingEnv.getTypeUtils().erasure(declaring.asType()))) {
          visit(sup, declaring, order, seen);
        }
      }
      order.add(type); // after its superinterfaces
    }

    String timeout(Element e) {
      AnnotationMirror a = annotation(e, "Timeout");
      if (a == null) {
        return null;
      }
      String text = stringValue(a);
      try {
        Duration d = Duration.parse(text);
        if (d.isNegative()) {
          fail(e, a, "@Timeout(\"" + text + "\") is negative");
        }
        return d.toString();
      } catch (DateTimeParseException ex) {
        fail(e, a, "@Timeout(\"" + text + "\") is not an ISO-8601 duration such as \"PT2S\"");
        return null;
      }
    }

    Method method(ExecutableElement m) {
      Method method = new Method(m);
      String name = m.getSimpleName().toString();
      // The implementation is a top-level class of the interface's package: a type the interface
      // can name as a member of its enclosing class, it cannot.
      List<TypeMirror> named = new ArrayList<>();
      named.add(returnType(m));
      for (VariableElement p : m.getParameters()) {
        named.add(type(p));
      }
      named.addAll(thrown(m));
      for (TypeMirror t : named) {
        String hidden = inaccessible(t);
        if (hidden != null) {
          String binary = processingEnv.getElementUtils().getBinaryName(api).toString();
          fail(
              m,
              name
                  + " names "
                  + hidden
                  + ": HttpJson_"
                  + binary.substring(binary.lastIndexOf('.') + 1)
                  + ", the class of package "
                  + packageOf(api)
                  + " that implements "
                  + api.getSimpleName()
                  + ", cannot name it");
          return null;
        }
      }
      AnnotationMirror verb = null;
      for (String v : VERBS) {
        AnnotationMirror a = annotation(m, v);
        if (a != null) {
          if (verb != null) {
            fail(m, a, name + " has two HTTP annotations: @" + method.verb + " and @" + v);
            return null;
          }
          verb = a;
          method.verb = v;
        }
      }
      if (verb == null) {
        if (hatch(m)) {
          method.kind = Kind.CLIENT;
          return method;
        }
        if (compiled(m)) {
          failed = true;
          error(
              api,
              inherited(m)
                  + ", which gives it no HTTP annotation: declare it in "
                  + api.getSimpleName()
                  + " with @GET, @POST, @PUT, @PATCH, @DELETE or @QUERY, or as a default method");
          return null;
        }
        fail(
            m,
            name
                + " has no HTTP annotation: add @GET, @POST, @PUT, @PATCH, @DELETE or @QUERY (or"
                + " make it a default method)"
                + overridden(m));
        return null;
      }
      if (!m.getTypeParameters().isEmpty()) {
        fail(
            m,
            "a generic method is not supported: "
                + name
                + " declares "
                + variables(m.getTypeParameters())
                + COMPILED
                + "declare a method per type, or a default method calling the HttpJsonClient an"
                + " abstract method such as HttpJsonClient client() returns");
        return null;
      }
      if (m.isVarArgs()) {
        fail(m, "a varargs method is not supported: " + name + "; take a List");
        return null;
      }
      method.template = stringValue(verb);
      Set<String> placeholders = template(method, verb);
      // From the implemented interface down to the declaring one, then the method: a header set
      // at a level replaces the same header of the levels above it, and the nearest @Timeout wins.
      for (TypeElement level : levels((TypeElement) m.getEnclosingElement())) {
        override(method.headers, levelHeaders(level));
        String t = levelTimeout(level);
        method.timeout = t != null ? t : method.timeout;
      }
      List<String> own = new ArrayList<>();
      constants(m, own);
      override(method.headers, own);
      String t = timeout(m);
      method.timeout = t != null ? t : method.timeout;
      AnnotationMirror form = annotation(m, "FormUrlEncoded");
      AnnotationMirror multipart = annotation(m, "Multipart");
      if (form != null && multipart != null) {
        fail(m, multipart, name + " has @FormUrlEncoded and @Multipart: a body has one encoding");
        return null;
      }
      AnnotationMirror encoding = form != null ? form : multipart;
      if (encoding != null) {
        method.encoding = form != null ? "FormUrlEncoded" : "Multipart";
        if (method.verb.equals("GET") || method.verb.equals("DELETE")) {
          fail(
              m,
              encoding,
              "@"
                  + method.encoding
                  + " on a @"
                  + method.verb
                  + " method: "
                  + method.verb
                  + " sends no body (use @POST, @PUT, @PATCH or @QUERY)");
          return null;
        }
      }
      Set<String> bound = new HashSet<>();
      for (VariableElement p : m.getParameters()) {
        Param param = param(method, p, placeholders, bound);
        if (param != null) {
          method.params.add(param);
        }
      }
      if (encoding != null) {
        String role = form != null ? "Field" : "Part";
        boolean any = false; // a parameter so annotated, valid or not (its own error is enough)
        for (VariableElement p : m.getParameters()) {
          any |= annotation(p, role) != null;
        }
        if (method.body != null) {
          fail(
              method.body.element,
              annotation(method.body.element, "Body"),
              "@Body on a @"
                  + method.encoding
                  + " method: its body is made of its @"
                  + role
                  + " parameters");
          return null;
        }
        if (!any) {
          fail(m, encoding, "@" + method.encoding + " method " + name + " has no @" + role);
          return null;
        }
      }
      if (method.url != null && !method.template.isEmpty()) {
        fail(
            method.url.element,
            annotation(method.url.element, "Url"),
            "@Url replaces the path: @"
                + method.verb
                + "(\""
                + method.template
                + "\") must be empty, @"
                + method.verb
                + "(\"\")");
        return null;
      }
      for (String placeholder : placeholders) {
        if (!bound.contains(placeholder)) {
          fail(
              m,
              verb,
              "{"
                  + placeholder
                  + "} in @"
                  + method.verb
                  + "(\""
                  + method.template
                  + "\") has no @Path(\""
                  + placeholder
                  + "\") parameter");
        }
      }
      returns(method);
      return method;
    }

    /**
     * {@code "; an override does not inherit the @GET of Base.get"} when {@code m} overrides a
     * method with an HTTP annotation (redeclared for its Javadoc or a narrower return type), else
     * empty.
     */
    String overridden(ExecutableElement m) {
      TypeElement owner = (TypeElement) m.getEnclosingElement();
      for (TypeMirror s : processingEnv.getTypeUtils().directSupertypes(owner.asType())) {
        TypeElement sup = (TypeElement) ((DeclaredType) s).asElement();
        for (ExecutableElement o :
            ElementFilter.methodsIn(processingEnv.getElementUtils().getAllMembers(sup))) {
          if (!processingEnv.getElementUtils().overrides(m, o, owner)) {
            continue;
          }
          for (String v : VERBS) {
            if (annotation(o, v) != null) {
              return "; an override does not inherit the @"
                  + v
                  + " of "
                  + ((TypeElement) o.getEnclosingElement()).getQualifiedName()
                  + "."
                  + o.getSimpleName();
            }
          }
        }
      }
      return "";
    }

    String packageOf(Element e) {
      return processingEnv.getElementUtils().getPackageOf(e).getQualifiedName().toString();
    }

    /**
     * {@code "<type>, which is private"} (or protected in another package) for the first type in
     * {@code type} that a class of {@code api}'s package cannot name, else {@code null}.
     */
    String inaccessible(TypeMirror type) {
      switch (type.getKind()) {
        case ARRAY:
          return inaccessible(((ArrayType) type).getComponentType());
        case WILDCARD:
          WildcardType w = (WildcardType) type;
          TypeMirror bound = w.getExtendsBound() != null ? w.getExtendsBound() : w.getSuperBound();
          return bound == null ? null : inaccessible(bound);
        case DECLARED:
          for (TypeMirror a : ((DeclaredType) type).getTypeArguments()) {
            String hidden = inaccessible(a);
            if (hidden != null) {
              return hidden;
            }
          }
          TypeElement named = (TypeElement) ((DeclaredType) type).asElement();
          for (Element e = named; e instanceof TypeElement; e = e.getEnclosingElement()) {
            if (e.getModifiers().contains(Modifier.PRIVATE)) {
              return named.getQualifiedName() + ", which is private";
            }
            if (e.getModifiers().contains(Modifier.PROTECTED)
                && !packageOf(e).equals(packageOf(api))) {
              return named.getQualifiedName() + ", which is protected in package " + packageOf(e);
            }
            // An inherited method may name a type only its own package can (interface Api extends
            // other.Base, whose methods name other's package-private classes).
            if (!e.getModifiers().contains(Modifier.PUBLIC)
                && !e.getModifiers().contains(Modifier.PROTECTED)
                && !packageOf(e).equals(packageOf(api))) {
              return named.getQualifiedName()
                  + ", which is package-private in package "
                  + packageOf(e);
            }
          }
          return null;
        default:
          return null;
      }
    }

    Set<String> template(Method method, AnnotationMirror verb) {
      String t = method.template;
      Set<String> names = new LinkedHashSet<>();
      int q = t.indexOf('?');
      String path = q < 0 ? t : t.substring(0, q);
      String query = q < 0 ? "" : t.substring(q);
      Matcher m = PLACEHOLDER.matcher(path);
      StringBuilder literal = new StringBuilder();
      int end = 0;
      while (m.find()) {
        literal.append(path, end, m.start()).append('x');
        end = m.end();
        if (!NAME.matcher(m.group(1)).matches()) {
          fail(
              method.element,
              verb,
              "placeholder {" + m.group(1) + "} is not a name: \"" + t + "\"");
        } else if (!names.add(m.group(1))) {
          fail(
              method.element,
              verb,
              "placeholder {" + m.group(1) + "} appears twice: \"" + t + "\"");
        }
      }
      literal.append(path.substring(end)).append(query);
      String rest = literal.toString();
      if (unpaired(t) >= 0) {
        fail(
            method.element,
            verb,
            "@" + method.verb + " template has an unpaired surrogate: it has no UTF-8 to send");
        return names;
      }
      if (rest.indexOf('{') >= 0 || rest.indexOf('}') >= 0) {
        fail(
            method.element,
            verb,
            "\""
                + t
                + "\" has a brace outside a {name} placeholder of its path (a query takes @Query)");
        return names;
      }
      try {
        URI uri = new URI(rest);
        if (uri.isAbsolute() || uri.getRawAuthority() != null || rest.startsWith("//")) {
          fail(
              method.element,
              verb,
              "\"" + t + "\" is not relative: a path template is resolved against the base URI");
        } else if (uri.getRawFragment() != null) {
          fail(method.element, verb, "\"" + t + "\" has a fragment");
        }
      } catch (URISyntaxException e) {
        fail(method.element, verb, "\"" + t + "\" is not a URI path: " + e.getReason());
      }
      return names;
    }

    Param param(Method method, VariableElement p, Set<String> placeholders, Set<String> bound) {
      String pname = p.getSimpleName().toString();
      Role role = null;
      AnnotationMirror found = null;
      for (String n : PARAMS) {
        AnnotationMirror a = annotation(p, n);
        if (a != null) {
          if (found != null) {
            fail(p, a, pname + " has two parameter annotations");
            return null;
          }
          found = a;
          role = Role.valueOf(n.toUpperCase(Locale.ROOT));
        }
      }
      TypeMirror type = type(p);
      if (role == null) {
        if (source(type).equals("java.util.function.UnaryOperator<" + CLIENT + ">")) {
          if (method.customizer != null) {
            fail(
                p,
                "two UnaryOperator<HttpJsonClient> parameters: "
                    + method.customizer.name
                    + " and "
                    + pname);
            return null;
          }
          method.customizer = new Param(p, Role.CUSTOMIZER, pname);
          return method.customizer;
        }
        fail(
            p,
            "parameter "
                + pname
                + " has no annotation: add @Path, @Query, @Header, @Body, @Field, @Part, @Url,"
                + " @QueryMap or @HeaderMap (or take a"
                + " UnaryOperator<HttpJsonClient> to adjust the call's client)");
        return null;
      }
      boolean named = role != Role.BODY && role != Role.URL && role != Role.QUERYMAP;
      String name = named && role != Role.HEADERMAP ? stringValue(found) : pname;
      switch (role) {
        case PATH:
          if (!placeholders.contains(name)) {
            fail(
                p,
                found,
                "@Path(\""
                    + name
                    + "\") names no placeholder of @"
                    + method.verb
                    + "(\""
                    + method.template
                    + "\")");
            return null;
          }
          if (!bound.add(name)) {
            fail(p, found, "two @Path(\"" + name + "\") parameters");
            return null;
          }
          if (!scalar(type)) {
            fail(
                p,
                found,
                "unsupported @Path type " + source(type) + ": a path segment is one value");
            return null;
          }
          break;
        case QUERY:
          if (name.isEmpty()) {
            fail(p, found, "@Query needs a name");
            return null;
          }
          if (unpaired(name) >= 0) {
            fail(p, found, "@Query name has an unpaired surrogate: it has no UTF-8 to send");
            return null;
          }
          TypeMirror element = containedIn(type, "java.util.Optional");
          if (element == null) {
            element = iterableElement(type);
          }
          if (!(element == null ? scalar(type) : scalar(upper(element)))) {
            fail(
                p, found, "unsupported @Query type " + source(type) + ": " + values(type, element));
            return null;
          }
          break;
        case HEADER:
          if (!TOKEN.matcher(name).matches()) {
            fail(p, found, "@Header(\"" + name + "\") is not a header name");
            return null;
          }
          if (!scalar(type)) {
            fail(p, found, "unsupported @Header type " + source(type) + ": a header is one value");
            return null;
          }
          break;
        case BODY:
          if (method.verb.equals("GET") || method.verb.equals("DELETE")) {
            fail(
                p,
                found,
                "@Body on a @"
                    + method.verb
                    + " method: "
                    + method.verb
                    + " sends no body (use @POST, @PUT, @PATCH or @QUERY)");
            return null;
          }
          if (method.body != null) {
            fail(p, found, "two @Body parameters: " + method.body.name + " and " + pname);
            return null;
          }
          break;
        case FIELD:
        case PART:
          String encoding = role == Role.FIELD ? "FormUrlEncoded" : "Multipart";
          if (!encoding.equals(method.encoding)) {
            fail(
                p,
                found,
                "@"
                    + (role == Role.FIELD ? "Field" : "Part")
                    + " on a method without @"
                    + encoding
                    + ": a "
                    + (role == Role.FIELD ? "field" : "part")
                    + " belongs to a @"
                    + encoding
                    + " body");
            return null;
          }
          if (name.isEmpty()) {
            fail(p, found, "@" + (role == Role.FIELD ? "Field" : "Part") + " needs a name");
            return null;
          }
          if (role == Role.FIELD) {
            TypeMirror value = containedIn(type, "java.util.Optional");
            if (value == null) {
              value = iterableElement(type);
            }
            if (!(value == null ? scalar(type) : scalar(upper(value)))) {
              fail(
                  p, found, "unsupported @Field type " + source(type) + ": " + values(type, value));
              return null;
            }
          }
          break;
        case URL:
          if (method.url != null) {
            fail(p, found, "two @Url parameters: " + method.url.name + " and " + pname);
            return null;
          }
          if (!erasureIs(type, "java.lang.String") && !erasureIs(type, "java.net.URI")) {
            fail(p, found, "unsupported @Url type " + source(type) + ": take a String or a URI");
            return null;
          }
          break;
        case QUERYMAP:
        case HEADERMAP:
          {
            boolean query = role == Role.QUERYMAP;
            String want = query ? "Map<String, ?>" : "Map<String, String>";
            boolean ok = false;
            if (type.getKind() == TypeKind.DECLARED && isSubtype(type, "java.util.Map")) {
              List<? extends TypeMirror> args = ((DeclaredType) type).getTypeArguments();
              ok =
                  erasureIs(type, "java.util.Map")
                      && args.size() == 2
                      && erasureIs(args.get(0), "java.lang.String")
                      && (query || erasureIs(args.get(1), "java.lang.String"));
            }
            if (!ok) {
              fail(
                  p,
                  found,
                  "unsupported @"
                      + (query ? "QueryMap" : "HeaderMap")
                      + " type "
                      + source(type)
                      + ": take a "
                      + want);
              return null;
            }
          }
          break;
        default:
          break;
      }
      Param param = new Param(p, role, name);
      if (role == Role.URL) {
        method.url = param;
      }
      if (role == Role.BODY) {
        method.body = param;
      }
      return param;
    }

    /**
     * What a {@code @Query} or {@code @Field} parameter of {@code type} takes instead, {@code
     * element} the type its Optional or Iterable holds, if it is one: the null type when raw.
     */
    String values(TypeMirror type, TypeMirror element) {
      if (element != null && element.getKind() == TypeKind.NULL) {
        String raw = ((DeclaredType) type).asElement().getSimpleName().toString();
        return "a raw type: name the type of its values, as in " + raw + "<String>";
      }
      return "take a value, an Optional or an Iterable (a List, a Set) of values";
    }

    boolean scalar(TypeMirror type) {
      if (type.getKind().isPrimitive()) {
        return true;
      }
      if (type.getKind() != TypeKind.DECLARED) {
        return false; // arrays, type variables, wildcards
      }
      return containedIn(type, "java.util.Optional") == null
          && iterableElement(type) == null
          && !isSubtype(type, "java.util.Map")
          && !erasureIs(type, "java.util.OptionalInt")
          && !erasureIs(type, "java.util.OptionalLong")
          && !erasureIs(type, "java.util.OptionalDouble");
    }

    /**
     * What a value of {@code type} is at least: a wildcard's or a captured variable's upper bound
     * ({@code Object} for {@code ?}), else {@code type} itself, so that a {@code List<? extends
     * Number>} holds values as a {@code List<Number>} does.
     */
    TypeMirror upper(TypeMirror type) {
      if (type.getKind() == TypeKind.WILDCARD) {
        TypeMirror bound = ((WildcardType) type).getExtendsBound();
        return bound != null
            ? upper(bound)
            : processingEnv.getElementUtils().getTypeElement("java.lang.Object").asType();
      }
      if (type.getKind() == TypeKind.TYPEVAR) {
        return upper(((TypeVariable) type).getUpperBound());
      }
      return type;
    }

    boolean isSubtype(TypeMirror type, String rawName) {
      TypeElement t = processingEnv.getElementUtils().getTypeElement(rawName);
      return t != null
          && processingEnv
              .getTypeUtils()
              .isAssignable(
                  processingEnv.getTypeUtils().erasure(type),
                  processingEnv.getTypeUtils().erasure(t.asType()));
    }

    boolean erasureIs(TypeMirror type, String rawName) {
      return type.getKind() == TypeKind.DECLARED
          && ((TypeElement) ((DeclaredType) type).asElement())
              .getQualifiedName()
              .contentEquals(rawName);
    }

    /** The type argument of {@code type} if its class is {@code rawName}, else null. */
    TypeMirror containedIn(TypeMirror type, String rawName) {
      if (!erasureIs(type, rawName)) {
        return null;
      }
      List<? extends TypeMirror> args = ((DeclaredType) type).getTypeArguments();
      return args.size() == 1 ? args.get(0) : processingEnv.getTypeUtils().getNullType();
    }

    TypeMirror iterableElement(TypeMirror type) {
      if (type.getKind() != TypeKind.DECLARED || !isSubtype(type, "java.lang.Iterable")) {
        return null;
      }
      for (TypeMirror s = type; s != null; ) {
        if (erasureIs(s, "java.lang.Iterable")) {
          List<? extends TypeMirror> args = ((DeclaredType) s).getTypeArguments();
          return args.size() == 1 ? args.get(0) : processingEnv.getTypeUtils().getNullType();
        }
        TypeMirror next = null;
        for (TypeMirror sup : processingEnv.getTypeUtils().directSupertypes(s)) {
          if (isSubtype(sup, "java.lang.Iterable")) {
            next = sup;
            break;
          }
        }
        s = next;
      }
      return processingEnv.getTypeUtils().getNullType();
    }

    /**
     * Whether {@code type} can be named in a {@code JsonType}: no variable, wildcard or raw type.
     */
    boolean concrete(TypeMirror type) {
      switch (type.getKind()) {
        case ARRAY:
          TypeMirror c = ((ArrayType) type).getComponentType();
          return c.getKind().isPrimitive() || concrete(c);
        case DECLARED:
          DeclaredType d = (DeclaredType) type;
          TypeElement e = (TypeElement) d.asElement();
          if (d.getTypeArguments().size() != e.getTypeParameters().size()) {
            return false; // raw
          }
          for (TypeMirror a : d.getTypeArguments()) {
            if (!concrete(a)) {
              return false;
            }
          }
          return d.getEnclosingType().getKind() == TypeKind.NONE || concrete(d.getEnclosingType());
        default:
          return false;
      }
    }

    /**
     * The simple name of the first type in {@code type} that is a call's result rather than a value
     * a codec reads (a stream, a future, an exchange, an event), else {@code null}: a return type
     * takes them only as its outer shape ({@code CompletableFuture<HttpResponse<T>>}).
     */
    String notJson(TypeMirror type) {
      if (type.getKind() == TypeKind.ARRAY) {
        return notJson(((ArrayType) type).getComponentType());
      }
      if (type.getKind() != TypeKind.DECLARED) {
        return null;
      }
      for (String call :
          List.of(
              "java.util.stream.BaseStream",
              "java.util.concurrent.Future",
              "java.util.concurrent.CompletionStage",
              "java.net.http.HttpResponse",
              "java.net.http.HttpRequest",
              "dev.httpjson.ServerSentEvent")) {
        if (isSubtype(type, call)) {
          return ((DeclaredType) type).asElement().getSimpleName().toString();
        }
      }
      for (TypeMirror a : ((DeclaredType) type).getTypeArguments()) {
        String held = notJson(a);
        if (held != null) {
          return held;
        }
      }
      return null;
    }

    void returns(Method method) {
      ExecutableElement m = method.element;
      TypeMirror r = returnType(m);
      String unsupported = null;
      boolean paged = annotation(m, "Paged") != null;
      if (r.getKind() == TypeKind.VOID || erasureIs(r, "java.lang.Void")) {
        method.kind = Kind.VOID; // Void as void: null, as CompletableFuture<Void> completes with
      } else if (r.getKind().isPrimitive()) {
        unsupported =
            "a primitive cannot be null, which a 204 or an empty body reads as: return "
                + processingEnv
                    .getTypeUtils()
                    .boxedClass((javax.lang.model.type.PrimitiveType) r)
                    .getSimpleName();
      } else if (erasureIs(r, "java.util.concurrent.CompletableFuture")) {
        TypeMirror a = containedIn(r, "java.util.concurrent.CompletableFuture");
        if (erasureIs(a, "java.net.http.HttpResponse")) {
          method.kind = Kind.ASYNC_RESPONSE;
          method.read = containedIn(a, "java.net.http.HttpResponse");
          if (erasureIs(method.read, "java.lang.Void")) {
            method.kind = Kind.ASYNC_VOID_RESPONSE;
            method.read = null;
          }
        } else if (erasureIs(a, "java.lang.Void")) {
          method.kind = Kind.ASYNC_VOID;
        } else if (erasureIs(a, "java.util.stream.Stream")) {
          method.kind = Kind.ASYNC_STREAM;
          method.read = containedIn(a, "java.util.stream.Stream");
        } else {
          method.kind = Kind.ASYNC_VALUE;
          method.read = a;
        }
      } else if (erasureIs(r, "java.net.http.HttpRequest")) {
        method.kind = Kind.REQUEST; // built, not sent
      } else if (erasureIs(r, "java.net.http.HttpResponse")) {
        method.kind = Kind.RESPONSE;
        method.read = containedIn(r, "java.net.http.HttpResponse");
        if (erasureIs(method.read, "java.lang.Void")) {
          method.kind = Kind.VOID_RESPONSE;
          method.read = null;
        }
      } else if (erasureIs(r, "java.util.stream.Stream")) {
        TypeMirror e = containedIn(r, "java.util.stream.Stream");
        if (erasureIs(e, "dev.httpjson.ServerSentEvent")) {
          method.kind = Kind.EVENTS;
          method.read = containedIn(e, "dev.httpjson.ServerSentEvent");
        } else {
          method.kind = paged ? Kind.PAGED : Kind.STREAM;
          method.read = e;
        }
      } else if (erasureIs(r, "java.util.concurrent.Future")
          || erasureIs(r, "java.util.concurrent.CompletionStage")
          || erasureIs(r, "java.util.Optional")) {
        unsupported =
            erasureIs(r, "java.util.Optional")
                ? "return the value itself, null for a 204 or an empty body" + NOT_FOUND
                : "return a CompletableFuture";
      } else {
        method.kind = Kind.VALUE;
        method.read = r;
      }
      if (unsupported == null
          && method.read != null
          && erasureIs(method.read, "java.util.Optional")
          && method.kind != Kind.STREAM
          && method.kind != Kind.ASYNC_STREAM
          && method.kind != Kind.PAGED
          && method.kind != Kind.EVENTS) {
        // A 204 or an empty body reads as null, never as an empty Optional.
        unsupported = "read the value itself, null for a 204 or an empty body" + NOT_FOUND;
      }
      if (unsupported == null && method.read != null && !concrete(method.read)) {
        unsupported = "name a type without a type variable, a wildcard or a raw type";
      }
      String held = method.read == null || unsupported != null ? null : notJson(method.read);
      if (held != null) {
        unsupported =
            "its JSON would be read as " + source(method.read) + ", and JSON holds no " + held;
      }
      if (unsupported == null) {
        String v = method.verb;
        boolean get = v.equals("GET");
        switch (method.kind) {
          case STREAM:
          case ASYNC_STREAM:
          case PAGED:
            if (!get) {
              unsupported = "a stream of elements is read from a GET";
            }
            break;
          case EVENTS:
            if (!get && !(v.equals("POST") && (method.body != null || method.encoding != null))) {
              unsupported = "events come from a GET or a POST with a @Body";
            }
            break;
          default:
            break;
        }
      }
      if (unsupported != null) {
        fail(
            m,
            "unsupported return type "
                + source(r)
                + " of "
                + m.getSimpleName()
                + ": "
                + unsupported);
        return;
      }
      if (paged && method.kind != Kind.PAGED) {
        fail(m, annotation(m, "Paged"), "@Paged needs a @GET method returning Stream<T>");
        return;
      }
      if (paged) {
        paging(method, annotation(m, "Paged"));
      }
      if (method.kind == Kind.REQUEST) {
        if ((method.body != null || method.encoding != null)
            && !declares(m, "java.io.IOException")) {
          fail(
              m,
              m.getSimpleName()
                  + " must declare throws IOException: writing the body of the request it returns"
                  + " may fail");
        }
        return;
      }
      boolean blocking =
          method.kind != Kind.ASYNC_VALUE
              && method.kind != Kind.ASYNC_RESPONSE
              && method.kind != Kind.ASYNC_VOID
              && method.kind != Kind.ASYNC_VOID_RESPONSE
              && method.kind != Kind.ASYNC_STREAM;
      if (blocking
          && (!declares(m, "java.io.IOException")
              || !declares(m, "java.lang.InterruptedException"))) {
        fail(
            m,
            m.getSimpleName()
                + " must declare throws IOException, InterruptedException: a blocking call fails"
                + " with them (or return a CompletableFuture)");
      }
    }

    /**
     * Checks {@code @Paged}'s attributes and keeps the {@code Paging} they make, or none for a
     * method that follows {@code Link} headers through a page that is an array.
     */
    void paging(Method method, AnnotationMirror a) {
      String items = attribute(a, "items");
      String cursor = attribute(a, "cursor");
      String parameter = attribute(a, "parameter");
      String next = attribute(a, "next");
      String more = attribute(a, "hasMore");
      boolean ok = true;
      for (String[] p :
          List.of(
              new String[] {"items", items},
              new String[] {"cursor", cursor},
              new String[] {"next", next},
              new String[] {"hasMore", more})) {
        String problem = pointerProblem(p[1]);
        if (problem != null) {
          fail(
              method.element,
              a,
              "@Paged(" + p[0] + ") is not a JSON Pointer (" + problem + "): \"" + p[1] + "\"");
          ok = false;
        }
      }
      if (!cursor.isEmpty() && parameter.isEmpty()) {
        fail(
            method.element,
            a,
            "@Paged(cursor) needs parameter: the query parameter that carries the cursor");
        ok = false;
      }
      if (cursor.isEmpty() && !parameter.isEmpty()) {
        fail(
            method.element,
            a,
            "@Paged(parameter) needs cursor: the JSON Pointer of the cursor it carries");
        ok = false;
      }
      if (parameter.indexOf('=') >= 0 || parameter.indexOf('&') >= 0) {
        fail(
            method.element,
            a,
            "@Paged(parameter) is not a query parameter name: it contains '=' or '&'");
        ok = false;
      }
      if (!cursor.isEmpty() && !next.isEmpty()) {
        fail(
            method.element, a, "@Paged(cursor) and @Paged(next) both name the next page: keep one");
        ok = false;
      }
      if (!ok || (items.isEmpty() && cursor.isEmpty() && next.isEmpty() && more.isEmpty())) {
        return;
      }
      StringBuilder b =
          new StringBuilder("dev.httpjson.Paging.items(")
              .append(literal(items))
              .append(
                  ", \0)"); // the type field, named once the index is known (a literal has no NUL)
      if (!cursor.isEmpty()) {
        b.append(".cursor(").append(literal(cursor)).append(", ").append(literal(parameter));
        b.append(')');
      }
      if (!next.isEmpty()) {
        b.append(".next(").append(literal(next)).append(')');
      }
      if (!more.isEmpty()) {
        b.append(".hasMore(").append(literal(more)).append(')');
      }
      method.paging = b.toString();
    }

    String attribute(AnnotationMirror a, String name) {
      for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v :
          processingEnv.getElementUtils().getElementValuesWithDefaults(a).entrySet()) {
        if (v.getKey().getSimpleName().contentEquals(name)) {
          return (String) v.getValue().getValue();
        }
      }
      return "";
    }

    boolean declares(ExecutableElement m, String exception) {
      TypeMirror x = processingEnv.getElementUtils().getTypeElement(exception).asType();
      for (TypeMirror t : thrown(m)) {
        if (processingEnv.getTypeUtils().isAssignable(x, t)) {
          return true;
        }
      }
      return false;
    }

    void write(List<Method> methods) {
      String binary = processingEnv.getElementUtils().getBinaryName(api).toString();
      String pkg = processingEnv.getElementUtils().getPackageOf(api).getQualifiedName().toString();
      // The interface's binary name in its package, $ kept: two interfaces never share one, so
      // two generated classes never share a name (Outer.Api is HttpJson_Outer$Api, Outer_Api is
      // HttpJson_Outer_Api).
      String simple = "HttpJson_" + (pkg.isEmpty() ? binary : binary.substring(pkg.length() + 1));
      String self = api.getQualifiedName().toString();
      StringBuilder s = new StringBuilder();
      if (!pkg.isEmpty()) {
        s.append("package ").append(pkg).append(";\n\n");
      }
      s.append("/** Generated by httpjson-interfaces from {@link ").append(self).append("}. */\n");
      // The interface, a method or a type it names may be deprecated, even for removal, and a
      // parameter's type may be raw: the implementation uses them as the interface declares them
      // (which warns, where it declares them, of what it does not suppress), and warns of nothing.
      s.append("@java.lang.SuppressWarnings({\"deprecation\", \"removal\", \"rawtypes\"})\n");
      s.append("final class ").append(simple).append(" implements ").append(self).append(" {\n");
      // A nested factory class and StringBuilder chains, not a method reference or string
      // concatenation: neither bootstraps an invokedynamic call site, which a cold start pays for.
      s.append("  static {\n    ")
          .append(SUPPORT)
          .append(".register(java.lang.invoke.MethodHandles.lookup(), ")
          .append(self)
          .append(".class, new Factory());\n  }\n\n");
      s.append(
              "  private static final class Factory\n      implements java.util.function.Function<")
          .append(CLIENT)
          .append(", ")
          .append(self)
          .append("> {\n    @java.lang.Override\n    public ")
          .append(self)
          .append(" apply(")
          .append(CLIENT)
          .append(" client) {\n      return new ")
          .append(simple)
          .append("(client);\n    }\n  }\n\n");
      s.append("  private final ").append(CLIENT).append(" client;\n");
      s.append("  private final ").append(CLIENT).append(" base;\n");
      for (Method m : methods) {
        if (m.kind == Kind.CLIENT) {
          continue;
        }
        if (!client(m).equals("base")) {
          s.append("  private final ").append(CLIENT).append(" c").append(m.index).append(";\n");
        }
        if (m.read != null) {
          s.append("  private final ")
              .append(TYPE)
              .append('<')
              .append(source(m.read))
              .append("> t")
              .append(m.index)
              .append(";\n");
        }
        if (m.paging != null) {
          s.append("  private final dev.httpjson.Paging<?, ")
              .append(source(m.read))
              .append("> paging")
              .append(m.index)
              .append(";\n");
        }
      }
      s.append("\n  private ").append(simple).append("(").append(CLIENT).append(" client) {\n");
      s.append("    this.client = java.util.Objects.requireNonNull(client, \"client == null\");\n");
      s.append("    this.base = client").append(adjust(headers, timeout)).append(";\n");
      for (Method m : methods) {
        if (m.kind == Kind.CLIENT) {
          continue;
        }
        String c = client(m);
        if (m.url == null) {
          // The method's template, for the interceptors' Chain.route(): bound once, here.
          s.append("    this.")
              .append(c)
              .append(" = ")
              .append(SUPPORT)
              .append(".route(client")
              .append(adjust(m.headers, m.timeout))
              .append(", ")
              .append(literal(m.template))
              .append(");\n");
        } else if (!c.equals("base")) {
          s.append("    this.")
              .append(c)
              .append(" = client")
              .append(adjust(constants(m), m.timeout))
              .append(";\n");
        }
        if (m.read != null) {
          s.append("    this.t")
              .append(m.index)
              .append(" = ")
              .append(jsonType(m.read, c))
              .append(";\n");
        }
        if (m.paging != null) {
          s.append("    this.paging")
              .append(m.index)
              .append(" = ")
              .append(m.paging.replace("\0", "this.t" + m.index))
              .append(";\n");
        }
      }
      s.append("  }\n");
      for (Method m : methods) {
        s.append('\n');
        method(s, m);
      }
      s.append("\n  @java.lang.Override\n  public java.lang.String toString() {\n    return ")
          .append(SUPPORT)
          .append(".describe(")
          .append(literal(api.getSimpleName().toString()))
          .append(", client);\n  }\n");
      s.append("}\n");
      String file = pkg.isEmpty() ? simple : pkg + "." + simple;
      try (Writer w = processingEnv.getFiler().createSourceFile(file, api).openWriter()) {
        w.write(s.toString());
      } catch (IOException e) {
        error(api, "cannot write " + file + ": " + e.getMessage());
      }
    }

    String client(Method m) {
      return m.url == null
              || !m.headers.equals(headers)
              || !java.util.Objects.equals(m.timeout, timeout)
              || !credentials(m).isEmpty()
          ? "c" + m.index
          : "base";
    }

    /**
     * The {@code name, value} pairs of {@code m}'s constant headers that carry a credential when
     * {@code m} takes a {@code @Url}, which may name another origin: sent per call, to the base
     * URI's origin only.
     */
    List<String> credentials(Method m) {
      List<String> out = new ArrayList<>();
      for (int i = 0; m.url != null && i < m.headers.size(); i += 2) {
        String name = m.headers.get(i).toLowerCase(Locale.ROOT);
        if (CREDENTIAL_HEADERS.contains(name)) {
          out.add(m.headers.get(i));
          out.add(m.headers.get(i + 1));
        }
      }
      return out;
    }

    /** {@code m}'s constant headers but for {@link #credentials}. */
    List<String> constants(Method m) {
      List<String> out = new ArrayList<>(m.headers);
      List<String> credentials = credentials(m);
      for (int i = 0; i < credentials.size(); i += 2) {
        for (int j = out.size() - 2; j >= 0; j -= 2) {
          if (out.get(j).equals(credentials.get(i))
              && out.get(j + 1).equals(credentials.get(i + 1))) {
            out.remove(j + 1);
            out.remove(j);
          }
        }
      }
      return out;
    }

    String adjust(List<String> headers, String timeout) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < headers.size(); i += 2) {
        b.append(".withHeader(")
            .append(literal(headers.get(i)))
            .append(", ")
            .append(literal(headers.get(i + 1)))
            .append(')');
      }
      if (timeout != null) {
        b.append(".withTimeout(java.time.Duration.parse(").append(literal(timeout)).append("))");
      }
      return b.toString();
    }

    String jsonType(TypeMirror type, String client) {
      if (plain(type)) {
        String raw =
            ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
        return TYPE + ".of(" + raw + ".class, " + client + ".options())";
      }
      return "new " + TYPE + "<" + source(type) + ">() {}.withOptions(" + client + ".options())";
    }

    /**
     * Whether {@code type} is its class, which its class literal names: no type argument, on it or
     * on a class it is a member of ({@code G<String>.In} is no {@code G.In}).
     */
    boolean plain(TypeMirror type) {
      if (type.getKind() != TypeKind.DECLARED) {
        return type.getKind() == TypeKind.NONE;
      }
      DeclaredType d = (DeclaredType) type;
      return d.getTypeArguments().isEmpty()
          && ((TypeElement) d.asElement()).getTypeParameters().isEmpty()
          && plain(d.getEnclosingType());
    }

    void method(StringBuilder s, Method m) {
      ExecutableElement e = m.element;
      // Qualified, as every name it writes: a class of the package or a member type of the
      // interface may be named Override.
      s.append("  @java.lang.Override\n  public ")
          .append(source(returnType(e)))
          .append(' ')
          .append(e.getSimpleName())
          .append('(');
      List<? extends VariableElement> ps = e.getParameters();
      for (int i = 0; i < ps.size(); i++) {
        if (i > 0) {
          s.append(", ");
        }
        s.append("final ").append(source(type(ps.get(i)))).append(' ').append("p").append(i);
      }
      s.append(')');
      List<? extends TypeMirror> thrown = thrown(e);
      for (int i = 0; i < thrown.size(); i++) {
        s.append(i == 0 ? " throws " : ", ").append(source(thrown.get(i)));
      }
      s.append(" {\n");
      if (m.kind == Kind.CLIENT) {
        s.append("    return client;\n  }\n");
        return;
      }
      s.append("    ").append(CLIENT).append(" $c = ").append(client(m)).append(";\n");
      for (Param p : m.params) {
        if (p.role == Role.HEADER) {
          boolean primitive = p.element.asType().getKind().isPrimitive();
          if (!primitive) {
            s.append("    if (").append(p.var()).append(" != null) {\n  ");
          }
          s.append("    $c = $c.withHeader(")
              .append(literal(p.name))
              .append(", java.lang.String.valueOf(")
              .append(p.var())
              .append("));\n");
          if (!primitive) {
            s.append("    }\n");
          }
        }
      }
      for (Param p : m.params) {
        if (p.role == Role.HEADERMAP) {
          line(s, "$c = %s.headerMap($c, %s, %s);", SUPPORT, literal(p.name), p.var());
        }
      }
      if (m.customizer != null) {
        // Named as the interface names it: the generated parameter's own name says nothing.
        line(
            s,
            "java.util.Objects.requireNonNull(%s, %s);",
            m.customizer.var(),
            literal(
                "UnaryOperator<HttpJsonClient> parameter "
                    + m.customizer.element.getSimpleName()
                    + " of "
                    + e.getSimpleName()
                    + " is null"));
        s.append("    $c = java.util.Objects.requireNonNull(")
            .append(m.customizer.var())
            .append(".apply($c), \"")
            .append(m.customizer.element.getSimpleName())
            .append(" returned null\");\n");
      }
      List<String> parts =
          m.url != null
              ? List.of(SUPPORT + ".url(" + literal(m.url.name) + ", " + m.url.var() + ")")
              : path(m);
      boolean query = false;
      for (Param p : m.params) {
        query |= p.role == Role.QUERY || p.role == Role.QUERYMAP;
      }
      if (parts.size() == 1 && !query) {
        s.append("    java.lang.String $uri = ").append(parts.get(0)).append(";\n");
      } else {
        s.append("    java.lang.StringBuilder $b = new java.lang.StringBuilder(64)");
        for (String part : parts) {
          s.append(".append(").append(part).append(')');
        }
        s.append(";\n");
        for (Param p : m.params) {
          if (p.role == Role.QUERY) {
            s.append("    ")
                .append(SUPPORT)
                .append(".query($b, ")
                .append(literal(p.name))
                .append(", ")
                .append(p.var())
                .append(");\n");
          } else if (p.role == Role.QUERYMAP) {
            line(s, "%s.queryMap($b, %s, %s);", SUPPORT, literal(p.name), p.var());
          }
        }
        s.append("    java.lang.String $uri = $b.toString();\n");
      }
      List<String> credentials = credentials(m);
      for (int i = 0; i < credentials.size(); i += 2) {
        line(
            s,
            "$c = %s.originHeader($c, $uri, %s, %s);",
            SUPPORT,
            literal(credentials.get(i)),
            literal(credentials.get(i + 1)));
      }
      String t = "t" + m.index;
      String body = m.body == null ? null : m.body.var();
      if (m.encoding != null) {
        boolean form = m.encoding.equals("FormUrlEncoded");
        String type = form ? "dev.httpjson.FormContent" : "dev.httpjson.MultipartContent";
        boolean async =
            m.kind == Kind.ASYNC_VALUE
                || m.kind == Kind.ASYNC_RESPONSE
                || m.kind == Kind.ASYNC_VOID
                || m.kind == Kind.ASYNC_VOID_RESPONSE
                || m.kind == Kind.ASYNC_STREAM;
        line(s, "%s.Builder $parts = %s.newBuilder();", type, type);
        if (!form && async) {
          s.append("    try {\n  ");
        }
        for (Param p : m.params) {
          if (p.role == Role.FIELD) {
            line(s, "%s.field($parts, %s, %s);", SUPPORT, literal(p.name), p.var());
          } else if (p.role == Role.PART) {
            line(s, "%s.part($parts, $c, %s, %s);", SUPPORT, literal(p.name), p.var());
          }
        }
        if (!form && async) {
          line(s, "} catch (java.io.IOException $e) {");
          line(s, "  return java.util.concurrent.CompletableFuture.failedFuture($e);\n    }");
        }
        line(s, "%s $body = $parts.build();", type);
        body = "$body";
      }
      String v = m.verb;
      String lower = v.toLowerCase(Locale.ROOT);
      switch (m.kind) {
        case VALUE:
        case ASYNC_VALUE:
          String async = m.kind == Kind.ASYNC_VALUE ? "Async" : "";
          if (v.equals("GET") || v.equals("DELETE")) {
            line(s, "return $c.%sFromJson%s($uri, %s);", lower, async, t);
          } else if (body != null) {
            line(s, "return $c.%sAsJson%s($uri, %s, %s);", lower, async, body, t);
          } else if (async.isEmpty()) {
            line(s, "return $c.exchange(%s, %s).body();", request(m), t);
          } else {
            // The value's future, completed first by the caller (a cancel, a timeout), cancels the
            // exchange's, which aborts it, as a one-liner's future does.
            line(
                s,
                "java.util.concurrent.CompletableFuture<java.net.http.HttpResponse<%s>> $f ="
                    + " $c.exchangeAsync(%s, %s);",
                source(m.read),
                request(m),
                t);
            line(
                s,
                "%s $v = $f.thenApply(java.net.http.HttpResponse::body);",
                source(returnType(e)));
            line(s, "$v.whenComplete(($x, $y) -> $f.cancel(true));");
            line(s, "return $v;");
          }
          break;
        case RESPONSE:
          line(s, "return $c.exchange(%s, %s);", request(m), t);
          break;
        case ASYNC_RESPONSE:
          if (body != null && m.encoding == null) {
            line(s, "java.net.http.HttpRequest $r;\n    try {\n      $r = %s;", request(m));
            line(s, "} catch (dev.httpjson.JsonWriteException $e) {");
            line(s, "  return java.util.concurrent.CompletableFuture.failedFuture($e);\n    }");
            line(s, "return $c.exchangeAsync($r, %s);", t);
          } else {
            line(s, "return $c.exchangeAsync(%s, %s);", request(m), t);
          }
          break;
        case VOID:
        case VOID_RESPONSE:
        case ASYNC_VOID:
        case ASYNC_VOID_RESPONSE:
          // The status checked, the body dropped unparsed: Void reads no value.
          s.append(m.kind == Kind.VOID ? "    " : "    return ");
          if (m.kind == Kind.ASYNC_VOID) {
            s.append(SUPPORT).append(".completion(");
          }
          s.append(SUPPORT)
              .append(m.kind == Kind.VOID || m.kind == Kind.VOID_RESPONSE ? ".send" : ".sendAsync")
              .append("($c, ")
              .append(literal(v))
              .append(", $uri, ")
              .append(body != null)
              .append(", ")
              .append(body == null ? "null" : body)
              .append(m.kind == Kind.ASYNC_VOID ? "));\n" : ");\n");
          if (m.kind == Kind.VOID && returnType(e).getKind() != TypeKind.VOID) {
            line(s, "return null;");
          }
          break;
        case STREAM:
          s.append("    return $c.getFromJsonAsStream($uri, ").append(t).append(");\n");
          break;
        case ASYNC_STREAM:
          s.append("    return $c.getFromJsonAsStreamAsync($uri, ").append(t).append(");\n");
          break;
        case PAGED:
          s.append("    return $c.getFromJsonAsPagedStream($uri, ")
              .append(m.paging == null ? t : "this.paging" + m.index)
              .append(");\n");
          break;
        case REQUEST:
          line(s, "return %s.request($c, %s);", SUPPORT, request(m));
          break;
        case EVENTS:
          if (body != null) {
            s.append("    return $c.postAsJsonForEvents($uri, ")
                .append(body)
                .append(", ")
                .append(t)
                .append(");\n");
          } else {
            s.append("    return $c.getFromJsonAsEvents($uri, ").append(t).append(");\n");
          }
          break;
        default:
          throw new AssertionError(m.kind);
      }
      s.append("  }\n");
    }

    String request(Method m) {
      if (m.encoding != null) {
        return "$body.requestBuilder(\"" + m.verb + "\", $c.uri($uri)).build()";
      }
      if (m.body != null) {
        return content(m) + ".requestBuilder(\"" + m.verb + "\", $c.uri($uri)).build()";
      }
      return "java.net.http.HttpRequest.newBuilder($c.uri($uri)).method(\""
          + m.verb
          + "\", java.net.http.HttpRequest.BodyPublishers.noBody()).build()";
    }

    /**
     * The {@code JsonContent} of {@code m}'s body, in the media type of its {@code Content-Type}
     * header as a one-liner takes it from the call's headers (the first one: a {@code @Headers}
     * constant, else a {@code @Header} parameter's value), so that a method returning the response
     * or the request sends the body a method returning the value sends.
     */
    String content(Method m) {
      String json = "dev.httpjson.JsonContent.of(" + m.body.var() + ", $c.options())";
      for (int i = 0; i < m.headers.size(); i += 2) {
        if (m.headers.get(i).equalsIgnoreCase("Content-Type")) {
          return json + ".withMediaType(" + literal(m.headers.get(i + 1)) + ")";
        }
      }
      for (Param p : m.params) {
        if (p.role == Role.HEADER && p.name.equalsIgnoreCase("Content-Type")) {
          String typed = json + ".withMediaType(java.lang.String.valueOf(" + p.var() + "))";
          return p.element.asType().getKind().isPrimitive()
              ? typed
              : "(" + p.var() + " == null ? " + json + " : " + typed + ")";
        }
      }
      return json;
    }

    List<String> path(Method m) {
      String t = m.template;
      int q = t.indexOf('?');
      String path = q < 0 ? t : t.substring(0, q);
      Map<String, String> params = new LinkedHashMap<>();
      for (Param p : m.params) {
        if (p.role == Role.PATH) {
          params.put(p.name, p.var());
        }
      }
      List<String> parts = new ArrayList<>();
      Matcher matcher = PLACEHOLDER.matcher(path);
      int end = 0;
      while (matcher.find()) {
        if (matcher.start() > end) {
          parts.add(literal(path.substring(end, matcher.start())));
        }
        parts.add(
            SUPPORT
                + ".pathSegment("
                + literal(matcher.group(1))
                + ", "
                + params.get(matcher.group(1))
                + ")");
        end = matcher.end();
      }
      String tail = path.substring(end) + (q < 0 ? "" : t.substring(q));
      if (!tail.isEmpty() || parts.isEmpty()) {
        parts.add(literal(tail));
      }
      return parts;
    }
  }

  /**
   * {@code type} as source, every class named by its qualified name and no type-use annotation: a
   * {@code TypeMirror}'s own {@code toString()} prints an annotation inside a qualified name on JDK
   * 17 ({@code java.lang.@org.jspecify.annotations.Nullable String}, or before it), which is not
   * valid source there.
   */
  static String source(TypeMirror type) {
    switch (type.getKind()) {
      case BOOLEAN:
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
      case CHAR:
      case FLOAT:
      case DOUBLE:
      case VOID:
        return type.getKind().toString().toLowerCase(Locale.ROOT);
      case ARRAY:
        return source(((ArrayType) type).getComponentType()) + "[]";
      case DECLARED:
        {
          DeclaredType d = (DeclaredType) type;
          TypeElement e = (TypeElement) d.asElement();
          TypeMirror outer = d.getEnclosingType();
          StringBuilder b = new StringBuilder();
          if (outer.getKind() == TypeKind.DECLARED) {
            b.append(source(outer)).append('.').append(e.getSimpleName());
          } else {
            b.append(e.getQualifiedName());
          }
          List<? extends TypeMirror> args = d.getTypeArguments();
          for (int i = 0; i < args.size(); i++) {
            b.append(i == 0 ? "<" : ", ").append(source(args.get(i)));
          }
          return args.isEmpty() ? b.toString() : b.append('>').toString();
        }
      case WILDCARD:
        {
          WildcardType w = (WildcardType) type;
          if (w.getExtendsBound() != null) {
            return "? extends " + source(w.getExtendsBound());
          }
          return w.getSuperBound() != null ? "? super " + source(w.getSuperBound()) : "?";
        }
      case TYPEVAR:
        return ((TypeVariable) type).asElement().getSimpleName().toString();
      default:
        return type.toString();
    }
  }

  /** {@code variables} as declared, without bounds: {@code <K, V>}. */
  private static String variables(List<? extends TypeParameterElement> variables) {
    StringBuilder b = new StringBuilder();
    for (TypeParameterElement t : variables) {
      b.append(b.length() == 0 ? "<" : ", ").append(t.getSimpleName());
    }
    return b.append('>').toString();
  }

  /** Adds the {@code name, value} pairs of {@code more}, removing those of the same names first. */
  private static void override(List<String> headers, List<String> more) {
    for (int i = 0; i < more.size(); i += 2) {
      String name = more.get(i);
      for (int j = headers.size() - 2; j >= 0; j -= 2) {
        if (headers.get(j).equalsIgnoreCase(name)) {
          headers.remove(j + 1);
          headers.remove(j);
        }
      }
    }
    headers.addAll(more);
  }

  /**
   * What makes {@code pointer} no JSON Pointer (RFC 6901), or {@code null}: the rule {@code
   * dev.httpjson.Paging} applies when the generated class runs, checked here at compile time.
   */
  private static String pointerProblem(String pointer) {
    if (!pointer.isEmpty() && pointer.charAt(0) != '/') {
      return "it must be empty or start with '/'";
    }
    for (int i = 0; i < pointer.length(); i++) {
      if (pointer.charAt(i) == '~'
          && (i + 1 == pointer.length()
              || (pointer.charAt(i + 1) != '0' && pointer.charAt(i + 1) != '1'))) {
        return "'~' at index " + i + " is not followed by 0 or 1";
      }
    }
    return null;
  }

  /**
   * The index of the first character of a header value {@code java.net.http} rejects (one above
   * U+00FF, DEL, or a control character but tab), or -1.
   */
  private static int unsendable(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c > 0xff || c == 0x7f || (c < 0x20 && c != '\t')) {
        return i;
      }
    }
    return -1;
  }

  /** The index of the first unpaired surrogate of {@code text}, or -1. */
  private static int unpaired(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }

  private static String literal(String text) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"':
          b.append("\\\"");
          break;
        case '\\':
          b.append("\\\\");
          break;
        case '\n':
          b.append("\\n");
          break;
        case '\r':
          b.append("\\r");
          break;
        default:
          if (c < 0x20 || c > 0x7e) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
      }
    }
    return b.append('"').toString();
  }

  /** Appends one line of a generated method body, indented, from a format and its arguments. */
  private static void line(StringBuilder s, String format, Object... args) {
    s.append("    ").append(String.format(Locale.ROOT, format, args)).append('\n');
  }
}

package dev.httpjson.differential;

import dev.httpjson.differential.Differential.Disagreement;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place where disagreements the run finds today are let through. Each entry is a known bug
 * or an open decision of issue 29, with a failing test that names it (a {@code tofix} test in a
 * codec module, or a reproducer in {@link DisagreementsTest}), and matches only shrunk cases of one
 * shape: one literal (or one name) of a given form, read into a given kind of type, with exactly
 * the codecs named reading a value. When a fix lands, its tofix test passes, CI says so, and the
 * entry goes.
 */
final class KnownDisagreements {
  private KnownDisagreements() {}

  /** A known disagreement: its name, the test that reproduces it, and what it matches. */
  record Known(String name, String test, Predicate<Object> matches) {}

  /** A lone surrogate, written as an escape or (in a Java string) as a char. */
  private static final Pattern LONE_SURROGATE_ESCAPE =
      Pattern.compile(
          "(?i)\\\\ud[89ab][0-9a-f]{2}(?!\\\\ud[c-f])|(?<!\\\\ud[89ab][0-9a-f]{2})\\\\ud[c-f][0-9a-f]{2}");

  private static final String TOFIX = "DisagreementsTest#";

  static final List<Known> ALL =
      List.of(
          // ---- found by this run ----
          new Known(
              "README codec table: avaje refuses a key repeated in a Map (its map adapter)",
              "AvajeHostileBodyTest#repeatedMapKeyLastValueWins (a documented difference)",
              // No one literal: the shape is the repeated name, wherever it is.
              anyDocument(
                  d -> repeatedName(d.document().tree()) && refusedOnlyBy(d, Codecs.AVAJE))),
          new Known(
              "README codec table: avaje refuses a key repeated in a Map (its map adapter):"
                  + " there, before a later failure the others report",
              "AvajeHostileBodyTest#repeatedMapKeyLastValueWins (a documented difference)",
              anyDocument(
                  d ->
                      repeatedName(d.document().tree())
                          && othersAgreeBut(d, Codecs.AVAJE)
                          && !(d.of(Codecs.JACKSON) instanceof Outcome.Value)
                          && problemOf(d.of(Codecs.AVAJE)).startsWith("Duplicate key"))),
          new Known(
              "avaje-jsonb does not hold an element of a list in a list to its type: a later"
                  + " failure is the one it reports",
              TOFIX + "anElementOfAListInAListIsReadAsItsType",
              anyDocument(
                  d ->
                      noCrash(d)
                          && othersAgreeBut(d, Codecs.AVAJE)
                          && pathOf(d.of(Codecs.JACKSON)).matches(".*\\[\\d+\\]\\[\\d+\\]")
                          && !pathOf(d.of(Codecs.AVAJE)).isEmpty())),
          new Known(
              "avaje-jsonb does not hold an element of a list in a list to its type",
              TOFIX + "anElementOfAListInAListIsReadAsItsType",
              document(
                  d ->
                      Leaf.of(d).lists() >= 2
                          && noCrash(d)
                          && othersAgreeBut(d, Codecs.AVAJE)
                          && d.of(Codecs.AVAJE) instanceof Outcome.Value)),
          // ---- found by the widened run ----
          new Known(
              "README codec table: the length limits are counted in characters by Gson and"
                  + " avaje-jsonb, in digits by Jackson (a documented difference)",
              "NumberReadingContract (the codec table's row)",
              anyDocument(
                  d ->
                      d.document().target().variant == Target.Variant.LIMITS
                          && othersAgreeBut(d, Codecs.AVAJE, Codecs.GSON)
                          && messageOf(d.of(Codecs.GSON)).startsWith("Number value length")
                          && messageOf(d.of(Codecs.AVAJE)).startsWith("Number value length")
                          && longestNumber(d.document().tree()) > 24)),
          new Known(
              "avaje-jsonb does not hold a generic inside a generic of a record component to its"
                  + " type (an Optional or a Map in a List, an Optional of a Map)",
              TOFIX + "anElementOfAGenericInAGenericComponentIsReadAsItsType",
              anyDocument(
                  d ->
                      noCrash(d)
                          && othersAgreeBut(d, Codecs.AVAJE)
                          && !d.of(Codecs.AVAJE).agreesExactly(d.of(Codecs.JACKSON))
                          && (nestedGenericComponents(d.document().target())
                                  .contains(lower(component(pathOf(d.of(Codecs.JACKSON)))))
                              // a value or the elements before a failure: read otherwise
                              || (!(d.of(Codecs.AVAJE) instanceof Outcome.Refused)
                                  && names(d.document().tree()).stream()
                                      .map(n -> lower(n.substring(1, n.length() - 1)))
                                      .anyMatch(
                                          nestedGenericComponents(d.document().target())
                                              ::contains))))),
          new Known(
              "avaje-jsonb writes a Map<Integer, …> in a List component with a String key adapter",
              TOFIX + "aMapInAListComponentIsWrittenByItsKeyType",
              o ->
                  o instanceof Differential.RoundTrip r
                      && r.target().type == Shapes.Nested.class
                      && List.of(r.signature().split("; ")).stream()
                          .allMatch(part -> part.isBlank() || part.contains("avaje"))),
          new Known(
              "Jackson 3 and 2 hold an integer past a long to maxStringLength",
              TOFIX + "anIntegerPastALongIsHeldToTheNumberLimitNotTheStringLimit",
              anyDocument(
                  d ->
                      d.document().target().variant == Target.Variant.LIMITS
                          && noCrash(d)
                          && (messageOf(d.of(Codecs.JACKSON)).startsWith("String value length")
                              || messageOf(d.of(Codecs.JACKSON2)).startsWith("String value length"))
                          && numberTakenForAString(d))));

  /** The entry that {@code found} (a shrunk disagreement or round trip) is, if any. */
  static Known match(Object found) {
    Known known = single(found);
    return known == null && found instanceof Disagreement d ? parts(d) : known;
  }

  /**
   * A shrunk document that holds two known disagreements at once (removing either literal leaves
   * the other, so it shrinks no further): each smaller document that still disagrees is, as it is
   * or shrunk, a known entry, or is made of known entries in the same way, and there are at least
   * two of them.
   */
  private static Known parts(Disagreement d) {
    Set<String> names = partNames(d, 2);
    return names != null && names.size() >= 2
        ? new Known(
            "known disagreements in one document: " + String.join(" + ", names),
            "their entries' tests",
            o -> true)
        : null;
  }

  /** The entries the smaller disagreeing documents are, or null if one is none. */
  private static Set<String> partNames(Disagreement d, int depth) {
    Set<String> names = new java.util.TreeSet<>();
    for (Node smaller : d.document().tree().shrinks()) {
      Disagreement part = Differential.check(d.document().with(smaller));
      if (part == null) {
        continue;
      }
      Known known = single(part);
      if (known == null) {
        known = single(Differential.shrink(part)); // the same disagreement, smallest
      }
      if (known != null) {
        names.add(known.name());
        continue;
      }
      Set<String> inner = depth > 0 ? partNames(part, depth - 1) : null;
      if (inner == null || inner.size() < 2) {
        return null;
      }
      names.addAll(inner);
    }
    return names;
  }

  private static Known single(Object found) {
    for (Known known : ALL) {
      if (known.matches().test(found)) {
        return known;
      }
    }
    return null;
  }

  private static Predicate<Object> document(Predicate<Disagreement> p) {
    return o -> o instanceof Disagreement d && Leaf.of(d) != null && p.test(d);
  }

  /** A shrunk document of any shape (a repeated name has two members, so no one literal). */
  private static Predicate<Object> anyDocument(Predicate<Disagreement> p) {
    return o -> o instanceof Disagreement d && p.test(d);
  }

  // ---- the shrunk document's one literal, and the type it is read into ----

  /**
   * The one literal a shrunk document holds (through single-member objects and arrays), and its
   * type.
   */
  record Leaf(String text, Type type, boolean inName, int lists) {
    static Leaf of(Disagreement d) {
      Node tree = d.document().tree();
      if (d.document().target().stream != null) {
        List<Node> elements =
            tree instanceof Node.Lines lines
                ? lines.elements()
                : tree instanceof Node.Array array ? array.elements() : List.of(tree);
        return elements.size() == 1 ? walk(elements.get(0), d.document().target().type, 0) : null;
      }
      return walk(tree, d.document().target().type, 0);
    }

    /** {@code lists}: how many arrays (read into a list or an array) hold the node. */
    private static Leaf walk(Node node, Type type, int lists) {
      Class<?> raw = Generator.raw(type);
      if (raw == Optional.class) {
        return walk(node, argument(type, 0), lists);
      }
      if (node instanceof Node.Literal literal) {
        return new Leaf(literal.text(), type, false, lists);
      }
      if (node instanceof Node.Array array && array.elements().isEmpty()) {
        return new Leaf("[]", type, false, lists);
      }
      if (node instanceof Node.Obj empty && empty.members().isEmpty()) {
        return new Leaf("{}", type, false, lists);
      }
      if (node instanceof Node.Array array) {
        Type element =
            raw == List.class
                ? argument(type, 0)
                : raw.isArray() ? raw.getComponentType() : Object.class;
        return array.elements().size() == 1
            ? walk(array.elements().get(0), element, lists + 1)
            : null;
      }
      if (!(node instanceof Node.Obj obj)) {
        return null;
      }
      if (obj.members().size() != 1) {
        return null;
      }
      Node.Member member = obj.members().get(0);
      Type inner = Object.class;
      if (raw == java.util.Map.class) {
        inner = argument(type, 1);
      } else if (raw.isRecord()) {
        String name = unescape(member.name().substring(1, member.name().length() - 1));
        inner = null;
        for (RecordComponent component : raw.getRecordComponents()) {
          if (component.getName().equalsIgnoreCase(name)) {
            inner = component.getGenericType();
          }
        }
        if (inner == null) {
          return new Leaf(
              member.name(),
              Object.class,
              true,
              lists); // an unknown member: its name is what counts
        }
      }
      if (LONE_SURROGATE_ESCAPE.matcher(member.name()).find()) {
        return new Leaf(member.name(), Object.class, true, lists);
      }
      return walk(member.value(), inner, lists);
    }

    private static String unescape(String name) {
      Matcher m = Pattern.compile("\\\\u([0-9a-fA-F]{4})").matcher(name);
      StringBuilder out = new StringBuilder();
      while (m.find()) {
        m.appendReplacement(
            out, Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(m.group(1), 16))));
      }
      return m.appendTail(out).toString();
    }

    private static Type argument(Type type, int index) {
      return type instanceof ParameterizedType p ? p.getActualTypeArguments()[index] : Object.class;
    }
  }

  private static String leaf(Disagreement d) {
    return Leaf.of(d).text();
  }

  private static boolean leafIs(Disagreement d, String text) {
    return !Leaf.of(d).inName() && leaf(d).equals(text);
  }

  private static Class<?> leafType(Disagreement d) {
    return Generator.raw(Leaf.of(d).type());
  }

  private static Kind leafKind(Disagreement d) {
    try {
      return Leaf.of(d).inName() ? Kind.ANY : Generator.kind(leafType(d));
    } catch (IllegalArgumentException e) {
      return Kind.ANY;
    }
  }

  private static boolean hasLoneSurrogateName(Disagreement d) {
    return names(d.document().tree()).stream()
        .anyMatch(n -> LONE_SURROGATE_ESCAPE.matcher(n).find());
  }

  private static List<String> names(Node node) {
    List<String> names = new java.util.ArrayList<>();
    if (node instanceof Node.Obj obj) {
      for (Node.Member member : obj.members()) {
        names.add(member.name());
        names.addAll(names(member.value()));
      }
    } else if (node instanceof Node.Array array) {
      array.elements().forEach(e -> names.addAll(names(e)));
    }
    return names;
  }

  /**
   * A name as a map reads it: escapes decoded, a number as the double it denotes ({@code -0} as
   * {@code 0}, one key in a {@code Map<Integer, …>}), and a UUID's canonical text as that UUID (its
   * hex digits in either case).
   */
  private static String asKey(String name) {
    String text = Leaf.unescape(name.substring(1, name.length() - 1));
    if (text.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?")) {
      double number = Double.parseDouble(text);
      return "number " + (number == 0 ? 0.0 : number); // "0" and "-0": one Integer key
    }
    if (text.matches("\\p{XDigit}{8}(-\\p{XDigit}{4}){3}-\\p{XDigit}{12}")) {
      return "uuid " + lower(text);
    }
    try {
      return "instant " + java.time.Instant.parse(text); // "…T…Z" and "…t…z": one Instant key
    } catch (java.time.format.DateTimeParseException e) {
      // not an instant
    }
    return text;
  }

  /** Two members of one object with the same name. */
  private static boolean repeatedName(Node node) {
    if (node instanceof Node.Obj obj) {
      Set<String> seen = new java.util.HashSet<>();
      for (Node.Member member : obj.members()) {
        // As read: "\u0052ED" and "RED" are one name, "1" and "1e0" one number key.
        if (!seen.add(asKey(member.name())) || repeatedName(member.value())) {
          return true;
        }
      }
    } else if (node instanceof Node.Array array) {
      return array.elements().stream().anyMatch(KnownDisagreements::repeatedName);
    }
    return false;
  }

  // ---- who read a value ----

  /** Exactly {@code codecs} read a value (from bytes and from text alike); the others refused. */
  private static boolean onlyRead(Disagreement d, Codecs... codecs) {
    Set<Codecs> reading = EnumSet.noneOf(Codecs.class);
    for (var entry : d.outcomes().entrySet()) {
      if (entry.getValue() instanceof Outcome.Crashed) {
        return false;
      }
      if (entry.getValue() instanceof Outcome.Value) {
        reading.add(entry.getKey().codec());
      } else if (List.of(codecs).contains(entry.getKey().codec())) {
        return false;
      }
    }
    return reading.equals(
            codecs.length == 0 ? EnumSet.noneOf(Codecs.class) : EnumSet.copyOf(List.of(codecs)))
        && agreeAmong(d, codecs);
  }

  private static boolean onlyReads(Disagreement d, Codecs codec) {
    return onlyRead(d, codec);
  }

  private static boolean refusedOnlyBy(Disagreement d, Codecs codec) {
    EnumSet<Codecs> others = EnumSet.allOf(Codecs.class);
    others.remove(codec);
    return onlyRead(d, others.toArray(new Codecs[0]));
  }

  /** The problem of a refusal (the first line), or empty. */
  private static String problemOf(Outcome o) {
    String problem =
        o instanceof Outcome.Refused r
            ? r.problem()
            : o instanceof Outcome.Cut c ? c.problem() : null;
    return problem == null ? "" : problem;
  }

  /** The JSON path of a refusal, or empty. */
  private static String pathOf(Outcome o) {
    String path =
        o instanceof Outcome.Refused r ? r.path() : o instanceof Outcome.Cut c ? c.path() : null;
    return path == null ? "" : path;
  }

  private static boolean noCrash(Disagreement d) {
    return d.outcomes().values().stream().noneMatch(o -> o instanceof Outcome.Crashed);
  }

  private static boolean allRead(Disagreement d) {
    return d.outcomes().values().stream().allMatch(o -> o instanceof Outcome.Value);
  }

  /** The others agree on one value; {@code odd} reads another. */
  private static boolean othersAgreeBut(Disagreement d, Codecs... odd) {
    EnumSet<Codecs> others = EnumSet.allOf(Codecs.class);
    others.removeAll(List.of(odd));
    return agreeAmong(d, others.toArray(new Codecs[0]));
  }

  private static boolean agreeAmong(Disagreement d, Codecs... codecs) {
    Outcome first = null;
    for (var entry : d.outcomes().entrySet()) {
      if (List.of(codecs).contains(entry.getKey().codec())) {
        if (first == null) {
          first = entry.getValue();
        } else if (!first.agreesExactly(entry.getValue())) {
          return false;
        }
      }
    }
    return true;
  }

  /** The longest number literal of a document, in characters. */
  private static int longestNumber(Node node) {
    return literals(node).stream()
        .filter(t -> t.matches("-?[0-9].*"))
        .mapToInt(String::length)
        .max()
        .orElse(0);
  }

  /**
   * Whether a Jackson codec's "String value length (n)" is about a number: the document holds a
   * number literal of n characters and no string of n chars.
   */
  private static boolean numberTakenForAString(Disagreement d) {
    List<String> literals = literals(d.document().tree());
    for (Codecs codec : List.of(Codecs.JACKSON, Codecs.JACKSON2)) {
      Matcher m =
          Pattern.compile("^String value length \\((\\d+)\\)").matcher(messageOf(d.of(codec)));
      if (m.find()) {
        int n = Integer.parseInt(m.group(1));
        // (a mutation may have cut the document's last character, the number's)
        int cut = d.document().mutation() == Mutation.NONE ? 0 : 1;
        boolean number =
            literals.stream()
                .anyMatch(t -> t.matches("-?[0-9].*") && t.length() >= n && t.length() <= n + cut);
        boolean string =
            literals.stream()
                .filter(t -> t.startsWith("\""))
                .anyMatch(t -> Leaf.unescape(t.substring(1, t.length() - 1)).length() == n);
        if (number && !string) {
          return true;
        }
      }
    }
    return false;
  }

  /** The message of a refusal (its problem first, a place and the type read after), or empty. */
  private static String messageOf(Outcome o) {
    String message =
        o instanceof Outcome.Refused r
            ? r.message()
            : o instanceof Outcome.Cut c ? c.message() : null;
    return message == null ? "" : message;
  }

  private static List<String> literals(Node node) {
    List<String> out = new java.util.ArrayList<>();
    if (node instanceof Node.Literal literal) {
      out.add(literal.text());
    } else if (node instanceof Node.Obj obj) {
      obj.members().forEach(m -> out.addAll(literals(m.value())));
    } else if (node instanceof Node.Array array) {
      array.elements().forEach(e -> out.addAll(literals(e)));
    } else if (node instanceof Node.Lines lines) {
      lines.elements().forEach(e -> out.addAll(literals(e)));
    }
    return out;
  }

  /**
   * The components of a target's record (or its stream's element) whose type has a generic type
   * inside a generic type: {@code List<Optional<Integer>>}, {@code Optional<Map<String, Long>>}.
   */
  private static Set<String> nestedGenericComponents(Target target) {
    Set<String> names = new java.util.HashSet<>();
    Class<?> raw = Generator.raw(target.type);
    if (raw.isRecord()) {
      for (RecordComponent component : raw.getRecordComponents()) {
        if (component.getGenericType() instanceof ParameterizedType p
            && List.of(p.getActualTypeArguments()).stream()
                .anyMatch(a -> a instanceof ParameterizedType)) {
          names.add(lower(component.getName()));
        }
      }
    }
    return names;
  }

  /** The first property a JSON path names ({@code maybes} of {@code $[0].maybes[1]}), or empty. */
  private static String component(String path) {
    Matcher m = Pattern.compile("^\\$(?:\\[\\d+\\])?\\.([A-Za-z_][A-Za-z0-9_]*)").matcher(path);
    return m.find() ? m.group(1) : "";
  }

  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}

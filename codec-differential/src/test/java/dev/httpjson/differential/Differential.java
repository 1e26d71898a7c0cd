package dev.httpjson.differential;

import dev.httpjson.JsonReadException;
import dev.httpjson.JsonWriteException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads a document with every codec (from bytes and from text), and writes a value with every codec
 * and reads each output back with every codec; finds where they disagree and shrinks the case to
 * the smallest one that disagrees the same way.
 */
final class Differential {
  private Differential() {}

  /** One way of reading: a codec, from bytes ({@code fromJson(byte[])}) or text. */
  record Reader(Codecs codec, boolean text) {
    static final List<Reader> ALL;

    static {
      List<Reader> all = new ArrayList<>();
      for (Codecs codec : Codecs.ALL) {
        all.add(new Reader(codec, false));
      }
      for (Codecs codec : Codecs.ALL) {
        all.add(new Reader(codec, true));
      }
      ALL = List.copyOf(all);
    }

    Outcome read(Target target, byte[] bytes, String json) {
      if (target.stream != null) {
        return Streams.read(target, codec, bytes);
      }
      try {
        Object value = text ? target.in(codec).fromJson(json) : target.in(codec).fromJson(bytes);
        return new Outcome.Value(value);
      } catch (JsonReadException e) {
        return Outcome.Refused.of(e);
      } catch (RuntimeException | Error | dev.httpjson.HttpJsonException e) {
        return new Outcome.Crashed(e);
      }
    }

    @Override
    public String toString() {
      return codec.label + (text ? " (text)" : "");
    }
  }

  /** A document: its target, its tree and what was done to its text. */
  record Document(Target target, Node tree, Mutation mutation) {
    byte[] bytes() {
      return mutation.apply(tree.text());
    }

    Document with(Node smaller) {
      return new Document(target, smaller, mutation);
    }

    @Override
    public String toString() {
      return Show.document(bytes()) + "  →  " + target;
    }
  }

  /** The outcome of each reader for one document, when not all agree. */
  record Disagreement(Document document, Map<Reader, Outcome> outcomes) {
    /** Who agrees with whom, and on what kind of outcome: what shrinking keeps. */
    String signature() {
      return Differential.signature(outcomes);
    }

    Outcome of(Codecs codec) {
      return outcomes.get(new Reader(codec, false));
    }

    String report() {
      StringBuilder out = new StringBuilder();
      out.append("  document: ").append(Show.document(document.bytes())).append('\n');
      out.append("  target:   ").append(document.target()).append('\n');
      if (document.mutation() != Mutation.NONE) {
        out.append("  mutation: ").append(document.mutation()).append('\n');
      }
      outcomes.forEach(
          (reader, outcome) -> out.append(String.format("  %-13s %s%n", reader, outcome)));
      return out.toString();
    }
  }

  static Map<Reader, Outcome> read(Document document) {
    byte[] bytes = document.bytes();
    boolean json = document.mutation().valid() && isJson(bytes);
    Map<Reader, Outcome> outcomes = new LinkedHashMap<>();
    for (Reader reader : Reader.ALL) {
      if (reader.text() && (!document.mutation().hasText() || document.target().stream != null)) {
        continue;
      }
      String text =
          reader.text() ? new String(bytes, java.nio.charset.StandardCharsets.UTF_8) : null;
      Outcome outcome = reader.read(document.target(), bytes, text);
      outcomes.put(reader, json ? outcome : outcome.placeless());
    }
    return outcomes;
  }

  private static final tools.jackson.databind.json.JsonMapper SYNTAX =
      tools.jackson.databind.json.JsonMapper.builder()
          .enable(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  /**
   * Whether {@code bytes} are JSON a strict parser reads (a generated literal may not be: a bad
   * escape, {@code 1_000}, a lone surrogate in a name). Only there is a failure's path compared: a
   * parser that refuses the text stops where it stops.
   */
  private static boolean isJson(byte[] bytes) {
    try {
      SYNTAX.readTree(bytes);
      return true;
    } catch (tools.jackson.core.JacksonException e) {
      return false;
    }
  }

  /** The disagreement on {@code document}, or null when every reader agrees. */
  static Disagreement check(Document document) {
    Map<Reader, Outcome> outcomes = read(document);
    return agreeExactly(outcomes) ? null : new Disagreement(document, outcomes);
  }

  /** Whether every outcome agrees with the first ({@link Outcome#agreesWith}). */
  static boolean agree(Map<?, Outcome> outcomes) {
    Outcome first = null;
    for (Outcome outcome : outcomes.values()) {
      if (first == null) {
        first = outcome;
      }
      if (!outcome.agreesWith(first)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether every outcome agrees with the first as the generated run compares them, failures at the
   * same path ({@link Outcome#agreesExactly}).
   */
  static boolean agreeExactly(Map<?, Outcome> outcomes) {
    Outcome first = null;
    for (Outcome outcome : outcomes.values()) {
      if (first == null) {
        first = outcome;
      }
      if (!outcome.agreesExactly(first)) {
        return false;
      }
    }
    return true;
  }

  static String signature(Map<?, Outcome> outcomes) {
    List<Outcome> distinct = new ArrayList<>();
    StringBuilder who = new StringBuilder();
    StringBuilder what = new StringBuilder();
    outcomes.forEach(
        (reader, outcome) -> {
          int group = -1;
          for (int i = 0; i < distinct.size(); i++) {
            if (distinct.get(i).agreesExactly(outcome)) {
              group = i;
              break;
            }
          }
          if (group < 0) {
            group = distinct.size();
            distinct.add(outcome);
            what.append(' ').append((char) ('A' + group)).append('=').append(kind(outcome));
          }
          who.append(reader).append('=').append((char) ('A' + group)).append(' ');
        });
    return who.toString().trim() + " |" + what;
  }

  private static String kind(Outcome outcome) {
    if (outcome instanceof Outcome.Value) {
      return "value";
    }
    if (outcome instanceof Outcome.Cut) {
      return "cut";
    }
    return outcome instanceof Outcome.Refused ? "refused" : "crashed";
  }

  /**
   * The smallest document (members and elements removed, strings emptied) that still disagrees the
   * same way.
   */
  static Disagreement shrink(Disagreement found) {
    String signature = found.signature();
    Disagreement smallest = found;
    boolean progress = true;
    while (progress) {
      progress = false;
      for (Node smaller : smallest.document().tree().shrinks()) {
        Disagreement candidate = check(smallest.document().with(smaller));
        if (candidate != null && candidate.signature().equals(signature)) {
          smallest = candidate;
          progress = true;
          break;
        }
      }
    }
    return smallest;
  }

  // ---- round trips ----

  /** A value written by one codec and read back by each: what went wrong, if anything. */
  record RoundTrip(
      Target target, Object value, Map<Codecs, Outcome> written, Map<String, Outcome> read) {
    String signature() {
      StringBuilder out = new StringBuilder();
      Outcome reference = written.get(Codecs.JACKSON);
      written.forEach(
          (writer, outcome) -> {
            if (!(outcome instanceof Outcome.Value)) {
              out.append(writer.label).append(" write ").append(kindOf(outcome)).append("; ");
            } else if (reference instanceof Outcome.Value r
                && !r.value().equals(((Outcome.Value) outcome).value())) {
              // Every codec writes the same text, byte for byte, not only text that reads back.
              out.append(writer.label).append(" writes other text; ");
            }
          });
      Outcome.Value expected = new Outcome.Value(value);
      read.forEach(
          (pair, outcome) -> {
            if (!outcome.agreesExactly(expected)) {
              out.append(pair).append(' ').append(kindOf(outcome)).append("; ");
            }
          });
      return out.toString();
    }

    /**
     * Some codec wrote what another did not read back alike, or wrote what another refused to
     * write. A value every codec refuses to write (a map key holding a lone surrogate: README) is
     * one they agree on.
     */
    boolean failed() {
      boolean everyWriteRefused =
          written.values().stream().allMatch(o -> o instanceof Outcome.Refused);
      return !everyWriteRefused && !signature().isEmpty();
    }

    String report() {
      StringBuilder out = new StringBuilder();
      out.append("  value:  ").append(Show.value(value)).append('\n');
      out.append("  target: ").append(target).append('\n');
      written.forEach(
          (writer, outcome) ->
              out.append(
                  String.format(
                      "  %-6s writes %s%n",
                      writer.label,
                      outcome instanceof Outcome.Value v
                          ? Show.escape((String) v.value())
                          : outcome)));
      Outcome.Value expected = new Outcome.Value(value);
      read.forEach(
          (pair, outcome) -> {
            if (!outcome.agreesExactly(expected)) {
              out.append(String.format("  %-16s %s%n", pair, outcome));
            }
          });
      return out.toString();
    }
  }

  private static String kindOf(Outcome outcome) {
    if (outcome instanceof Outcome.Value) {
      return "differs";
    }
    return outcome instanceof Outcome.Refused ? "refused" : "crashed";
  }

  static RoundTrip roundTrip(Target target, Object value) {
    Map<Codecs, Outcome> written = new LinkedHashMap<>();
    Map<String, Outcome> read = new LinkedHashMap<>();
    for (Codecs writer : Codecs.ALL) {
      byte[] bytes;
      try {
        bytes = target.in(writer).toJsonBytes(value);
        written.put(
            writer, new Outcome.Value(new String(bytes, java.nio.charset.StandardCharsets.UTF_8)));
      } catch (JsonWriteException e) {
        written.put(writer, Outcome.Refused.of(e));
        continue;
      } catch (RuntimeException e) {
        written.put(writer, new Outcome.Crashed(e));
        continue;
      }
      for (Codecs reader : Codecs.ALL) {
        read.put(
            writer.label + "→" + reader.label, new Reader(reader, false).read(target, bytes, null));
      }
    }
    return new RoundTrip(target, value, written, read);
  }

  /**
   * The simplest value that fails the same way: each record component in turn (nested records too)
   * replaced by the plain value of {@code plain}, while the failure stays.
   */
  static RoundTrip shrink(RoundTrip found, Object plain) {
    String signature = found.signature();
    RoundTrip smallest = found;
    boolean progress = true;
    while (progress) {
      progress = false;
      for (Object simpler : simplifications(smallest.value(), plain)) {
        RoundTrip candidate = roundTrip(found.target(), simpler);
        if (candidate.signature().equals(signature)) {
          smallest = candidate;
          progress = true;
          break;
        }
      }
    }
    return smallest;
  }

  private static List<Object> simplifications(Object value, Object plain) {
    List<Object> out = new ArrayList<>();
    if (value == null || !value.getClass().isRecord() || plain == null) {
      return out;
    }
    RecordComponent[] components = value.getClass().getRecordComponents();
    Object[] args = values(value, components);
    Object[] plainArgs = values(plain, components);
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
    }
    for (int i = 0; i < components.length; i++) {
      if (!Objects.equals(args[i], plainArgs[i])) {
        Object[] changed = args.clone();
        changed[i] = plainArgs[i];
        out.add(Generator.construct(value.getClass(), types, changed));
      }
    }
    for (int i = 0; i < components.length; i++) {
      for (Object inner : simplifications(args[i], plainArgs[i])) {
        Object[] changed = args.clone();
        changed[i] = inner;
        out.add(Generator.construct(value.getClass(), types, changed));
      }
    }
    return out;
  }

  private static Object[] values(Object record, RecordComponent[] components) {
    Object[] args = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      try {
        args[i] = components[i].getAccessor().invoke(record);
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }
    return args;
  }
}

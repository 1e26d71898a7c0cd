package dev.httpjson.differential;

import java.util.ArrayList;
import java.util.List;

/**
 * A JSON document as the generator builds it: literals keep their exact text (a number's spelling,
 * a string's escapes), so a document is written back byte for byte and can be shrunk by removing
 * members and elements.
 */
sealed interface Node {
  /** The document's text. */
  default String text() {
    StringBuilder out = new StringBuilder();
    appendTo(out);
    return out.toString();
  }

  void appendTo(StringBuilder out);

  /**
   * Every document one step smaller than this one: a member or an element removed, or a string
   * emptied, anywhere.
   */
  List<Node> shrinks();

  /** A number, string, {@code true}, {@code false} or {@code null}, exactly as written. */
  record Literal(String text) implements Node {
    @Override
    public void appendTo(StringBuilder out) {
      out.append(text);
    }

    /** A string shrinks to the empty string; other literals do not shrink. */
    @Override
    public List<Node> shrinks() {
      return text.startsWith("\"") && !text.equals("\"\"")
          ? List.of(new Literal("\"\""))
          : List.of();
    }

    @Override
    public String text() {
      return text;
    }
  }

  record Array(List<Node> elements) implements Node {
    @Override
    public void appendTo(StringBuilder out) {
      out.append('[');
      for (int i = 0; i < elements.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        elements.get(i).appendTo(out);
      }
      out.append(']');
    }

    @Override
    public List<Node> shrinks() {
      List<Node> shrinks = new ArrayList<>();
      for (int i = 0; i < elements.size(); i++) {
        List<Node> fewer = new ArrayList<>(elements);
        fewer.remove(i);
        shrinks.add(new Array(fewer));
      }
      for (int i = 0; i < elements.size(); i++) {
        for (Node smaller : elements.get(i).shrinks()) {
          List<Node> changed = new ArrayList<>(elements);
          changed.set(i, smaller);
          shrinks.add(new Array(changed));
        }
      }
      return shrinks;
    }
  }

  /** A member: its name as written (quoted, escapes kept) and its value. */
  record Member(String name, Node value) {}

  record Obj(List<Member> members) implements Node {
    @Override
    public void appendTo(StringBuilder out) {
      out.append('{');
      for (int i = 0; i < members.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        out.append(members.get(i).name()).append(':');
        members.get(i).value().appendTo(out);
      }
      out.append('}');
    }

    @Override
    public List<Node> shrinks() {
      List<Node> shrinks = new ArrayList<>();
      for (int i = 0; i < members.size(); i++) {
        List<Member> fewer = new ArrayList<>(members);
        fewer.remove(i);
        shrinks.add(new Obj(fewer));
      }
      for (int i = 0; i < members.size(); i++) {
        Member member = members.get(i);
        for (Node smaller : member.value().shrinks()) {
          List<Member> changed = new ArrayList<>(members);
          changed.set(i, new Member(member.name(), smaller));
          shrinks.add(new Obj(changed));
        }
      }
      return shrinks;
    }
  }

  /** Values one per line: an NDJSON body. */
  record Lines(List<Node> elements) implements Node {
    @Override
    public void appendTo(StringBuilder out) {
      for (Node element : elements) {
        element.appendTo(out);
        out.append('\n');
      }
    }

    @Override
    public List<Node> shrinks() {
      List<Node> shrinks = new ArrayList<>();
      for (Node smaller : new Array(elements).shrinks()) {
        shrinks.add(new Lines(((Array) smaller).elements()));
      }
      return shrinks;
    }
  }
}

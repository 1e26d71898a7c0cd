package dev.httpjson.avaje;

import java.io.ByteArrayOutputStream;

/**
 * Indents compact JSON as every codec indents it (and System.Text.Json's {@code WriteIndented}):
 * two spaces a level, {@code "name": value}, an array's elements one a line, {@code []} and {@code
 * {}} when empty. avaje's own indentation wrote an empty array or object over two lines and left
 * the elements of an array inside a nested object unindented.
 */
final class Indentation {
  private Indentation() {}

  /**
   * {@code json} indented.
   *
   * @param json one compact JSON value, in UTF-8
   * @return the same value, indented
   */
  static byte[] indent(byte[] json) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(json.length + json.length / 2 + 16);
    int depth = 0;
    boolean inString = false;
    for (int i = 0; i < json.length; i++) {
      byte b = json[i];
      if (inString) {
        out.write(b);
        if (b == '\\' && i + 1 < json.length) {
          out.write(json[++i]);
        } else if (b == '"') {
          inString = false;
        }
        continue;
      }
      switch (b) {
        case '"':
          inString = true;
          out.write(b);
          break;
        case '{':
        case '[':
          int next = nextNonBlank(json, i + 1);
          out.write(b);
          if (next < json.length && json[next] == (b == '{' ? '}' : ']')) {
            out.write(json[next]);
            i = next;
          } else {
            newLine(out, ++depth);
          }
          break;
        case '}':
        case ']':
          newLine(out, --depth);
          out.write(b);
          break;
        case ',':
          out.write(b);
          newLine(out, depth);
          break;
        case ':':
          out.write(b);
          out.write(' ');
          break;
        case ' ':
        case '\t':
        case '\n':
        case '\r':
          break;
        default:
          out.write(b);
          break;
      }
    }
    return out.toByteArray();
  }

  private static int nextNonBlank(byte[] json, int from) {
    int i = from;
    while (i < json.length
        && (json[i] == ' ' || json[i] == '\t' || json[i] == '\n' || json[i] == '\r')) {
      i++;
    }
    return i;
  }

  private static void newLine(ByteArrayOutputStream out, int depth) {
    out.write('\n');
    for (int i = 0; i < depth; i++) {
      out.write(' ');
      out.write(' ');
    }
  }
}

package dev.httpjson.codec.support.internal;

import dev.httpjson.JsonReadException;
import dev.httpjson.spi.RecordRules;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * What a codec says when reading or writing fails, in the same words whichever library failed: the
 * problem, the JSON path's segments, the input's first bytes. A codec adapts its library's failure
 * to these and wraps the result in a {@link JsonReadException} or a {@code JsonWriteException}.
 */
public final class ReadProblems {
  private ReadProblems() {}

  /**
   * The problem of a document nested deeper than the reading thread's stack holds (a {@code
   * StackOverflowError} in a recursive reader, under a raised {@code maxNestingDepth}): every codec
   * reports it in these words.
   */
  public static final String TOO_DEEP_FOR_THE_STACK = "Nesting too deep for the stack";

  /**
   * Lets {@code e} through unless the stack ran out: the JVM's own overflow carries no message, and
   * one that user code throws itself (a constructor's) is that code's, not the document's.
   *
   * @param e a stack overflow caught while reading
   * @throws StackOverflowError {@code e}, when it is not the JVM's
   */
  public static void requireStackRanOut(StackOverflowError e) {
    if (e.getMessage() != null) {
      throw e;
    }
  }

  /**
   * Where a library's parser stood when reading failed.
   *
   * @param line the line, from 1, or -1 when unknown
   * @param column the column, from 1, or -1 when unknown
   * @param path the JSON path, {@code $} for the root
   */
  public record Place(long line, long column, String path) {
    /** Nowhere known: the root, without a line or column. */
    public static final Place UNKNOWN = new Place(-1, -1, "$");

    /**
     * A failure here.
     *
     * @param problem what is wrong
     * @param cause the library's exception, or null
     * @return the exception
     */
    public JsonReadException failure(String problem, @Nullable Throwable cause) {
      return new JsonReadException(problem, line, column, path, cause);
    }

    /**
     * A failure here that the library gave no position of its own: a stack that ran out (let
     * through unless it is the JVM's, {@link #requireStackRanOut}) or a data error let out
     * unwrapped, in the words of {@link #unplacedProblem}.
     *
     * @param e the failure
     * @return the exception
     */
    public JsonReadException unplacedFailure(Throwable e) {
      if (e instanceof StackOverflowError) {
        requireStackRanOut((StackOverflowError) e);
      }
      return failure(unplacedProblem(e), e);
    }

    /**
     * This line and column, at the root's path.
     *
     * @return the place at {@code $}
     */
    public Place atRoot() {
      return new Place(line, column, "$");
    }
  }

  /**
   * The problem of a failure that a library gives no position of its own, and that a codec places
   * by reading the input again: a stack that ran out ({@link #TOO_DEEP_FOR_THE_STACK}) or a data
   * error let out unwrapped ({@link #dataProblem}).
   *
   * @param e the failure
   * @return the problem
   */
  public static String unplacedProblem(Throwable e) {
    return e instanceof StackOverflowError ? TOO_DEEP_FOR_THE_STACK : dataProblem(e);
  }

  /**
   * A parser limit's problem with the note {@link #limitNote} gives it.
   *
   * @param problem the parser's message
   * @return {@code problem (note)}
   */
  public static String limitProblem(String problem) {
    return problem + " (" + limitNote(problem) + ")";
  }

  /** How many known properties an unknown property's problem lists at most. */
  private static final int MAX_KNOWN_LISTED = 50;

  /**
   * {@code failure} placed at the root, {@code $}: a mapping failure the library gives no path is
   * about the value read itself ({@code [1,2]} read as an object fails at {@code $}, where the
   * parser's context, inside the array, would say {@code $[0]}).
   *
   * @param failure the failure as reported
   * @param cause the library's exception
   * @return the failure at {@code $}, or {@code failure} when it is no {@link JsonReadException}
   */
  public static IOException atRoot(IOException failure, Throwable cause) {
    if (failure instanceof JsonReadException) {
      JsonReadException j = (JsonReadException) failure;
      return new JsonReadException(j.problem(), j.line(), j.column(), "$", cause);
    }
    return failure;
  }

  private static final java.util.regex.Pattern START_MARKER =
      java.util.regex.Pattern.compile(" \\(start marker at \\[Source: [^\\]]*\\]\\)");

  /**
   * A Jackson parser's problem without where the open array or object started, which it gives in a
   * description of the source that httpjson always redacts ({@code (start marker at [Source:
   * REDACTED ...])}): "Unexpected end-of-input: expected close marker for Array", as the other
   * codecs say it.
   *
   * @param problem the parser's message, without its location
   * @return the problem in plain words
   */
  public static String withoutSource(String problem) {
    return problem.contains("[Source: ") ? START_MARKER.matcher(problem).replaceAll("") : problem;
  }

  private static final java.util.regex.Pattern NULL_FOR_PRIMITIVE =
      java.util.regex.Pattern.compile(
          "Cannot map `null` into type `?(\\w+)`? \\(set `[\\w.]*FAIL_ON_NULL_FOR_PRIMITIVES`"
              + " to 'false' to allow\\)");

  private static final java.util.regex.Pattern COERCION_HINT =
      java.util.regex.Pattern.compile(" \\(but (?:might|could) if (?:enabling )?coercion[^)]*\\)");

  /**
   * A Jackson coercion failure's problem without its hint to enable a {@code CoercionConfig}, which
   * a user of httpjson does not hold: a number in a string refused says the setting that reads it,
   * {@code JsonOptions.numbersFromStrings}, as the other codecs say it; other coercions (a fraction
   * into an integer) no setting reads. A {@code null} refused for a primitive is said as every
   * codec says it, without Jackson 3's hint to turn off {@code FAIL_ON_NULL_FOR_PRIMITIVES}.
   *
   * @param problem the library's message
   * @param target the type that was read, when known
   * @return the problem in httpjson's terms
   */
  public static String withoutCoercionHint(String problem, @Nullable Class<?> target) {
    java.util.regex.Matcher primitive = NULL_FOR_PRIMITIVE.matcher(problem);
    if (primitive.matches()) {
      // Jackson 3's: "Cannot map `null` into type `int` (set `DeserializationFeature...` to allow)"
      return "Cannot read null into " + primitive.group(1);
    }
    java.util.regex.Matcher m = COERCION_HINT.matcher(problem);
    if (!m.find()) {
      return problem;
    }
    String plain = problem.substring(0, m.start()) + problem.substring(m.end());
    ScalarKind kind = target == null ? null : ScalarKind.of(target);
    return kind != null && kind.numeric() && problem.startsWith("Cannot coerce String value")
        ? plain + " (JsonOptions.numbersFromStrings is off)"
        : plain;
  }

  /**
   * {@code failure}, a streamed element's mapping failure, at that element: {@code $[index]} in a
   * top-level array ({@code $} in NDJSON, where each value is its own document) followed by the
   * path inside the element. A library that reads each element as a value of its own gives the path
   * inside it only.
   *
   * @param failure the failure, its path inside the element
   * @param array whether the elements are in a top-level array
   * @param index the element's index
   * @param inside the segments of the path inside the element: names and indexes
   * @param cause the library's exception
   * @return the failure at the element, or {@code failure} when it is no {@link JsonReadException}
   */
  public static IOException atElement(
      IOException failure, boolean array, int index, Iterable<?> inside, Throwable cause) {
    if (failure instanceof JsonReadException) {
      JsonReadException j = (JsonReadException) failure;
      String path = (array ? "$[" + index + "]" : "$") + path(inside).substring(1);
      return new JsonReadException(j.problem(), j.line(), j.column(), path, cause);
    }
    return failure;
  }

  /**
   * A data error a library lets out unwrapped (a number whose exponent {@code BigDecimal} cannot
   * hold is a {@code NumberFormatException}).
   *
   * @param e the exception
   * @return the problem
   */
  public static String dataProblem(Throwable e) {
    return "Value out of range ("
        + e.getClass().getSimpleName()
        + (e.getMessage() != null ? ": " + e.getMessage() : "")
        + ")";
  }

  /**
   * The list of the properties a type knows, appended to an unknown property's problem.
   *
   * @param known the known names, or null
   * @return {@code " (known properties: "a", "b")"}, or empty when none are known
   */
  public static String knownProperties(@Nullable Collection<?> known) {
    if (known == null || known.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder(" (known properties: ");
    int n = 0;
    for (Object id : known) {
      if (n > 0) {
        sb.append(", ");
      }
      if (n++ == MAX_KNOWN_LISTED) {
        sb.append("… ").append(known.size() - MAX_KNOWN_LISTED).append(" more");
        break;
      }
      sb.append('"').append(id).append('"');
    }
    return sb.append(')').toString();
  }

  /**
   * Names the {@link dev.httpjson.JsonOptions} setting behind a parser's limit, or says that the
   * name-length limit is the parser's own.
   *
   * @param message the parser's message
   * @return the note, without parentheses
   */
  public static String limitNote(String message) {
    String m = message.toLowerCase(Locale.ROOT);
    if (m.contains("nesting depth")) {
      return "the limit is JsonOptions.maxNestingDepth";
    } else if (m.contains("number value length")) {
      return "the limit is JsonOptions.maxNumberLength";
    } else if (m.contains("string value length")) {
      return "the limit is JsonOptions.maxStringLength";
    } else if (m.contains("name length")) {
      return "the parsers' limit on a property name, not a JsonOptions setting";
    }
    return "the limit is a parser limit set from JsonOptions";
  }

  /**
   * A null for a non-null record component, in the words of {@code strictRecords}.
   *
   * @param from the class whose property was null, or an instance of it, or null when unknown
   * @param property the property's name, or null when unknown
   * @param primitive whether the property is a primitive
   * @param otherwise the problem when {@code from} is no record held to the rules
   * @return the problem
   */
  public static String nullProblem(
      @Nullable Object from, @Nullable String property, boolean primitive, String otherwise) {
    Class<?> owner =
        from instanceof Class ? (Class<?>) from : from == null ? null : from.getClass();
    if (owner == null || property == null || RecordRules.of(owner) == null) {
      return otherwise;
    }
    return "Null for "
        + (primitive ? "primitive" : "non-null")
        + " property '"
        + property
        + "' of record "
        + owner.getSimpleName()
        + (primitive ? "" : " (mark the component @Nullable if it may be null)");
  }

  /**
   * A required record component missing from the JSON object, in the words of {@code
   * strictRecords}.
   *
   * @param rules the record's rules
   * @param index the component's index
   * @param property the property's name in JSON
   * @return the problem
   */
  public static String missingProblem(RecordRules rules, int index, String property) {
    String component = rules.components().get(index).getName();
    return "Missing required property '"
        + property
        + "'"
        + (component.equals(property) ? "" : " (component " + component + ")")
        + " of record "
        + rules.recordClass().getSimpleName()
        + " (mark the component @Nullable if it may be absent)";
  }

  /**
   * What writing a value failed with.
   *
   * @param value the value written
   * @param problem the library's message
   * @return the problem
   */
  public static String writeProblem(@Nullable Object value, @Nullable String problem) {
    return "Cannot write " + (value == null ? "null" : value.getClass().getName()) + ": " + problem;
  }

  /**
   * A JSON path from its segments, outermost first: a property's name, an array's index, or null
   * for a segment with neither (left out).
   *
   * @param segments names ({@code String}) and indices ({@code Integer})
   * @return the path, {@code $} for none
   */
  public static String path(Iterable<?> segments) {
    StringBuilder sb = new StringBuilder("$");
    for (Object segment : segments) {
      if (segment instanceof String) {
        appendName(sb, (String) segment);
      } else if (segment instanceof Integer) {
        appendIndex(sb, (Integer) segment);
      }
    }
    return sb.toString();
  }

  /**
   * The JSON path of a parser's context: the segment of each context from the innermost outward, up
   * to the root.
   *
   * @param <C> the library's context type
   * @param context the innermost context, or null
   * @param parent a context's parent, or null
   * @param root whether a context is the root
   * @param segment a context's segment: a name, an index, or null
   * @return the path, {@code $} for the root
   */
  public static <C> String path(
      @Nullable C context,
      Function<C, @Nullable C> parent,
      Predicate<C> root,
      Function<C, @Nullable Object> segment) {
    Deque<Object> segments = new ArrayDeque<>();
    for (C c = context; c != null && !root.test(c); c = parent.apply(c)) {
      Object s = segment.apply(c);
      if (s != null) {
        segments.push(s);
      }
    }
    return path(segments);
  }

  /**
   * The path of an unknown property, which ends at the property itself also when the library
   * (reading through a constructor) reports only the object that holds it.
   *
   * @param path the path the library reports
   * @param name the unknown property's name, or null
   * @param last the name of the path's last segment, or null
   * @return the path ending at the property
   */
  public static String unknownPropertyPath(
      String path, @Nullable String name, @Nullable String last) {
    return name == null || name.equals(last)
        ? path
        : appendName(new StringBuilder(path), name).toString();
  }

  /**
   * A path that names property {@code name} twice at its end, as a library that placed a failure at
   * the property and then again where it was read, with the name once.
   *
   * @param path the path
   * @param name the property's name
   * @return the path with its last name once
   */
  public static String withoutRepeatedName(String path, @Nullable String name) {
    String once = name == null ? "" : appendName(new StringBuilder(), name).toString();
    return !once.isEmpty() && path.endsWith(once + once)
        ? path.substring(0, path.length() - once.length())
        : path;
  }

  /**
   * The path of an unknown property's failure, its name once where Jackson placed it twice (the
   * last two of {@code refs}, its references, alike: {@link #withoutRepeatedName}).
   *
   * @param path the failure's path
   * @param name the unknown property's name
   * @param refs the failure's references, outermost first
   * @return the path
   */
  public static String placedOnce(String path, @Nullable String name, List<?> refs) {
    int n = refs.size();
    return n > 1 && String.valueOf(refs.get(n - 2)).equals(String.valueOf(refs.get(n - 1)))
        ? withoutRepeatedName(path, name)
        : path;
  }

  /**
   * Appends a property's name to a JSON path: {@code .name} when it is an identifier, else {@code
   * ['name']} with a quote, a backslash, a control character and a line separator escaped as in a
   * Java string literal ({@code ['it\'s']}, {@code ['a\nb']}, <code>['a&#92;u001b']</code>), so
   * that the path reads back one way and a name a server sent cannot forge a log line or drive a
   * terminal.
   *
   * @param sb the path so far
   * @param name the property's name
   * @return {@code sb}
   */
  public static StringBuilder appendName(StringBuilder sb, String name) {
    boolean plain = !name.isEmpty() && Character.isJavaIdentifierStart(name.charAt(0));
    for (int i = 0; plain && i < name.length(); i++) {
      char c = name.charAt(i);
      // A NUL or an escape is a Java identifier part (ignorable), but never shown raw.
      plain = (i == 0 || Character.isJavaIdentifierPart(c)) && !Character.isIdentifierIgnorable(c);
    }
    if (plain) {
      return sb.append('.').append(name);
    }
    return escaped(sb.append("['"), name, '\'').append("']");
  }

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  /**
   * Appends an array index to a JSON path.
   *
   * @param sb the path so far
   * @param index the index
   * @return {@code sb}
   */
  public static StringBuilder appendIndex(StringBuilder sb, int index) {
    return sb.append('[').append(index).append(']');
  }

  /**
   * The input is UTF-8 ({@link dev.httpjson.spi.JsonReader}'s contract), but a library may guess
   * UTF-16 or UTF-32 from a zero byte or a byte-order mark among the first two bytes: {@code 31 00}
   * would read as {@code 1}. Neither a zero byte there nor {@code FE}/{@code FF} anywhere is valid
   * UTF-8 JSON, so such input fails as the library fails on it further on.
   *
   * @param bytes the input
   * @param offset where it starts
   * @param length its length
   * @throws JsonReadException if it does not start as UTF-8 JSON
   */
  public static void requireUtf8Start(byte[] bytes, int offset, int length)
      throws JsonReadException {
    for (int i = 0; i < Math.min(length, 2); i++) {
      int b = bytes[offset + i] & 0xFF;
      if (b == 0 || b >= 0xFE) {
        throw new JsonReadException(
            "Illegal character (code " + b + "): not the start of UTF-8 JSON", 1, i + 1, "$", null);
      }
    }
  }

  /**
   * {@link #requireUtf8Start(byte[], int, int)} for a stream, which is given back unread.
   *
   * @param in the input
   * @return the same input, unread
   * @throws IOException if reading fails or the input does not start as UTF-8 JSON
   */
  public static InputStream requireUtf8Start(InputStream in) throws IOException {
    PushbackInputStream peeked = new PushbackInputStream(in, 2);
    byte[] start = peeked.readNBytes(2);
    requireUtf8Start(start, 0, start.length);
    peeked.unread(start);
    return peeked;
  }

  /**
   * The UTF-16 or UTF-32 charset a byte order mark names, or null.
   *
   * @param b the input
   * @param offset where it starts
   * @param n how many bytes of it to look at (four are enough)
   * @return the charset's name, such as {@code UTF-16BE}, or null for no such mark
   */
  public static @Nullable String markedCharset(byte[] b, int offset, int n) {
    int b0 = n > 0 ? b[offset] & 0xFF : -1;
    int b1 = n > 1 ? b[offset + 1] & 0xFF : -1;
    int b2 = n > 2 ? b[offset + 2] & 0xFF : -1;
    int b3 = n > 3 ? b[offset + 3] & 0xFF : -1;
    if (b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF) {
      return "UTF-32BE";
    }
    if (b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0) {
      return "UTF-32LE";
    }
    if (b0 == 0xFE && b1 == 0xFF) {
      return "UTF-16BE";
    }
    if (b0 == 0xFF && b1 == 0xFE) {
      return "UTF-16LE";
    }
    return null;
  }

  /**
   * What a UTF-16 or UTF-32 byte order mark fails with in a codec that reads bytes as UTF-8 JSON: a
   * body in another charset is decoded by httpjson from the charset its response names, as the
   * other codecs read it (such a library would read {@code FE FF 00 31} as {@code 1}).
   *
   * @param charset the charset the mark names ({@link #markedCharset})
   * @return the failure, at line 1 column 1
   */
  public static JsonReadException notUtf8(String charset) {
    return new JsonReadException(
        "A "
            + charset
            + " byte order mark: the input is not UTF-8 JSON (a body in another charset needs the"
            + " charset named in its Content-Type)",
        1,
        1,
        "$",
        null);
  }

  /**
   * UTF-8 bytes from a stream of UTF-8 JSON, a UTF-8 byte order mark skipped (so that no position
   * counts it); a UTF-16 or UTF-32 one is refused ({@link #notUtf8}). Reads at most the four bytes
   * of a mark ahead.
   *
   * @param in the input
   * @return the input, from its first byte after a UTF-8 mark
   * @throws IOException if reading fails or the input starts with a UTF-16 or UTF-32 mark
   */
  public static InputStream skipUtf8Mark(InputStream in) throws IOException {
    PushbackInputStream pb = new PushbackInputStream(in, 4);
    byte[] head = new byte[4];
    int n = pb.read(head, 0, 1);
    if (n == 1 && (head[0] == (byte) 0xFE || head[0] == (byte) 0xFF || head[0] == 0)) {
      n += pb.readNBytes(head, 1, 3);
      String charset = markedCharset(head, 0, n);
      if (charset != null) {
        throw notUtf8(charset);
      }
    } else if (n == 1 && head[0] == (byte) 0xEF) {
      n += pb.readNBytes(head, 1, 2);
      if (n == 3 && head[1] == (byte) 0xBB && head[2] == (byte) 0xBF) {
        return pb; // a UTF-8 byte order mark: skipped
      }
    }
    if (n > 0) {
      pb.unread(head, 0, n);
    }
    return pb;
  }

  /**
   * What a map key its type cannot read fails with, the same words from every codec; its path is
   * the key's ({@code $.byId['x']}).
   *
   * @param key the key as read
   * @param type the key's class
   * @param why what is wrong with it ({@link ScalarRules#parseKey}'s reason)
   * @return {@code Cannot read map key "x" as Integer: not a JSON number (...)}
   */
  public static String mapKeyProblem(String key, Class<?> type, @Nullable String why) {
    return "Cannot read map key \"" + key + "\" as " + type.getSimpleName() + ": " + why;
  }

  /**
   * A token in words, as every codec names what it found: {@code "a number"}, {@code "a string"},
   * {@code "a boolean"}, {@code "an array"}, {@code "an object"} or {@code "null"}, whichever
   * library's token it is (Jackson's {@code VALUE_NUMBER_INT}, Gson's and avaje's {@code NUMBER},
   * ...); an unknown token by its own name.
   *
   * @param token the library's token
   * @return the words
   */
  public static String tokenWords(Object token) {
    String name = String.valueOf(token);
    if (name.contains("NUMBER")) {
      return "a number";
    } else if (name.contains("STRING")) {
      return "a string";
    } else if (name.contains("TRUE") || name.contains("FALSE") || name.contains("BOOLEAN")) {
      return "a boolean";
    } else if (name.contains("ARRAY")) {
      return "an array";
    } else if (name.contains("OBJECT")) {
      return "an object";
    } else if (name.contains("NULL")) {
      return "null";
    }
    return name;
  }

  /**
   * A scalar type as every codec names it in a problem: a primitive or its box by the primitive's
   * name ({@code int} for {@code Integer}), any other class by its simple name ({@code
   * BigDecimal}).
   *
   * @param type the class read
   * @return its name
   */
  public static String typeName(Class<?> type) {
    Class<?> primitive = PRIMITIVES.get(type);
    return primitive != null
        ? primitive.getName()
        : type.isPrimitive() ? type.getName() : type.getSimpleName();
  }

  private static final Map<Class<?>, Class<?>> PRIMITIVES =
      Map.of(
          Integer.class, int.class,
          Long.class, long.class,
          Short.class, short.class,
          Byte.class, byte.class,
          Double.class, double.class,
          Float.class, float.class,
          Boolean.class, boolean.class,
          Character.class, char.class);

  /**
   * What a scalar read from a token of another shape fails with, the same words from every codec:
   * an object, an array or a boolean into a number, an object, an array, a string or a number into
   * a boolean.
   *
   * @param type the type read, as {@link #typeName} names it
   * @param token the token found, as the library names it ({@link #tokenWords})
   * @return {@code Cannot read int from an object}
   */
  public static String shapeProblem(String type, Object token) {
    return "Cannot read " + type + " from " + tokenWords(token);
  }

  /**
   * What a number read from a string that spells no JSON number fails with (under {@code
   * JsonOptions.numbersFromStrings}), the same words from every codec.
   *
   * @param type the type read, as {@link #typeName} names it
   * @param text the string's text
   * @return {@code Cannot read int from the string "x": not a JSON number (RFC 8259 syntax, ASCII
   *     digits)}
   */
  public static String notANumberProblem(String type, String text) {
    return "Cannot read "
        + type
        + " from the string "
        + quoted(text)
        + ": not a JSON number (RFC 8259 syntax, ASCII digits)";
  }

  /**
   * What a number past its type's range fails with, the same words from every codec: an integer
   * past an integral type's range, a number past a {@code float}'s, a {@code BigDecimal} whose
   * exponent is past the range it is read in.
   *
   * @param type the type read, as {@link #typeName} names it
   * @param text the number's text, as the JSON spells it
   * @param fromString whether it was read from a JSON string
   * @return {@code Cannot read int from the number 99999999999: out of range of int}
   */
  public static String rangeProblem(String type, String text, boolean fromString) {
    return "Cannot read "
        + type
        + " from "
        + (fromString ? "the string " + quoted(text) : "the number " + clipped(text))
        + ": out of range of "
        + type;
  }

  /** How a library's failure to read a scalar is classed, for {@link #failureProblem}. */
  public enum Failure {
    /** A number past the range of the type the library reads it into. */
    COERCION,
    /** A number the library's parsing cannot hold: an exponent past its range. */
    UNPARSABLE,
    /** A token the library does not read as the type, other than a null into a primitive. */
    MISMATCH,
    /** Any other failure. */
    OTHER;

    /**
     * How {@code e} is classed, given what the library tells of it: a number past its type's range
     * ({@code coercion}), a null refused ({@code invalidNull}), a token not read as the type
     * ({@code mismatch}); null for a failure said in the library's words.
     *
     * @param e the library's failure
     * @param coercion whether it is the library's failure to coerce a number into its type
     * @param invalidNull whether it is the library's failure to read a null
     * @param mismatch whether it is the library's failure to read the token as the type
     * @return the class, or null
     */
    public static @Nullable Failure of(
        Exception e, boolean coercion, boolean invalidNull, boolean mismatch) {
      return coercion
          ? COERCION
          : e instanceof NumberFormatException
              ? UNPARSABLE
              : invalidNull ? OTHER : mismatch ? MISMATCH : null;
    }
  }

  /**
   * A token's category, as the rules tell tokens apart: the start of an object or an array, a
   * string, an integer, another number, a boolean, {@code null}, any other token. Jackson's tokens
   * by their names (the same in Jackson 2 and 3); {@link #tokenWords} names each by its name.
   */
  public enum TokenCategory {
    OBJECT,
    ARRAY,
    STRING,
    INTEGER_NUMBER,
    OTHER_NUMBER,
    BOOLEAN,
    NULL,
    OTHER;

    /** The category of a Jackson token ({@code VALUE_NUMBER_INT}, ...), or of null. */
    public static TokenCategory of(@Nullable Object token) {
      return switch (String.valueOf(token)) {
        case "START_OBJECT" -> OBJECT;
        case "START_ARRAY" -> ARRAY;
        case "VALUE_STRING" -> STRING;
        case "VALUE_NUMBER_INT" -> INTEGER_NUMBER;
        case "VALUE_NUMBER_FLOAT" -> OTHER_NUMBER;
        case "VALUE_TRUE", "VALUE_FALSE" -> BOOLEAN;
        case "VALUE_NULL" -> NULL;
        default -> OTHER;
      };
    }
  }

  /**
   * A library's failure to read a number or a boolean in the words every codec says it with, where
   * its cause is one they share: a token of another shape, an integer past the type's range (as a
   * number or in a string), a number the library cannot parse. Asked on a failure path only.
   *
   * @param type the class read
   * @param isBoolean whether it is a {@code boolean} or its box
   * @param failure how the library's failure is classed
   * @param read the token read, as Jackson names it ({@code VALUE_NUMBER_INT}, {@code
   *     START_OBJECT}, ...)
   * @param text the token's text
   * @return the problem, or null when the library's own failure stands
   */
  public static @Nullable String failureProblem(
      Class<?> type, boolean isBoolean, Failure failure, Object read, String text) {
    TokenCategory token = TokenCategory.of(read);
    if (failure == Failure.COERCION || failure == Failure.UNPARSABLE) {
      return token == TokenCategory.INTEGER_NUMBER
              || (failure == Failure.UNPARSABLE && token == TokenCategory.OTHER_NUMBER)
          ? rangeProblem(typeName(type), text, false)
          : null;
    } else if (failure != Failure.MISMATCH) {
      return null;
    } else if (token == TokenCategory.OBJECT
        || token == TokenCategory.ARRAY
        || (isBoolean
            ? token == TokenCategory.STRING
                || token == TokenCategory.INTEGER_NUMBER
                || token == TokenCategory.OTHER_NUMBER
            : token == TokenCategory.BOOLEAN)) {
      return shapeProblem(typeName(type), token);
    } else if (token == TokenCategory.STRING
        && (ScalarRules.isPastIntegralRange(type, text)
            || (type == java.math.BigDecimal.class && ScalarRules.isJsonNumber(text)))) {
      return rangeProblem(typeName(type), text, true);
    }
    return null;
  }

  /** How many characters of a value a problem shows. */
  private static final int MAX_SHOWN = 60;

  private static String clipped(String text) {
    return text.length() > MAX_SHOWN ? text.substring(0, MAX_SHOWN) + "..." : text;
  }

  /**
   * Appends {@code text} with {@code quote}, a backslash and a control character escaped as in a
   * Java literal, so that what is shown stays on one line.
   */
  private static StringBuilder escaped(StringBuilder sb, String text, char quote) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == quote || c == '\\') {
        sb.append('\\').append(c);
      } else if (c == '\n') {
        sb.append("\\n");
      } else if (c == '\r') {
        sb.append("\\r");
      } else if (c == '\t') {
        sb.append("\\t");
      } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        sb.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 15]);
        sb.append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
      } else {
        sb.append(c);
      }
    }
    return sb;
  }

  /**
   * A string's text in double quotes, clipped, with a quote, a backslash and a control character
   * escaped as in a Java string literal, so that a problem stays on one line.
   */
  private static String quoted(String text) {
    String shown = clipped(text);
    StringBuilder sb = escaped(new StringBuilder(shown.length() + 2).append('"'), shown, '"');
    return sb.append('"').toString();
  }

  /**
   * What a sequence read as a top-level array fails with when its first token opens no array.
   *
   * @param first the first token, as the library names it
   * @return the problem
   */
  public static String notAnArray(Object first) {
    return "Expected a JSON array but was " + first;
  }

  /**
   * What a sequence read as a top-level array fails with when the input ends inside it.
   *
   * @return the problem
   */
  public static String endInsideArray() {
    return "Unexpected end of input inside the top-level array";
  }

  /**
   * What a sequence read as a top-level array fails with when content follows it.
   *
   * @param trailing the token after the array, as the library names it
   * @return the problem
   */
  public static String afterArray(Object trailing) {
    return "Trailing content after the top-level array: " + trailing;
  }
}

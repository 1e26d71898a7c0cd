package dev.httpjson.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.ResponseTooLargeException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The WHATWG HTML event-stream parsing rules (section 9.2.6), with the cases of .NET's {@code
 * SseParserTests} ported: every case runs with CR, LF and CRLF line ends, read whole and one byte
 * per read (so that a CR ends one read and its LF starts the next).
 */
class EventStreamParserTest {
  private static final long LIMIT = 1 << 20;

  /** An event as the parser reports it: type, data text, last id, own retry. */
  record E(String type, String data, String id, long retry) {
    static E of(String type, String data) {
      return new E(type, data, null, -1);
    }
  }

  static Stream<Arguments> newlinesAndTrickle() {
    return Stream.of("\r", "\n", "\r\n")
        .flatMap(nl -> Stream.of(Arguments.of(nl, false), Arguments.of(nl, true)));
  }

  /** A stream that returns at most one byte per read. */
  private static InputStream trickle(byte[] bytes) {
    return new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 1));
      }
    };
  }

  private static List<E> parse(byte[] bytes, boolean trickle) throws IOException {
    return parse(
        new EventStreamParser(trickle ? trickle(bytes) : new ByteArrayInputStream(bytes), LIMIT));
  }

  private static List<E> parse(EventStreamParser p) throws IOException {
    List<E> events = new ArrayList<>();
    while (p.next()) {
      events.add(
          new E(p.type(), new String(p.data(), 0, p.dataLength(), UTF_8), p.id(), p.retry()));
    }
    return events;
  }

  private static List<E> parse(String text, boolean trickle) throws IOException {
    return parse(text.getBytes(UTF_8), trickle);
  }

  private static List<String> data(List<E> events) {
    return events.stream().map(E::data).collect(Collectors.toList());
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void emptyBodyAndBlankLinesGiveNoEvents(String nl, boolean trickle) throws IOException {
    assertThat(parse("", trickle)).isEmpty();
    assertThat(parse(nl, trickle)).isEmpty();
    assertThat(parse(nl + nl, trickle)).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void multipleBlankLinesBetweenEvents(String nl, boolean trickle) throws IOException {
    String blanks = nl.repeat(5);
    List<E> events =
        parse(
            "event:A"
                + nl
                + "data:1"
                + nl
                + "id:2"
                + nl
                + "retry:300"
                + nl
                + blanks
                + "event:B"
                + nl
                + "data:4"
                + nl
                + "id:5"
                + nl
                + "retry:600"
                + nl
                + blanks
                + "event:C"
                + nl
                + "data:7"
                + nl
                + "id:8"
                + nl
                + "retry:900"
                + nl
                + blanks,
            trickle);
    assertThat(events)
        .containsExactly(
            new E("A", "1", "2", 300), new E("B", "4", "5", 600), new E("C", "7", "8", 900));
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void specExample1MultiLineData(String nl, boolean trickle) throws IOException {
    List<E> events =
        parse(
            "data: This is the first message."
                + nl
                + nl
                + "data: This is the second message, it"
                + nl
                + "data: has two lines."
                + nl
                + nl
                + "data: This is the third message."
                + nl
                + nl,
            trickle);
    assertThat(events)
        .containsExactly(
            E.of("message", "This is the first message."),
            E.of("message", "This is the second message, it\nhas two lines."),
            E.of("message", "This is the third message."));
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void specExample2EventTypesResetAfterEachDispatch(String nl, boolean trickle) throws IOException {
    List<E> events =
        parse(
            "event: add"
                + nl
                + "data: 73857293"
                + nl
                + nl
                + "event: remove"
                + nl
                + "data: 2153"
                + nl
                + nl
                + "data: 113411"
                + nl
                + nl,
            trickle);
    assertThat(events)
        .containsExactly(
            E.of("add", "73857293"), E.of("remove", "2153"), E.of("message", "113411"));
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void specExample3DataJoinedWithLf(String nl, boolean trickle) throws IOException {
    assertThat(parse("data: YHOO" + nl + "data: +2" + nl + "data: 10" + nl + nl, trickle))
        .containsExactly(E.of("message", "YHOO\n+2\n10"));
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void specExample4CommentsIdsAndOneSpaceRemoved(String nl, boolean trickle) throws IOException {
    List<E> events =
        parse(
            ": test stream"
                + nl
                + nl
                + "data: first event"
                + nl
                + "id: 1"
                + nl
                + nl
                + "data:second event"
                + nl
                + "id"
                + nl
                + nl
                + "data:  third event"
                + nl
                + nl,
            trickle);
    assertThat(events)
        .containsExactly(
            new E("message", "first event", "1", -1),
            new E("message", "second event", null, -1),
            new E("message", " third event", null, -1));
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void lastEventIdIsKeptAcrossEvents(String nl, boolean trickle) throws IOException {
    List<E> events =
        parse(
            "data: first event"
                + nl
                + "id: 1"
                + nl
                + nl
                + "data:second event"
                + nl
                + nl
                + "data:  third event"
                + nl
                + "id: 42"
                + nl
                + nl,
            trickle);
    assertThat(events).extracting(E::id).containsExactly("1", "1", "42");
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void lastEventIdIsSetWhenAnEventIsDispatchedNotWhenItsIdIsRead(String nl, boolean trickle)
      throws IOException {
    String body = "id: a" + nl + "data: 1" + nl + nl + "id: b" + nl + "data: 2" + nl;
    byte[] bytes = body.getBytes(UTF_8);
    EventStreamParser p =
        new EventStreamParser(trickle ? trickle(bytes) : new ByteArrayInputStream(bytes), LIMIT);

    assertThat(parse(p)).containsExactly(new E("message", "1", "a", -1));
    assertThat(p.lastEventId()).as("b came with an event the body ended inside").isEqualTo("a");

    p.reset(new ByteArrayInputStream(("data: 3" + nl + nl).getBytes(UTF_8)));
    assertThat(parse(p)).containsExactly(new E("message", "3", "a", -1));
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void anIdDispatchedWithoutDataStillSetsTheLastEventId(String nl, boolean trickle)
      throws IOException {
    // WHATWG: dispatching sets the last event id first, then drops an event with no data.
    byte[] bytes = ("id: a" + nl + "data: 1" + nl + nl + "id: b" + nl + nl).getBytes(UTF_8);
    EventStreamParser p =
        new EventStreamParser(trickle ? trickle(bytes) : new ByteArrayInputStream(bytes), LIMIT);

    assertThat(parse(p)).containsExactly(new E("message", "1", "a", -1));
    assertThat(p.lastEventId()).isEqualTo("b");
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void specExample5EmptyDataAndUnterminatedEventDiscarded(String nl, boolean trickle)
      throws IOException {
    assertThat(data(parse("data" + nl + nl + "data" + nl + "data" + nl + nl + "data:", trickle)))
        .containsExactly("", "\n");
    assertThat(data(parse("data" + nl + nl + "data:" + nl + "data" + nl + nl + "data:", trickle)))
        .containsExactly("", "\n");
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void specExample6OnlyOneLeadingSpaceIsRemoved(String nl, boolean trickle) throws IOException {
    assertThat(data(parse("data:test" + nl + nl + "data: test" + nl + nl, trickle)))
        .containsExactly("test", "test");
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void retryOnlyWhenAllAsciiDigitsAndPerEvent(String nl, boolean trickle) throws IOException {
    EventStreamParser p =
        new EventStreamParser(
            stream(
                ": test stream"
                    + nl
                    + nl
                    + "data: first event"
                    + nl
                    + nl
                    + "data:second event"
                    + nl
                    + "retry: 42"
                    + nl
                    + nl
                    + "data:  third event"
                    + nl
                    + "retry: 12345678910"
                    + nl
                    + nl
                    + "data:fourth event"
                    + nl
                    + nl
                    + "data:fifth event"
                    + nl
                    + "retry: invalidmilliseconds"
                    + nl
                    + nl
                    + "data:sixth"
                    + nl
                    + "retry: 1x"
                    + nl
                    + "retry:"
                    + nl
                    + "retry: -5"
                    + nl
                    + nl,
                trickle),
            LIMIT);
    assertThat(p.reconnectionTime()).isEqualTo(-1);
    assertThat(p.next()).isTrue();
    assertThat(p.retry()).isEqualTo(-1);
    assertThat(p.next()).isTrue();
    assertThat(p.retry()).isEqualTo(42);
    assertThat(p.reconnectionTime()).isEqualTo(42);
    assertThat(p.next()).isTrue();
    assertThat(p.retry()).isEqualTo(12345678910L);
    assertThat(p.next()).isTrue();
    assertThat(p.retry()).isEqualTo(-1);
    assertThat(p.reconnectionTime()).isEqualTo(12345678910L);
    assertThat(p.next()).isTrue();
    assertThat(p.retry()).isEqualTo(-1);
    assertThat(p.next()).isTrue();
    assertThat(p.retry()).isEqualTo(-1);
    assertThat(p.reconnectionTime()).isEqualTo(12345678910L);
    assertThat(p.next()).isFalse();
  }

  @Test
  void hugeRetrySaturates() throws IOException {
    EventStreamParser p =
        new EventStreamParser(stream("retry: " + "9".repeat(40) + "\ndata: x\n\n", false), LIMIT);
    assertThat(p.next()).isTrue();
    assertThat(p.retry()).isEqualTo(Long.MAX_VALUE);
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void idWithNulIsIgnored(String nl, boolean trickle) throws IOException {
    List<E> events =
        parse("id: 1" + nl + "data: a" + nl + nl + "id: 2\0x" + nl + "data: b" + nl + nl, trickle);
    assertThat(events).extracting(E::id).containsExactly("1", "1");
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void unknownFieldsAndFieldsWithoutColonAreIgnored(String nl, boolean trickle) throws IOException {
    List<E> events =
        parse(
            "foo: bar"
                + nl
                + "Data: no"
                + nl
                + "data : no"
                + nl
                + "event"
                + nl
                + "data: yes"
                + nl
                + nl,
            trickle);
    assertThat(events).containsExactly(E.of("message", "yes"));
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void eventWithoutDataIsNotDispatchedAndItsTypeDoesNotLeak(String nl, boolean trickle)
      throws IOException {
    List<E> events = parse("event: ping" + nl + "id: 7" + nl + nl + "data: x" + nl + nl, trickle);
    assertThat(events).containsExactly(new E("message", "x", "7", -1));
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void onlyCommentsGiveNoEvents(String nl, boolean trickle) throws IOException {
    assertThat(parse((":keep-alive" + nl).repeat(200), trickle)).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void bomIsSkippedOnceAtTheStart(String nl, boolean trickle) throws IOException {
    byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    assertThat(data(parse(concat(bom, "data:hi" + nl + nl + "data:there" + nl + nl), trickle)))
        .containsExactly("hi", "there");
    // A second BOM is not skipped: it makes the field name unknown.
    assertThat(
            data(
                parse(concat(bom, concat(bom, "data:hi" + nl + nl + "data:b" + nl + nl)), trickle)))
        .containsExactly("b");
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void partialBomMakesTheFirstLineUnknown(String nl, boolean trickle) throws IOException {
    String rest = "data:hi" + nl + nl + "data:there" + nl + nl;
    assertThat(data(parse(concat(new byte[] {(byte) 0xEF}, rest), trickle)))
        .containsExactly("there");
    assertThat(data(parse(concat(new byte[] {(byte) 0xEF, (byte) 0xBB}, rest), trickle)))
        .containsExactly("there");
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void bodyOfOnlyABomGivesNoEvents(String nl, boolean trickle) throws IOException {
    assertThat(parse(new byte[] {(byte) 0xEF}, trickle)).isEmpty();
    assertThat(parse(new byte[] {(byte) 0xEF, (byte) 0xBB}, trickle)).isEmpty();
    assertThat(parse(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, trickle)).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void longLines(String nl, boolean trickle) throws IOException {
    List<String> expected =
        IntStream.rangeClosed(1, 100)
            .mapToObj(i -> (i + " ").repeat(i * 50))
            .collect(Collectors.toList());
    String body = expected.stream().map(s -> "data: " + s + nl + nl).collect(Collectors.joining());
    assertThat(data(parse(body, trickle))).isEqualTo(expected);
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void llmStreamingResponse(String nl, boolean trickle) throws IOException {
    String chunk =
        "{\"id\":\"xxx\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"delta\":"
            + "{\"content\":\"!\"},\"index\":0,\"finish_reason\":null}]}";
    assertThat(
            data(
                parse(
                    "data: "
                        + chunk
                        + nl
                        + nl
                        + "data: "
                        + chunk
                        + nl
                        + nl
                        + "data: [DONE]"
                        + nl
                        + nl,
                    trickle)))
        .containsExactly(chunk, chunk, "[DONE]");
  }

  @Test
  void mixedLineEndsInOneStream() throws IOException {
    assertThat(data(parse("data:a\rdata:b\ndata:c\r\n\r\ndata:d\n\r", false)))
        .containsExactly("a\nb\nc", "d");
  }

  @Test
  void crAtTheEndOfOneReadAndLfAtTheStartOfTheNextAreOneLineEnd() throws IOException {
    // "\r" then "\n" in separate reads: one line end, so "data:b" is not cut by an empty line.
    InputStream in = chunks("data:a\r", "\ndata:b\r", "\n\r", "\n");
    assertThat(data(parse(new EventStreamParser(in, LIMIT)))).containsExactly("a\nb");
  }

  @Test
  void eventIsReportedWhenItsBlankLineArrivesWithoutReadingFurther() throws IOException {
    for (String body : List.of("data: now\n\n", "data: now\r\r", "data: now\r\n\r\n")) {
      // A read after the one that completed the event would fail: the event comes first.
      InputStream in =
          new InputStream() {
            int reads;

            @Override
            public int read() {
              throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) {
              if (reads++ > 0) {
                throw new AssertionError("read past an event that was complete: " + body);
              }
              byte[] bytes = body.getBytes(UTF_8);
              System.arraycopy(bytes, 0, b, off, bytes.length);
              return bytes.length;
            }
          };
      EventStreamParser p = new EventStreamParser(in, LIMIT);
      assertThat(p.next()).isTrue();
      assertThat(new String(p.data(), 0, p.dataLength(), UTF_8)).isEqualTo("now");
    }
  }

  @Test
  void invalidUtf8InNamesAndDataBecomesReplacementCharacters() throws IOException {
    byte[] body =
        concat(
            "event: a".getBytes(UTF_8),
            concat(new byte[] {(byte) 0xFF}, "\ndata: x".getBytes(UTF_8)));
    body = concat(body, concat(new byte[] {(byte) 0xC3}, "\n\n".getBytes(UTF_8)));
    assertThat(parse(body, false)).containsExactly(E.of("a\uFFFD", "x\uFFFD"));
  }

  @Test
  void lineOverTheLimitFailsInBoundedMemory() {
    InputStream endless =
        new InputStream() {
          long sent;

          @Override
          public int read() {
            return 'x';
          }

          @Override
          public int read(byte[] b, int off, int len) {
            if (sent > 10_000_000) {
              throw new AssertionError("kept reading past the limit");
            }
            java.util.Arrays.fill(b, off, off + len, (byte) 'x');
            sent += len;
            return len;
          }
        };
    assertThatThrownBy(() -> new EventStreamParser(endless, 100_000).next())
        .isInstanceOfSatisfying(
            ResponseTooLargeException.class,
            e -> {
              assertThat(e.limit()).isEqualTo(100_000);
              assertThat(e.getMessage()).contains("a line").contains("100000");
            });
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void eventDataOverTheLimitFailsAndAtTheLimitPasses(String nl, boolean trickle)
      throws IOException {
    String atLimit = "data: " + "a".repeat(50) + nl + "data: " + "b".repeat(49) + nl + nl;
    assertThat(data(parse(new EventStreamParser(stream(atLimit, trickle), 100))))
        .containsExactly("a".repeat(50) + "\n" + "b".repeat(49));
    String over = "data: " + "a".repeat(50) + nl + "data: " + "b".repeat(50) + nl + nl;
    assertThatThrownBy(() -> parse(new EventStreamParser(stream(over, trickle), 100)))
        .isInstanceOf(ResponseTooLargeException.class)
        .hasMessageContaining("the data of an event");
  }

  @ParameterizedTest
  @MethodSource("newlinesAndTrickle")
  void lineOverTheLimitFailsWhetherItArrivesWholeOrInPieces(String nl, boolean trickle)
      throws IOException {
    String atLimit = ":" + "c".repeat(99) + nl + "data: x" + nl + nl;
    assertThat(data(parse(new EventStreamParser(stream(atLimit, trickle), 100))))
        .containsExactly("x");
    String over = ":" + "c".repeat(100) + nl + "data: x" + nl + nl;
    assertThatThrownBy(() -> parse(new EventStreamParser(stream(over, trickle), 100)))
        .isInstanceOf(ResponseTooLargeException.class)
        .hasMessageContaining("a line");
  }

  private static InputStream stream(String text, boolean trickle) {
    byte[] bytes = text.getBytes(UTF_8);
    return trickle ? trickle(bytes) : new ByteArrayInputStream(bytes);
  }

  private static InputStream chunks(String... parts) {
    return new InputStream() {
      int i;

      @Override
      public int read() {
        throw new UnsupportedOperationException();
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (i == parts.length) {
          return -1;
        }
        byte[] bytes = parts[i++].getBytes(UTF_8);
        System.arraycopy(bytes, 0, b, off, bytes.length);
        return bytes.length;
      }
    };
  }

  private static byte[] concat(byte[] a, String b) {
    return concat(a, b.getBytes(UTF_8));
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}

package dev.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.contract.ListenerContract;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.io.InputStream;
import java.io.Reader;
import java.lang.reflect.Type;
import java.net.http.HttpClient;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A stream that fails while it reads reports its end (to listeners, JFR and the log) even when
 * closing its parser then throws too; the failure that ended it is the one thrown.
 */
class StreamEndReportTest {
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aStreamWhoseParserFailsToCloseDuringAFailureStillReportsItsEnd() throws Exception {
    server.enqueue(
        new MockResponse.Builder()
            .setHeader("Content-Type", "application/json")
            .body("[\"a\", oops]")
            .build());
    ListenerContract.Recorder recorder = new ListenerContract.Recorder();
    HttpJsonClient api =
        HttpJsonClient.newBuilder(HttpClient.newHttpClient())
            .baseUri(LoopbackServer.uri(server, "/"))
            .options(JsonOptions.newBuilder().codec(new CloseFailing()).build())
            .listener(recorder)
            .build();

    try (Stream<String> items = api.getFromJsonAsStream("items", String.class)) {
      Iterator<String> it = items.iterator();
      assertThatThrownBy(() -> it.forEachRemaining(item -> {}))
          .as("the failure that ended the stream, the close's beside it")
          .isInstanceOf(UncheckedHttpJsonException.class)
          .hasRootCauseInstanceOf(JsonReadException.class)
          .satisfies(
              e ->
                  assertThat(e.getSuppressed())
                      .singleElement()
                      .satisfies(s -> assertThat(s).hasMessage("parser would not close")));
    }

    List<String> events = recorder.events();
    assertThat(events).anyMatch(e -> e.startsWith("streamEnd "));
    assertThat(events.get(events.size() - 1)).startsWith("callFailed");
  }

  /** Reads one string element, then fails on the next; closing its cursor throws. */
  private static final class CloseFailing implements JsonCodec {
    @Override
    public String name() {
      return "close-failing";
    }

    @Override
    public JsonBinding bind(JsonOptions options) {
      return new JsonBinding() {
        @Override
        public <T> JsonReader<T> reader(Type type) {
          throw new UnsupportedOperationException();
        }

        @Override
        public <T> JsonWriter<T> writer(Type type) {
          throw new UnsupportedOperationException();
        }

        @Override
        public <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
          return new JsonSequenceReader<T>() {
            @Override
            public Cursor<T> array(InputStream in) {
              return cursor(in);
            }

            @Override
            public Cursor<T> array(Reader reader) {
              throw new UnsupportedOperationException();
            }

            @Override
            public Cursor<T> values(InputStream in) {
              return cursor(in);
            }

            @Override
            public Cursor<T> values(Reader reader) {
              throw new UnsupportedOperationException();
            }
          };
        }
      };
    }

    private static <T> JsonSequenceReader.Cursor<T> cursor(InputStream in) {
      return new JsonSequenceReader.Cursor<T>() {
        private int n;

        @Override
        public boolean next() throws java.io.IOException {
          if (n++ == 0) {
            return true;
          }
          in.readAllBytes();
          throw new JsonReadException("bad element", 1, 7, "$[1]", null);
        }

        @Override
        @SuppressWarnings("unchecked")
        public T value() {
          return (T) "a";
        }

        @Override
        public void close() throws java.io.IOException {
          in.close();
          throw new IllegalStateException("parser would not close");
        }
      };
    }
  }
}

package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import dev.httpjson.UncheckedHttpJsonException;
import dev.httpjson.contract.LoopbackServer;
import dev.httpjson.contract.Models.Named;
import java.net.http.HttpClient;
import java.util.Iterator;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * A value of the wrong type inside a streamed array element has its JSON path from the body ({@code
 * $[1].displayName}), as a syntax error at the same place has, not from the element ({@code
 * $.displayName}). {@code DisagreementsTest#aFailingStreamElementIsNamedByItsIndex} checks the same
 * of every codec.
 */
class StreamedElementPathTest {
  @Test
  void aMismatchInAStreamedElementHasTheElementsIndexInItsPath() throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    try (MockWebServer server = LoopbackServer.start()) {
      server.enqueue(LoopbackServer.json(200, "[{\"displayName\":\"a\"},{\"displayName\":[1]}]"));

      try (Stream<Named> stream =
          HttpJson.getFromJsonAsStream(
              client, LoopbackServer.uri(server, "/a"), JsonType.of(Named.class))) {
        Iterator<Named> it = stream.iterator();
        assertThat(it.next()).isEqualTo(new Named("a"));
        assertThatThrownBy(it::next)
            .isInstanceOf(UncheckedHttpJsonException.class)
            .cause()
            .isInstanceOfSatisfying(
                JsonReadException.class, e -> assertThat(e.path()).isEqualTo("$[1].displayName"));
      }
    }
  }
}

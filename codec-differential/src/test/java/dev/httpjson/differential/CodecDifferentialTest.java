package dev.httpjson.differential;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.httpjson.HttpJson;
import dev.httpjson.JsonReadException;
import dev.httpjson.contract.LoopbackServer;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okio.Buffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The four codecs read every generated document alike (a value equal in every codec, doubles bit
 * for bit, or a {@code JsonReadException} in every codec, at the same JSON path when the document
 * is JSON: a parser's syntax error stops where that parser stops), from bytes, from text and over
 * HTTP, and every codec writes every value as the same text, which reads back equal with every
 * codec. Fixed seeds: a failure reproduces. The default run is sized for CI; {@code
 * -Dhttpjson.differential.documents=200000} runs longer, {@code -Dhttpjson.differential.seed=<n>}
 * with other seeds (CONTRIBUTING.md), {@code -Dhttpjson.differential.problems=true} (in the test
 * JVM's {@code surefire.argLine}) also comparing the first line of each failure's problem, which
 * the codecs do not word alike yet ({@code
 * DisagreementsTest#aFailureIsSaidInTheSameWordsByEveryCodec}). A disagreement fails the test with
 * the shrunk case and every codec's outcome, unless {@link KnownDisagreements} lists it.
 */
class CodecDifferentialTest {
  /** Other seeds than CI's: {@code -Dhttpjson.differential.seed=<n>} (0, CI's, by default). */
  private static final long SEED = Long.getLong("httpjson.differential.seed", 0);

  private static final long DOCUMENT_SEED = 29 + SEED;
  private static final long VALUE_SEED = 2900 + SEED;
  private static final long HTTP_SEED = 29_000 + SEED;

  private static final int DEFAULT_DOCUMENTS = 3000;
  private static final int DOCUMENTS = Math.max(size(), DEFAULT_DOCUMENTS);
  private static final int ROUND_TRIPS = DOCUMENTS / 4;
  private static final int HTTP_DOCUMENTS = Math.min(300 * (DOCUMENTS / DEFAULT_DOCUMENTS), 5000);

  private static int size() {
    return Integer.getInteger("httpjson.differential.documents", 0);
  }

  /** Generous, and scaled with the run: a hang fails the test, a long run does not. */
  private static Duration bound(int cases) {
    return Duration.ofSeconds(60).plusMillis(cases * 5L);
  }

  @Test
  @Timeout(
      value = 3,
      unit = java.util.concurrent.TimeUnit.HOURS) // bounded below, by the run's size
  void everyCodecReadsEveryDocumentAlike() {
    Findings findings =
        assertTimeoutPreemptively(
            bound(DOCUMENTS),
            () -> {
              Findings found = new Findings("documents", DOCUMENTS);
              Generator generator = new Generator(DOCUMENT_SEED);
              for (int i = 0; i < DOCUMENTS; i++) {
                Differential.Document document = document(generator);
                Map<Differential.Reader, Outcome> outcomes = Differential.read(document);
                found.count(document, outcomes.size());
                Differential.Disagreement disagreement =
                    Differential.agreeExactly(outcomes)
                        ? null
                        : new Differential.Disagreement(document, outcomes);
                if (disagreement != null) {
                  Differential.Disagreement shrunk = Differential.shrink(disagreement);
                  found.add(
                      shrunk.document().target()
                          + " | "
                          + skeleton(shrunk.document())
                          + " | "
                          + shrunk.signature(),
                      shrunk,
                      shrunk.report());
                }
              }
              return found;
            });

    findings.print();
    assertThat(findings.unknown()).as(findings.report()).isEmpty();
  }

  @Test
  @Timeout(value = 3, unit = java.util.concurrent.TimeUnit.HOURS)
  void everyCodecReadsBackWhatEveryCodecWrote() {
    Findings findings =
        assertTimeoutPreemptively(
            bound(ROUND_TRIPS * 4),
            () -> {
              Findings found = new Findings("round trips", ROUND_TRIPS);
              Generator generator = new Generator(VALUE_SEED);
              List<Target> targets = Target.ALL.stream().filter(Target::roundTrips).toList();
              Target mixed =
                  Target.ALL.stream()
                      .filter(t -> t.type == Shapes.Mixed.class && t.variant == Target.Variant.WEB)
                      .findFirst()
                      .orElseThrow();
              for (int i = 0; i < ROUND_TRIPS; i++) {
                Target target =
                    generator.literals().chance(0.3) ? mixed : generator.literals().pick(targets);
                Object value = generator.value(target.type, false);
                Differential.RoundTrip roundTrip = Differential.roundTrip(target, value);
                if (roundTrip.failed() && !found.seen(target + " | " + roundTrip.signature())) {
                  Differential.RoundTrip shrunk =
                      Differential.shrink(roundTrip, generator.value(target.type, true));
                  found.add(target + " | " + shrunk.signature(), shrunk, shrunk.report());
                }
              }
              return found;
            });

    findings.print();
    assertThat(findings.unknown()).as(findings.report()).isEmpty();
  }

  /** An HTTP read of a document gives, in each codec, what that codec reads from its bytes. */
  @Test
  @Timeout(value = 3, unit = java.util.concurrent.TimeUnit.HOURS)
  void everyCodecReadsAResponseBodyAsItReadsTheBytes() throws Exception {
    Generator generator = new Generator(HTTP_SEED);
    List<Differential.Document> documents = new ArrayList<>();
    for (int i = 0; i < HTTP_DOCUMENTS; i++) {
      documents.add(document(generator));
    }
    try (MockWebServer server = LoopbackServer.newServer()) {
      server.setDispatcher(
          new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
              int index = Integer.parseInt(request.getUrl().pathSegments().get(1));
              return new MockResponse.Builder()
                  .code(200)
                  .addHeader(
                      "Content-Type",
                      documents.get(index).target().stream == null
                          ? "application/json"
                          : documents.get(index).target().stream.contentType)
                  .body(new Buffer().write(documents.get(index).bytes()))
                  .build();
            }
          });
      server.start(InetAddress.getLoopbackAddress(), 0);
      HttpClient client =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .connectTimeout(Duration.ofSeconds(10))
              .build();

      Findings findings =
          assertTimeoutPreemptively(
              bound(HTTP_DOCUMENTS * 4 * 10),
              () -> {
                Findings found = new Findings("documents over HTTP", HTTP_DOCUMENTS);
                // Requests in parallel: each waits mostly on loopback round trips, not on a core.
                ExecutorService pool = Executors.newFixedThreadPool(8);
                try {
                  List<Future<List<HttpCase>>> results = new ArrayList<>();
                  for (int i = 0; i < documents.size(); i++) {
                    Differential.Document document = documents.get(i);
                    URI uri = server.url("/doc/" + i).uri();
                    results.add(
                        pool.submit(
                            () -> {
                              Map<Differential.Reader, Outcome> fromBytes =
                                  Differential.read(document);
                              List<HttpCase> cases = new ArrayList<>();
                              for (Codecs codec : Codecs.ALL) {
                                Outcome overHttp = overHttp(client, uri, document.target(), codec);
                                Outcome expected =
                                    fromBytes.get(new Differential.Reader(codec, false));
                                if (!overHttp.agreesExactly(expected)
                                    || overHttp instanceof Outcome.Crashed) {
                                  cases.add(new HttpCase(document, codec, expected, overHttp));
                                }
                              }
                              return cases;
                            }));
                  }
                  for (Future<List<HttpCase>> result : results) {
                    for (HttpCase c : result.get()) {
                      found.add(
                          c.document().target() + " | " + c.codec().label + " | " + c.kinds(),
                          c,
                          c.report());
                    }
                  }
                } finally {
                  pool.shutdownNow();
                }
                return found;
              });

      findings.print();
      assertThat(findings.unknown()).as(findings.report()).isEmpty();
      // Each call reached the server; the JDK client may send a GET again when the pooled
      // connection it took was closed (a stream closed before its body ended closes its own).
      assertThat(server.getRequestCount())
          .isGreaterThanOrEqualTo(HTTP_DOCUMENTS * Codecs.ALL.size());
    }
  }

  /** A response body read over HTTP that did not give what the same codec read from the bytes. */
  record HttpCase(
      Differential.Document document, Codecs codec, Outcome fromBytes, Outcome overHttp) {
    String kinds() {
      return kind(fromBytes) + " from bytes, " + kind(overHttp) + " over HTTP";
    }

    private static String kind(Outcome outcome) {
      return outcome.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
    }

    String report() {
      return "  document:   "
          + Show.document(document.bytes())
          + "\n"
          + "  target:     "
          + document.target()
          + "\n"
          + "  codec:      "
          + codec.label
          + "\n"
          + "  from bytes: "
          + fromBytes
          + "\n"
          + "  over HTTP:  "
          + overHttp
          + "\n";
    }
  }

  private static Outcome overHttp(HttpClient client, URI uri, Target target, Codecs codec) {
    if (target.stream != null) {
      return Streams.collect(() -> HttpJson.getFromJsonAsStream(client, uri, target.in(codec)));
    }
    try {
      return new Outcome.Value(HttpJson.getFromJson(client, uri, target.in(codec)));
    } catch (JsonReadException e) {
      return Outcome.Refused.of(e);
    } catch (Exception | Error e) {
      return new Outcome.Crashed(e);
    }
  }

  private static Differential.Document document(Generator generator) {
    return document(generator, Target.ALL);
  }

  private static Differential.Document document(Generator generator, List<Target> targets) {
    Literals literals = generator.literals();
    Target target =
        literals.chance(0.15)
            ? targets.stream()
                .filter(
                    t ->
                        t.stream == null
                            && t.variant == Target.Variant.WEB
                            && (t.type == Shapes.Mixed.class || t.type == Shapes.Positions.class))
                .skip(literals.random().nextInt(2))
                .findFirst()
                .orElseThrow()
            : literals.pick(targets);
    Mutation mutation;
    double roll = literals.random().nextDouble();
    if (roll < 0.2) {
      List<Mutation> invalid = List.of(Mutation.values()).stream().filter(m -> !m.valid()).toList();
      mutation = literals.pick(invalid);
    } else if (roll < 0.3) {
      mutation = Mutation.WHITESPACE;
    } else {
      mutation = Mutation.NONE;
    }
    boolean invalidLiterals = literals.chance(0.2);
    generator.naming(target.variant.naming);
    Node tree =
        target.stream == null
            ? generator.document(target.type, invalidLiterals)
            : generator.stream(target.type, target.stream, invalidLiterals);
    return new Differential.Document(target, tree, mutation);
  }

  /** The document with each literal replaced by what it is: the shape of a class of cases. */
  private static String skeleton(Differential.Document document) {
    return skeleton(document.tree())
        + (document.mutation() == Mutation.NONE ? "" : " " + document.mutation());
  }

  private static String skeleton(Node node) {
    if (node instanceof Node.Literal literal) {
      String text = literal.text();
      if (text.startsWith("\"")) {
        return "string";
      }
      if (text.equals("true") || text.equals("false") || text.equals("null")) {
        return text;
      }
      return text.matches("-?[0-9]+") ? "integer" : "number";
    }
    if (node instanceof Node.Lines lines) {
      return String.join(
          "\\n", lines.elements().stream().map(CodecDifferentialTest::skeleton).toList());
    }
    if (node instanceof Node.Array array) {
      return "["
          + String.join(
              ",", array.elements().stream().map(CodecDifferentialTest::skeleton).toList())
          + "]";
    }
    Node.Obj obj = (Node.Obj) node;
    return "{"
        + String.join(
            ",", obj.members().stream().map(m -> m.name() + ":" + skeleton(m.value())).toList())
        + "}";
  }

  /** What a run found, by class: the known ones counted, the others reported. */
  static final class Findings {
    private final String what;
    private final int cases;
    private final Map<String, Integer> known = new TreeMap<>();
    private final Map<String, String> unknown = new TreeMap<>();
    private final Map<String, Integer> unknownCounts = new TreeMap<>();
    private final Map<String, Runnable> classified = new java.util.HashMap<>();

    private int reads;
    private int streamed;

    Findings(String what, int cases) {
      this.what = what;
      this.cases = cases;
    }

    /** A document read {@code reads} ways (codecs, bytes or text). */
    void count(Differential.Document document, int reads) {
      this.reads += reads;
      if (document.target().stream != null) {
        streamed++;
      }
    }

    void add(String key, Object found, String report) {
      KnownDisagreements.Known match = KnownDisagreements.match(found);
      if (match != null) {
        String name = match.name() + " (" + match.test() + ")";
        known.merge(name, 1, Integer::sum);
        classified.putIfAbsent(key, () -> known.merge(name, 1, Integer::sum));
        return;
      }
      unknownCounts.merge(key, 1, Integer::sum);
      unknown.merge(key, report, (a, b) -> a.length() <= b.length() ? a : b);
      classified.putIfAbsent(key, () -> unknownCounts.merge(key, 1, Integer::sum));
    }

    /** Whether a case of this class was already shrunk and classified (then it is counted). */
    boolean seen(String key) {
      if (classified.containsKey(key)) {
        classified.get(key).run();
        return true;
      }
      return false;
    }

    Map<String, String> unknown() {
      return unknown;
    }

    String report() {
      StringBuilder out = new StringBuilder();
      out.append(unknown.size())
          .append(" class(es) of disagreement in ")
          .append(cases)
          .append(' ')
          .append(what)
          .append(":\n");
      unknown.forEach(
          (key, report) ->
              out.append("\n")
                  .append(key)
                  .append("  (")
                  .append(unknownCounts.get(key))
                  .append(" cases)\n")
                  .append(report));
      return out.toString();
    }

    void print() {
      System.out.println(
          "[differential] "
              + cases
              + " "
              + what
              + (reads == 0
                  ? ""
                  : " (" + streamed + " of them streamed; " + reads + " reads in all)")
              + (SEED == 0 ? "" : " (seed " + SEED + ")")
              + "; known disagreements let through:");
      known.forEach((name, count) -> System.out.println("  " + count + " × " + name));
      if (!unknown.isEmpty()) {
        System.out.println(report());
      }
    }
  }
}

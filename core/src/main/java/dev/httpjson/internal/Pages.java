package dev.httpjson.internal;

import dev.httpjson.HttpJsonException;
import dev.httpjson.JsonReadException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.reflect.Type;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * The elements of a paginated collection, page after page as the consumer pulls, following {@code
 * Link: <…>; rel="next"} (RFC 8288) or the next page a page's body names. A next page already read,
 * or too many empty pages in a row, fails instead of looping.
 */
public final class Pages<P, T> implements Iterator<T> {
  /** Fetches one page, status checked. */
  public interface Fetcher<P> {
    public HttpResponse<@Nullable P> fetch(URI uri) throws IOException, InterruptedException;
  }

  /** What a page holds: its elements and the absolute URI of the page after it. */
  public interface Step<P, T> {
    List<? extends T> elements(HttpResponse<@Nullable P> response);

    @Nullable URI next(HttpResponse<@Nullable P> response) throws IOException;
  }

  /** A page that is a JSON array, its next page named by {@code Link: <…>; rel="next"}. */
  public static <T> Step<List<T>, T> links() {
    return new Step<>() {
      @Override
      public List<? extends T> elements(HttpResponse<@Nullable List<T>> response) {
        List<T> items = response.body();
        return items == null ? List.of() : items;
      }

      @Override
      public @Nullable URI next(HttpResponse<@Nullable List<T>> response) throws IOException {
        return Links.find(response.headers(), "next", response.uri());
      }
    };
  }

  /** How many pages in a row may have no elements and still link a next page. */
  public static final int MAX_EMPTY_PAGES = 100;

  /** How many of the last pages a next page is compared with, each as a fingerprint. */
  static final int RECENT = 64;

  private final Fetcher<P> fetcher;
  private final Step<P, T> step;
  private final String naming;
  private final Set<String> shown;
  private final MessageDigest sha256;
  private final long[] recent = new long[2 * RECENT];
  private final int[] recentPage = new int[RECENT];
  private long checkpointHigh;
  private long checkpointLow;
  private int checkpointPage;
  private Iterator<? extends T> page = Collections.emptyIterator();
  private @Nullable URI next;
  private @Nullable URI current;
  private int pages;
  private int emptyInARow;
  private boolean closed;

  private Pages(Fetcher<P> fetcher, Step<P, T> step, String naming, Set<String> shown) {
    this.fetcher = fetcher;
    this.step = step;
    this.naming = naming;
    this.shown = shown;
    try {
      this.sha256 = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  /**
   * Reads the first page now (its status fails the call), the others as the stream is pulled. The
   * stream is never split: a split reads a batch of elements ahead (1024 and more, fetching the
   * pages they are on), so a {@code parallel()} stream is read on the caller's thread, a page only
   * when it is needed, as a sequential one is.
   */
  public static <P, T> Stream<T> open(
      URI first, Fetcher<P> fetcher, Step<P, T> step, String naming, Set<String> shown)
      throws IOException, InterruptedException {
    Pages<P, T> pages = new Pages<>(fetcher, step, naming, shown);
    pages.load(first);
    Spliterator<T> elements =
        new Spliterators.AbstractSpliterator<T>(Long.MAX_VALUE, Spliterator.ORDERED) {
          @Override
          public boolean tryAdvance(Consumer<? super T> action) {
            if (!pages.hasNext()) {
              return false;
            }
            action.accept(pages.next());
            return true;
          }

          @Override
          public @Nullable Spliterator<T> trySplit() {
            return null;
          }
        };
    return StreamSupport.stream(elements, false).onClose(pages::close);
  }

  private void load(URI uri) throws IOException, InterruptedException {
    int earlier = remember(uri, pages + 1);
    if (earlier != 0) {
      throw new HttpJsonException(
          "Pagination loop: "
              + naming
              + " of page "
              + pages
              + " ("
              + Uris.redact(String.valueOf(current), shown)
              + ") points back to page "
              + earlier
              + " ("
              + Uris.redact(uri, shown)
              + ")",
          null);
    }
    if (pages > 0 && !requestable(uri)) {
      throw new HttpJsonException(
          "Pagination stopped: "
              + naming
              + " of page "
              + pages
              + " ("
              + Uris.redact(String.valueOf(current), shown)
              + ") is not an http or https URI with a host: "
              + Uris.redact(uri, shown),
          null);
    }
    page = Collections.emptyIterator(); // let the previous page go before the next one arrives
    HttpResponse<@Nullable P> response;
    try {
      response = fetcher.fetch(uri);
    } catch (JsonReadException e) {
      throw pages == 0 ? e : named(e, uri); // the first page's is the call's, whose URI is known
    }
    pages++;
    current = uri;
    Iterator<? extends T> items = step.elements(response).iterator();
    URI after = step.next(response);
    page = items;
    emptyInARow = page.hasNext() ? 0 : emptyInARow + 1;
    next = after;
  }

  /** Whether the client can send a request to {@code uri}, a page the server named. */
  private static boolean requestable(URI uri) {
    String scheme = uri.getScheme();
    return ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
        && uri.getHost() != null;
  }

  /** The failure to read a later page, naming the page and its URI, which the server chose. */
  private JsonReadException named(JsonReadException e, URI uri) {
    JsonReadException n =
        new JsonReadException(
            "Page " + (pages + 1) + " (GET " + Uris.redact(uri, shown) + "): " + e.problem(),
            e.line(),
            e.column(),
            e.path(),
            e);
    Type target = e.targetType();
    return target == null ? n : ApiAccess.get().withContext(n, target, e.contentType());
  }

  /**
   * Records {@code uri} as page {@code number}'s, and returns the number of an earlier page with
   * the same URI that the loop check still knows of, or 0.
   */
  private int remember(URI uri, int number) {
    byte[] digest = sha256.digest(uri.toString().getBytes(StandardCharsets.UTF_8));
    ByteBuffer bits = ByteBuffer.wrap(digest);
    long high = bits.getLong(0);
    long low = bits.getLong(8);
    for (int i = 0; i < RECENT; i++) {
      if (recentPage[i] != 0 && recent[2 * i] == high && recent[2 * i + 1] == low) {
        return recentPage[i];
      }
    }
    if (checkpointPage != 0 && checkpointHigh == high && checkpointLow == low) {
      return checkpointPage;
    }
    int slot = number % RECENT;
    recent[2 * slot] = high;
    recent[2 * slot + 1] = low;
    recentPage[slot] = number;
    if (Integer.bitCount(number) == 1) { // pages 1, 2, 4, 8…
      checkpointHigh = high;
      checkpointLow = low;
      checkpointPage = number;
    }
    return 0;
  }

  @Override
  public boolean hasNext() {
    while (!page.hasNext()) {
      URI u = next;
      if (closed || u == null) {
        return false;
      }
      next = null;
      if (emptyInARow >= MAX_EMPTY_PAGES) {
        closed = true;
        throw ApiAccess.get()
            .unchecked(
                new HttpJsonException(
                    "Pagination stopped after "
                        + emptyInARow
                        + " pages in a row without elements: page "
                        + pages
                        + " ("
                        + Uris.redact(String.valueOf(current), shown)
                        + ") names yet another next page ("
                        + Uris.redact(u, shown)
                        + ")",
                    null));
      }
      try {
        load(u);
      } catch (IOException e) {
        closed = true;
        throw ApiAccess.get().unchecked(e);
      } catch (RuntimeException e) { // from the caller's paging functions
        closed = true;
        throw e;
      } catch (InterruptedException e) {
        closed = true;
        Thread.currentThread().interrupt();
        InterruptedIOException interrupted =
            new InterruptedIOException(
                "interrupted while reading page " + (pages + 1) + ": " + Uris.redact(u, shown));
        interrupted.initCause(e);
        throw ApiAccess.get().unchecked(interrupted);
      }
    }
    return true;
  }

  @Override
  public T next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    return page.next();
  }

  private void close() {
    closed = true;
    next = null;
    page = Collections.emptyIterator();
  }

  /**
   * Reads web links (RFC 8288 §3) from {@code Link} headers: {@code <uri>; rel="next"; title=x,
   * <uri>; rel=last}, over one header line or several, parameters in any order, relation types as a
   * quoted space-separated list or a bare token, the first {@code rel} of a link counting (later
   * ones are ignored, as §3.3 says), relative targets resolved against the response's URI.
   */
  public static final class Links {
    private Links() {}

    /**
     * The target of the first link whose relation types include {@code rel} (compared without
     * case), resolved against {@code base}; {@code null} if there is none.
     */
    public static @Nullable URI find(HttpHeaders headers, String rel, URI base)
        throws HttpJsonException {
      for (String value : headers.allValues("Link")) {
        String target = new Parser(value).find(rel);
        if (target != null) {
          try {
            return Uris.resolve(base, new URI(target));
          } catch (URISyntaxException | IllegalArgumentException e) {
            throw new HttpJsonException(
                "Link header of the response from "
                    + Uris.redact(base)
                    + " has a rel=\""
                    + rel
                    + "\" target that is not a URI: "
                    + Uris.redact(target),
                e);
          }
        }
      }
      return null;
    }

    private static final class Parser {
      private final String s;
      private int i;

      public Parser(String s) {
        this.s = s;
      }

      @Nullable String find(String rel) {
        while (true) {
          skip(" \t,");
          if (i >= s.length() || s.charAt(i) != '<') {
            return null; // the end, or a malformed link-value: nothing more to trust in this line
          }
          int close = s.indexOf('>', i + 1);
          if (close < 0) {
            return null;
          }
          String target = s.substring(i + 1, close).trim();
          i = close + 1;
          boolean matched = false;
          boolean sawRel = false;
          while (true) {
            skip(" \t");
            if (i >= s.length() || s.charAt(i) == ',') {
              break;
            }
            if (s.charAt(i) != ';') {
              skipLinkValue(); // junk after the target or a parameter: skip this link
              break;
            }
            i++;
            skip(" \t");
            String name = token().toLowerCase(Locale.ROOT);
            skip(" \t");
            String paramValue = "";
            if (i < s.length() && s.charAt(i) == '=') {
              i++;
              skip(" \t");
              paramValue = i < s.length() && s.charAt(i) == '"' ? quoted() : token();
            }
            if (name.equals("rel") && !sawRel) {
              sawRel = true;
              for (String type : paramValue.trim().split("[ \t]+")) {
                matched |= type.equalsIgnoreCase(rel);
              }
            }
          }
          if (matched) {
            return target;
          }
        }
      }

      private void skip(String chars) {
        while (i < s.length() && chars.indexOf(s.charAt(i)) >= 0) {
          i++;
        }
      }

      private String token() {
        int start = i;
        while (i < s.length() && " \t;,=\"".indexOf(s.charAt(i)) < 0) {
          i++;
        }
        return s.substring(start, i);
      }

      private String quoted() {
        StringBuilder sb = new StringBuilder();
        i++; // the opening quote
        while (i < s.length()) {
          char c = s.charAt(i++);
          if (c == '"') {
            return sb.toString();
          }
          if (c == '\\' && i < s.length()) {
            c = s.charAt(i++);
          }
          sb.append(c);
        }
        return sb.toString(); // unterminated: what there is
      }

      /** Skips to the comma that ends this link-value, stepping over quoted strings. */
      private void skipLinkValue() {
        while (i < s.length() && s.charAt(i) != ',') {
          if (s.charAt(i) == '"') {
            quoted();
          } else {
            i++;
          }
        }
      }
    }
  }
}

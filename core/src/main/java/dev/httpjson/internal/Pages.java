package dev.httpjson.internal;

import dev.httpjson.HttpJsonException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * The elements of a paginated collection, page after page as the consumer pulls, following {@code
 * Link: <…>; rel="next"} (RFC 8288). One page is held at a time; closing the stream stops fetching.
 * A {@code next} link to a page already read fails instead of looping, and so does the {@value
 * #MAX_EMPTY_PAGES}th empty page in a row that links a next one: one {@code hasNext()} would
 * otherwise fetch for as long as the server invents new pages.
 */
public final class Pages<T> implements Iterator<T> {
  /** Fetches one page, status checked. */
  public interface Fetcher<T> {
    public HttpResponse<@Nullable List<T>> fetch(URI uri) throws IOException, InterruptedException;
  }

  /** How many pages in a row may have no elements and still link a next page. */
  public static final int MAX_EMPTY_PAGES = 100;

  private final Fetcher<T> fetcher;
  private final Map<URI, Integer> seen = new HashMap<>();
  private Iterator<T> page = Collections.emptyIterator();
  private @Nullable URI next;
  private @Nullable URI current;
  private int pages;
  private int emptyInARow;
  private boolean closed;

  private Pages(Fetcher<T> fetcher) {
    this.fetcher = fetcher;
  }

  /** Reads the first page now (its status fails the call), the others as the stream is pulled. */
  public static <T> Stream<T> open(URI first, Fetcher<T> fetcher)
      throws IOException, InterruptedException {
    Pages<T> pages = new Pages<>(fetcher);
    pages.load(first);
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(pages, Spliterator.ORDERED), false)
        .onClose(pages::close);
  }

  private void load(URI uri) throws IOException, InterruptedException {
    Integer earlier = seen.putIfAbsent(uri, pages + 1);
    if (earlier != null) {
      throw new HttpJsonException(
          "Pagination loop: the Link rel=\"next\" of page "
              + pages
              + " ("
              + Uris.redact(String.valueOf(current))
              + ") points back to page "
              + earlier
              + " ("
              + Uris.redact(uri)
              + ")",
          null);
    }
    page = Collections.emptyIterator(); // let the previous page go before the next one arrives
    HttpResponse<@Nullable List<T>> response = fetcher.fetch(uri);
    pages++;
    current = uri;
    List<T> items = response.body();
    page = items == null ? Collections.emptyIterator() : items.iterator();
    emptyInARow = page.hasNext() ? 0 : emptyInARow + 1;
    next = Links.find(response.headers(), "next", response.uri());
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
        throw new UncheckedIOException(
            new HttpJsonException(
                "Pagination stopped after "
                    + emptyInARow
                    + " pages in a row without elements: page "
                    + pages
                    + " ("
                    + Uris.redact(String.valueOf(current))
                    + ") links yet another next page ("
                    + Uris.redact(u)
                    + ")",
                null));
      }
      try {
        load(u);
      } catch (IOException e) {
        closed = true;
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        closed = true;
        Thread.currentThread().interrupt();
        InterruptedIOException interrupted =
            new InterruptedIOException(
                "interrupted while reading page " + (pages + 1) + ": " + Uris.redact(u));
        interrupted.initCause(e);
        throw new UncheckedIOException(interrupted);
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
}

package dev.httpjson;

import dev.httpjson.internal.BodyPages;
import dev.httpjson.internal.Pages;
import dev.httpjson.internal.Responses;
import dev.httpjson.internal.Uris;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * How to read a paginated collection whose pages say in their body where their elements are and
 * which page comes next, for {@link HttpJsonClient#getFromJsonAsPagedStream(String, Paging)}. Two
 * ways to say it:
 *
 * <p><b>JSON Pointers</b> (RFC 6901) into the page, no page type needed: {@link #items(String,
 * Class)} names the elements' array, then {@link #cursor(String, String)} the cursor and the query
 * parameter that carries it, or {@link #next(String)} the next page's URI, and {@link
 * #hasMore(String)} a flag saying there is more. Without a cursor or next URI, the {@code Link:
 * <…>; rel="next"} header names the next page (GitHub's search: {@code items("/items",
 * Repo.class)}).
 *
 * <pre>{@code
 * // Stripe: {"data":[…],"has_more":true}; the next page starts after the last element's id
 * Paging<?, Charge> stripe =
 *     Paging.items("/data", Charge.class).cursor("/data/-1/id", "starting_after").hasMore("/has_more");
 * // Google: {"files":[…],"nextPageToken":"…"}, sent back as pageToken
 * Paging<?, File> google = Paging.items("/files", File.class).cursor("/nextPageToken", "pageToken");
 * // Slack: {"messages":[…],"response_metadata":{"next_cursor":"…"}}, "" on the last page
 * Paging<?, Message> slack =
 *     Paging.items("/messages", Message.class).cursor("/response_metadata/next_cursor", "cursor");
 * try (Stream<Charge> all = api.getFromJsonAsPagedStream("v1/charges?limit=100", stripe)) {
 *   all.forEach(System.out::println); // every page asks for limit=100
 * }
 * }</pre>
 *
 * <p>The cursor is set on the page's own URI, every other query parameter kept as it was ({@code
 * ?limit=100&starting_after=ch_42}): a page size given on the first page is asked for on every
 * page. The cursor's values are shown in exception messages (not hidden as other query values are):
 * a cursor that comes back a second time fails the stream, naming it, instead of looping.
 *
 * <p><b>Functions</b> of a page read as a type of yours: {@link #of(Class, Function, NextPage)},
 * the next page given by a {@link NextPage} — {@link NextPage#cursor(String, Function)} for a
 * cursor in a query parameter, or any URI:
 *
 * <pre>{@code
 * record Charges(List<Charge> data, boolean hasMore) {} // with snake_case options
 *
 * Paging<Charges, Charge> charges = Paging.of(Charges.class, Charges::data,
 *     NextPage.cursor("starting_after",
 *         page -> page.hasMore() ? page.data().get(page.data().size() - 1).id() : null));
 * }</pre>
 *
 * <p>The first page's failures are thrown by the call; a later page's, while the stream is
 * iterated, as an {@link UncheckedHttpJsonException} whose cause is the exception the call would
 * have thrown (an exception of these functions is thrown as it is).
 *
 * <p>Immutable and thread-safe if its functions are.
 *
 * @param <P> the type of a page, as its JSON body reads
 */
public final class Paging<P, T> {

  /** The URI of the page after one, from that page. */
  @FunctionalInterface
  public interface NextPage<P> {
    /**
     * The page after {@code page}, or {@code null} when it is the last one. A relative URI is
     * resolved against the page's own URI ({@code response.uri()}) as RFC 3986 says: {@code
     * ?limit=100&starting_after=ch_42} keeps the page's path and replaces its query. Values put
     * into the query are the caller's to encode.
     *
     * @param page the page just read
     * @param response the page's response: its status, headers and URI (its body is {@code page})
     * @return the next page's URI, or {@code null} if there is none
     */
    @Nullable URI next(P page, HttpResponse<P> response);

    /**
     * The next page is the page's own URI with the query parameter {@code parameter} set to the
     * cursor {@code cursor} reads from the page (as text, percent-encoded here): replaced where the
     * URI has it, appended where it has not, every other parameter kept as it is. A {@code null} or
     * empty cursor means the page is the last.
     *
     * @param parameter the query parameter that carries the cursor, such as {@code
     *     "starting_after"}
     * @param cursor the cursor of the page after a page, or {@code null} (or {@code ""}) after the
     *     last
     * @return the next page as a cursor names it
     * @throws IllegalArgumentException if {@code parameter} is empty or holds {@code =} or {@code
     *     &}
     */
    static <P> NextPage<P> cursor(
        String parameter, Function<? super P, ? extends @Nullable Object> cursor) {
      String name = Uris.checkQueryName(parameter);
      Objects.requireNonNull(cursor, "cursor == null");
      return (page, response) -> {
        Object value = cursor.apply(page);
        String text = value == null ? "" : value.toString();
        return text.isEmpty() ? null : Uris.withQueryParameter(response.uri(), name, text);
      };
    }
  }

  private final @Nullable JsonType<P> pageType;
  private final @Nullable Function<? super P, ? extends @Nullable List<? extends T>> elements;
  private final @Nullable NextPage<P> next;
  private final @Nullable JsonType<T> elementType;
  private final BodyPages.@Nullable Spec spec;
  private volatile @Nullable Prepared<T> prepared;

  private Paging(
      @Nullable JsonType<P> pageType,
      @Nullable Function<? super P, ? extends @Nullable List<? extends T>> elements,
      @Nullable NextPage<P> next,
      @Nullable JsonType<T> elementType,
      BodyPages.@Nullable Spec spec) {
    this.pageType = pageType;
    this.elements = elements;
    this.next = next;
    this.elementType = elementType;
    this.spec = spec;
  }

  /**
   * Paging whose pages read as {@code pageType} with the client's options.
   *
   * @param pageType the class of a page's body
   * @param elements a page's elements, in order ({@code null} reads as none)
   * @param next the URI of the page after a page, or {@code null} after the last
   */
  public static <P, T> Paging<P, T> of(
      Class<P> pageType,
      Function<? super P, ? extends @Nullable List<? extends T>> elements,
      NextPage<P> next) {
    return of(JsonType.of(Objects.requireNonNull(pageType, "pageType == null")), elements, next);
  }

  /**
   * As {@link #of(Class, Function, NextPage)}, pages read as a prepared type: with its own options
   * if it was given some, else with the client's.
   */
  public static <P, T> Paging<P, T> of(
      JsonType<P> pageType,
      Function<? super P, ? extends @Nullable List<? extends T>> elements,
      NextPage<P> next) {
    return new Paging<>(
        Objects.requireNonNull(pageType, "pageType == null"),
        Objects.requireNonNull(elements, "elements == null"),
        Objects.requireNonNull(next, "next == null"),
        null,
        null);
  }

  /**
   * Paging whose elements are the JSON array at {@code pointer} in each page, read as {@code
   * elementType} with the client's options; the next page is the one the {@code Link: <…>;
   * rel="next"} header names, until {@link #cursor(String, String)} or {@link #next(String)} say
   * otherwise. A page without a value at {@code pointer}, or with {@code null} there, has no
   * elements; a value there that is not an array fails the page.
   *
   * @param pointer a JSON Pointer (RFC 6901) such as {@code "/data"}; {@code ""} for a page that is
   *     the array itself
   * @param elementType the class of an element
   * @throws IllegalArgumentException if {@code pointer} is not a JSON Pointer
   */
  public static <T> Paging<?, T> items(String pointer, Class<T> elementType) {
    return items(pointer, JsonType.of(Objects.requireNonNull(elementType, "elementType == null")));
  }

  /**
   * As {@link #items(String, Class)}, the elements read as a prepared type: with its own options if
   * it was given some, else with the client's.
   */
  public static <T> Paging<?, T> items(String pointer, JsonType<T> elementType) {
    Objects.requireNonNull(elementType, "elementType == null");
    return new Paging<BodyPages.Page<T>, T>(
        null,
        null,
        null,
        elementType,
        new BodyPages.Spec(pointer, BodyPages.Next.LINK, null, null, null));
  }

  /**
   * This paging with the next page named by a cursor in the page: the string or number at {@code
   * pointer}, set as the query parameter {@code parameter} of the page's URI (replacing it there,
   * every other parameter kept). A page without a cursor there — absent, {@code null} or {@code ""}
   * — is the last. A JSON Pointer's array index {@code -1} is the array's last element: {@code
   * /data/-1/id} is the id of the page's last element (Stripe's {@code starting_after}).
   *
   * @param pointer where the cursor is, such as {@code "/nextPageToken"}
   * @param parameter the query parameter that carries it, such as {@code "pageToken"}
   * @return a paging that follows the cursor
   * @throws IllegalArgumentException if {@code pointer} is not a JSON Pointer, or {@code parameter}
   *     is empty or holds {@code =} or {@code &}
   * @throws IllegalStateException if this paging was made with {@code of}: its {@link NextPage}
   *     names the next page ({@link NextPage#cursor(String, Function)})
   */
  public Paging<P, T> cursor(String pointer, String parameter) {
    Objects.requireNonNull(parameter, "parameter == null");
    BodyPages.Spec s = body("cursor");
    return withSpec(
        new BodyPages.Spec(
            s.itemsPointer(), BodyPages.Next.CURSOR, pointer, parameter, s.morePointer()));
  }

  /**
   * This paging with the next page named by a URI in the page: the string at {@code pointer},
   * resolved against the page's URI (a {@code next} link in the body). A page without one there —
   * absent, {@code null} or {@code ""} — is the last.
   *
   * @param pointer where the next page's URI is, such as {@code "/next"}
   * @return a paging that follows the URI
   * @throws IllegalArgumentException if {@code pointer} is not a JSON Pointer
   * @throws IllegalStateException if this paging was made with {@code of}
   */
  public Paging<P, T> next(String pointer) {
    BodyPages.Spec s = body("next");
    return withSpec(
        new BodyPages.Spec(s.itemsPointer(), BodyPages.Next.URI, pointer, null, s.morePointer()));
  }

  /**
   * This paging with a page being the last unless the value at {@code pointer} is {@code true}
   * (Stripe's {@code has_more}): {@code false}, {@code null} or no value there ends the stream
   * without asking for another page; another kind of value fails the page.
   *
   * @param pointer where the flag is, such as {@code "/has_more"}
   * @return a paging that stops where the flag says
   * @throws IllegalArgumentException if {@code pointer} is not a JSON Pointer
   * @throws IllegalStateException if this paging was made with {@code of}
   */
  public Paging<P, T> hasMore(String pointer) {
    Objects.requireNonNull(pointer, "pointer == null");
    BodyPages.Spec s = body("hasMore");
    return withSpec(
        new BodyPages.Spec(s.itemsPointer(), s.kind(), s.nextPointer(), s.parameter(), pointer));
  }

  private BodyPages.Spec body(String method) {
    if (spec == null) {
      throw new IllegalStateException(
          method
              + "(…) applies to a Paging made with Paging.items(…); one made with Paging.of(…)"
              + " names its next page with its NextPage (NextPage.cursor(parameter, cursor))");
    }
    return spec;
  }

  private Paging<P, T> withSpec(BodyPages.Spec s) {
    return new Paging<>(null, null, null, elementType, s);
  }

  /** The type the client binds to its options: the page's, or the elements' for {@code items}. */
  JsonType<?> type() {
    return spec == null ? Objects.requireNonNull(pageType) : Objects.requireNonNull(elementType);
  }

  /** How a client fetches one page. */
  interface Fetch {
    <X> Pages.Fetcher<X> fetcher(URI first, Responses.JsonHandler<X> page);
  }

  /**
   * Reads the first page now, the others as the stream is pulled; {@code bound} is {@link #type()}
   * with the client's options.
   */
  Stream<T> open(URI first, JsonType<?> bound, Fetch fetch)
      throws IOException, InterruptedException {
    BodyPages.Spec s = spec;
    if (s == null) {
      @SuppressWarnings("unchecked") // type() is the page type
      JsonType<P> page = (JsonType<P>) bound;
      return Pages.open(
          first,
          fetch.fetcher(first, page.handler()),
          step(),
          "the next page",
          page.options().shownQueryParameters());
    }
    @SuppressWarnings("unchecked") // type() is the element type
    JsonType<T> element = (JsonType<T>) bound;
    Prepared<T> p = prepared;
    if (p == null || !p.element.equals(element)) {
      JsonType<List<T>> list =
          JsonType.resolve(JsonType.listType(element.type()), element.options());
      // Named in messages as the elements' list, which is what the codec reads of a page.
      JsonType<BodyPages.Page<T>> pageType = JsonType.resolve(list.type(), element.options());
      Set<String> shown = new TreeSet<>(element.options().shownQueryParameters());
      if (s.parameter() != null) {
        shown.add(s.parameter());
      }
      prepared =
          p =
              new Prepared<>(
                  element,
                  new Responses.JsonHandler<>(pageType, () -> s.reader(list::reader)),
                  Set.copyOf(shown));
    }
    return Pages.open(first, fetch.fetcher(first, p.handler), s.<T>step(), s.naming(), p.shown);
  }

  /** The handler of the pages of {@code items}, made for the last client's options used. */
  private record Prepared<T>(
      JsonType<T> element, Responses.JsonHandler<BodyPages.Page<T>> handler, Set<String> shown) {}

  /** The elements and next page of a response; an empty body is a last page without elements. */
  private Pages.Step<P, T> step() {
    Function<? super P, ? extends @Nullable List<? extends T>> elements =
        Objects.requireNonNull(this.elements);
    NextPage<P> next = Objects.requireNonNull(this.next);
    return new Pages.Step<>() {
      @Override
      public List<? extends T> elements(HttpResponse<@Nullable P> response) {
        P page = response.body();
        List<? extends T> items = page == null ? null : elements.apply(page);
        return items == null ? List.of() : items;
      }

      @Override
      public @Nullable URI next(HttpResponse<@Nullable P> response) {
        P page = response.body();
        if (page == null) {
          return null;
        }
        URI uri = next.next(page, response); // a body that is not null: an HttpResponse<P>
        return uri == null ? null : Uris.resolve(response.uri(), uri);
      }
    };
  }
}

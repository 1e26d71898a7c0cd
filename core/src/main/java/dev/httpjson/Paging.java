package dev.httpjson;

import dev.httpjson.internal.Pages;
import dev.httpjson.internal.Uris;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * How to read a paginated collection whose pages name the next one in their body, for {@link
 * HttpJsonClient#getFromJsonAsPagedStream(String, Paging)}: the type of a page, its elements, and
 * the URI of the page after it. A Stripe-style list, {@code {"data":[…],"has_more":true}}, whose
 * next page starts after the last element read:
 *
 * <pre>{@code
 * record Charges(List<Charge> data, boolean hasMore) {} // with snake_case options
 *
 * Paging<Charges, Charge> charges = Paging.of(Charges.class, Charges::data,
 *     (page, response) -> page.hasMore()
 *         ? URI.create("?limit=100&starting_after=" + page.data().get(page.data().size() - 1).id())
 *         : null);
 * try (Stream<Charge> all = api.getFromJsonAsPagedStream("v1/charges?limit=100", charges)) {
 *   all.forEach(System.out::println);
 * }
 * }</pre>
 *
 * <p>A cursor in the body (Slack's {@code response_metadata.next_cursor}) reads the same way. For
 * {@code Link: <…>; rel="next"} headers, {@link HttpJsonClient#getFromJsonAsPagedStream(String,
 * Class)} needs no paging.
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
  }

  private final JsonType<P> pageType;
  private final Function<? super P, ? extends @Nullable List<? extends T>> elements;
  private final NextPage<P> next;

  private Paging(
      JsonType<P> pageType,
      Function<? super P, ? extends @Nullable List<? extends T>> elements,
      NextPage<P> next) {
    this.pageType = pageType;
    this.elements = Objects.requireNonNull(elements, "elements == null");
    this.next = Objects.requireNonNull(next, "next == null");
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
    return new Paging<>(
        JsonType.of(Objects.requireNonNull(pageType, "pageType == null")), elements, next);
  }

  /**
   * As {@link #of(Class, Function, NextPage)}, pages read as a prepared type: with its own options
   * if it was given some, else with the client's.
   */
  public static <P, T> Paging<P, T> of(
      JsonType<P> pageType,
      Function<? super P, ? extends @Nullable List<? extends T>> elements,
      NextPage<P> next) {
    return new Paging<>(Objects.requireNonNull(pageType, "pageType == null"), elements, next);
  }

  JsonType<P> pageType() {
    return pageType;
  }

  /** The elements and next page of a response; an empty body is a last page without elements. */
  Pages.Step<P, T> step() {
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

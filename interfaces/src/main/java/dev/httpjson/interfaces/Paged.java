package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a {@link GET} method returning {@code Stream<T>} read a paginated collection lazily, as
 * {@code HttpJsonClient.getFromJsonAsPagedStream} does: when the stream is pulled past a page's
 * last element, the next page is fetched. On another method, a compile-time error.
 *
 * <p>Without attributes each page is a JSON array of {@code T} and the next page is the one its
 * {@code Link: <…>; rel="next"} header names. The attributes say where the elements and the next
 * page are in a page's body, as JSON Pointers (RFC 6901) — {@code dev.httpjson.Paging.items} with
 * its {@code cursor}, {@code next} and {@code hasMore}:
 *
 * <pre>{@code
 * interface Stripe {
 *   @GET("v1/charges")
 *   @Paged(items = "/data", cursor = "/data/-1/id", parameter = "starting_after", hasMore = "/has_more")
 *   Stream<Charge> charges(@Query("limit") int limit) throws IOException, InterruptedException;
 * }
 * interface Drive {
 *   @GET("drive/v3/files")
 *   @Paged(items = "/files", cursor = "/nextPageToken", parameter = "pageToken")
 *   Stream<File> files(@Query("pageSize") int size, @Query("q") String q)
 *       throws IOException, InterruptedException;
 * }
 * }</pre>
 *
 * <p>The method's query parameters are asked for on every page: the cursor is set on the page's URI
 * and the rest of its query is kept, so {@code limit} keeps the page size. A cursor that comes back
 * fails the stream instead of looping. Misuse is a compile-time error: an attribute that is not a
 * JSON Pointer, a {@code cursor} without its {@code parameter} or the reverse, a {@code cursor} and
 * a {@code next} together.
 *
 * <p>The first page is read by the method, so its failures are thrown by it as the checked
 * exceptions it declares. A later page's failure is thrown while the stream is iterated, as a
 * {@code dev.httpjson.UncheckedHttpJsonException} (an {@link java.io.UncheckedIOException}) whose
 * cause is the exception the method would have thrown — say an {@code HttpJsonStatusException} for
 * a 404 — and whose {@code statusCode()} and {@code problem()} give the status and Problem Details:
 * catch it around the iteration.
 *
 * <pre>{@code
 * try (Stream<Issue> issues = github.issues("acme", "widgets")) {
 *   issues.forEach(this::handle);
 * } catch (UncheckedHttpJsonException e) { // a later page
 *   report(e.getCause());
 * } catch (IOException e) { // the first page
 *   report(e);
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Paged {
  /**
   * The JSON Pointer of the elements' array in a page, such as {@code "/data"}; {@code ""} (the
   * default) when the page is the array. A page without a value there has no elements.
   *
   * @return where a page's elements are
   */
  String items() default "";

  /**
   * The JSON Pointer of the next page's cursor in a page, such as {@code "/nextPageToken"} or
   * {@code "/data/-1/id"} (index {@code -1}: the last element), sent as the query parameter {@link
   * #parameter()}; none (the default) when the cursor is not in the body. An absent, {@code null}
   * or empty cursor ends the stream.
   *
   * @return where a page's cursor is, or {@code ""}
   */
  String cursor() default "";

  /**
   * The query parameter that carries the {@link #cursor()}, such as {@code "pageToken"}; needed
   * with a cursor, and only then.
   *
   * @return the cursor's query parameter, or {@code ""}
   */
  String parameter() default "";

  /**
   * The JSON Pointer of the next page's URI in a page, such as {@code "/next"}, resolved against
   * the page's URI; none (the default) when the body names no URI. An absent, {@code null} or empty
   * value ends the stream.
   *
   * @return where a page's next URI is, or {@code ""}
   */
  String next() default "";

  /**
   * The JSON Pointer of a flag saying more pages follow, such as {@code "/has_more"}: a page is the
   * last unless it is {@code true} there; none (the default) when pages carry no such flag.
   *
   * @return where a page's has-more flag is, or {@code ""}
   */
  String hasMore() default "";
}

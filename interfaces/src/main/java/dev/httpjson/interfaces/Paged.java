package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a {@link GET} method returning {@code Stream<T>} read a paginated collection lazily: each
 * page is a JSON array of {@code T}, and when the stream is pulled past a page's last element the
 * page its {@code Link: <…>; rel="next"} header names is fetched, as {@code
 * HttpJsonClient.getFromJsonAsPagedStream} does. On another method, a compile-time error.
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
public @interface Paged {}

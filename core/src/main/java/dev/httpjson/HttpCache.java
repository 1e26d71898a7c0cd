package dev.httpjson;

import dev.httpjson.internal.cache.Cache;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A private HTTP cache (RFC 9111), in memory or on disk: fresh responses are answered without a
 * request, stale ones are validated with {@code If-None-Match} or {@code If-Modified-Since}, and a
 * {@code 304 Not Modified} answers the call as the stored response would.
 *
 * <pre>{@code
 * HttpCache cache = HttpCache.onDisk(Path.of("cache"), 50_000_000);
 * HttpJsonClient api = HttpJsonClient.newBuilder(HttpClient.newHttpClient())
 *     .baseUri("https://api.example.com/v1/")
 *     .cache(cache)
 *     .build();
 * }</pre>
 *
 * <p>Code that uses the JDK's API directly wraps its client with {@link #decorate(HttpClient)}.
 *
 * <p><b>What is stored.</b> Responses to {@code GET} (which also answer {@code HEAD}; one sent with
 * a body passes through, since its key could not tell bodies apart) and to {@code QUERY} (keyed by
 * a SHA-256 digest of the request body, its {@code Content-Type} and its {@code Content-Encoding};
 * the body is read for the key up to 1 MiB, and a longer one is sent as it is published, never held
 * whole, its response passing through unstored; {@code sendAsync} reads a body httpjson does not
 * hold in memory, such as one of {@code BodyPublishers.ofInputStream}, on the client's executor, or
 * without one where the JDK's {@code sendAsync} completes its futures, never on the caller's
 * thread) that RFC 9111 lets a private cache store: not {@code no-store}, with a status and
 * directives that allow it, never an event stream ({@code text/event-stream}), never a response
 * whose {@code Vary} is {@code *}, and never one larger than a quarter of the cache's size, which
 * passes through unstored; nor one that can never be fresh nor validated (no {@code max-age},
 * {@code Expires}, {@code Last-Modified} or {@code ETag}), unless a {@code stale-*} directive, or
 * the request's {@code max-stale} or {@code stale-if-error}, may use it. Responses are keyed by the
 * method, the URI and the request's credentials: a response is never served to a request with
 * another {@code Authorization}, {@code Cookie} (including the cookies of the client's {@link
 * java.net.CookieHandler}, or of an OkHttp transport's {@code CookieJar}), or API key or token
 * header (those {@link LoggingInterceptor} always hides: {@code X-Api-Key}, {@code Api-Key}, {@code
 * X-Auth-Token}, {@code X-Goog-Api-Key}, {@code Ocp-Apim-Subscription-Key}...), nor to a client
 * with another {@link java.net.Authenticator} (or OkHttp {@code Authenticator}; an Apache
 * HttpClient of the caller's, whose cookie store and credentials cannot be seen, counts as one),
 * and what such a client stored is not reused after a restart. Hop-by-hop headers, the proxy's
 * ({@code Proxy-Authenticate}...) and the headers named in {@code Connection} are not stored;
 * {@code Set-Cookie} is kept in memory but never written to disk. A body is stored as it is read
 * (also when read as a stream) and only when it was read to its end. Responses with {@code Vary}
 * are stored side by side, up to four variants per URI, each served to requests with the same
 * values of the fields {@code Vary} names (a {@code gzip} body to {@code Accept-Encoding: gzip}
 * only). Behind a client that follows redirects, a response is stored only when it came from the
 * URI asked for, never one at the end of a redirect. A successful {@code POST}, {@code PUT}, {@code
 * DELETE}, {@code PATCH} (any method but the safe ones) removes the entries of its URI and of a
 * same-origin {@code Location} or {@code Content-Location} as soon as its status arrives, also when
 * its body then fails; one that fails without a response (a timeout, a broken connection) removes
 * its URI's entries, since the origin may have applied it. URIs are compared as RFC 9110 (section
 * 4.2.3) says: scheme and host in any case, with or without the default port, and percent-encoded
 * unreserved characters ({@code %7E}) as the characters themselves, in keys and removals alike.
 *
 * <p><b>Reuse.</b> Freshness comes from {@code max-age}, {@code Expires} with {@code Date}, the
 * origin's {@code Age} (a served response carries its own), or, for the statuses RFC 9110 allows, a
 * tenth of the time since {@code Last-Modified}; {@code s-maxage} is ignored, as a private cache
 * should. The request's {@code no-cache}, {@code no-store}, {@code max-age}, {@code min-fresh},
 * {@code max-stale} and {@code only-if-cached} (a {@code 504} when nothing usable is stored) are
 * obeyed, and so are {@code stale-if-error} (for a 5xx, or a failure before the response reached
 * the body handler: a body cut after that fails the call, never followed by the stale one) and
 * {@code stale-while-revalidate}. A request with one byte {@code Range} is answered with a {@code
 * 206} from a fresh stored {@code 200}, and one with its own {@code If-None-Match} or {@code
 * If-Modified-Since} with a {@code 304} (or the stored response, when it changed); without a usable
 * stored response, such requests go to the origin as they are, and their responses are not stored
 * (under {@code only-if-cached} they never do: a range the cache does not slice gets the stored
 * response whole, and nothing usable a {@code 504}).
 *
 * <p><b>On disk.</b> One directory, one file per entry, written to a temporary file and published
 * by an atomic rename, so a crash never leaves half an entry; a damaged file is a miss, and is
 * deleted. The directory is bounded by {@code maxBytes} (the files being written included), least
 * recently used out, and may be shared by several caches and processes; the files of other programs
 * in it are never counted nor deleted. Only digests of a request's credentials are written, and on
 * a POSIX file system the directory the cache creates and every file it writes are the owner's
 * alone ({@code rwx------}, {@code rw-------}). A body over 1 MiB is kept in a file of its own,
 * never rewritten (a {@code 304} rewrites only the entry's fields, which name it), and is read from
 * it once, as the caller reads it, never whole into memory: its checksum is verified as it is read,
 * and a damaged file fails the body when it is read to its end (it never ends as if whole), and its
 * entry is deleted. A directory that cannot be written (removed, read-only, a full disk) leaves
 * every call working, its response passed through unstored; the first such failure of a cache is
 * logged at {@code WARNING} to {@code System.getLogger("dev.httpjson")}, the others at {@code
 * DEBUG}.
 *
 * <p><b>Which response came from where.</b> Every response the cache considered carries a {@code
 * Cache-Status} header (RFC 9211) naming {@code httpjson}; {@link #outcome(HttpResponse)} reads it.
 *
 * <p><b>Threads.</b> A stale response allowed by {@code stale-while-revalidate} is answered at once
 * and validated on the cache's own threads (at most two, daemon, gone after five seconds idle; a
 * validation, body included, is given up after the request's timeout, else after 30 seconds), with
 * the decorated client and the cache's own body handler, so give {@link #decorate} the transport,
 * not a client with interceptors or listeners of its own; the caller's body handler always runs on
 * the caller's thread or the {@link HttpClient}'s (for a {@code QUERY} whose body {@code sendAsync}
 * read off the caller's thread, on the thread that read it), and a stored body is handed to it as
 * it asks for it, never waited for in {@code sendAsync}. Immutable configuration; thread-safe. No
 * process-wide state: two caches share nothing.
 */
public final class HttpCache {
  private final Cache cache;

  private HttpCache(Cache cache) {
    this.cache = cache;
  }

  /**
   * A cache held in memory, lost with the process.
   *
   * @param maxBytes the most bytes its entries (headers and bodies) and the bodies being stored as
   *     they are read take together; a response larger than a quarter of it is not stored, nor one
   *     that does not fit beside the bodies being stored
   * @return the cache
   * @throws IllegalArgumentException if {@code maxBytes} is not positive
   */
  public static HttpCache inMemory(long maxBytes) {
    return new HttpCache(Cache.inMemory(checkSize(maxBytes)));
  }

  /**
   * A cache in {@code directory}, created if missing, which keeps the entries an earlier cache (or
   * another process) stored there.
   *
   * @param directory the directory
   * @param maxBytes the most bytes its files take, those being written as responses are read
   *     included; a response larger than a quarter of it is not stored, nor one that does not fit
   *     beside those being written
   * @return the cache
   * @throws IllegalArgumentException if {@code maxBytes} is not positive, or {@code directory} is
   *     not a directory and cannot be created as one
   */
  public static HttpCache onDisk(Path directory, long maxBytes) {
    Objects.requireNonNull(directory, "directory == null");
    return new HttpCache(Cache.onDisk(directory, checkSize(maxBytes)));
  }

  private static long checkSize(long maxBytes) {
    if (maxBytes <= 0) {
      throw new IllegalArgumentException("maxBytes <= 0: " + maxBytes);
    }
    return maxBytes;
  }

  /**
   * A client that answers from this cache and sends what it cannot answer with {@code client}: any
   * body handler, {@code send} and {@code sendAsync}. Everything else (executor, redirects,
   * version...) is {@code client}'s; when {@code client} follows redirects, a response at the end
   * of one passes through unstored. A stored body is handed to the body handler in read-only
   * buffers that share the stored bytes. Push promises are not cached: {@code sendAsync} with a
   * push promise handler goes to {@code client} as it is.
   *
   * @param client the client requests are sent with
   * @return the caching client
   */
  public HttpClient decorate(HttpClient client) {
    return cache.decorate(Objects.requireNonNull(client, "client == null"));
  }

  /**
   * Removes the entries of {@code uri}: for every method, body and credentials. A response to a
   * call started before, whose body is still arriving, may be what was removed, and is not stored
   * either. A successful {@code POST}, {@code PUT}... through the cache removes its URI's entries
   * so too.
   *
   * @param uri the URI, absolute
   * @throws IllegalArgumentException if {@code uri} is not absolute (no entry has such a URI)
   */
  public void remove(URI uri) {
    cache.remove(Objects.requireNonNull(uri, "uri == null"));
  }

  /** Removes every entry; no response to a call started before is stored after. */
  public void clear() {
    cache.clear();
  }

  /**
   * How many requests were answered from the cache without the origin: fresh responses, and stale
   * ones a directive allowed.
   *
   * @return the count since the cache was made
   */
  public long hitCount() {
    return cache.hits();
  }

  /**
   * How many requests the cache considered went to the origin and were answered with its response.
   *
   * @return the count since the cache was made
   */
  public long missCount() {
    return cache.misses();
  }

  /**
   * How many requests were answered with a stored response the origin validated ({@code 304}).
   *
   * @return the count since the cache was made
   */
  public long revalidationCount() {
    return cache.revalidations();
  }

  /**
   * The bytes the entries take now (on disk: those this cache knows of).
   *
   * @return the size in bytes
   */
  public long size() {
    return cache.size();
  }

  /**
   * Where a response came from, as an {@link HttpCache} recorded it in the response's {@code
   * Cache-Status} header; empty for a response no cache of httpjson considered (such as a {@code
   * POST}). Typed responses of {@link HttpJsonClient} carry the header too.
   *
   * @param response the response
   * @return the outcome, or empty
   */
  public static Optional<Outcome> outcome(HttpResponse<?> response) {
    return Cache.outcome(Objects.requireNonNull(response, "response == null").headers());
  }

  /** Where a response came from. */
  public enum Outcome {
    /** From the cache, without a request: fresh, or stale where a directive allowed it. */
    HIT,
    /** A stored response the origin validated with {@code 304 Not Modified}. */
    REVALIDATED,
    /**
     * From the origin (or, under {@code only-if-cached}, the {@code 504} the cache answers when it
     * holds nothing usable).
     */
    MISS
  }

  @Override
  public String toString() {
    return "HttpCache" + cache;
  }
}

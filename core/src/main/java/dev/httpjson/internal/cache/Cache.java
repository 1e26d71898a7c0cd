package dev.httpjson.internal.cache;

import dev.httpjson.HttpCache;
import dev.httpjson.internal.OwnThreads;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * The state of one {@link HttpCache}: its store, its counters and its executor for background
 * validation. Nothing here is static but constants.
 */
public final class Cache {
  /** The member name of {@code Cache-Status} (RFC 9211) this cache adds. */
  static final String NAME = "httpjson";

  /** Background validations queued at most; more are not made (the stale entry stays). */
  private static final int MAX_QUEUED = 64;

  final Store store;

  /** A random prefix of authenticator ids, so that no key on disk matches after a restart. */
  private final String instance = Long.toHexString(new java.security.SecureRandom().nextLong());

  /**
   * The ids of the authenticators seen, by identity: an authenticator whose class overrides {@code
   * equals} is another requester all the same. Weakly held, so that neither an authenticator nor
   * its class loader is kept reachable.
   */
  private final java.util.Map<Identity, String> authenticators = new java.util.HashMap<>();

  private final java.lang.ref.ReferenceQueue<Object> collected =
      new java.lang.ref.ReferenceQueue<>();

  /**
   * An id of {@code a} (a {@link java.net.Authenticator}, or a transport's own), unique within this
   * cache object to that instance (not to those it equals); {@code a} is not kept reachable.
   */
  synchronized String authenticatorId(Object a) {
    for (java.lang.ref.Reference<?> r; (r = collected.poll()) != null; ) {
      authenticators.remove(r);
    }
    return authenticators.computeIfAbsent(
        new Identity(a, collected), x -> instance + "-" + nextAuthenticator++);
  }

  /** A weak reference equal to another only while both refer to the very same object. */
  private static final class Identity extends java.lang.ref.WeakReference<Object> {
    private final int hash;

    Identity(Object referent, java.lang.ref.ReferenceQueue<Object> queue) {
      super(referent, queue);
      this.hash = System.identityHashCode(referent);
    }

    @Override
    public boolean equals(@Nullable Object o) {
      if (o == this) {
        return true;
      }
      if (!(o instanceof Identity)) {
        return false;
      }
      Object mine = get();
      return mine != null && mine == ((Identity) o).get();
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  private long nextAuthenticator;

  final long maxEntryBytes;
  final LongAdder hits = new LongAdder();
  final LongAdder misses = new LongAdder();
  final LongAdder revalidations = new LongAdder();

  /** The keys being validated in the background: one validation per key at a time. */
  final Set<String> validating = ConcurrentHashMap.newKeySet();

  private final ThreadPoolExecutor background;

  private Cache(Store store) {
    this.store = store;
    this.maxEntryBytes = Math.max(1, store.maxBytes / 4);
    AtomicInteger n = new AtomicInteger();
    // No core threads, a few seconds' keep-alive: an idle cache holds no thread, and an
    // unreachable one is collected with its executor.
    this.background =
        new ThreadPoolExecutor(
            0,
            2,
            5,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(MAX_QUEUED),
            r -> OwnThreads.newThread(r, "httpjson-cache-" + n.incrementAndGet()),
            // Refused with an exception, not dropped unseen: the key is then free again.
            new ThreadPoolExecutor.AbortPolicy());
  }

  public static Cache inMemory(long maxBytes) {
    return new Cache(new MemoryStore(maxBytes));
  }

  public static Cache onDisk(Path directory, long maxBytes) {
    return new Cache(new DiskStore(directory, maxBytes));
  }

  public HttpClient decorate(HttpClient client) {
    return new CachingClient(client, this);
  }

  public void remove(URI uri) {
    if (!uri.isAbsolute()) {
      // An entry's URI is always absolute: a relative one would remove nothing, silently.
      throw new IllegalArgumentException(
          "uri is not absolute: " + dev.httpjson.internal.Uris.redact(uri));
    }
    store.removeGroup(group(uri));
  }

  /** The group of {@code uri}: every entry of the URI, whatever its method, body or identity. */
  String group(URI uri) {
    return store.group(normalize(uri));
  }

  public void clear() {
    store.clear();
  }

  public long hits() {
    return hits.sum();
  }

  public long misses() {
    return misses.sum();
  }

  public long revalidations() {
    return revalidations.sum();
  }

  public long size() {
    return store.size();
  }

  /** Runs {@code validation} on the cache's own threads, once per key at a time. */
  void validateInBackground(String key, Runnable validation) {
    if (!validating.add(key)) {
      return;
    }
    try {
      background.execute(
          () -> {
            try {
              validation.run();
            } finally {
              validating.remove(key);
            }
          });
    } catch (RuntimeException e) {
      validating.remove(key);
    }
  }

  /**
   * The outcome the last {@code httpjson} member of {@code Cache-Status} records: a hit when it has
   * the parameter {@code hit}, revalidated when {@code fwd-status=304}, else a miss. Read on every
   * call through a cache, so it scans the values in place.
   */
  public static Optional<HttpCache.Outcome> outcome(HttpHeaders headers) {
    List<String> values = headers.allValues("Cache-Status");
    for (int i = values.size() - 1; i >= 0; i--) {
      String v = values.get(i);
      int end = v.length();
      while (end >= 0) {
        int comma = end == 0 ? -1 : v.lastIndexOf(',', end - 1);
        HttpCache.Outcome o = member(v, comma + 1, end);
        if (o != null) {
          return Optional.of(o);
        }
        end = comma;
      }
    }
    return Optional.empty();
  }

  /** The outcome of the member {@code v[from, to)} when it is this cache's, else null. */
  private static HttpCache.@Nullable Outcome member(String v, int from, int to) {
    int s = skipSpace(v, from, to);
    int n = NAME.length();
    if (!v.startsWith(NAME, s) || s + n > to) {
      return null;
    }
    int p = skipSpace(v, s + n, to);
    if (p < to && v.charAt(p) != ';') {
      return null; // another name that starts with this one's
    }
    boolean revalidated = false;
    while (p < to) {
      int start = skipSpace(v, p + 1, to);
      int semi = v.indexOf(';', start);
      int stop = semi < 0 || semi > to ? to : semi;
      int last = stop;
      while (last > start && (v.charAt(last - 1) == ' ' || v.charAt(last - 1) == '\t')) {
        last--;
      }
      if (last - start == 3 && v.regionMatches(true, start, "hit", 0, 3)) {
        return HttpCache.Outcome.HIT;
      }
      if (last - start == 14 && v.regionMatches(true, start, "fwd-status=304", 0, 14)) {
        revalidated = true;
      }
      p = stop;
    }
    return revalidated ? HttpCache.Outcome.REVALIDATED : HttpCache.Outcome.MISS;
  }

  private static int skipSpace(String v, int from, int to) {
    int i = from;
    while (i < to && (v.charAt(i) == ' ' || v.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  /** A digest of a URI already {@linkplain #normalize normalized}, as a file name can hold it. */
  static String digest(String normalized) {
    byte[] digest = sha256(normalized.getBytes(StandardCharsets.UTF_8));
    return hex(digest, 16);
  }

  /**
   * The URI as the cache compares it (RFC 9110 section 4.2.3, RFC 3986 section 6.2.2): without
   * fragment, scheme and host in lowercase, without the scheme's default port, an empty path as
   * "/", characters outside ASCII percent-encoded in UTF-8 (as the request is sent), and
   * percent-encodings with uppercase hexadecimal digits, those of unreserved characters decoded.
   */
  static String normalize(URI uri) {
    if (uri.isOpaque() || uri.getScheme() == null || uri.getRawAuthority() == null) {
      String s = uri.toString();
      int hash = s.indexOf('#');
      return hash < 0 ? s : s.substring(0, hash);
    }
    String scheme = uri.getScheme();
    String authority = uri.getRawAuthority();
    String path = uri.getRawPath();
    String query = uri.getRawQuery();
    int port = uri.getPort();
    if (uri.getRawFragment() == null
        && path != null
        && !path.isEmpty()
        && lowercase(scheme)
        && lowercase(authority)
        && (port == -1 ? authority.charAt(authority.length() - 1) != ':' : port != port(scheme))
        && percentNormal(path)
        && (query == null || percentNormal(query))) {
      // Already in the form compared (the common case): the URI's own string, built once by it.
      return uri.toString();
    }
    return rebuilt(uri);
  }

  /** {@link #normalize} of a URI with an authority, not already in the form compared. */
  private static String rebuilt(URI given) {
    URI uri = given;
    String ascii = uri.toASCIIString();
    if (!ascii.equals(uri.toString())) {
      // Characters outside ASCII go on the wire percent-encoded in UTF-8: the same resource.
      try {
        uri = new URI(ascii);
      } catch (java.net.URISyntaxException e) {
        uri = given;
      }
    }
    String scheme = uri.getScheme();
    String authority = uri.getRawAuthority();
    String path = uri.getRawPath();
    String query = uri.getRawQuery();
    int port = uri.getPort();
    StringBuilder b = new StringBuilder().append(scheme.toLowerCase(Locale.ROOT)).append("://");
    String host = uri.getHost();
    if (host == null) {
      b.append(authority.toLowerCase(Locale.ROOT)); // not host[:port]: compared as it is
    } else {
      String user = uri.getRawUserInfo();
      if (user != null) {
        b.append(user).append('@');
      }
      b.append(host.toLowerCase(Locale.ROOT));
      if (port != -1 && port != port(scheme)) {
        b.append(':').append(port);
      }
    }
    percentNormalized(b, path == null || path.isEmpty() ? "/" : path);
    if (query != null) {
      percentNormalized(b.append('?'), query);
    }
    return b.toString();
  }

  /** The default port of {@code scheme}, or -1. */
  private static int port(String scheme) {
    if (scheme.equalsIgnoreCase("http")) {
      return 80;
    }
    return scheme.equalsIgnoreCase("https") ? 443 : -1;
  }

  /**
   * Whether every percent-encoding in {@code s} is in normal form (uppercase digits, and not of an
   * unreserved character), and no character is outside ASCII.
   */
  private static boolean percentNormal(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c > 0x7f) {
        return false; // sent percent-encoded
      }
      if (c == '%') {
        int octet = octet(s, i);
        if (octet >= 0
            && (unreserved(octet)
                || s.charAt(i + 1) != UPPER_HEX[octet >> 4]
                || s.charAt(i + 2) != UPPER_HEX[octet & 0xf])) {
          return false;
        }
      }
    }
    return true;
  }

  /** Appends {@code s} with its percent-encodings in normal form ({@link #percentNormal}). */
  private static void percentNormalized(StringBuilder b, String s) {
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      int octet = c == '%' ? octet(s, i) : -1;
      if (octet < 0) {
        b.append(c);
        i++;
      } else {
        if (unreserved(octet)) {
          b.append((char) octet);
        } else {
          b.append('%').append(UPPER_HEX[octet >> 4]).append(UPPER_HEX[octet & 0xf]);
        }
        i += 3;
      }
    }
  }

  /** The octet the percent-encoding at {@code s[i]} gives, or -1 when there is none. */
  private static int octet(String s, int i) {
    if (i + 2 >= s.length()) {
      return -1;
    }
    int high = Character.digit(s.charAt(i + 1), 16);
    int low = Character.digit(s.charAt(i + 2), 16);
    return high < 0 || low < 0 || s.charAt(i + 1) > 0x7f || s.charAt(i + 2) > 0x7f
        ? -1
        : high << 4 | low;
  }

  private static final char[] UPPER_HEX = "0123456789ABCDEF".toCharArray();

  /** Whether {@code c} is unreserved (RFC 3986 section 2.3): a letter, a digit, "-._~". */
  private static boolean unreserved(int c) {
    return c >= 'a' && c <= 'z'
        || c >= 'A' && c <= 'Z'
        || c >= '0' && c <= '9'
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
  }

  private static boolean lowercase(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'A' && c <= 'Z' || c > 0x7f) {
        return false;
      }
    }
    return true;
  }

  /** A SHA-256 digest to clone: cheaper per call than a provider look-up. */
  private static final @Nullable MessageDigest SHA_256 = sha256Prototype();

  private static @Nullable MessageDigest sha256Prototype() {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      d.clone(); // throws where this provider's digests cannot be cloned
      return d;
    } catch (NoSuchAlgorithmException | CloneNotSupportedException e) {
      return null;
    }
  }

  static byte[] sha256(byte[] bytes) {
    MessageDigest prototype = SHA_256;
    try {
      MessageDigest d =
          prototype == null
              ? MessageDigest.getInstance("SHA-256")
              : (MessageDigest) prototype.clone();
      return d.digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException("SHA-256 digest not cloneable", e);
    }
  }

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  static String hex(byte[] bytes) {
    return hex(bytes, bytes.length);
  }

  /** The lowercase hexadecimal form of the first {@code n} bytes. */
  static String hex(byte[] bytes, int n) {
    char[] c = new char[n * 2];
    for (int i = 0; i < n; i++) {
      c[2 * i] = HEX[(bytes[i] >> 4) & 0xf];
      c[2 * i + 1] = HEX[bytes[i] & 0xf];
    }
    return new String(c);
  }

  @Override
  public String toString() {
    return "[" + store + ", " + store.maxBytes + " bytes]";
  }
}

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

  /** The parameters of a {@code Cache-Status} member that say it was a hit. */
  private static final java.util.regex.Pattern HIT =
      java.util.regex.Pattern.compile(".*;\\s*hit(\\s*;.*|\\s*)$");

  /** Background validations queued at most; more are not made (the stale entry stays). */
  private static final int MAX_QUEUED = 64;

  final Store store;

  /** A random prefix of authenticator ids, so that no key on disk matches after a restart. */
  private final String instance = Long.toHexString(new java.security.SecureRandom().nextLong());

  private final java.util.Map<java.net.Authenticator, String> authenticators =
      new java.util.WeakHashMap<>();

  /** An id of {@code a}, unique within this cache object; {@code a} is not kept reachable. */
  synchronized String authenticatorId(java.net.Authenticator a) {
    return authenticators.computeIfAbsent(a, x -> instance + "-" + nextAuthenticator++);
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
            new ThreadPoolExecutor.DiscardPolicy());
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
    store.removeGroup(group(uri));
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

  /** The outcome the last {@code httpjson} member of {@code Cache-Status} records. */
  public static Optional<HttpCache.Outcome> outcome(HttpHeaders headers) {
    List<String> values = headers.allValues("Cache-Status");
    for (int i = values.size() - 1; i >= 0; i--) {
      String[] members = values.get(i).split(",");
      for (int j = members.length - 1; j >= 0; j--) {
        String member = members[j].trim();
        int semi = member.indexOf(';');
        String name = (semi < 0 ? member : member.substring(0, semi)).trim();
        if (name.equals(NAME)) {
          String params = semi < 0 ? "" : member.substring(semi).toLowerCase(Locale.ROOT);
          if (HIT.matcher(params).matches()) {
            return Optional.of(HttpCache.Outcome.HIT);
          }
          if (params.contains("fwd-status=304")) {
            return Optional.of(HttpCache.Outcome.REVALIDATED);
          }
          return Optional.of(HttpCache.Outcome.MISS);
        }
      }
    }
    return Optional.empty();
  }

  /** The group of {@code uri}: every entry of the URI, whatever its method, body or identity. */
  static String group(URI uri) {
    return groupOf(normalize(uri));
  }

  /** {@link #group(URI)} of a URI already {@linkplain #normalize normalized}. */
  static String groupOf(String normalized) {
    byte[] digest = sha256(normalized.getBytes(StandardCharsets.UTF_8));
    return hex(digest, 16);
  }

  /** The URI as the cache compares it: without fragment, scheme and host in lowercase. */
  static String normalize(URI uri) {
    if (uri.isOpaque() || uri.getScheme() == null || uri.getRawAuthority() == null) {
      String s = uri.toString();
      int hash = s.indexOf('#');
      return hash < 0 ? s : s.substring(0, hash);
    }
    StringBuilder b =
        new StringBuilder()
            .append(uri.getScheme().toLowerCase(Locale.ROOT))
            .append("://")
            .append(uri.getRawAuthority().toLowerCase(Locale.ROOT));
    String path = uri.getRawPath();
    b.append(path == null || path.isEmpty() ? "/" : path);
    if (uri.getRawQuery() != null) {
      b.append('?').append(uri.getRawQuery());
    }
    return b.toString();
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

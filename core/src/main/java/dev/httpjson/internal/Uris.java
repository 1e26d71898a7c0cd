package dev.httpjson.internal;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** URI helpers: the form a URI takes in messages, and origins. */
public final class Uris {
  /** What a query parameter's value becomes in a redacted URI; a valid query character. */
  public static final String REDACTED = "***";

  private Uris() {}

  /** {@code name}, checked as a query parameter name whose value may be shown. */
  public static String checkQueryName(String name) {
    java.util.Objects.requireNonNull(name, "name == null");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("name is empty");
    }
    if (name.indexOf('=') >= 0 || name.indexOf('&') >= 0) {
      throw new IllegalArgumentException("name contains '=' or '&': " + name);
    }
    return name;
  }

  /**
   * The form of {@code uri} for exception messages and {@code toString}: scheme, host, port, path
   * and the query's parameter names; userinfo and the fragment dropped, each query value replaced
   * by {@value #REDACTED} ({@code https://api.example.com/users?page=***&token=***}), and so is a
   * parameter without {@code =} ({@code ?abcdef123}, which may be a key itself).
   */
  public static String redact(@Nullable URI uri) {
    return redact(uri, Set.of());
  }

  /**
   * As {@link #redact(URI)}, with the values of the query parameters named in {@code shown} (raw
   * names, compared exactly) kept as they are, and a parameter without {@code =} named there.
   */
  public static String redact(@Nullable URI uri, Set<String> shown) {
    if (uri == null) {
      return "null";
    }
    if (!uri.isOpaque()
        && uri.getRawQuery() == null
        && uri.getRawFragment() == null
        && uri.getRawUserInfo() == null) {
      return uri.toString(); // nothing to drop or hide: the URI's own string, made once per URI
    }
    StringBuilder sb = new StringBuilder();
    if (uri.getScheme() != null) {
      sb.append(uri.getScheme()).append(':');
    }
    if (uri.isOpaque()) {
      return sb.append(REDACTED).toString();
    }
    String authority = uri.getRawAuthority();
    if (authority != null) {
      sb.append("//").append(authority, authority.lastIndexOf('@') + 1, authority.length());
    }
    sb.append(uri.getRawPath() == null ? "" : uri.getRawPath());
    appendQueryNames(sb, uri.getRawQuery(), shown);
    return sb.toString();
  }

  /** As {@link #redact(URI)}, for a string that may not even parse as a URI. */
  public static String redact(String uri) {
    return redact(uri, Set.of());
  }

  /** As {@link #redact(String)}, with the values of the query parameters in {@code shown} kept. */
  public static String redact(String uri, Set<String> shown) {
    try {
      return redact(new URI(uri), shown);
    } catch (URISyntaxException e) {
      int hash = uri.indexOf('#');
      String s = hash < 0 ? uri : uri.substring(0, hash);
      int q = s.indexOf('?');
      String beforeQuery = q < 0 ? s : s.substring(0, q);
      StringBuilder sb = new StringBuilder();
      int authority = beforeQuery.indexOf("//");
      if (authority < 0) {
        sb.append(beforeQuery);
      } else {
        int start = authority + 2;
        int end = beforeQuery.indexOf('/', start);
        if (end < 0) {
          end = beforeQuery.length();
        }
        int at = beforeQuery.lastIndexOf('@', end - 1);
        sb.append(beforeQuery, 0, start)
            .append(beforeQuery, at >= start ? at + 1 : start, beforeQuery.length());
      }
      appendQueryNames(sb, q < 0 ? null : s.substring(q + 1), shown);
      return controlsEscaped(sb);
    }
  }

  /**
   * {@code text} with each control character percent-encoded: a message that quotes a string which
   * is not a URI stays on one line, whatever the string held (a CR LF that would forge a log line).
   */
  private static String controlsEscaped(CharSequence text) {
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        sb.append('%').append(HEX[c >> 4]).append(HEX[c & 15]);
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /** {@code query}, or a form's encoded fields, with each value replaced by {@value #REDACTED}. */
  public static String redactQuery(String query) {
    StringBuilder sb = new StringBuilder();
    appendQueryNames(sb, query, Set.of());
    return sb.substring(1);
  }

  private static void appendQueryNames(
      StringBuilder sb, @Nullable String query, Set<String> shown) {
    if (query == null) {
      return;
    }
    sb.append('?');
    int start = 0;
    while (start <= query.length()) {
      int end = query.indexOf('&', start);
      if (end < 0) {
        end = query.length();
      }
      int eq = query.indexOf('=', start);
      if (eq >= 0 && eq < end) {
        if (!shown.isEmpty() && shown.contains(query.substring(start, eq))) {
          sb.append(query, start, end);
        } else {
          sb.append(query, start, eq).append('=').append(REDACTED);
        }
      } else if (end > start && (shown.isEmpty() || !shown.contains(query.substring(start, end)))) {
        // A bare token (?abcdef123) may be a key itself: hidden unless shown by name (?debug).
        sb.append(REDACTED);
      } else {
        sb.append(query, start, end);
      }
      if (end < query.length()) {
        sb.append('&');
      }
      start = end + 1;
    }
  }

  /**
   * {@code uri} with the query parameter {@code name} set to {@code value}: its first occurrence
   * replaced, later ones removed, appended when absent; every other parameter kept as it is, in its
   * place. Name and value are percent-encoded as query components (all but RFC 3986's unreserved
   * characters, as UTF-8).
   */
  public static URI withQueryParameter(URI uri, String name, String value) {
    String pair = encodeQueryComponent(name) + "=" + encodeQueryComponent(value);
    String encodedName = encodeQueryComponent(name);
    String query = uri.getRawQuery();
    StringBuilder q = new StringBuilder();
    boolean set = false;
    if (query != null && !query.isEmpty()) {
      for (String p : query.split("&", -1)) {
        int eq = p.indexOf('=');
        String n = eq < 0 ? p : p.substring(0, eq);
        if (n.equals(encodedName) || n.equals(name) || decodes(n, name)) {
          if (set) {
            continue;
          }
          p = pair;
          set = true;
        }
        q.append(q.length() == 0 ? "" : "&").append(p);
      }
    }
    if (!set) {
      q.append(q.length() == 0 ? "" : "&").append(pair);
    }
    StringBuilder out = new StringBuilder();
    if (uri.getScheme() != null) {
      out.append(uri.getScheme()).append(':');
    }
    if (uri.getRawAuthority() != null) {
      out.append("//").append(uri.getRawAuthority());
    }
    out.append(uri.getRawPath() == null ? "" : uri.getRawPath()).append('?').append(q);
    if (uri.getRawFragment() != null) {
      out.append('#').append(uri.getRawFragment());
    }
    return URI.create(out.toString());
  }

  /** Whether the raw query name {@code raw} decodes to {@code name} ({@code %5b} as {@code [}). */
  private static boolean decodes(String raw, String name) {
    if (raw.indexOf('%') < 0) {
      return false;
    }
    try {
      return java.net.URLDecoder.decode(
              raw.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8)
          .equals(name);
    } catch (IllegalArgumentException e) {
      return false; // a malformed escape: not this name
    }
  }

  private static String encodeQueryComponent(String text) {
    StringBuilder b = new StringBuilder(text.length() + 16);
    for (byte x : text.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      int c = x & 0xff;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '.'
          || c == '_'
          || c == '~') {
        b.append((char) c);
      } else {
        b.append('%').append(HEX[c >> 4]).append(HEX[c & 15]);
      }
    }
    return b.toString();
  }

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  /**
   * {@code reference} resolved against the absolute {@code base} as RFC 3986 section 5.2 says, dot
   * segments removed (section 5.2.4), also from an absolute reference. {@link URI#resolve(URI)}
   * keeps a {@code ..} that climbs above the root, a path a server may map outside it.
   */
  public static URI resolve(URI base, URI reference) {
    String scheme;
    String authority;
    String path;
    String query;
    if (reference.getScheme() != null) {
      scheme = reference.getScheme();
      authority = reference.getRawAuthority();
      path = removeDotSegments(reference.getRawPath());
      query = reference.getRawQuery();
      if (reference.isOpaque() || path.equals(reference.getRawPath())) {
        return reference;
      }
    } else {
      scheme = base.getScheme();
      String refPath = reference.getRawPath() == null ? "" : reference.getRawPath();
      if (reference.getRawAuthority() != null) {
        authority = reference.getRawAuthority();
        path = removeDotSegments(refPath);
        query = reference.getRawQuery();
      } else {
        authority = base.getRawAuthority();
        String basePath = base.getRawPath() == null ? "" : base.getRawPath();
        if (refPath.isEmpty()) {
          path = basePath;
          query = reference.getRawQuery() != null ? reference.getRawQuery() : base.getRawQuery();
        } else {
          if (refPath.startsWith("/")) {
            path = removeDotSegments(refPath);
          } else if (authority != null && basePath.isEmpty()) {
            path = removeDotSegments("/" + refPath);
          } else {
            path =
                removeDotSegments(basePath.substring(0, basePath.lastIndexOf('/') + 1) + refPath);
          }
          query = reference.getRawQuery();
        }
      }
    }
    StringBuilder sb = new StringBuilder().append(scheme).append(':');
    if (authority != null) {
      sb.append("//").append(authority);
    }
    sb.append(path);
    if (query != null) {
      sb.append('?').append(query);
    }
    if (reference.getRawFragment() != null) {
      sb.append('#').append(reference.getRawFragment());
    }
    try {
      return new URI(sb.toString());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("uri does not resolve: " + redact(reference), e);
    }
  }

  /** RFC 3986 section 5.2.4 on a raw path; the path itself when it has no dot segment. */
  public static String removeDotSegments(@Nullable String path) {
    if (path == null || path.isEmpty()) {
      return path == null ? "" : path;
    }
    String[] segments = path.split("/", -1);
    boolean dots = false;
    for (String segment : segments) {
      dots |= dots(segment) > 0;
    }
    if (!dots) {
      return path;
    }
    boolean absolute = path.startsWith("/");
    ArrayList<String> out = new ArrayList<>(segments.length);
    for (int i = absolute ? 1 : 0; i < segments.length; i++) {
      boolean last = i == segments.length - 1;
      int dots1 = dots(segments[i]);
      if (dots1 == 0) {
        out.add(segments[i]);
        continue;
      }
      if (dots1 == 2 && !out.isEmpty()) {
        out.remove(out.size() - 1);
      }
      if (last) {
        out.add(""); // "/a/b/.." is "/a/": the path still names a directory
      }
    }
    return (absolute ? "/" : "") + String.join("/", out);
  }

  /** 1 for a {@code .} segment, 2 for {@code ..} (either percent-encoded or not), else 0. */
  private static int dots(String segment) {
    int n = segment.length();
    if (n == 0 || n > 6 || (segment.charAt(0) != '.' && segment.charAt(0) != '%')) {
      return 0;
    }
    String decoded = segment.replace("%2e", ".").replace("%2E", ".");
    return decoded.equals(".") ? 1 : decoded.equals("..") ? 2 : 0;
  }

  /**
   * Whether two absolute URIs have the same origin: scheme and host compared case-insensitively,
   * ports with the scheme's default filled in (RFC 6454).
   */
  public static boolean sameOrigin(URI a, URI b) {
    String scheme = a.getScheme();
    return scheme != null
        && scheme.equalsIgnoreCase(b.getScheme())
        && host(a).equalsIgnoreCase(host(b))
        && port(a) == port(b);
  }

  private static String host(URI uri) {
    if (uri.getHost() != null) {
      return uri.getHost();
    }
    // A registry-based authority (such as a host name with '_'): compare it whole, sans userinfo.
    String authority = uri.getRawAuthority();
    return authority == null ? "" : authority.substring(authority.lastIndexOf('@') + 1);
  }

  private static int port(URI uri) {
    if (uri.getPort() != -1) {
      return uri.getPort();
    }
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    return scheme.equals("https") ? 443 : scheme.equals("http") ? 80 : -1;
  }
}

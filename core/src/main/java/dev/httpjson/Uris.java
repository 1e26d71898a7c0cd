package dev.httpjson;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** URI helpers: the form a URI takes in messages, and origins. */
final class Uris {
  /** What a query parameter's value becomes in a redacted URI; a valid query character. */
  static final String REDACTED = "***";

  private Uris() {}

  /**
   * The form of {@code uri} for exception messages and {@code toString}: scheme, host, port, path
   * and the query's parameter names; userinfo and the fragment dropped, each query value replaced
   * by {@value #REDACTED} ({@code https://api.example.com/users?page=***&token=***}). Credentials
   * passed in a query or userinfo must not end up in logs.
   */
  static String redact(@Nullable URI uri) {
    if (uri == null) {
      return "null";
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
    appendQueryNames(sb, uri.getRawQuery());
    return sb.toString();
  }

  /** As {@link #redact(URI)}, for a string that may not even parse as a URI. */
  static String redact(String uri) {
    try {
      return redact(new URI(uri));
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
      appendQueryNames(sb, q < 0 ? null : s.substring(q + 1));
      return sb.toString();
    }
  }

  private static void appendQueryNames(StringBuilder sb, @Nullable String query) {
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
        sb.append(query, start, eq).append('=').append(REDACTED);
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
   * Whether two absolute URIs have the same origin: scheme and host compared case-insensitively,
   * ports with the scheme's default filled in (RFC 6454). Userinfo and path do not matter.
   */
  static boolean sameOrigin(URI a, URI b) {
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
    switch (uri.getScheme().toLowerCase(Locale.ROOT)) {
      case "http":
        return 80;
      case "https":
        return 443;
      default:
        return -1;
    }
  }
}

package dev.httpjson.opentelemetry;

import dev.httpjson.JsonOptions;
import io.opentelemetry.api.common.AttributeKey;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The HTTP client semantic conventions: attribute keys and the values httpjson gives them. */
final class HttpAttributes {
  static final AttributeKey<String> HTTP_REQUEST_METHOD =
      AttributeKey.stringKey("http.request.method");
  static final AttributeKey<String> HTTP_REQUEST_METHOD_ORIGINAL =
      AttributeKey.stringKey("http.request.method_original");
  static final AttributeKey<Long> HTTP_RESPONSE_STATUS_CODE =
      AttributeKey.longKey("http.response.status_code");
  static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
  static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
  static final AttributeKey<String> URL_FULL = AttributeKey.stringKey("url.full");

  /**
   * {@code url.template}: the path template of the API interface method the call was made through
   * ({@link dev.httpjson.Interceptor.Chain#route()}, an absolute one without its scheme and host);
   * absent for a call made otherwise.
   */
  static final AttributeKey<String> URL_TEMPLATE = AttributeKey.stringKey("url.template");

  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<String> NETWORK_PROTOCOL_VERSION =
      AttributeKey.stringKey("network.protocol.version");

  /**
   * {@code httpjson.cache.outcome}: how an {@link dev.httpjson.HttpCache} under the call answered
   * ({@code hit}, {@code revalidated} or {@code miss}); absent where no cache took part. The
   * semantic conventions define no cache attribute, so it is in httpjson's own namespace.
   */
  static final AttributeKey<String> CACHE_OUTCOME =
      AttributeKey.stringKey("httpjson.cache.outcome");

  /** What a redacted part of {@code url.full} becomes, as the conventions write it. */
  static final String REDACTED = "REDACTED";

  /** The methods of RFC 9110 and RFC 5789; any other is {@code _OTHER}. */
  static final Set<String> KNOWN_METHODS =
      Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");

  /**
   * The environment variable the conventions name for the list of known methods, comma-separated
   * and case-sensitive, which replaces {@link #KNOWN_METHODS}.
   */
  static final String KNOWN_METHODS_VARIABLE = "OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS";

  /** The system property that sets the list as the variable does, and wins over it. */
  static final String KNOWN_METHODS_PROPERTY = "otel.instrumentation.http.known-methods";

  static final String OTHER_METHOD = "_OTHER";

  private HttpAttributes() {}

  /**
   * The known methods: those {@code configured} lists (comma-separated, blanks around each
   * ignored), or {@link #KNOWN_METHODS} when it is null or lists none.
   */
  static Set<String> knownMethods(@Nullable String configured) {
    if (configured == null) {
      return KNOWN_METHODS;
    }
    Set<String> known = new java.util.HashSet<>();
    for (String method : configured.split(",", -1)) {
      if (!method.isBlank()) {
        known.add(method.strip());
      }
    }
    return known.isEmpty() ? KNOWN_METHODS : Set.copyOf(known);
  }

  /** {@code http.request.method}: the method itself when it is a known one (case-sensitive). */
  static String method(String method) {
    return method(method, KNOWN_METHODS);
  }

  /** {@code http.request.method}: the method itself when {@code known} has it (case-sensitive). */
  static String method(String method, Set<String> known) {
    return known.contains(method) ? method : OTHER_METHOD;
  }

  /** {@code server.address}: the host, an IPv6 literal without its brackets; null without one. */
  static @Nullable String serverAddress(URI uri) {
    String host = uri.getHost();
    if (host == null) {
      return null;
    }
    if (host.length() > 1 && host.charAt(0) == '[' && host.charAt(host.length() - 1) == ']') {
      return host.substring(1, host.length() - 1);
    }
    return host;
  }

  /** {@code server.port}: the URI's port, or its scheme's default; -1 when neither is known. */
  static int serverPort(URI uri) {
    if (uri.getPort() != -1) {
      return uri.getPort();
    }
    String scheme = uri.getScheme();
    if (scheme == null) {
      return -1;
    }
    switch (scheme.toLowerCase(Locale.ROOT)) {
      case "http":
        return 80;
      case "https":
        return 443;
      default:
        return -1;
    }
  }

  /** {@code network.protocol.version}: {@code 1.1} or {@code 2}. */
  static String protocolVersion(HttpClient.Version version) {
    return version == HttpClient.Version.HTTP_2 ? "2" : "1.1";
  }

  /**
   * {@code url.full} without secrets: the URI as httpjson shows it for a call with {@code options}
   * ({@link JsonOptions#redact(String)}: the fragment left out, the values of the {@linkplain
   * JsonOptions#shownQueryParameters() shown query parameters} kept), spelt as the conventions
   * write what is hidden: userinfo as {@code REDACTED:REDACTED}, any other query value, and a
   * parameter without {@code =} not shown by name, as {@code REDACTED}.
   */
  static String redactedUrl(URI uri, JsonOptions options) {
    String shown = options.redact(uri.toString());
    if (uri.isOpaque()) {
      return uri.getScheme() + ":" + REDACTED;
    }
    int query = shown.indexOf('?');
    String beforeQuery = query < 0 ? shown : shown.substring(0, query);
    int authority = beforeQuery.indexOf("//") + 2;
    StringBuilder sb = new StringBuilder(shown.length() + 2 * REDACTED.length());
    if (uri.getRawUserInfo() != null && authority >= 2) {
      sb.append(beforeQuery, 0, authority)
          .append(REDACTED)
          .append(':')
          .append(REDACTED)
          .append('@')
          .append(beforeQuery, authority, beforeQuery.length());
    } else {
      sb.append(beforeQuery);
    }
    if (query >= 0) {
      Set<String> kept = options.shownQueryParameters();
      String separator = "?";
      for (String parameter : shown.substring(query + 1).split("&", -1)) {
        sb.append(separator);
        separator = "&";
        int eq = parameter.indexOf('=');
        String name = eq < 0 ? parameter : parameter.substring(0, eq);
        if (eq >= 0 && !kept.contains(name) && parameter.endsWith("=***")) {
          sb.append(name).append('=').append(REDACTED);
        } else if (eq < 0 && parameter.equals("***") && !kept.contains(parameter)) {
          sb.append(REDACTED); // a parameter without '=', hidden whole
        } else {
          sb.append(parameter);
        }
      }
    }
    return sb.toString();
  }
}

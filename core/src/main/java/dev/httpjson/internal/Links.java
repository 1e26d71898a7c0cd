package dev.httpjson.internal;

import dev.httpjson.HttpJsonException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpHeaders;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Reads web links (RFC 8288 §3) from {@code Link} headers: {@code <uri>; rel="next"; title=x,
 * <uri>; rel=last}, over one header line or several, parameters in any order, relation types as a
 * quoted space-separated list or a bare token, the first {@code rel} of a link counting (later ones
 * are ignored, as §3.3 says), relative targets resolved against the response's URI.
 */
public final class Links {
  private Links() {}

  /**
   * The target of the first link whose relation types include {@code rel} (compared without case),
   * resolved against {@code base}; {@code null} if there is none.
   *
   * @throws HttpJsonException if that link's target is not a URI reference
   */
  public static @Nullable URI find(HttpHeaders headers, String rel, URI base)
      throws HttpJsonException {
    for (String value : headers.allValues("Link")) {
      String target = new Parser(value).find(rel);
      if (target != null) {
        try {
          return Uris.resolve(base, new URI(target));
        } catch (URISyntaxException | IllegalArgumentException e) {
          throw new HttpJsonException(
              "Link header of the response from "
                  + Uris.redact(base)
                  + " has a rel=\""
                  + rel
                  + "\" target that is not a URI: "
                  + Uris.redact(target),
              e);
        }
      }
    }
    return null;
  }

  private static final class Parser {
    private final String s;
    private int i;

    public Parser(String s) {
      this.s = s;
    }

    @Nullable String find(String rel) {
      while (true) {
        skip(" \t,");
        if (i >= s.length() || s.charAt(i) != '<') {
          return null; // the end, or a malformed link-value: nothing more to trust in this line
        }
        int close = s.indexOf('>', i + 1);
        if (close < 0) {
          return null;
        }
        String target = s.substring(i + 1, close).trim();
        i = close + 1;
        boolean matched = false;
        boolean sawRel = false;
        while (true) {
          skip(" \t");
          if (i >= s.length() || s.charAt(i) == ',') {
            break;
          }
          if (s.charAt(i) != ';') {
            skipLinkValue(); // junk after the target or a parameter: skip this link
            break;
          }
          i++;
          skip(" \t");
          String name = token().toLowerCase(Locale.ROOT);
          skip(" \t");
          String paramValue = "";
          if (i < s.length() && s.charAt(i) == '=') {
            i++;
            skip(" \t");
            paramValue = i < s.length() && s.charAt(i) == '"' ? quoted() : token();
          }
          if (name.equals("rel") && !sawRel) {
            sawRel = true;
            for (String type : paramValue.trim().split("[ \t]+")) {
              matched |= type.equalsIgnoreCase(rel);
            }
          }
        }
        if (matched) {
          return target;
        }
      }
    }

    private void skip(String chars) {
      while (i < s.length() && chars.indexOf(s.charAt(i)) >= 0) {
        i++;
      }
    }

    private String token() {
      int start = i;
      while (i < s.length() && " \t;,=\"".indexOf(s.charAt(i)) < 0) {
        i++;
      }
      return s.substring(start, i);
    }

    private String quoted() {
      StringBuilder sb = new StringBuilder();
      i++; // the opening quote
      while (i < s.length()) {
        char c = s.charAt(i++);
        if (c == '"') {
          return sb.toString();
        }
        if (c == '\\' && i < s.length()) {
          c = s.charAt(i++);
        }
        sb.append(c);
      }
      return sb.toString(); // unterminated: what there is
    }

    /** Skips to the comma that ends this link-value, stepping over quoted strings. */
    private void skipLinkValue() {
      while (i < s.length() && s.charAt(i) != ',') {
        if (s.charAt(i) == '"') {
          quoted();
        } else {
          i++;
        }
      }
    }
  }
}

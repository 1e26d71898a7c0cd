package dev.httpjson.internal;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/** A request as a {@code curl} command line, secrets redacted: {@code HttpJson.toCurl}. */
public final class Curl {
  /** The largest body shown; a longer one is named by its length. */
  public static final int MAX_BODY = 4096;

  /**
   * Headers, query parameters and form fields whose values are always redacted (lower case): the
   * headers that carry a credential ({@link SecretHeaders}), and the names of the usual secret
   * parameters and fields.
   */
  public static final Set<String> ALWAYS_REDACTED = alwaysRedacted();

  private static Set<String> alwaysRedacted() {
    Set<String> names = new java.util.HashSet<>(SecretHeaders.NAMES);
    names.addAll(
        Set.of(
            "access_token",
            "refresh_token",
            "id_token",
            "client_secret",
            "api_key",
            "apikey",
            "api-key",
            "x-api-key",
            "x-auth-token",
            "private-token",
            "password",
            "secret",
            "signature",
            "sig"));
    return Set.copyOf(names);
  }

  private Curl() {}

  /**
   * {@code request} as a POSIX shell command, one option a line; the values of the headers, query
   * parameters and form fields named in {@code redacted} (lower case), which holds {@link
   * #ALWAYS_REDACTED}, as {@code ***}, and userinfo in the URI too; the fragment left out.
   */
  public static String of(HttpRequest request, Set<String> redacted) {
    StringBuilder sb = new StringBuilder("curl ");
    String method = request.method();
    Optional<BodyPublisher> body = request.bodyPublisher();
    boolean hasBody = body.isPresent() && body.get().contentLength() != 0;
    if (method.equals("HEAD")) {
      sb.append("--head ");
    } else if (!method.equals("GET") || hasBody) { // curl sends a body with POST unless told
      sb.append("-X ").append(method.matches("[A-Z]+") ? method : quote(method)).append(' ');
    }
    sb.append(quote(uri(request.uri(), redacted)));
    for (Map.Entry<String, List<String>> h : request.headers().map().entrySet()) {
      String name = h.getKey();
      boolean hide = redacted.contains(name.toLowerCase(Locale.ROOT));
      for (String value : h.getValue()) {
        // curl leaves out a header written "Name:" with no value; "Name;" sends it empty.
        String header =
            hide ? name + ": " + Uris.REDACTED : value.isBlank() ? name + ";" : name + ": " + value;
        sb.append(" \\\n  -H ").append(quote(header));
      }
    }
    if (hasBody) {
      body(sb, request, body.get(), redacted);
    } else if (body.isPresent() && !method.equals("GET") && !method.equals("HEAD")) {
      // The client sends an empty body's length, which a server may require (411 without it);
      // curl sends none without data, and data would add a Content-Type.
      sb.append(" \\\n  -H 'Content-Length: 0'");
    }
    return sb.toString();
  }

  private static void body(
      StringBuilder sb, HttpRequest request, BodyPublisher body, Set<String> redacted) {
    long length = body.contentLength();
    String type = request.headers().firstValue("Content-Type").orElse("");
    boolean encoded = request.headers().firstValue("Content-Encoding").isPresent();
    String text = null;
    String why;
    if (encoded) {
      why = "encoded (Content-Encoding)";
    } else if (!textual(type)) {
      why = type.isEmpty() ? "without a Content-Type" : "of type " + type;
    } else if (length < 0) {
      why = "streamed, of unknown length";
    } else if (length > MAX_BODY) {
      why = "longer than " + MAX_BODY + " bytes";
    } else if (!InMemory.held(body)) {
      why = "from a publisher that may give its bytes only once (not read here)";
    } else {
      text = read(body, (int) length);
      why = "not UTF-8 text, or not readable at once";
      if (text != null && text.indexOf('\0') >= 0) {
        text = null; // a shell argument ends at a NUL (UTF-16 text has one in each ASCII char)
        why = "with a NUL byte a command line cannot carry";
      }
    }
    if (text != null) {
      if (type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded")) {
        text = redactPairs(text, redacted);
      }
      sb.append(" \\\n  --data-raw ").append(quote(text));
      return;
    }
    sb.append(" \\\n  --data-binary @-");
    sb.append(length >= 0 ? " # a body of " + length + " bytes, " : " # a body ");
    sb.append(why).append(", not shown: pipe it in");
  }

  /** JSON, a form or text: what a command line can carry as it is. */
  private static boolean textual(String contentType) {
    String t = contentType.toLowerCase(Locale.ROOT);
    int semi = t.indexOf(';');
    String media = (semi < 0 ? t : t.substring(0, semi)).trim();
    return media.equals("application/json")
        || media.endsWith("+json")
        || media.equals("application/x-www-form-urlencoded")
        || media.equals("application/x-ndjson")
        || media.startsWith("text/");
  }

  /**
   * The body's bytes as UTF-8 text, or {@code null} when the publisher does not give them at once
   * (within a second) or they are not UTF-8. Only a publisher that gives the same bytes to every
   * subscriber is read ({@link InMemory#held}), so reading it takes nothing from the call.
   */
  private static @Nullable String read(BodyPublisher body, int length) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(length);
    CountDownLatch done = new CountDownLatch(1);
    boolean[] ok = {false};
    body.subscribe(
        new Flow.Subscriber<ByteBuffer>() {
          @Override
          public void onSubscribe(Flow.Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
          }

          @Override
          public void onNext(ByteBuffer item) {
            synchronized (out) {
              while (item.hasRemaining() && out.size() <= length) {
                out.write(item.get());
              }
            }
          }

          @Override
          public void onError(Throwable throwable) {
            done.countDown();
          }

          @Override
          public void onComplete() {
            ok[0] = true;
            done.countDown();
          }
        });
    try {
      if (!done.await(1, TimeUnit.SECONDS)) {
        return null;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
    byte[] bytes;
    synchronized (out) {
      if (!ok[0] || out.size() > length) {
        return null;
      }
      bytes = out.toByteArray();
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  /**
   * The URI with its userinfo and the values of the query parameters in {@code redacted} hidden,
   * and without its fragment, which is never sent and may hold a token ({@code #access_token=…}).
   */
  private static String uri(URI uri, Set<String> redacted) {
    String s = uri.toString();
    String fragment = uri.getRawFragment();
    if (fragment != null) {
      s = s.substring(0, s.length() - fragment.length() - 1);
    }
    String info = uri.getRawUserInfo();
    if (info != null) {
      int at = s.indexOf(info + "@");
      s = at < 0 ? s : s.substring(0, at) + Uris.REDACTED + s.substring(at + info.length());
    }
    int q = s.indexOf('?');
    if (q < 0) {
      return s;
    }
    return s.substring(0, q + 1) + redactPairs(s.substring(q + 1), redacted);
  }

  /** {@code name=value&...} with the values of the names in {@code redacted} (decoded) hidden. */
  private static String redactPairs(String pairs, Set<String> redacted) {
    StringBuilder out = new StringBuilder(pairs.length());
    for (String pair : pairs.split("&", -1)) {
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      String decoded;
      try {
        decoded = URLDecoder.decode(name, StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        decoded = name;
      }
      if (out.length() > 0 || pairs.startsWith("&")) {
        out.append('&');
      }
      boolean hide = eq >= 0 && redacted.contains(decoded.toLowerCase(Locale.ROOT));
      out.append(hide ? name + "=" + Uris.REDACTED : pair);
    }
    return out.toString();
  }

  /** {@code text} in single quotes for a POSIX shell: {@code '} as {@code '\''}. */
  static String quote(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}

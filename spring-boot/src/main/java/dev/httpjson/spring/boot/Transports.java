package dev.httpjson.spring.boot;

import dev.httpjson.apache5.Apache5Transport;
import dev.httpjson.okhttp.OkHttpTransport;
import dev.httpjson.spring.boot.HttpJsonProperties.Client;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;

/**
 * The transport a client's properties name, each built with redirects off (httpjson follows them
 * itself when {@code follow-redirects} says so, checking every hop's headers). OkHttp and Apache
 * are touched only in their own nested classes, loaded only when chosen.
 */
final class Transports {
  private Transports() {}

  static HttpClient create(UnaryOperator<String> at, Client p, Consumer<Runnable> onClose) {
    Duration connect = p.getConnectTimeout();
    if (connect != null && (connect.isNegative() || connect.isZero())) {
      throw new IllegalStateException(at.apply("connect-timeout") + " <= 0: " + connect);
    }
    HttpJsonProperties.Transport transport = p.getTransport();
    switch (transport == null ? HttpJsonProperties.Transport.JDK : transport) {
      case OKHTTP:
        require(
            at.apply("transport"),
            "okhttp3.OkHttpClient",
            "dev.httpjson.okhttp.OkHttpTransport",
            "httpjson-okhttp");
        return OkHttp.create(connect, onClose);
      case APACHE5:
        require(
            at.apply("transport"),
            "org.apache.hc.client5.http.impl.classic.CloseableHttpClient",
            "dev.httpjson.apache5.Apache5Transport",
            "httpjson-apache5");
        if (connect != null) {
          throw new IllegalStateException(
              at.apply("connect-timeout")
                  + " is not supported with transport apache5: configure the"
                  + " connection manager of an Apache client of your own, or use transport jdk or"
                  + " okhttp");
        }
        return Apache5.create(onClose);
      case JDK:
      default:
        HttpClient.Builder jdk = HttpClient.newBuilder();
        if (connect != null) {
          jdk.connectTimeout(connect);
        }
        return jdk.build();
    }
  }

  private static void require(String property, String library, String transport, String artifact) {
    ClassLoader loader = Transports.class.getClassLoader();
    if (!ClassUtils.isPresent(library, loader) || !ClassUtils.isPresent(transport, loader)) {
      throw new IllegalStateException(
          property
              + " is "
              + artifact.substring("httpjson-".length())
              + " but dev.httpjson:"
              + artifact
              + " is not on the class path: add it");
    }
  }

  private static final class Apache5 {
    static HttpClient create(Consumer<Runnable> onClose) {
      HttpClient apache = Apache5Transport.newHttpClient();
      if (apache instanceof AutoCloseable) { // its connection pool
        AutoCloseable pool = (AutoCloseable) apache;
        onClose.accept(
            () -> {
              try {
                pool.close();
              } catch (Exception e) {
                throw new IllegalStateException("the Apache client's pool did not close", e);
              }
            });
      }
      return apache;
    }
  }

  private static final class OkHttp {
    static HttpClient create(@Nullable Duration connect, Consumer<Runnable> onClose) {
      // No read timeout of OkHttp's own (10 s by default): it would end an event stream quiet
      // for that long; the client's timeout and idle-timeout bound the call instead.
      OkHttpClient.Builder b =
          new OkHttpClient.Builder()
              .followRedirects(false)
              .followSslRedirects(false)
              .readTimeout(Duration.ZERO);
      if (connect != null) {
        b.connectTimeout(connect);
      }
      OkHttpClient ok = b.build();
      onClose.accept(
          () -> {
            ok.dispatcher().executorService().shutdown();
            ok.connectionPool().evictAll();
          });
      return OkHttpTransport.newHttpClient(ok);
    }
  }
}

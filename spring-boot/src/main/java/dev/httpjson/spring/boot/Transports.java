package dev.httpjson.spring.boot;

import dev.httpjson.apache5.Apache5Transport;
import dev.httpjson.okhttp.OkHttpTransport;
import dev.httpjson.spring.boot.HttpJsonProperties.Client;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import okhttp3.ConnectionSpec;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.ssl.NoSuchSslBundleException;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.ssl.SslOptions;
import org.springframework.util.ClassUtils;

/**
 * The transport a client's properties name, each built with redirects off (httpjson follows them
 * itself when {@code follow-redirects} says so, checking every hop's headers). OkHttp and Apache
 * are touched only in their own nested classes, loaded only when chosen.
 */
final class Transports {
  private Transports() {}

  static HttpClient create(
      UnaryOperator<String> at,
      Client p,
      Supplier<@Nullable SslBundles> bundles,
      Consumer<Runnable> onClose) {
    Duration connect = p.getConnectTimeout();
    if (connect != null && (connect.isNegative() || connect.isZero())) {
      throw ClientFactory.invalid(
          at.apply("connect-timeout"), connect, "must be more than 0", null);
    }
    HttpJsonProperties.Transport transport = p.getTransport();
    HttpJsonProperties.Transport t =
        transport == null ? HttpJsonProperties.Transport.JDK : transport;
    SslBundle ssl = bundle(at.apply("ssl.bundle"), p.getSsl().getBundle(), bundles);
    switch (t) {
      case OKHTTP:
        require(
            at.apply("transport"),
            "okhttp3.OkHttpClient",
            "dev.httpjson.okhttp.OkHttpTransport",
            "httpjson-okhttp");
        return OkHttp.create(connect, ssl, onClose);
      case APACHE5:
        require(
            at.apply("transport"),
            "org.apache.hc.client5.http.impl.classic.CloseableHttpClient",
            "dev.httpjson.apache5.Apache5Transport",
            "httpjson-apache5");
        for (String key : new String[] {"connect-timeout", "ssl.bundle"}) {
          if (key.equals("connect-timeout") ? connect != null : ssl != null) {
            throw new IllegalStateException(
                at.apply(key)
                    + " is not supported with transport apache5: configure the"
                    + " connection manager of an Apache client of your own, or use transport jdk"
                    + " or okhttp");
          }
        }
        return Apache5.create(onClose);
      case JDK:
      default:
        HttpClient.Builder jdk = HttpClient.newBuilder();
        if (connect != null) {
          jdk.connectTimeout(connect);
        }
        if (ssl != null) {
          jdk.sslContext(ssl.createSslContext());
          SslOptions options = ssl.getOptions();
          if (options.isSpecified()) {
            SSLParameters parameters = new SSLParameters();
            parameters.setCipherSuites(options.getCiphers());
            parameters.setProtocols(options.getEnabledProtocols());
            jdk.sslParameters(parameters);
          }
        }
        return jdk.build();
    }
  }

  /**
   * The bundle {@code name} set at {@code property}, or null when none is set; a name the context
   * does not know fails, naming the property.
   */
  private static @Nullable SslBundle bundle(
      String property, @Nullable String name, Supplier<@Nullable SslBundles> bundles) {
    if (name == null || name.isBlank()) {
      return null;
    }
    SslBundles all = bundles.get();
    if (all == null) {
      throw new IllegalStateException(
          property + " is " + name + " but the context has no SSL bundles (spring.ssl.bundle.*)");
    }
    try {
      return all.getBundle(name);
    } catch (NoSuchSslBundleException e) {
      throw ClientFactory.invalid(
          property, name, "there is no SSL bundle of that name: " + e.getMessage(), e);
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
    static HttpClient create(
        @Nullable Duration connect, @Nullable SslBundle ssl, Consumer<Runnable> onClose) {
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
      if (ssl != null) {
        X509TrustManager trust = null;
        for (TrustManager m : ssl.getManagers().getTrustManagers()) {
          if (m instanceof X509TrustManager) {
            trust = (X509TrustManager) m;
            break;
          }
        }
        if (trust == null) {
          throw new IllegalStateException("the SSL bundle has no X.509 trust manager");
        }
        b.sslSocketFactory(ssl.createSslContext().getSocketFactory(), trust);
        SslOptions options = ssl.getOptions();
        if (options.isSpecified()) {
          ConnectionSpec.Builder spec = new ConnectionSpec.Builder(ConnectionSpec.MODERN_TLS);
          if (options.getCiphers() != null) {
            spec.cipherSuites(options.getCiphers());
          }
          if (options.getEnabledProtocols() != null) {
            spec.tlsVersions(options.getEnabledProtocols());
          }
          b.connectionSpecs(List.of(spec.build()));
        }
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

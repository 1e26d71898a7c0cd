/**
 * The Apache HttpClient 5 transport: {@link
 * dev.httpjson.apache5.Apache5Transport#newHttpClient(org.apache.hc.client5.http.impl.classic.CloseableHttpClient)}
 * returns a {@link java.net.http.HttpClient} that runs its exchanges on Apache's classic I/O, and
 * {@link dev.httpjson.apache5.Apache5Transport#newHttpClient()} one with a pool of its own
 * configured like the JDK client's defaults.
 *
 * <p>How it differs from the JDK client:
 *
 * <ul>
 *   <li><b>HTTP/2:</b> none. Apache's classic I/O speaks HTTP/1.1; {@code version()} of the client
 *       and of every response is {@code HTTP_1_1}, a request's {@code version()} is not used, push
 *       promises and WebSocket throw {@link UnsupportedOperationException}.
 *   <li><b>Redirects:</b> the default client follows none ({@code NEVER}, as the JDK's default). A
 *       wrapped client reports {@code NEVER} only when its default {@code RequestConfig} disables
 *       them (or for {@code HttpClients.createMinimal()}), else {@code NORMAL}; redirects Apache
 *       follows happen inside one exchange, so a response's {@code previousResponse()} is empty and
 *       its {@code uri()} is the last hop's.
 *   <li><b>Cookies, proxies, authentication, connect timeout:</b> the Apache client's ({@code
 *       CookieStore}, {@code HttpRoutePlanner}, {@code CredentialsProvider}, {@code
 *       ConnectionConfig}); {@code cookieHandler()}, {@code proxy()}, {@code authenticator()},
 *       {@code connectTimeout()} and {@code executor()} are empty; {@code sslContext()} and {@code
 *       sslParameters()} throw (TLS is Apache's {@code TlsSocketStrategy}). The default client
 *       keeps no cookies and uses no proxy.
 *   <li><b>Compression:</b> the default client neither asks for nor decodes compressed bodies
 *       (httpjson decodes them, within its limits). A wrapped client with Apache's content
 *       compression on decodes gzip and deflate whoever asked, and its responses come without the
 *       {@code Content-Encoding} and {@code Content-Length} of the encoded bytes.
 *   <li><b>Retries:</b> a request that is not idempotent and has no {@code Idempotency-Key} is
 *       never repeated by Apache's retry strategy, except after a 307, 308, 401 or 407 answer; the
 *       default client sends an idempotent request whose connection failed once more (one whose
 *       body was written only when that body is bytes in memory), and retries no status.
 *   <li><b>Logging:</b> Apache HttpClient logs through the SLF4J 1.7 API, and the transport brings
 *       no SLF4J binding: where logs go is the application's choice. With no binding on the class
 *       path, SLF4J prints a three-line notice ("Failed to load class
 *       org.slf4j.impl.StaticLoggerBinder … Defaulting to no-operation (NOP) logger
 *       implementation") to stderr when the first Apache client is built, and discards Apache's
 *       logs. Add the binding of your logging: {@code org.slf4j:slf4j-jdk14:1.7.36} sends them to
 *       {@code java.util.logging}, where httpjson's own {@link System.Logger} records go by
 *       default; {@code org.slf4j:slf4j-nop:1.7.36} discards them without the notice. A binding
 *       must match the SLF4J API's major version (httpclient5 brings 1.7.36; an application that
 *       manages {@code slf4j-api} at 2.x needs a 2.x provider such as {@code slf4j-jdk14:2.0.17}).
 * </ul>
 */
@NullMarked
package dev.httpjson.apache5;

import org.jspecify.annotations.NullMarked;

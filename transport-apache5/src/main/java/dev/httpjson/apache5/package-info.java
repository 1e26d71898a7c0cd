/**
 * The Apache HttpClient 5 transport: {@link
 * dev.httpjson.apache5.Apache5Transport#newHttpClient(org.apache.hc.client5.http.impl.classic.CloseableHttpClient)}
 * returns a {@link java.net.http.HttpClient} that runs its exchanges on Apache's classic I/O
 * (HTTP/1.1); {@link dev.httpjson.apache5.Apache5Transport#newHttpClient()} one with a pool of its
 * own configured like the JDK client's defaults.
 */
@NullMarked
package dev.httpjson.apache5;

import org.jspecify.annotations.NullMarked;

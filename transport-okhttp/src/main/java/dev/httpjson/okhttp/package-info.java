/**
 * The OkHttp transport: {@link
 * dev.httpjson.okhttp.OkHttpTransport#newHttpClient(okhttp3.OkHttpClient)} returns a {@link
 * java.net.http.HttpClient} that runs its exchanges on OkHttp.
 */
@NullMarked
package dev.httpjson.okhttp;

import org.jspecify.annotations.NullMarked;

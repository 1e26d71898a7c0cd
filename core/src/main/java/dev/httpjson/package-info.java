/**
 * One-call JSON over {@link java.net.http.HttpClient}. Start with {@link dev.httpjson.HttpJson}.
 */
@NullMarked
package dev.httpjson;

import org.jspecify.annotations.NullMarked;

/**
 * OAuth2 bearer tokens on httpjson calls: {@link
 * dev.httpjson.oauth2.OAuth2#clientCredentials(java.net.URI, String, String)} and {@link
 * dev.httpjson.oauth2.OAuth2#refreshToken(java.net.URI, String, String, String)} give the {@link
 * dev.httpjson.Interceptor} that fetches, caches, refreshes and sends them.
 */
@NullMarked
package dev.httpjson.oauth2;

import org.jspecify.annotations.NullMarked;

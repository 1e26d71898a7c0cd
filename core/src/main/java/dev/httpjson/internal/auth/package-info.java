/**
 * What an authenticating interceptor tells the HTTP cache about its credentials: not an API,
 * exported to the OAuth2 module only.
 */
@NullMarked
package dev.httpjson.internal.auth;

import org.jspecify.annotations.NullMarked;

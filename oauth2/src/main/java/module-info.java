/**
 * OAuth2 for httpjson: bearer tokens from a token endpoint (client credentials or a refresh token),
 * fetched once, cached until shortly before they expire and refreshed for all callers at once,
 * added by one interceptor. Start with {@link dev.httpjson.oauth2.OAuth2}.
 */
module dev.httpjson.oauth2 {
  requires transitive dev.httpjson;
  requires static org.jspecify;

  exports dev.httpjson.oauth2;
}

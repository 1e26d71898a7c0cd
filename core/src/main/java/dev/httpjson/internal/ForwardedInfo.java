package dev.httpjson.internal;

import java.net.http.HttpResponse.ResponseInfo;

/**
 * A response's info that a layer of httpjson passes on with other headers (the cache adds {@code
 * Cache-Status}): the body is still the wrapped client's, read as that client reads it.
 */
public interface ForwardedInfo extends ResponseInfo {
  /** {@return the info of the response as the wrapped client gave it} */
  ResponseInfo network();
}

package dev.httpjson.cache;

import dev.httpjson.contract.CacheContract;

/** {@link CacheContract} with the JDK's client. */
class HttpCacheLeakTest extends CacheContract {}

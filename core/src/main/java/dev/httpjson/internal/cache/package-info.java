/**
 * The HTTP cache behind {@link dev.httpjson.HttpCache}: the caching client, the decisions of RFC
 * 9111, and the memory and disk stores. <strong>Not API</strong>.
 */
@NullMarked
package dev.httpjson.internal.cache;

import org.jspecify.annotations.NullMarked;

/**
 * The reading rules every codec applies, decided once here and adapted by each codec module.
 * <strong>Not API</strong>: exported only to httpjson's codec modules; anything in it may change or
 * go in any release.
 */
@NullMarked
package dev.httpjson.codec.support.internal;

import org.jspecify.annotations.NullMarked;

/**
 * The service-provider interface a JSON library implements to serve httpjson. Users do not need
 * these types unless they write a codec.
 */
@NullMarked
package dev.httpjson.spi;

import org.jspecify.annotations.NullMarked;

/**
 * Spring Boot auto-configuration for httpjson: clients configured under {@code
 * httpjson.clients.<name>.*}, API interfaces registered as beans with {@link
 * dev.httpjson.spring.boot.HttpJsonApis}, the application's Jackson mapper as their codec, {@link
 * dev.httpjson.spring.boot.HttpJsonClientCustomizer} beans for interceptors and listeners, and
 * {@link dev.httpjson.spring.boot.AutoConfigureHttpJsonStub} for tests without a server.
 */
@NullMarked
package dev.httpjson.spring.boot;

import org.jspecify.annotations.NullMarked;

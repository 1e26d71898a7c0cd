/**
 * Spring Boot auto-configuration for httpjson: clients configured under {@code
 * httpjson.clients.<name>.*}, API interfaces as beans, the application's Jackson mapper as their
 * codec, and a stub for tests. Spring Boot runs applications on the class path; this descriptor
 * names the module and keeps its surface to one package there too.
 */
module dev.httpjson.spring.boot {
  requires transitive dev.httpjson;
  requires transitive spring.boot.autoconfigure;
  requires transitive spring.context;
  requires spring.boot;
  requires spring.beans;
  requires spring.core;
  requires static org.jspecify;
  // Each used when the application has it.
  requires static dev.httpjson.jackson;
  requires static tools.jackson.databind;
  requires static dev.httpjson.okhttp;
  requires static okhttp3;
  requires static dev.httpjson.apache5;
  requires static dev.httpjson.testing;
  requires static dev.httpjson.micrometer;
  requires static dev.httpjson.oauth2;
  requires static micrometer.observation;
  requires static spring.test;
  requires static org.junit.jupiter.api;

  exports dev.httpjson.spring.boot;

  // Spring reads the configuration classes, the properties and the factory methods reflectively.
  opens dev.httpjson.spring.boot to
      spring.core,
      spring.beans,
      spring.context,
      spring.boot;
}

package dev.httpjson.spring.boot;

import dev.httpjson.contract.ApiDumpContract;

class ApiDumpTest extends ApiDumpContract {
  @Override
  protected String artifactId() {
    return "httpjson-spring-boot";
  }
}

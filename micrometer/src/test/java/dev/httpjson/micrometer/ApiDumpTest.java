package dev.httpjson.micrometer;

import dev.httpjson.contract.ApiDumpContract;

class ApiDumpTest extends ApiDumpContract {
  @Override
  protected String artifactId() {
    return "httpjson-micrometer";
  }
}

package dev.httpjson.interfaces.internal;

import dev.httpjson.contract.ApiDumpContract;

class ApiDumpTest extends ApiDumpContract {
  @Override
  protected String artifactId() {
    return "httpjson-interfaces";
  }
}

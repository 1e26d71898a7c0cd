package dev.httpjson.transport.support.internal;

import dev.httpjson.contract.ApiDumpContract;

class ApiDumpTest extends ApiDumpContract {
  @Override
  protected String artifactId() {
    return "httpjson-transport-support";
  }
}

package dev.httpjson.codec.support;

import dev.httpjson.contract.ApiDumpContract;

class ApiDumpTest extends ApiDumpContract {
  @Override
  protected String artifactId() {
    return "httpjson-codec-support";
  }
}

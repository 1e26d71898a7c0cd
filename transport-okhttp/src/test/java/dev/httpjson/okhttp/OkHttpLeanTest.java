package dev.httpjson.okhttp;

import dev.httpjson.contract.LeanTransportContract;

class OkHttpLeanTest extends LeanTransportContract {
  @Override
  protected String packageFolder() {
    return "dev/httpjson/okhttp";
  }

  @Override
  protected Class<?> clientClass() {
    return OkHttpHttpClient.class;
  }
}

package dev.httpjson.interfaces.e2e.plugin;

import dev.httpjson.HttpJsonClient;

/** The throwaway application: creates its API's implementation and calls it once. */
public final class Plugin {
  private Plugin() {}

  public static String call(HttpJsonClient client) throws Exception {
    return client.create(Pinger.class).ping().toString();
  }
}

package dev.httpjson.transport.support.internal;

import dev.httpjson.contract.LeanTransportContract;

/**
 * What both transports run keeps nothing of one exchange for the next and knows no class by name.
 */
class TransportSupportLeanTest extends LeanTransportContract {
  @Override
  protected String packageFolder() {
    return "dev/httpjson/transport/support/internal";
  }

  @Override
  protected Class<?> clientClass() {
    return LibraryClient.class;
  }
}

package dev.httpjson.contract;

/**
 * A class that polymorphic "gadget" payloads name by string. Nothing refers to it in code: if
 * deserialization ever loaded and initialized it, its initializer would leave a trace in a system
 * property that {@link GadgetContract} checks without touching the class.
 */
public final class GadgetProbe {
  static final String TRACE = "httpjson.test.gadgetProbeInitialized";

  static {
    System.setProperty(TRACE, "true");
  }

  public GadgetProbe() {
    System.setProperty(TRACE, "instantiated");
  }

  public void setDataSourceName(String name) {
    System.setProperty(TRACE, "setter called: " + name);
  }
}

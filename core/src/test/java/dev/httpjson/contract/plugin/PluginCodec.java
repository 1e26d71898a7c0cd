package dev.httpjson.contract.plugin;

import dev.httpjson.JsonOptions;
import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import java.util.Set;

/**
 * An application's own codec, as a plugin ships one (here around the codec under test): defined by
 * the application's class loader, like its types.
 */
public final class PluginCodec implements JsonCodec {
  private final JsonCodec delegate;

  /**
   * A codec that reads and writes with {@code delegate}.
   *
   * @param delegate the codec under test
   */
  public PluginCodec(JsonCodec delegate) {
    this.delegate = delegate;
  }

  @Override
  public String name() {
    return "plugin-" + delegate.name();
  }

  @Override
  public JsonBinding bind(JsonOptions options) {
    return delegate.bind(options);
  }

  @Override
  public Set<Module> reflectiveModules() {
    return delegate.reflectiveModules();
  }
}

package dev.httpjson.contract;

import java.io.IOException;
import java.io.InputStream;

/**
 * A plugin's class loader: it defines the classes of one package itself, from the same bytes as its
 * parent's, and leaves every other class to its parent (httpjson's loader), as a plugin host or an
 * application server does.
 */
public final class PluginLoader extends ClassLoader {
  private final String prefix;

  /**
   * A loader of {@code packageName}'s classes.
   *
   * @param packageName the package whose classes it defines
   * @param parent the loader of everything else, which has the package's class files
   */
  public PluginLoader(String packageName, ClassLoader parent) {
    super("plugin", parent);
    this.prefix = packageName + ".";
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (!name.startsWith(prefix)) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        String resource = name.replace('.', '/') + ".class";
        try (InputStream in = getParent().getResourceAsStream(resource)) {
          if (in == null) {
            throw new ClassNotFoundException(name);
          }
          byte[] bytes = in.readAllBytes();
          c = defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
          throw new ClassNotFoundException(name, e);
        }
      }
      return c;
    }
  }
}

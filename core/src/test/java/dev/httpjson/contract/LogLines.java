package dev.httpjson.contract;

import java.text.MessageFormat;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** A {@link System.Logger} that keeps its lines, for assertions on what an interceptor logged. */
public final class LogLines implements System.Logger {
  public final List<String> lines = new CopyOnWriteArrayList<>();

  @Override
  public String getName() {
    return "lines";
  }

  @Override
  public boolean isLoggable(Level level) {
    return true;
  }

  @Override
  public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
    lines.add(msg);
  }

  @Override
  public void log(Level level, ResourceBundle bundle, String format, Object... params) {
    lines.add(params == null ? format : MessageFormat.format(format, params));
  }

  /** The first line that starts with {@code prefix}, waiting up to 5 s for it; null if none. */
  public String await(String prefix) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    do {
      for (String line : lines) {
        if (line.startsWith(prefix)) {
          return line;
        }
      }
      Thread.sleep(10);
    } while (System.nanoTime() < until);
    return null;
  }
}

package dev.httpjson.examples.newcomer2;

import java.text.MessageFormat;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@code System.Logger} that keeps its lines, to check what the app logs. */
final class RecordingLogger implements System.Logger {
  final List<String> lines = new CopyOnWriteArrayList<>();

  @Override
  public String getName() {
    return "issues";
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
    lines.add(params == null || params.length == 0 ? format : MessageFormat.format(format, params));
  }
}

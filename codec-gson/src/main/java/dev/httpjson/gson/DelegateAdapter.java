package dev.httpjson.gson;

import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;

/**
 * Gson's own adapter of a type, writing as it writes; a subclass reads through a rule of httpjson's
 * first.
 */
abstract class DelegateAdapter<T> extends TypeAdapter<T> {
  final TypeAdapter<T> delegate;

  DelegateAdapter(TypeAdapter<T> delegate) {
    this.delegate = delegate;
  }

  @Override
  public void write(JsonWriter out, T value) throws IOException {
    delegate.write(out, value);
  }
}

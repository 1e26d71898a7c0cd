package dev.httpjson;

import dev.httpjson.spi.JsonBinding;
import dev.httpjson.spi.JsonCodec;
import dev.httpjson.spi.JsonReader;
import dev.httpjson.spi.JsonSequenceReader;
import dev.httpjson.spi.JsonWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A codec without a JSON library that counts how often httpjson asks it to bind options and to
 * create readers and writers. Its "JSON" is a JSON string literal without escapes: it reads {@code
 * "text"} as {@code text} and writes any value as its quoted {@code toString()}.
 */
public final class CountingCodec implements JsonCodec {
  final AtomicInteger binds = new AtomicInteger();
  final java.util.List<JsonOptions> bound = new java.util.concurrent.CopyOnWriteArrayList<>();
  final AtomicInteger readers = new AtomicInteger();
  final AtomicInteger writers = new AtomicInteger();

  @Override
  public String name() {
    return "counting";
  }

  @Override
  public JsonBinding bind(JsonOptions options) {
    binds.incrementAndGet();
    bound.add(options);
    return new JsonBinding() {
      @Override
      public <T> JsonReader<T> reader(Type type) {
        readers.incrementAndGet();
        return new StringReader<>();
      }

      @Override
      public <T> JsonWriter<T> writer(Type type) {
        writers.incrementAndGet();
        return new StringWriter<>();
      }

      @Override
      public <T> JsonSequenceReader<T> sequenceReader(Type elementType) {
        throw new UnsupportedOperationException();
      }
    };
  }

  private static final class StringReader<T> implements JsonReader<T> {
    @Override
    @SuppressWarnings("unchecked")
    public T read(byte[] bytes, int offset, int length) throws IOException {
      String text = new String(bytes, offset, length, StandardCharsets.UTF_8).trim();
      if (text.length() < 2 || text.charAt(0) != '"' || text.charAt(text.length() - 1) != '"') {
        throw new JsonReadException("Expected a string literal", 1, 1, "$", null);
      }
      return (T) text.substring(1, text.length() - 1);
    }

    @Override
    public T read(InputStream in) throws IOException {
      byte[] bytes = in.readAllBytes();
      return read(bytes, 0, bytes.length);
    }

    @Override
    public T read(Reader reader) throws IOException {
      StringBuilder sb = new StringBuilder();
      char[] buf = new char[256];
      for (int n; (n = reader.read(buf)) > 0; ) {
        sb.append(buf, 0, n);
      }
      byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
      return read(bytes, 0, bytes.length);
    }
  }

  private static final class StringWriter<T> implements JsonWriter<T> {
    @Override
    public byte[] writeBytes(T value) {
      return ("\"" + value + "\"").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void write(T value, OutputStream out) throws IOException {
      out.write(writeBytes(value));
    }

    @Override
    public void write(T value, Writer writer) throws IOException {
      writer.write("\"" + value + "\"");
    }
  }
}

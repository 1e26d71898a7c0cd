package dev.httpjson.avaje;

import io.avaje.json.JsonReader;
import io.avaje.json.JsonWriter;
import io.avaje.json.PropertyNames;
import io.avaje.json.stream.BufferRecycleStrategy;
import io.avaje.json.stream.BufferedJsonWriter;
import io.avaje.json.stream.BytesJsonWriter;
import io.avaje.json.stream.JsonOutput;
import io.avaje.json.stream.JsonStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;

/**
 * avaje's own parser and generator, with one difference: the property names generated adapters ask
 * for are {@link AdapterNames}, which keep the declared names so that each binding can spell them
 * as its options say. The per-call settings (nulls, indentation) are set on each writer.
 *
 * <p>Two of avaje's streams stand behind it. Byte arrays are parsed, and values written, with
 * parsers and generators from avaje's lock-free pool, which hands each one to one caller at a time
 * (avaje's default, one per platform thread, would be shared by a stream a caller is iterating and
 * a read the caller makes meanwhile). Input streams get a parser of their own, which is never
 * pooled: a cursor outlives the call that opened it, and avaje does not reset the stream position
 * of a pooled parser when it next parses bytes.
 */
final class NamingStream implements JsonStream {
  private final JsonStream pooled =
      JsonStream.builder()
          .serializeNulls(true)
          .serializeEmpty(true)
          .bufferRecycling(BufferRecycleStrategy.LOCK_FREE)
          .build();
  private final JsonStream unpooled =
      JsonStream.builder()
          .serializeNulls(true)
          .serializeEmpty(true)
          .bufferRecycling(BufferRecycleStrategy.NO_RECYCLING)
          .build();

  @Override
  public PropertyNames properties(String... names) {
    return new AdapterNames(names, pooled);
  }

  @Override
  public JsonReader reader(String json) {
    return pooled.reader(json);
  }

  @Override
  public JsonReader reader(byte[] json) {
    return pooled.reader(json);
  }

  @Override
  public JsonReader reader(Reader reader) {
    return unpooled.reader(reader);
  }

  @Override
  public JsonReader reader(InputStream inputStream) {
    return unpooled.reader(inputStream);
  }

  @Override
  public JsonWriter writer(Writer writer) {
    return pooled.writer(writer);
  }

  @Override
  public JsonWriter writer(OutputStream outputStream) {
    return pooled.writer(outputStream);
  }

  @Override
  public JsonWriter writer(JsonOutput output) {
    return pooled.writer(output);
  }

  @Override
  public BufferedJsonWriter bufferedWriter() {
    return pooled.bufferedWriter();
  }

  @Override
  public BytesJsonWriter bufferedWriterAsBytes() {
    return pooled.bufferedWriterAsBytes();
  }
}

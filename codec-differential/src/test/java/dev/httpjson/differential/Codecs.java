package dev.httpjson.differential;

import dev.httpjson.JsonOptions;
import dev.httpjson.avaje.AvajeCodec;
import dev.httpjson.gson.GsonCodec;
import dev.httpjson.jackson.JacksonCodec;
import dev.httpjson.jackson2.Jackson2Codec;
import dev.httpjson.spi.JsonCodec;
import java.util.List;

/** The four codecs, each named explicitly in its options, in the order reports list them. */
enum Codecs {
  JACKSON("J3", new JacksonCodec()),
  JACKSON2("J2", new Jackson2Codec()),
  GSON("Gson", new GsonCodec()),
  AVAJE("avaje", new AvajeCodec());

  static final List<Codecs> ALL = List.of(values());

  final String label;
  final JsonCodec codec;
  final JsonOptions options;

  Codecs(String label, JsonCodec codec) {
    this.label = label;
    this.codec = codec;
    this.options = JsonOptions.newBuilder().codec(codec).build();
  }
}

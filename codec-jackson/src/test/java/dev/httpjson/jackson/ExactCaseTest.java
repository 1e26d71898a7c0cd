package dev.httpjson.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.httpjson.JsonOptions;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Names differing only in case are matched exactly through Jackson's own lookup, configured by a
 * format.
 */
class ExactCaseTest {
  record Cased(@Nullable String ab, @Nullable String aB) {}

  record Plain(@Nullable String name) {}

  @JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
  record OwnFormat(@Nullable String ab, @Nullable String aB) {}

  static class CasedBean {
    public @Nullable String ab;
    public @Nullable String aB;
  }

  @Test
  void eachNameMatchesItsOwnProperty() throws Exception {
    JsonMapper mapper = JacksonCodec.newMapper(JsonOptions.web());

    assertThat(mapper.readValue("{\"ab\":\"1\",\"aB\":\"2\"}", Cased.class))
        .isEqualTo(new Cased("1", "2"));
    assertThat(mapper.readValue("{\"aB\":\"2\"}", Cased.class)).isEqualTo(new Cased(null, "2"));
    assertThat(mapper.readValue("{\"AB\":\"3\"}", Cased.class)).isEqualTo(new Cased(null, null));
    CasedBean bean = mapper.readValue("{\"aB\":\"2\",\"ab\":\"1\"}", CasedBean.class);
    assertThat(bean.ab).isEqualTo("1");
    assertThat(bean.aB).isEqualTo("2");
  }

  @Test
  void otherTypesStillMatchRegardlessOfCase() throws Exception {
    JsonMapper mapper = JacksonCodec.newMapper(JsonOptions.web());

    assertThat(mapper.readValue("{\"NAME\":\"x\"}", Plain.class)).isEqualTo(new Plain("x"));
  }

  /** A type's own {@code @JsonFormat} is the user's choice, and wins. */
  @Test
  void aTypesOwnFormatWins() throws Exception {
    JsonMapper mapper = JacksonCodec.newMapper(JsonOptions.web());

    OwnFormat read = mapper.readValue("{\"AB\":\"3\"}", OwnFormat.class);

    assertThat(read.ab() + " " + read.aB()).contains("3");
  }
}

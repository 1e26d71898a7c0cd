package dev.httpjson.differential;

import static org.assertj.core.api.Assertions.assertThat;

import dev.httpjson.JsonReadException;
import dev.httpjson.JsonType;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * A {@link Locale} is its BCP 47 language tag ({@link Locale#toLanguageTag()}, as Jackson 3 and
 * .NET's {@code CultureInfo.Name} write it; {@link Locale#ROOT} is {@code ""}, as both write the
 * invariant culture) with every codec, and every codec reads that tag and Java's {@code
 * Locale.toString()} form back.
 */
class LocaleTest {
  /** A record holding locales in the positions a value takes. */
  record Holder(Locale one, List<Locale> many, Map<String, Locale> byName) {}

  /** Locales as map keys. */
  record Keys(Map<Locale, Integer> byLocale) {}

  @Test
  void aLocaleIsWrittenAsItsLanguageTagByEveryCodec() throws Exception {
    Holder holder =
        new Holder(
            Locale.US,
            List.of(Locale.forLanguageTag("zh-Hant-TW"), Locale.ROOT, Locale.FRENCH),
            Map.of("sr", Locale.forLanguageTag("sr-Latn-RS")));
    for (Codecs codec : Codecs.ALL) {
      assertThat(JsonType.of(Holder.class, codec.options).toJson(holder))
          .as(codec.label)
          .isEqualTo(
              "{\"one\":\"en-US\",\"many\":[\"zh-Hant-TW\",\"\",\"fr\"],"
                  + "\"byName\":{\"sr\":\"sr-Latn-RS\"}}");
    }
  }

  @Test
  void everyCodecReadsTheLanguageTagAndJavasOwnForm() throws Exception {
    Map<String, Locale> texts =
        Map.of(
            "en-US", Locale.US,
            "en_US", Locale.US,
            "zh-Hant-TW", Locale.forLanguageTag("zh-Hant-TW"),
            "zh_TW_#Hant", Locale.forLanguageTag("zh-Hant-TW"),
            "fr", Locale.FRENCH,
            "und", Locale.ROOT,
            "", Locale.ROOT,
            "de-CH-1996", Locale.forLanguageTag("de-CH-1996"));
    for (Codecs codec : Codecs.ALL) {
      for (Map.Entry<String, Locale> e : texts.entrySet()) {
        Holder read =
            JsonType.of(Holder.class, codec.options)
                .fromJson(
                    "{\"one\":\""
                        + e.getKey()
                        + "\",\"many\":[\""
                        + e.getKey()
                        + "\"],\"byName\":{\"k\":\""
                        + e.getKey()
                        + "\"}}");
        assertThat(read)
            .as("%s reading %s", codec.label, e.getKey())
            .isEqualTo(new Holder(e.getValue(), List.of(e.getValue()), Map.of("k", e.getValue())));
      }
    }
  }

  /**
   * Java's own form of every locale is read back as that locale, those with extensions or with a
   * variant beside a script too: the text Jackson 2 and Gson wrote ({@code ja_JP_JP_#u-ca-japanese}
   * of one of the JDK's own locales, {@code en_US_#u-ca-buddhist}).
   */
  @Test
  @SuppressWarnings("deprecation") // new Locale(...): the JDK's ja_JP_JP and th_TH_TH
  void everyCodecReadsJavasOwnFormOfALocaleWithExtensionsOrAVariantBesideAScript()
      throws Exception {
    List<Locale> locales =
        List.of(
            new Locale("ja", "JP", "JP"),
            new Locale("th", "TH", "TH"),
            Locale.forLanguageTag("en-US-u-ca-buddhist"),
            Locale.forLanguageTag("zh-Hant-TW-u-nu-hanidec"),
            Locale.forLanguageTag("de-DE-x-private"),
            Locale.forLanguageTag("en-Latn-US-x-lvariant-WIN"),
            Locale.forLanguageTag("ja-Jpan-JP-u-ca-japanese-x-foo-lvariant-JP"));
    for (Codecs codec : Codecs.ALL) {
      JsonType<Locale> type = JsonType.of(Locale.class, codec.options);
      for (Locale locale : locales) {
        assertThat(type.fromJson("\"" + locale + "\""))
            .as("%s reading %s", codec.label, locale)
            .isEqualTo(locale);
      }
      for (String text : List.of("en_US_#u", "en_US_#Latn_", "en_US_#u-ca-buddhist_x")) {
        JsonReadException e =
            Assertions.catchThrowableOfType(
                JsonReadException.class, () -> type.fromJson("\"" + text + "\""));
        assertThat(e).as("%s reading \"%s\"", codec.label, text).isNotNull();
        assertThat(e.problem()).as("%s reading \"%s\"", codec.label, text).contains("not a locale");
      }
    }
  }

  /**
   * A locale no language tag holds whole (a variant segment longer than 8 characters, which the tag
   * leaves out) is written in Java's own form, which every codec reads back as that locale, rather
   * than as a tag that reads back as another one; one a tag holds is written as its tag.
   */
  @Test
  @SuppressWarnings("deprecation") // new Locale(...): variants no language tag holds
  void aLocaleNoLanguageTagHoldsIsWrittenInJavasOwnFormAndReadBackWhole() throws Exception {
    Map<Locale, String> locales =
        Map.of(
            new Locale("en", "US", "Traditional_WIN"), "en_US_Traditional_WIN",
            new Locale("en", "GB", "oxfordspelling"), "en_GB_oxfordspelling",
            new Locale("en", "US", "WIN"), "en-US-x-lvariant-WIN",
            new Locale("ja", "JP", "JP"), "ja-JP-u-ca-japanese-x-lvariant-JP",
            new Locale("no", "NO", "NY"), "nn-NO");
    for (Codecs codec : Codecs.ALL) {
      JsonType<Locale> type = JsonType.of(Locale.class, codec.options);
      for (Map.Entry<Locale, String> e : locales.entrySet()) {
        String json = type.toJson(e.getKey());
        assertThat(json)
            .as("%s writing %s", codec.label, e.getKey())
            .isEqualTo("\"" + e.getValue() + "\"");
        if (!e.getValue().equals("nn-NO")) { // the JDK's nn-NO is nn_NO, Nynorsk too
          assertThat(type.fromJson(json))
              .as("%s reading %s", codec.label, json)
              .isEqualTo(e.getKey());
        }
      }
    }
  }

  @Test
  void aStringThatIsNoLocaleFailsWithEveryCodecSayingSo() {
    for (Codecs codec : Codecs.ALL) {
      for (String text : List.of("not a locale", "en_US_#", "1234567890", "en-")) {
        JsonReadException e =
            Assertions.catchThrowableOfType(
                JsonReadException.class,
                () -> JsonType.of(Locale.class, codec.options).fromJson("\"" + text + "\""));
        assertThat(e).as("%s reading \"%s\"", codec.label, text).isNotNull();
        assertThat(e.problem()).as("%s reading \"%s\"", codec.label, text).contains("not a locale");
      }
      JsonReadException e =
          Assertions.catchThrowableOfType(
              JsonReadException.class,
              () -> JsonType.of(Locale.class, codec.options).fromJson("1"));
      assertThat(e).as("%s reading 1", codec.label).isNotNull();
      assertThat(e.problem())
          .as(codec.label)
          .isEqualTo("Cannot read Locale from a number: a locale is a string");
    }
  }

  @Test
  void aLocaleKeyIsItsLanguageTagBothWaysWithEveryCodec() throws Exception {
    Keys keys = new Keys(Map.of(Locale.forLanguageTag("zh-Hant-TW"), 1));
    for (Codecs codec : Codecs.ALL) {
      JsonType<Keys> type = JsonType.of(Keys.class, codec.options);
      assertThat(type.toJson(keys)).as(codec.label).isEqualTo("{\"byLocale\":{\"zh-Hant-TW\":1}}");
      assertThat(type.fromJson("{\"byLocale\":{\"zh_TW_#Hant\":1}}"))
          .as(codec.label)
          .isEqualTo(keys);
      JsonReadException e =
          Assertions.catchThrowableOfType(
              JsonReadException.class, () -> type.fromJson("{\"byLocale\":{\"x y\":1}}"));
      assertThat(e).as(codec.label).isNotNull();
      assertThat(e.problem()).as(codec.label).contains("not a locale");
    }
  }
}

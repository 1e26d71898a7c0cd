package dev.httpjson.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.RecordComponent;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.jspecify.annotations.NonNull;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.NullUnmarked;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** {@link RecordRules}: what {@code strictRecords} asks of each component of a record. */
class RecordRulesTest {
  @NullUnmarked
  static final class Unmarked {
    record Reading(
        int count,
        String station,
        @Nullable String note,
        Optional<String> unit,
        OptionalInt level,
        OptionalLong since,
        OptionalDouble ratio,
        @NonNull String id) {}

    @NullMarked
    static RecordRules ofALocalRecordInAMarkedMethod() {
      record Local(String station) {}
      return rules(Local.class);
    }
  }

  @NullMarked
  static final class Marked {
    record Reading(long count, String station, @Nullable String note, Optional<String> unit) {}

    @NullUnmarked
    static final class Inner {
      record Reading(String station) {}
    }
  }

  @Test
  void aClassThatIsNotARecordHasNoRules() {
    assertThat(RecordRules.of(String.class)).isNull();
    assertThat(RecordRules.of(Record.class)).isNull();
    assertThat(RecordRules.of(int.class)).isNull();
  }

  @Test
  void theRulesOfARecordAreComputedOnce() {
    assertThat(RecordRules.of(Unmarked.Reading.class))
        .isSameAs(RecordRules.of(Unmarked.Reading.class));
    assertThat(rules(Unmarked.Reading.class).recordClass()).isEqualTo(Unmarked.Reading.class);
  }

  @Test
  void componentsAreInDeclarationOrderAndFoundByName() {
    RecordRules rules = rules(Unmarked.Reading.class);

    assertThat(rules.components())
        .extracting(RecordComponent::getName)
        .containsExactly("count", "station", "note", "unit", "level", "since", "ratio", "id");
    assertThat(rules.indexOf("count")).isZero();
    assertThat(rules.indexOf("id")).isEqualTo(7);
    assertThat(rules.indexOf("missing")).isEqualTo(-1);
    assertThatThrownBy(() -> rules.components().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aPrimitiveComponentIsRequiredAndNonNull() {
    RecordRules rules = rules(Unmarked.Reading.class);
    int count = rules.indexOf("count");

    assertThat(rules.required(count)).isTrue();
    assertThat(rules.nonNull(count)).isTrue();
  }

  @Test
  void nullableAndOptionalComponentsMayBeAbsentAndNull() {
    RecordRules unmarked = rules(Unmarked.Reading.class);
    for (String name : new String[] {"note", "unit", "level", "since", "ratio"}) {
      int i = unmarked.indexOf(name);
      assertThat(unmarked.required(i)).as(name).isFalse();
      assertThat(unmarked.nonNull(i)).as(name).isFalse();
    }
    RecordRules marked = rules(Marked.Reading.class);
    for (String name : new String[] {"note", "unit"}) {
      int i = marked.indexOf(name);
      assertThat(marked.required(i)).as(name).isFalse();
      assertThat(marked.nonNull(i)).as(name).isFalse();
    }
  }

  @Test
  void outsideNullMarkedCodeAComponentIsRequiredButMayBeNullUnlessNonNull() {
    RecordRules rules = rules(Unmarked.Reading.class);

    assertThat(rules.required(rules.indexOf("station"))).isTrue();
    assertThat(rules.nonNull(rules.indexOf("station"))).isFalse();
    assertThat(rules.required(rules.indexOf("id"))).isTrue();
    assertThat(rules.nonNull(rules.indexOf("id"))).isTrue();
  }

  @Test
  void inNullMarkedCodeAComponentIsRequiredAndNonNull() {
    RecordRules rules = rules(Marked.Reading.class);

    assertThat(rules.required(rules.indexOf("station"))).isTrue();
    assertThat(rules.nonNull(rules.indexOf("station"))).isTrue();
  }

  @Test
  void theInnermostMarkingDecides() {
    RecordRules unmarkedInMarked = rules(Marked.Inner.Reading.class);
    RecordRules markedMethodInUnmarked = Unmarked.ofALocalRecordInAMarkedMethod();

    assertThat(unmarkedInMarked.nonNull(0)).isFalse();
    assertThat(markedMethodInUnmarked.nonNull(0)).isTrue();
  }

  @Test
  void onlyTheComponentTypesInOrderAreCanonical() {
    RecordRules rules = rules(Marked.Reading.class);

    assertThat(
            rules.isCanonical(
                new Class<?>[] {long.class, String.class, String.class, Optional.class}))
        .isTrue();
    assertThat(rules.isCanonical(new Class<?>[] {long.class, String.class, String.class}))
        .isFalse();
    assertThat(
            rules.isCanonical(
                new Class<?>[] {Long.class, String.class, String.class, Optional.class}))
        .isFalse();
    assertThat(rules.isCanonical(new Class<?>[0])).isFalse();
  }

  @Test
  void anIndexOfNoComponentIsRefused() {
    RecordRules rules = rules(Marked.Inner.Reading.class);

    assertThatThrownBy(() -> rules.required(1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> rules.nonNull(-1)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  private static RecordRules rules(Class<?> record) {
    RecordRules rules = RecordRules.of(record);
    assertThat(rules).as("rules of %s", record).isNotNull();
    return rules;
  }
}

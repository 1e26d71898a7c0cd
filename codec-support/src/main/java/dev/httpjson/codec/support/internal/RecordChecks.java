package dev.httpjson.codec.support.internal;

import dev.httpjson.spi.RecordRules;
import java.lang.reflect.Constructor;
import java.lang.reflect.Member;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import org.jspecify.annotations.Nullable;

/**
 * What {@code strictRecords} decides about a record's properties, on plain reflection: which
 * property may not be null, which constructor is the record's canonical one, and which required
 * component a JSON object left out.
 */
public final class RecordChecks {
  private RecordChecks() {}

  /**
   * Whether {@code creator} is the canonical constructor of the record {@code rules} hold.
   *
   * @param rules the record's rules
   * @param creator a constructor or factory method, or null
   * @return whether it is the canonical constructor
   */
  public static boolean isCanonical(RecordRules rules, @Nullable Member creator) {
    return creator instanceof Constructor
        && rules.isCanonical(((Constructor<?>) creator).getParameterTypes());
  }

  /**
   * Whether a JSON null for a property fails with {@code strictRecords}: the property is a
   * component of a record, not nullable, met as a parameter of the canonical constructor or as the
   * record's field or accessor.
   *
   * @param declaring the class that declares the property
   * @param creator the constructor or method whose parameter the property is, or null when the
   *     property is a field or an accessor
   * @param parameter the parameter's index in {@code creator}
   * @param name the field's or accessor's name, when {@code creator} is null
   * @return whether a null fails
   */
  public static boolean nullFails(
      Class<?> declaring, @Nullable Member creator, int parameter, String name) {
    RecordRules rules = RecordRules.of(declaring);
    if (rules == null) {
      return false;
    }
    int index =
        creator == null ? rules.indexOf(name) : isCanonical(rules, creator) ? parameter : -1;
    return index >= 0 && rules.nonNull(index);
  }

  /**
   * The problem of the first required component that the properties about to construct a record
   * through its canonical constructor leave out, or null when none is missing.
   *
   * @param rules the record's rules
   * @param properties the library's creator properties
   * @param index a property's component index, or -1 for a property that is not a parameter
   * @param given whether a property has a value: read from the JSON, or injected
   * @param name a property's JSON name
   * @param <P> the library's type of a creator property
   * @return the problem, or null
   */
  public static <P> @Nullable String missingProblem(
      RecordRules rules,
      P[] properties,
      ToIntFunction<P> index,
      Predicate<P> given,
      Function<P, String> name) {
    for (P property : properties) {
      int i = index.applyAsInt(property);
      if (i >= 0 && rules.required(i) && !given.test(property)) {
        return ReadProblems.missingProblem(rules, i, name.apply(property));
      }
    }
    return null;
  }
}

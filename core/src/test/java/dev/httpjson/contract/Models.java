package dev.httpjson.contract;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/** Value types the contract reads and writes. */
public final class Models {
  private Models() {}

  public record WeatherForecast(
      LocalDate date, int temperatureC, int temperatureF, String summary) {}

  public record Event(String name, OffsetDateTime at) {}

  /** One value of each java.time type that carries (or drops) an offset. */
  public record Stamps(OffsetDateTime offset, ZonedDateTime zoned, Instant instant) {}

  public record Page<T>(List<T> items, int total) {}

  public record Named(String displayName) {}

  /**
   * Types the contract writes are declared here rather than inside a test method, so that a codec
   * that generates its adapters at compile time can be given them (a local class cannot).
   */
  public record Person(String firstName, String middleName) {}

  /** A component named as .NET names properties, which camelCase naming lowers. */
  public record PascalPerson(String FirstName, String middleName) {}

  /** Components that may be absent: {@code @Nullable} and {@code Optional}. */
  public record Reading(
      String sensor, @Nullable String note, Optional<String> unit, OptionalInt battery) {}

  /** Records in null-marked code: unannotated components reject null. */
  @NullMarked
  public static final class Marked {
    private Marked() {}

    public record Sensor(String id, @Nullable String label) {}

    public record Station(String name, List<Sensor> sensors) {}
  }

  /** A bean (not a record) with a getter that fails: serialization must fail cleanly. */
  public static final class Exploding {
    public String getName() {
      throw new IllegalStateException("boom in getName");
    }
  }

  /**
   * The failure of {@link Exploding} for a codec that serializes fields, not getters (Gson): a
   * record whose {@code name} holds a record whose accessor throws, so that the failure is at
   * {@code $.name} with the same message.
   */
  public record ExplodingRecord(Inner name) {
    public ExplodingRecord() {
      this(new Inner("x"));
    }

    public record Inner(String value) {
      @Override
      public String value() {
        throw new IllegalStateException("boom in getName");
      }
    }
  }

  /** A bean that refers to itself. */
  public static final class Node {
    private Node next = this;

    public Node getNext() {
      return next;
    }

    public void setNext(Node next) {
      this.next = next;
    }
  }
}

package dev.httpjson.jackson;

import com.fasterxml.jackson.annotation.JsonApplyView;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSerializeAs;
import dev.httpjson.codec.support.internal.Jars;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.cfg.PackageVersion;

/**
 * Whether the {@code jackson-annotations} found is one Jackson 3's databind runs with. Jackson 3
 * keeps its annotations in the Jackson 2 artifact, so a Jackson 2 BOM pinned older downgrades it,
 * and databind then fails with a {@code NoClassDefFoundError} at its first mapper (before 2.21) or
 * its first type read (2.21) that names nothing to fix. The codec checks once, when it is bound.
 */
final class AnnotationsCheck {
  /** The {@code jackson-annotations} version Jackson 3.3's databind declares. */
  static final String NEEDED = "2.23";

  private static final @Nullable String PROBLEM = problem();

  private AnnotationsCheck() {}

  /**
   * Fails when the {@code jackson-annotations} found lacks what Jackson 3's databind uses.
   *
   * @throws IllegalStateException naming the artifact, the version found and where, and the fix
   */
  static void require() {
    if (PROBLEM != null) {
      throw new IllegalStateException(PROBLEM);
    }
  }

  private static @Nullable String problem() {
    try {
      // Resolving the newest annotations databind 3.3 uses fails where the jar predates them:
      // JsonSerializeAs (2.21), JsonApplyView (2.22).
      List.of(JsonSerializeAs.class, JsonApplyView.class);
      return null;
    } catch (NoClassDefFoundError e) {
      String missing = String.valueOf(e.getMessage()).replace('/', '.');
      return "httpjson's Jackson 3 codec cannot run: jackson-annotations "
          + Jars.version(JsonProperty.class)
          + " found"
          + Jars.where(JsonProperty.class)
          + ", but Jackson "
          + PackageVersion.VERSION
          + " needs com.fasterxml.jackson.core:jackson-annotations "
          + NEEDED
          + " or newer ("
          + missing
          + " is missing). Jackson 3 keeps its annotations in that Jackson 2 artifact, and a"
          + " Jackson 2 BOM older than "
          + NEEDED
          + " (com.fasterxml.jackson:jackson-bom, or a framework's BOM that imports it) pins it:"
          + " fix your dependency management — set com.fasterxml.jackson.core:jackson-annotations"
          + " to "
          + NEEDED
          + " or newer, or import a Jackson 2 BOM of "
          + NEEDED
          + " or newer";
    }
  }
}

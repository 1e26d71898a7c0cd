package dev.httpjson.interfaces;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes the method send PATCH to its path template, resolved against the client's base URI as
 * {@code HttpJsonClient.uri(String)} resolves it. The {@link Body} parameter, if any, is sent as
 * JSON.
 *
 * <pre>{@code
 * interface Api { @PATCH("repos/{owner}/{repo}/issues/{number}") Issue edit(@Path("owner")
 *     String owner, @Path("repo") String repo, @Path("number") int number, @Body Edit edit)
 *     throws IOException, InterruptedException; }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface PATCH {
  /**
   * The path template, relative to the base URI: {@code {name}} placeholders in its path (each
   * filled by the {@link Path} parameter of that name, encoded as one segment), and an optional
   * literal query after {@code ?}; {@code ""} for the base URI itself.
   *
   * @return the path template
   */
  String value() default "";
}

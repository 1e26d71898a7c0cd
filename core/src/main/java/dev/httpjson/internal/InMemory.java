package dev.httpjson.internal;

import dev.httpjson.FormContent;
import dev.httpjson.JsonContent;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;

/**
 * The one answer to "is this publisher's content held in memory?", which printing a request as
 * {@code curl} ({@link Curl}), holding a caller's body to its length ({@link ExactLength}) and
 * keying a QUERY in the cache all ask.
 */
public final class InMemory {
  private InMemory() {}

  /** The classes of the JDK's publishers of bytes in memory, which give exactly their length. */
  private static final Class<?> JDK_BYTES = BodyPublishers.ofByteArray(new byte[0]).getClass();

  private static final Class<?> JDK_STRING = BodyPublishers.ofString("").getClass();

  private static final Class<?> JDK_EMPTY = BodyPublishers.noBody().getClass();

  /**
   * Whether {@code body} publishes bytes already in memory: at once, on the thread that asks for
   * them, exactly its length, and the same bytes to every subscriber. So are httpjson's own bodies
   * of bytes ({@link JsonContent}, {@link FormContent}, a part's bytes) and the JDK's of a string,
   * of bytes, or of nothing, also under the guard the end of an interceptor chain puts on a body
   * ({@link ResentBodies#source}). Any other publisher is the caller's code, which may wait for its
   * bytes (an {@code InputStream}, a pipe, a generator), give them once, or give others the next
   * time (a file, an iterable): a {@code MultipartContent} or {@code JsonSequenceContent} among
   * them, whose parts or source may be such.
   *
   * @param body a request's body
   * @return whether its content is held in memory
   */
  public static boolean held(BodyPublisher body) {
    BodyPublisher publisher = ResentBodies.source(body);
    Class<?> c = publisher.getClass();
    return publisher instanceof JsonContent
        || publisher instanceof FormContent
        || publisher instanceof ArrayPublisher
        || c == JDK_BYTES
        || c == JDK_STRING
        || c == JDK_EMPTY;
  }
}

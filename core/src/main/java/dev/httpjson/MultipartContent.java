package dev.httpjson;

import dev.httpjson.internal.ArrayPublisher;
import java.io.FileNotFoundException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * A request body of named parts, {@code multipart/form-data} (RFC 7578): text fields, JSON values,
 * and files from bytes, a {@link Path} or an {@link InputStream} — what file-upload APIs take.
 *
 * <pre>{@code
 * MultipartContent upload = MultipartContent.newBuilder()
 *     .field("purpose", "fine-tune")
 *     .file("file", Path.of("train.jsonl"))
 *     .build();
 * FileObject file = client.postAsJson("files", upload, FileObject.class);
 * }</pre>
 *
 * <p>Files are streamed as the connection asks, never read whole. The body has a Content-Length
 * when every part's length is known (else it is sent chunked); a file from a {@link Path} that no
 * longer has the length it had when it was added fails the call with an {@code IOException} naming
 * it, before the body could reach the server as a whole. Parts go in the order added; names and
 * file names are UTF-8 in quotes, {@code "}, CR and LF written {@code %22}, {@code %0D}, {@code
 * %0A}, as browsers do. The boundary is 32 random characters from a {@link SecureRandom}. Pass it
 * wherever a call takes a value to send: it is sent as it is, with its Content-Type.
 *
 * <p>Immutable and thread-safe; it can be sent any number of times, unless it has an {@code
 * InputStream} part, read once: sending it again then fails with an {@link IllegalStateException}.
 */
public final class MultipartContent implements BodyPublisher {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final char[] BOUNDARY_CHARS =
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".toCharArray();
  private static final String OCTET_STREAM = "application/octet-stream";

  private final String mediaType;
  private final BodyPublisher body;
  private final int parts;

  private MultipartContent(String mediaType, BodyPublisher body, int parts) {
    this.mediaType = mediaType;
    this.body = body;
    this.parts = parts;
  }

  /** {@return a builder of a body with no part yet, and a new random boundary} */
  public static Builder newBuilder() {
    char[] b = new char[32];
    for (int i = 0; i < b.length; i++) {
      b[i] = BOUNDARY_CHARS[RANDOM.nextInt(BOUNDARY_CHARS.length)];
    }
    return new Builder(new String(b));
  }

  /** {@return the media type sent as Content-Type: {@code multipart/form-data; boundary=…}} */
  public String mediaType() {
    return mediaType;
  }

  /**
   * A request builder for {@code method} and {@code uri} with this body, its media type as
   * Content-Type and {@code Accept: application/json, application/problem+json}; a header of either
   * name set on the builder replaces httpjson's, as {@link JsonContent#requestBuilder(String, URI)}
   * does.
   *
   * @param method the request method, such as {@code POST}
   * @param uri the absolute request URI
   * @return a request builder with this body and its headers
   */
  public HttpRequest.Builder requestBuilder(String method, URI uri) {
    return JsonContent.requestBuilder(method, uri, this, mediaType);
  }

  /**
   * {@return the length of the body in bytes, sent as Content-Length, or -1 when a part's length is
   * unknown (an {@code InputStream}), sent chunked}
   */
  @Override
  public long contentLength() {
    return body.contentLength();
  }

  @Override
  public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
    body.subscribe(subscriber);
  }

  @Override
  public String toString() {
    return "MultipartContent{" + parts + " parts, " + mediaType + "}";
  }

  /**
   * A file streamed from disk that fails, before its bytes go out, when the file no longer has the
   * length it had when the part was added (the body's Content-Length counts it): a file that grew
   * by as many bytes as the rest of the body would otherwise fill the Content-Length and reach the
   * server as a whole body, cut short.
   */
  private static final class FilePart implements BodyPublisher {
    private final String name;
    private final Path file;
    private final BodyPublisher publisher;

    FilePart(String name, Path file) throws FileNotFoundException {
      this.name = name;
      this.file = file;
      this.publisher = BodyPublishers.ofFile(file);
    }

    @Override
    public long contentLength() {
      return publisher.contentLength();
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      long length = publisher.contentLength();
      publisher.subscribe(
          new Flow.Subscriber<ByteBuffer>() {
            private Flow.@Nullable Subscription subscription;
            private long read;
            private boolean failed;

            @Override
            public void onSubscribe(Flow.Subscription s) {
              subscription = s;
              subscriber.onSubscribe(s);
            }

            @Override
            public void onNext(ByteBuffer item) {
              if (failed) {
                return;
              }
              read += item.remaining();
              if (read > length) {
                Objects.requireNonNull(subscription).cancel();
                fail("more");
                return;
              }
              subscriber.onNext(item);
            }

            @Override
            public void onError(Throwable throwable) {
              if (!failed) {
                failed = true;
                subscriber.onError(throwable);
              }
            }

            @Override
            public void onComplete() {
              if (failed) {
                return;
              }
              if (read < length) {
                fail("fewer");
                return;
              }
              subscriber.onComplete();
            }

            private void fail(String which) {
              failed = true;
              subscriber.onError(
                  new java.io.IOException(
                      "part \""
                          + name
                          + "\": the file "
                          + file
                          + " has "
                          + which
                          + " bytes than the "
                          + length
                          + " it had when the part was added; the body was not sent whole"));
            }
          });
    }
  }

  /** Collects the parts of a body, in order. Not thread-safe. */
  public static final class Builder {
    private final String boundary;
    private final List<BodyPublisher> publishers = new ArrayList<>();
    private int parts;

    private Builder(String boundary) {
      this.boundary = boundary;
    }

    /**
     * Adds a text field (no Content-Type: {@code text/plain}, UTF-8).
     *
     * @param name the part's name
     * @param value its value; {@code null} leaves the part out, as Retrofit's {@code @Part} does
     */
    public Builder field(String name, @Nullable String value) {
      Objects.requireNonNull(name, "name == null");
      if (value == null) {
        return this;
      }
      return add(name, null, null, new ArrayPublisher(value.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Adds {@code value} serialized as JSON with the {@link JsonOptions#web()} options, with its
     * Content-Type ({@code application/json; charset=utf-8}).
     *
     * @param name the part's name
     * @param value the value; {@code null} leaves the part out
     * @throws JsonWriteException if the value cannot be serialized
     */
    public Builder json(String name, @Nullable Object value) throws JsonWriteException {
      Objects.requireNonNull(name, "name == null");
      return value == null ? this : json(name, JsonContent.of(value));
    }

    /**
     * Adds JSON content as it was serialized (its options, type and media type): {@code
     * json("meta", JsonContent.of(meta, client.options()))}.
     *
     * @param name the part's name
     * @param content the content; {@code null} leaves the part out
     * @throws IllegalArgumentException if the content is compressed (a part cannot say so)
     */
    public Builder json(String name, @Nullable JsonContent content) {
      Objects.requireNonNull(name, "name == null");
      if (content == null) {
        return this;
      }
      if (content.contentEncoding() != null) {
        throw new IllegalArgumentException(
            "part \""
                + name
                + "\": a compressed JsonContent cannot be a part (JsonOptions requestCompression)");
      }
      return add(name, null, content.mediaType(), new ArrayPublisher(content.bytes()));
    }

    /**
     * Adds a file streamed from {@code file} when the body is sent, named as the path's last
     * element, as {@code application/octet-stream}.
     *
     * @param name the part's name
     * @param file the file to send
     * @throws FileNotFoundException if the file does not exist or is a directory
     */
    public Builder file(String name, Path file) throws FileNotFoundException {
      Objects.requireNonNull(file, "file == null");
      Path fileName = file.getFileName();
      return file(name, file, fileName == null ? "" : fileName.toString(), OCTET_STREAM);
    }

    /**
     * Adds a file streamed from {@code file} when the body is sent.
     *
     * @param name the part's name
     * @param file the file to send
     * @param filename the file name sent
     * @param mediaType the part's Content-Type, such as {@code image/png}
     * @throws FileNotFoundException if the file does not exist or is a directory
     */
    public Builder file(String name, Path file, String filename, String mediaType)
        throws FileNotFoundException {
      Objects.requireNonNull(name, "name == null");
      Objects.requireNonNull(file, "file == null");
      Objects.requireNonNull(filename, "filename == null");
      if (java.nio.file.Files.isDirectory(file)) {
        throw new FileNotFoundException(file + " is a directory");
      }
      return add(name, filename, mediaType, new FilePart(name, file));
    }

    /**
     * Adds a file of {@code bytes} (not copied: do not change them until the body is sent).
     *
     * @param name the part's name
     * @param bytes the file's content
     * @param filename the file name sent
     * @param mediaType the part's Content-Type, such as {@code image/png}
     */
    public Builder file(String name, byte[] bytes, String filename, String mediaType) {
      Objects.requireNonNull(name, "name == null");
      Objects.requireNonNull(bytes, "bytes == null");
      Objects.requireNonNull(filename, "filename == null");
      return add(name, filename, mediaType, new ArrayPublisher(bytes));
    }

    /**
     * Adds a file read from {@code in} as the body is sent, of unknown length (the body is sent
     * chunked); the stream is read once, when the body is sent, and closed by the caller.
     *
     * @param name the part's name
     * @param in the file's content
     * @param filename the file name sent
     * @param mediaType the part's Content-Type, such as {@code image/png}
     */
    public Builder file(String name, InputStream in, String filename, String mediaType) {
      Objects.requireNonNull(name, "name == null");
      Objects.requireNonNull(in, "in == null");
      Objects.requireNonNull(filename, "filename == null");
      AtomicBoolean taken = new AtomicBoolean();
      return add(
          name,
          filename,
          mediaType,
          BodyPublishers.ofInputStream(
              () -> {
                if (taken.getAndSet(true)) {
                  throw new IllegalStateException(
                      "part \""
                          + name
                          + "\": an InputStream part can be sent only once; use a Path or bytes"
                          + " for a body sent again");
                }
                return in;
              }));
    }

    private Builder add(
        String name, @Nullable String filename, @Nullable String mediaType, BodyPublisher body) {
      StringBuilder h = new StringBuilder(128);
      h.append("--").append(boundary).append("\r\n");
      h.append("Content-Disposition: form-data; name=\"");
      quoted(name, h);
      h.append('"');
      if (filename != null) {
        h.append("; filename=\"");
        quoted(filename, h);
        h.append('"');
      }
      h.append("\r\n");
      if (mediaType != null) {
        for (int i = 0; i < mediaType.length(); i++) {
          char c = mediaType.charAt(i);
          if (c == '\r' || c == '\n') {
            throw new IllegalArgumentException(
                "part \"" + name + "\": the media type has a line break: " + mediaType);
          }
        }
        h.append("Content-Type: ").append(mediaType).append("\r\n");
      }
      h.append("\r\n");
      String head = (parts == 0 ? "" : "\r\n") + h;
      publishers.add(new ArrayPublisher(head.getBytes(StandardCharsets.UTF_8)));
      publishers.add(body);
      parts++;
      return this;
    }

    private static void quoted(String s, StringBuilder out) {
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c == '"') {
          out.append("%22");
        } else if (c == '\r') {
          out.append("%0D");
        } else if (c == '\n') {
          out.append("%0A");
        } else {
          out.append(c);
        }
      }
    }

    /** {@return the body with the parts added so far} */
    public MultipartContent build() {
      List<BodyPublisher> all = new ArrayList<>(publishers);
      String end = (parts == 0 ? "--" : "\r\n--") + boundary + "--\r\n";
      all.add(new ArrayPublisher(end.getBytes(StandardCharsets.UTF_8)));
      return new MultipartContent(
          "multipart/form-data; boundary=" + boundary,
          BodyPublishers.concat(all.toArray(new BodyPublisher[0])),
          parts);
    }
  }
}

package dev.httpjson.okhttp;

import dev.httpjson.transport.support.internal.BodyPump;
import java.io.IOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.concurrent.Executor;
import okhttp3.Call;
import okhttp3.Response;
import okio.BufferedSource;
import org.jspecify.annotations.Nullable;

/**
 * Feeds a {@link BodySubscriber} from an OkHttp response body ({@link BodyPump}): the caller of
 * {@code send}, or the dispatcher thread of {@code sendAsync}, reads the body while its subscriber
 * has demand and its body is not complete, a buffer at a time or all at once (over HTTP/2 as over
 * HTTP/1.1: no hand-off per buffer); a reader thread of the transport ({@link PumpThreads}) reads
 * any other (an {@code InputStream} handed out, a demand renewed later from another thread); a
 * subscriber that may run caller code gets its signals on the client's executor (the OkHttp
 * dispatcher's). Each buffer is what the connection had ready, never more than {@value
 * BodyPump#MAX_BUFFER} bytes.
 */
final class ResponsePump<T> extends BodyPump<T> {
  private final Call call;
  private final Response response;
  private final @Nullable BufferedSource source;
  private final @Nullable CallInterrupter interrupter;

  ResponsePump(
      Call call,
      Response response,
      BodySubscriber<T> subscriber,
      boolean hasBody,
      Executor clientExecutor,
      @Nullable CallInterrupter interrupter) {
    super(subscriber, PumpThreads.READERS.executor(), clientExecutor);
    this.call = call;
    this.response = response;
    this.source = hasBody ? response.body().source() : null;
    this.interrupter = interrupter;
  }

  /** On the caller of {@code send}, an interrupt during the read cancels the call. */
  @Override
  protected @Nullable Object readHere() {
    CallInterrupter watch = interrupter;
    if (watch == null) {
      return read();
    }
    watch.enter(); // only around the read: the subscriber runs outside
    try {
      return read();
    } finally {
      watch.exit();
    }
  }

  @Override
  protected @Nullable Object read() {
    try {
      BufferedSource in = source;
      if (in == null || !in.request(1)) {
        return completed();
      }
      int n = (int) Math.min(in.getBuffer().size(), MAX_BUFFER);
      return bytes(ByteBuffer.wrap(in.readByteArray(n)));
    } catch (IOException | RuntimeException e) {
      return failed(reworded(e));
    }
  }

  @Override
  protected void release(boolean atEnd) {
    if (!atEnd) {
      call.cancel();
    }
    response.close();
  }

  @Override
  protected void abortExchange() {
    call.cancel();
  }

  /** OkHttp's failures in the JDK client's words: a message always, the Content-Length named. */
  private Throwable reworded(Exception e) {
    boolean eof = e instanceof java.io.EOFException;
    if (eof || (decodedGzip() && isGzipFormatError(e))) {
      return reworded(e, eof, "Content-Encoding: gzip, decoded by OkHttp");
    }
    String message = e.getMessage();
    long declared = response.body().contentLength();
    if (e instanceof java.net.ProtocolException
        && declared >= 0
        && message != null
        && message.startsWith("expected " + declared + " bytes but received")) {
      java.net.ProtocolException reworded =
          new java.net.ProtocolException(
              "response body longer than its Content-Length " + declared + " (" + message + ")");
      reworded.initCause(e);
      return reworded;
    }
    return reworded(e, false, null);
  }

  /** Whether OkHttp is decoding the body: it asked for gzip and removed the header it got. */
  private boolean decodedGzip() {
    Response network = response.networkResponse();
    return network != null
        && "gzip".equalsIgnoreCase(network.header("Content-Encoding"))
        && response.header("Content-Encoding") == null;
  }

  /** Okio's gzip checks ({@code GzipSource}) and the inflater's failure, as opposed to I/O. */
  private static boolean isGzipFormatError(Exception e) {
    String message = e.getMessage();
    if (e.getCause() instanceof java.util.zip.DataFormatException) {
      return true;
    }
    return message != null
        && (message.startsWith("ID1ID2:")
            || message.startsWith("FHCRC:")
            || message.startsWith("CRC:")
            || message.startsWith("ISIZE:")
            || message.startsWith("gzip finished without exhausting source"));
  }
}
